import { ResultCode, type TokenAnswer } from '@bl/contract';
import { staffTable } from '@bl/entities/system/staff';
import { and, eq, sql } from 'drizzle-orm';
import { type Actor, writeAudit } from '../../audit/audit.ts';
import { loginFailure, user } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import {
  accountForSearch,
  DirectoryError,
  type DirectoryFailure,
  enabledConfig,
  readDirectoryRow,
  verifyDirectoryPassword,
} from '../directory/index.ts';
import { signInAllowed } from './license-routes.ts';
import { requireAddressAllowed, requireUsable } from './more-grants.ts';
import {
  type AuthDeps,
  auditFailure,
  type Client,
  issueTokens,
  recordFailure,
  requireSignInTenant,
  startCodeCheck,
} from './sign-in.ts';

/** What the person is told when the directory refused or failed, by the directory's reason. */
const failureMessages: Record<DirectoryFailure, MessageKey> = {
  wrongPassword: 'auth.domainBadCredentials',
  notFound: 'auth.domainBadCredentials',
  passwordExpired: 'auth.domainPasswordExpired',
  accountLocked: 'auth.domainAccountLocked',
  accountDisabled: 'auth.domainAccountDisabled',
  ambiguous: 'auth.domainAmbiguous',
  unreachable: 'auth.domainUnreachable',
  notAllowed: 'auth.domainDirectoryError',
  // The directory's settings are wrong: nothing the person can do, the administrator's test says more.
  tls: 'auth.domainDirectoryError',
  encryption: 'auth.domainDirectoryError',
  serviceBind: 'auth.domainDirectoryError',
  searchFailed: 'auth.domainDirectoryError',
};

/** Reasons that are a guess at a password: counted toward the account's lock and the address's wait. */
const guesses: ReadonlySet<DirectoryFailure> = new Set(['wrongPassword', 'notFound']);

/**
 * The `domain` grant (ADR 0013): a staff member enabled for domain login signs in with their
 * directory (LDAP / Active Directory) account and password, as the system account their staff
 * record names. Only enabled staff of the tenant ever reach the directory, so this sign-in cannot
 * be used to try passwords of the rest of the company's directory. The password grant's rules
 * apply: tenant and licence checks, the per-address wait, the per-account lock (of the system
 * account, shared with the password grant), disabled and waiting accounts, the dynamic-code
 * check and the operation log.
 */
export async function signInWithDirectory(
  deps: AuthDeps,
  clientRow: Client,
  input: { tenantId: string; account: string; password: string; ip?: string },
): Promise<TokenAnswer> {
  const typed = input.account.trim();
  const actor: Actor = { tenantId: input.tenantId, account: typed, ip: input.ip };
  await requireSignInTenant(deps, actor);
  if (!typed || input.password === '') throw badRequest('auth.domainMissing');
  await signInAllowed(deps.database, deps.config, input.tenantId);
  await requireAddressAllowed(deps, actor);

  const found = await deps.database.withTenant(input.tenantId, async (tx) => {
    const settings = await readDirectoryRow(tx, input.tenantId);
    // Domain accounts compare without case, as directories compare them.
    const people = await tx
      .select({ domainAccount: staffTable.domainAccount, account: staffTable.account })
      .from(staffTable)
      .where(
        and(
          eq(staffTable.isDeleted, 0),
          eq(staffTable.domainLoginFlag, '1'),
          sql`lower(${staffTable.domainAccount}) = lower(${typed})`,
        ),
      )
      .limit(2);
    const systemAccount = people.length === 1 ? (people[0]?.account ?? '').trim() : '';
    const [account] = systemAccount
      ? await tx
          .select()
          .from(user)
          .where(and(eq(user.account, systemAccount), eq(user.isDeleted, 0)))
      : [];
    const [failure] = account
      ? await tx.select().from(loginFailure).where(eq(loginFailure.account, account.account))
      : [];
    return { settings, people, account, lockedUntil: failure?.lockedUntil ?? null };
  });

  const fail = async (who: Actor, key: MessageKey, reason: string = key): Promise<never> => {
    await auditFailure(deps, who, reason);
    throw badRequest(key);
  };
  const config = await enabledConfig(deps.database, found.settings);
  if (!config) return fail(actor, 'auth.domainNotConfigured');
  if (found.people.length > 1) return fail(actor, 'auth.domainAmbiguous');
  const [person] = found.people;
  if (!person) {
    // Unknown and not enabled read the same, and count like a wrong password toward the address.
    await deps.attempts.hit(input.ip ?? 'unknown', deps.config.loginLockSeconds);
    return fail(actor, 'auth.domainNotEnabled');
  }
  const account = found.account;
  const who: Actor = account ? { ...actor, account: account.account, userId: account.id } : actor;
  if (found.lockedUntil && found.lockedUntil.getTime() > Date.now()) {
    await auditFailure(deps, who, 'auth.locked');
    throw new AppError(ResultCode.tooManyRequests, 'auth.locked', {
      minutes: Math.max(1, Math.ceil((found.lockedUntil.getTime() - Date.now()) / 60_000)),
    });
  }

  try {
    await verifyDirectoryPassword(
      config,
      deps.config.outbound,
      accountForSearch(person.domainAccount ?? typed),
      input.password,
    );
  } catch (error) {
    if (!(error instanceof DirectoryError)) throw error;
    const key = failureMessages[error.reason];
    if (guesses.has(error.reason)) {
      if (account) await recordFailure(deps, input.tenantId, account.account);
      await deps.attempts.hit(input.ip ?? 'unknown', deps.config.loginLockSeconds);
    } else {
      // The person cannot fix these; the administrator finds the directory's own words here.
      deps.log?.warn(
        { tenantId: input.tenantId, domainAccount: typed, reason: error.reason, detail: error.detail },
        'domain sign-in: the directory failed',
      );
    }
    return fail(who, key, key === failureMessages.wrongPassword ? key : `${key} (${error.reason})`);
  }

  // The directory vouched for the person: now what is wrong on this side may be told.
  if (!account) return fail(who, 'auth.domainNoSystemAccount');
  await requireUsable(deps, who, account, 'auth.domainNoSystemAccount');
  if (account.openCodeCheck === '1') {
    await deps.database.withTenant(input.tenantId, (tx) =>
      tx.delete(loginFailure).where(eq(loginFailure.account, account.account)),
    );
    return startCodeCheck(deps, clientRow, account, who);
  }
  return deps.database.withTenant(input.tenantId, async (tx) => {
    await tx.delete(loginFailure).where(eq(loginFailure.account, account.account));
    await writeAudit(tx, who, { action: 'signIn', detail: 'domain' });
    return issueTokens(deps, tx, account, clientRow);
  });
}
