import { ok, ResultCode } from '@bl/contract';
import { tenantTable } from '@bl/entities/system/tenant';
import { userTable } from '@bl/entities/system/user';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { operatorTenant } from '../../engine/crud.ts';
import { writeRules } from '../../engine/rules.ts';
import { requireAuth } from '../../http/context.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import { currentLicense, hasExpired, publicKeyOf, readLicense, storeLicense } from './license.ts';

/**
 * Licences (spec 01 §7 license, importLicense): without one the product has no limits (it is
 * open source); with one, new tenants and accounts stop at its counts, and after its last day
 * only the platform tenant signs in (modules/auth/sign-in.ts asks `signInAllowed`).
 */
export function registerLicense(app: FastifyInstance, database: Database, config: Config) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const key = publicKeyOf(config.licensePublicKey);

  // Counted in the write's own transaction: tenants are global rows; accounts are counted in
  // the caller's tenant (row-level security shows no other), so `users` is per tenant.
  const previousTenant = writeRules.tenant;
  writeRules.tenant = async (tx, values, context) => {
    await previousTenant?.(tx, values, context);
    const terms = await currentLicense(tx, key);
    if (context.id !== undefined || !terms) return;
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(tenantTable)
      .where(eq(tenantTable.isDeleted, 0));
    if (n >= terms.tenants) throw badRequest('license.tenantLimit', { limit: terms.tenants });
  };
  const previousUser = writeRules.user;
  writeRules.user = async (tx, values, context) => {
    await previousUser?.(tx, values, context);
    const terms = await currentLicense(tx, key);
    if (context.id !== undefined || !terms) return;
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(userTable)
      .where(and(eq(userTable.tenantId, context.auth.tenantId), eq(userTable.isDeleted, 0)));
    if (n >= terms.users) throw badRequest('license.userLimit', { limit: terms.users });
  };

  api.get(
    '/api/bl-auth/license',
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: 'The licence in force: licensee, limits, last day' },
    },
    async (request) => {
      const terms = await currentLicense(database.db, key);
      return ok(
        terms ? { ...terms, expired: hasExpired(terms) } : null,
        translate(terms ? 'ok' : 'license.none', request.language),
      );
    },
  );

  api.post(
    '/api/bl-auth/importLicense/:value',
    {
      schema: {
        tags: ['auth'],
        summary: 'Install a signed licence (platform administrators only)',
        params: z.object({ value: z.string().min(1).max(4096) }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      if (auth.tenantId !== operatorTenant || !auth.allPowerful)
        throw new AppError(ResultCode.forbidden, 'crud.operatorOnly');
      const terms = readLicense(request.params.value, key);
      await storeLicense(database, request.params.value);
      return ok(terms, translate('license.installed', request.language, { licensee: terms.licensee }));
    },
  );
}

/** Whether a tenant may sign in under the licence: after its last day only the platform tenant may. */
export async function signInAllowed(database: Database, config: Config, tenantId: string): Promise<void> {
  if (tenantId === operatorTenant) return;
  const terms = await currentLicense(database.db, publicKeyOf(config.licensePublicKey));
  if (terms && hasExpired(terms)) throw badRequest('license.expiredSignIn', { date: terms.expiresOn });
}
