import { type Language, ok } from '@bl/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAudit } from '../../audit/audit.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { directorySetting } from '../../db/schema/index.ts';
import { requireButton } from '../../engine/permissions.ts';
import { requireAuth } from '../../http/context.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';
import { accountForSearch, DirectoryError, type DirectoryFailure, probeDirectory } from './ldap.ts';
import {
  checkInput,
  configOf,
  type DirectoryInput,
  openPassword,
  readDirectoryRow,
  sealPassword,
  viewOf,
} from './settings.ts';

/** The menu entry of the settings screen and its buttons (module.ts `seed.menus`). */
export const directoryMenuCode = 'directory';
export const directoryButtons = ['view', 'edit', 'test'] as const;

const settingsBody = z.object({
  enabled: z.boolean(),
  url: z.string().max(500),
  bindDn: z.string().max(500),
  bindPassword: z.string().max(256).optional(),
  clearBindPassword: z.boolean().optional(),
  baseDn: z.string().max(500),
  loginAttributes: z.string().max(255),
  userFilter: z.string().max(1000),
  timeoutSeconds: z.number().int(),
  rejectUnauthorized: z.boolean(),
});

const testBody = settingsBody.extend({
  /** A domain account to look up (optional): proves the base DN and the login attributes. */
  account: z.string().max(128).optional(),
});

/** The settings screen's message for each way a test can fail, and the step it failed at. */
const testFailures: Record<
  DirectoryFailure,
  { key: MessageKey; stage: 'connect' | 'serviceBind' | 'search' }
> = {
  unreachable: { key: 'outbound.unreachable', stage: 'connect' },
  notAllowed: { key: 'outbound.notAllowed', stage: 'connect' },
  tls: { key: 'directory.test.tls', stage: 'connect' },
  encryption: { key: 'directory.test.encryption', stage: 'serviceBind' },
  serviceBind: { key: 'directory.test.serviceBind', stage: 'serviceBind' },
  searchFailed: { key: 'directory.test.searchFailed', stage: 'search' },
  notFound: { key: 'directory.test.notFound', stage: 'search' },
  ambiguous: { key: 'directory.test.ambiguous', stage: 'search' },
  // A test binds no person, so these cannot come back from one.
  wrongPassword: { key: 'directory.test.searchFailed', stage: 'search' },
  passwordExpired: { key: 'directory.test.searchFailed', stage: 'search' },
  accountLocked: { key: 'directory.test.searchFailed', stage: 'search' },
  accountDisabled: { key: 'directory.test.searchFailed', stage: 'search' },
};

export interface TestAnswer {
  ok: boolean;
  /** Where it stopped: `done` when everything asked worked. */
  stage: 'connect' | 'serviceBind' | 'search' | 'done';
  message: string;
  dn?: string;
}

function describeTest(
  outcome: { server: string; dn: string | undefined } | DirectoryError,
  input: { bindDn: string; account: string },
  language: Language,
): TestAnswer {
  if (outcome instanceof DirectoryError) {
    const { key, stage } = testFailures[outcome.reason];
    return {
      ok: false,
      stage,
      message: translate(key, language, { detail: outcome.detail || '-', account: input.account }),
    };
  }
  const connected = translate(input.bindDn ? 'directory.test.bound' : 'directory.test.anonymous', language, {
    server: outcome.server,
  });
  return {
    ok: true,
    stage: 'done',
    message: outcome.dn
      ? `${connected} ${translate('directory.test.found', language, { dn: outcome.dn })}`
      : connected,
    ...(outcome.dn && { dn: outcome.dn }),
  };
}

/**
 * The directory settings of the signed-in user's tenant (ADR 0013): read, save, and test a
 * connection with what the form holds. The service password is never answered; a blank one in
 * the form keeps what is stored.
 */
export function registerDirectoryRoutes(app: FastifyInstance, database: Database, config: Config) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/bl-system/directory/detail',
    {
      schema: {
        tags: ['directory'],
        summary:
          "The tenant's directory (LDAP / AD) settings for domain sign-in; the service password only as bindPasswordSet",
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const row = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, `${directoryMenuCode}_view`);
        return readDirectoryRow(tx, auth.tenantId);
      });
      return ok(viewOf(row), translate('ok', request.language));
    },
  );

  api.post(
    '/api/bl-system/directory/submit',
    {
      schema: {
        tags: ['directory'],
        summary:
          'Save the directory settings (a blank bindPassword keeps the stored one; clearBindPassword forgets it)',
        body: settingsBody,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const input: DirectoryInput = request.body;
      // Sealed before the transaction: the key is read outside the tenant's connection.
      const newPassword = input.bindPassword ? await sealPassword(database, input.bindPassword) : '';
      const saved = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, `${directoryMenuCode}_edit`);
        const before = await readDirectoryRow(tx, auth.tenantId);
        checkInput(input, input.enabled, !!before?.bindPassword);
        const sealed = newPassword
          ? newPassword
          : input.clearBindPassword
            ? ''
            : (before?.bindPassword ?? '');
        const values = {
          enabled: input.enabled,
          url: input.url.trim(),
          bindDn: input.bindDn.trim(),
          bindPassword: sealed,
          baseDn: input.baseDn.trim(),
          loginAttributes: input.loginAttributes.trim(),
          userFilter: input.userFilter.trim(),
          timeoutSeconds: input.timeoutSeconds,
          rejectUnauthorized: input.rejectUnauthorized,
          updateUser: auth.userId,
          updateTime: new Date(),
        };
        const [row] = await tx
          .insert(directorySetting)
          .values({ tenantId: auth.tenantId, ...values })
          .onConflictDoUpdate({ target: directorySetting.tenantId, set: values })
          .returning();
        if (!row) throw new Error('the directory settings were not saved');
        // The log shows what changed; the service password only as changed, never its value.
        const was = viewOf(before);
        const now = viewOf(row);
        const changes: Record<string, [unknown, unknown]> = {};
        for (const name of Object.keys(now) as (keyof typeof now)[]) {
          if (name === 'updateTime' || name === 'bindPasswordSet') continue;
          if (was[name] !== now[name]) changes[name] = [before ? was[name] : null, now[name]];
        }
        if ((before?.bindPassword ?? '') !== row.bindPassword)
          changes.bindPassword = [before?.bindPassword ? '******' : null, row.bindPassword ? '******' : null];
        await writeAudit(tx, auth, {
          action: before ? 'update' : 'create',
          entityName: directoryMenuCode,
          changes,
        });
        return row;
      });
      return ok(viewOf(saved), translate('directory.saved', request.language));
    },
  );

  api.post(
    '/api/bl-system/directory/test',
    {
      schema: {
        tags: ['directory'],
        summary:
          'Test the settings in the form (saved or not): reach the server, bind the service account, and look up an account if one is given',
        body: testBody,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const input = request.body;
      const stored = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, `${directoryMenuCode}_test`);
        return readDirectoryRow(tx, auth.tenantId);
      });
      checkInput(input, true, !!stored?.bindPassword);
      const password = input.bindPassword
        ? input.bindPassword
        : input.clearBindPassword
          ? ''
          : await openPassword(database, stored?.bindPassword ?? '');
      const account = (input.account ?? '').trim();
      const outcome = await probeDirectory(
        configOf(input, password),
        config.outbound,
        accountForSearch(account),
      ).catch((error: unknown) => {
        if (!(error instanceof DirectoryError)) throw error;
        // The detail (codes, ports, time-outs) stays in the log: the answer must not tell one
        // host's closed port from another's open one.
        if (error.reason === 'unreachable' || error.reason === 'notAllowed')
          request.log.warn(
            { detail: error.detail, reason: error.reason },
            'directory test could not connect',
          );
        return error;
      });
      return ok(
        describeTest(outcome, { bindDn: input.bindDn.trim(), account }, request.language),
        translate('ok', request.language),
      );
    },
  );
}
