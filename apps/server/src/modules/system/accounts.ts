import { type Language, ok } from '@bl/contract';
import { user as userEntity, userTable } from '@bl/entities/system/user';
import { useroauthTable } from '@bl/entities/system/useroauth';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changesOf, writeAudit } from '../../audit/audit.ts';
import type { Config } from '../../config.ts';
import type { Database, Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import { parseIds } from '../../engine/crud.ts';
import { requireButton } from '../../engine/permissions.ts';
import type { AuthContext } from '../../http/context.ts';
import { requireAuth } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import { requireUserWithinOwn } from '../access/index.ts';
import type { TokenService } from '../auth/index.ts';
import {
  type AttemptCounter,
  hashPassword,
  markPasswordDue,
  passwordDigest,
  requireActiveTenant,
  revokeOnUserChange,
  spendAllowance,
} from '../auth/index.ts';

/** Account states (dictionary `userStatus`). */
export const accountStatus = { disabled: 0, active: 1, pending: 2 } as const;

type UserRow = typeof userTable.$inferSelect;

/** The named live users of the caller's tenant, locked, all of them or a refusal. */
async function lockedUsers(tx: Tx, auth: AuthContext, ids: string[], language: Language): Promise<UserRow[]> {
  const rows = await tx
    .select()
    .from(userTable)
    .where(and(eq(userTable.tenantId, auth.tenantId), eq(userTable.isDeleted, 0), inArray(userTable.id, ids)))
    .for('update');
  if (rows.length !== ids.length) throw notFound('crud.notFound', { entity: userEntity.label[language] });
  return rows;
}

async function update(tx: Tx, auth: AuthContext, before: UserRow, values: Partial<UserRow>) {
  const [after] = await tx
    .update(userTable)
    .set({
      ...values,
      updateUser: auth.userId,
      updateTime: new Date(),
      version: sql`${userTable.version} + 1`,
    })
    .where(eq(userTable.id, before.id))
    .returning();
  // Disabled, or given a new password: the account's open sessions end with the change.
  if (after) await revokeOnUserChange(tx, before.id, before, after);
  await writeAudit(tx, auth, {
    action: 'update',
    entity: userEntity,
    row: after as Record<string, unknown>,
    changes: changesOf(userEntity, before, after as Record<string, unknown>),
  });
}

const md5Hex = /^[0-9a-fA-F]{32}$/;
const text = (max: number) => z.string().max(max).optional();
const registration = z.object({
  tenantId: text(12),
  name: text(64),
  account: text(64),
  password: text(64),
  oauthId: text(20),
});

/**
 * Accounts beyond the generic user screen: self-registration waiting for approval
 * (`register-guest`, spec 01 §7), and the administrator's approve, enable, disable and
 * reset-password actions (spec 02 §3.2), each behind its button code, each in the log.
 */
export function registerAccounts(
  app: FastifyInstance,
  database: Database,
  config: Config,
  tokens: TokenService,
  attempts: AttemptCounter,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/bl-system/register-guest',
    {
      config: { public: true },
      schema: {
        tags: ['user'],
        summary:
          'Register an account (password as the md5 hex the sign-in page sends); it signs in once an administrator approves it',
        querystring: registration,
      },
    },
    async (request) => {
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      const input = registration.parse({ ...body, ...request.query });
      const tenantId = input.tenantId?.trim() ?? '';
      const account = input.account?.trim() ?? '';
      const password = input.password?.trim() ?? '';
      // The order of spec 01 §5: tenant, account, password.
      if (!tenantId) throw badRequest('register.tenantMissing');
      if (!account) throw badRequest('register.accountMissing');
      if (!password) throw badRequest('register.passwordMissing');
      if (!md5Hex.test(password)) throw badRequest('register.passwordFormat');
      await requireActiveTenant(database, tenantId);
      if (input.oauthId) {
        // Only the person who signed in with that identity may bind it: their guest token names it.
        const header = request.headers['blade-auth'];
        const raw = /^bearer\s+(\S+)$/i.exec((Array.isArray(header) ? header[0] : header)?.trim() ?? '')?.[1];
        const guest = raw ? await tokens.checkTicket<{ tid: string; oid: string }>(raw, 'guest') : undefined;
        if (!guest?.ok || guest.claims.oid !== input.oauthId || guest.claims.tid !== tenantId)
          throw badRequest('register.oauthUnknown');
      }
      // Only a registration that would be written counts toward the address's hourly allowance.
      await spendAllowance(attempts, 'register', request.ip, config.registerMaxPerHour);
      const hash = await hashPassword(password);
      await database.withTenant(tenantId, async (tx) => {
        const [taken] = await tx
          .select({ id: userTable.id })
          .from(userTable)
          .where(
            and(eq(userTable.tenantId, tenantId), eq(userTable.account, account), eq(userTable.isDeleted, 0)),
          );
        if (taken) throw badRequest('register.accountTaken', { account });
        const id = nextId();
        const now = new Date();
        const [created] = await tx
          .insert(userTable)
          .values({
            id,
            tenantId,
            account,
            password: hash,
            name: input.name?.trim() || account,
            status: accountStatus.pending,
            createTime: now,
            updateTime: now,
          })
          .returning();
        if (input.oauthId) {
          const linked = await tx
            .update(useroauthTable)
            .set({ userId: id, updateTime: now })
            .where(
              and(
                eq(useroauthTable.tenantId, tenantId),
                eq(useroauthTable.id, input.oauthId),
                eq(useroauthTable.isDeleted, 0),
                isNull(useroauthTable.userId),
              ),
            )
            .returning({ id: useroauthTable.id });
          if (linked.length === 0) throw badRequest('register.oauthUnknown');
        }
        await writeAudit(
          tx,
          { tenantId, account, ip: request.ip },
          {
            action: 'create',
            entity: userEntity,
            row: created as Record<string, unknown>,
            detail: 'register-guest',
          },
        );
      });
      return ok(null, translate('register.pending', request.language));
    },
  );

  const idsQuery = z.object({ ids: z.string().max(20_000).optional() });
  const action = (
    name: 'approve' | 'enable' | 'disable' | 'resetPassword',
    path: string,
    summary: string,
    apply: (tx: Tx, auth: AuthContext, row: UserRow) => Promise<void>,
  ) =>
    api.post(
      `/api/bl-system/user/${path}`,
      { schema: { tags: ['user'], summary, querystring: idsQuery } },
      async (request) => {
        const auth = requireAuth(request.auth);
        const ids = parseIds(request.query.ids);
        await database.withTenant(auth.tenantId, async (tx) => {
          await requireButton(tx, auth, `user_${name}`);
          for (const row of await lockedUsers(tx, auth, ids, request.language)) {
            // Nobody acts on an account holding more than they do (an administrator's least of all).
            await requireUserWithinOwn(tx, auth, row.roleId, row.account);
            await apply(tx, auth, row);
          }
        });
        return ok({ changed: ids.length }, translate('ok', request.language));
      },
    );

  action(
    'approve',
    'approve',
    'Approve registered accounts (ids=1,2,3) so they can sign in',
    async (tx, auth, row) => {
      if (row.status !== accountStatus.pending) throw badRequest('user.notPending', { account: row.account });
      if (!row.roleId) throw badRequest('user.roleRequired', { account: row.account });
      await update(tx, auth, row, { status: accountStatus.active });
    },
  );
  action('enable', 'enable', 'Let disabled accounts (ids=1,2,3) sign in again', async (tx, auth, row) => {
    if (row.status === accountStatus.pending) throw badRequest('user.stillPending', { account: row.account });
    await update(tx, auth, row, { status: accountStatus.active });
  });
  action('disable', 'disable', 'Stop accounts (ids=1,2,3) from signing in', async (tx, auth, row) => {
    if (row.id === auth.userId) throw badRequest('user.disableSelf');
    await update(tx, auth, row, { status: accountStatus.disabled });
  });
  action(
    'resetPassword',
    'reset-password',
    'Set the password of accounts (ids=1,2,3) to the fixed default',
    async (tx, auth, row) => {
      await update(tx, auth, row, { password: await hashPassword(passwordDigest(config.defaultPassword)) });
      // The default password is no secret: the user replaces it at their next sign-in.
      await markPasswordDue(tx, auth.tenantId, [row.id]);
    },
  );
}
