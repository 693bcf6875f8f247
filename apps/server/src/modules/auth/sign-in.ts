import { createHash, randomBytes } from 'node:crypto';
import { ResultCode, type TokenAnswer } from '@bl/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Actor, writeAudit } from '../../audit/audit.ts';
import type { Config } from '../../config.ts';
import type { Database, Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import { authSession, client, loginFailure, role, tenant, user } from '../../db/schema/index.ts';
import { AppError, badRequest, unauthorized } from '../../http/errors.ts';
import type { AttemptCounter } from './address-limit.ts';
import { type CodeSender, issueCode, maskPhone } from './codes.ts';
import { signInAllowed } from './license-routes.ts';
import { isPasswordDue } from './password-due.ts';
import { verifyAgainstNothing, verifyPassword } from './passwords.ts';
import type { SocialClient } from './social.ts';
import type { TokenService } from './tokens.ts';

export type Client = typeof client.$inferSelect;
type User = typeof user.$inferSelect;

export interface AuthDeps {
  database: Database;
  config: Config;
  tokens: TokenService;
  attempts: AttemptCounter;
  sender: CodeSender;
  social: SocialClient;
  /** Where administrators read what a directory said when domain sign-in failed on its side. */
  log?: { warn(details: object, message: string): void };
}

/** Reads `Authorization: Basic base64(id:secret)` and checks it against the registered clients. */
export async function authenticateClient(database: Database, header: string | undefined): Promise<Client> {
  const match = /^basic\s+(.+)$/i.exec(header ?? '');
  if (!match?.[1]) throw unauthorized('auth.clientInvalid');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) throw unauthorized('auth.clientInvalid');
  const clientId = decoded.slice(0, colon);
  const secretHash = createHash('sha256')
    .update(decoded.slice(colon + 1))
    .digest('hex');
  const [found] = await database.db
    .select()
    .from(client)
    .where(and(eq(client.clientId, clientId), eq(client.isDeleted, 0), eq(client.status, 1)));
  if (!found || found.clientSecretHash !== secretHash) throw unauthorized('auth.clientInvalid');
  return found;
}

/** Refuses grant types the client was not given. */
export function requireGrant(found: Client, grantType: string) {
  if (!found.authorizedGrantTypes.split(',').includes(grantType))
    throw badRequest('auth.grantUnsupported', { grantType });
}

/** The tenant must exist, be enabled and not have expired. */
export async function requireActiveTenant(database: Database, tenantId: string) {
  if (!tenantId) throw badRequest('auth.tenantMissing');
  const [found] = await database.db
    .select()
    .from(tenant)
    .where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)));
  if (!found) throw badRequest('auth.tenantUnknown');
  if (found.status !== 1) throw badRequest('auth.tenantDisabled');
  if (found.expireTime && found.expireTime.getTime() < Date.now()) throw badRequest('auth.tenantExpired');
  return found;
}

async function rolesOf(tx: Tx, found: User) {
  const ids = (found.roleId ?? '').split(',').filter(Boolean);
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(role)
    .where(and(inArray(role.id, ids), eq(role.isDeleted, 0)));
}

/**
 * Whether one of these live roles is the tenant's administrator role. Decided by the
 * system-owned `is_administrator` flag, never by the role's alias, which role editors may
 * change (ADR 0009, "Who may grant what").
 */
export async function holdsAdministratorRole(tx: Tx, roleIds: string[]): Promise<boolean> {
  if (roleIds.length === 0) return false;
  const found = await tx
    .select({ id: role.id })
    .from(role)
    .where(and(inArray(role.id, roleIds), eq(role.isDeleted, 0), eq(role.isAdministrator, true)))
    .limit(1);
  return found.length > 0;
}

/** An open session being renewed: its refresh token rotates, unless `currentJti` says to keep it. */
interface Renewal {
  sessionId: string;
  /** The jti the refresh presented, remembered for the grace window. */
  replacedJti: string;
  /** Within the grace window: hand out the session's current refresh token again, no rotation. */
  currentJti?: string;
}

/** Makes a session and its two tokens for a user who has just proved who they are. */
export async function issueTokens(
  deps: AuthDeps,
  tx: Tx,
  found: User,
  clientRow: Client,
  renewal?: Renewal,
): Promise<TokenAnswer> {
  const roles = await rolesOf(tx, found);
  const sessionId = renewal?.sessionId ?? nextId();
  const refreshJti = renewal?.currentJti ?? randomBytes(16).toString('base64url');
  const refreshExpires = new Date(Date.now() + clientRow.refreshTokenValidity * 1000);
  if (renewal?.currentJti) {
    // A late twin of a refresh that already rotated: the session stays as that refresh left it.
  } else if (renewal) {
    await tx
      .update(authSession)
      .set({
        refreshJti,
        previousRefreshJti: renewal.replacedJti,
        refreshedAt: new Date(),
        expiresAt: refreshExpires,
      })
      .where(eq(authSession.id, renewal.sessionId));
  } else {
    await tx.insert(authSession).values({
      id: sessionId,
      tenantId: found.tenantId,
      userId: found.id,
      clientId: clientRow.clientId,
      refreshJti,
      expiresAt: refreshExpires,
    });
  }
  const roleAliases = roles.map((r) => r.roleAlias);
  const accessToken = await deps.tokens.signAccess(
    found.id,
    {
      tid: found.tenantId,
      sid: sessionId,
      cid: clientRow.clientId,
      acc: found.account,
      nm: found.name,
      rid: roles.map((r) => r.id),
      ral: roleAliases,
      dpt: (found.deptId ?? '').split(',').find(Boolean) ?? '',
    },
    clientRow.accessTokenValidity,
  );
  const refreshToken = await deps.tokens.signRefresh(
    found.id,
    refreshJti,
    { tid: found.tenantId, sid: sessionId, cid: clientRow.clientId },
    clientRow.refreshTokenValidity,
  );
  return {
    accessToken,
    refreshToken,
    tokenType: 'bearer',
    expiresIn: clientRow.accessTokenValidity,
    userId: found.id,
    tenantId: found.tenantId,
    oauthId: '',
    account: found.account,
    userName: found.name,
    avatar: found.avatar ?? '',
    authority: roleAliases.join(','),
    roleName: roles.map((r) => r.roleName).join(','),
    openCodeCheck: found.openCodeCheck,
    passwordChangeDue: await isPasswordDue(tx, found.id),
  };
}

/** The tenant must accept sign-ins; a refusal of a tenant that exists goes into its operation log. */
export async function requireSignInTenant(deps: AuthDeps, actor: Actor) {
  try {
    await requireActiveTenant(deps.database, actor.tenantId);
  } catch (error) {
    // A tenant that exists but may not sign in is worth a line in its log; an unknown one has no log.
    if (
      error instanceof AppError &&
      error.messageKey !== 'auth.tenantUnknown' &&
      error.messageKey !== 'auth.tenantMissing'
    )
      await auditFailure(deps, actor, error.messageKey);
    throw error;
  }
}

type Attempt =
  | { outcome: 'ok'; answer: TokenAnswer }
  | { outcome: 'challenge'; found: User }
  | { outcome: 'wrong' }
  | { outcome: 'locked'; until: Date }
  | { outcome: 'disabled' }
  | { outcome: 'pending' };

/**
 * The password grant. A wrong password counts toward a lock of the account; the count is
 * written in its own transaction because the failed attempt itself writes nothing.
 */
export async function signInWithPassword(
  deps: AuthDeps,
  clientRow: Client,
  input: { tenantId: string; account: string; password: string; ip?: string },
): Promise<TokenAnswer> {
  const actor = { tenantId: input.tenantId, account: input.account, ip: input.ip };
  await requireSignInTenant(deps, actor);
  if (!input.account || !input.password) throw badRequest('auth.accountMissing');
  await signInAllowed(deps.database, deps.config, input.tenantId);
  const address = input.ip ?? 'unknown';
  const window = deps.config.loginLockSeconds;
  if ((await deps.attempts.count(address, window)) >= deps.config.loginAddressMaxFailures) {
    await auditFailure(deps, actor, 'auth.addressLimited');
    throw new AppError(ResultCode.tooManyRequests, 'auth.addressLimited', {
      minutes: Math.ceil(window / 60),
    });
  }
  const attempt = await deps.database.withTenant(input.tenantId, async (tx): Promise<Attempt> => {
    const [failure] = await tx.select().from(loginFailure).where(eq(loginFailure.account, input.account));
    if (failure?.lockedUntil && failure.lockedUntil.getTime() > Date.now()) {
      return { outcome: 'locked', until: failure.lockedUntil };
    }
    const [found] = await tx
      .select()
      .from(user)
      .where(and(eq(user.account, input.account), eq(user.isDeleted, 0)));
    const matches = found
      ? await verifyPassword(found.password, input.password)
      : await verifyAgainstNothing(input.password);
    if (!found || !matches) return { outcome: 'wrong' };
    if (found.status === 2) return { outcome: 'pending' };
    if (found.status !== 1) return { outcome: 'disabled' };
    await tx.delete(loginFailure).where(eq(loginFailure.account, input.account));
    if (found.openCodeCheck === '1') return { outcome: 'challenge', found };
    await writeAudit(tx, { ...actor, userId: found.id }, { action: 'signIn' });
    return { outcome: 'ok', answer: await issueTokens(deps, tx, found, clientRow) };
  });
  if (attempt.outcome === 'ok') return attempt.answer;
  if (attempt.outcome === 'challenge') return startCodeCheck(deps, clientRow, attempt.found, actor);
  if (attempt.outcome === 'pending') {
    await auditFailure(deps, actor, 'auth.userPending');
    throw badRequest('auth.userPending');
  }
  if (attempt.outcome === 'disabled') {
    await auditFailure(deps, actor, 'auth.userDisabled');
    throw badRequest('auth.userDisabled');
  }
  if (attempt.outcome === 'locked') {
    await auditFailure(deps, actor, 'auth.locked');
    throw new AppError(ResultCode.tooManyRequests, 'auth.locked', {
      minutes: Math.max(1, Math.ceil((attempt.until.getTime() - Date.now()) / 60_000)),
    });
  }
  await recordFailure(deps, input.tenantId, input.account);
  await deps.attempts.hit(address, window);
  await auditFailure(deps, actor, 'auth.badCredentials');
  throw badRequest('auth.badCredentials');
}

/** How long the dynamic-code step may take once the password was right. */
const challengeSeconds = 300;

/**
 * The password was right and the user has the dynamic-code check on (spec 01 §4): a code goes
 * to their phone through the code sender and the answer carries no usable token, only a
 * challenge that the `dynamic_code` grant exchanges, with the code, for the real tokens.
 */
export async function startCodeCheck(
  deps: AuthDeps,
  clientRow: Client,
  found: User,
  actor: Actor,
): Promise<TokenAnswer> {
  const phone = (found.phone ?? '').trim();
  if (!phone) {
    await auditFailure(deps, actor, 'auth.codeNoPhone');
    throw badRequest('auth.codeNoPhone');
  }
  const issued = await issueCode(deps.database, deps.config, 'mfa', found.tenantId, found.id);
  // Asked again within the resend interval: the code already sent stays good.
  if (issued.issued)
    await deps.sender.send({
      purpose: 'mfa',
      tenantId: found.tenantId,
      phone,
      code: issued.code,
      minutes: Math.ceil(deps.config.codeTtlSeconds / 60),
    });
  const codeChallenge = await deps.tokens.signTicket(
    'challenge',
    found.id,
    { tid: found.tenantId, cid: clientRow.clientId },
    Math.min(challengeSeconds, deps.config.codeTtlSeconds),
  );
  return {
    accessToken: '',
    refreshToken: '',
    tokenType: 'bearer',
    expiresIn: 0,
    userId: found.id,
    tenantId: found.tenantId,
    oauthId: '',
    account: found.account,
    userName: found.name,
    avatar: found.avatar ?? '',
    authority: '',
    roleName: '',
    openCodeCheck: '1',
    codeChallenge,
    codePhone: maskPhone(phone),
  };
}

/** A refused sign-in in the operation log, in its own transaction: the attempt itself wrote nothing. */
export async function auditFailure(deps: AuthDeps, actor: Actor, reason: string) {
  await deps.database.withTenant(actor.tenantId, (tx) =>
    writeAudit(tx, actor, { action: 'signInFailed', detail: reason }),
  );
}

export async function recordFailure(deps: AuthDeps, tenantId: string, account: string) {
  const { loginMaxFailures: max, loginLockSeconds: lock } = deps.config;
  await deps.database.withTenant(tenantId, (tx) =>
    tx.execute(sql`
      insert into auth_login_failure (tenant_id, account, failures, last_failed_at)
      values (${tenantId}, ${account}, 1, now())
      on conflict (tenant_id, account) do update set
        failures = case when auth_login_failure.last_failed_at < now() - make_interval(secs => ${lock})
                        then 1 else auth_login_failure.failures + 1 end,
        last_failed_at = now(),
        locked_until = case
          when auth_login_failure.last_failed_at >= now() - make_interval(secs => ${lock})
               and auth_login_failure.failures + 1 >= ${max}
          then now() + make_interval(secs => ${lock}) else null end`),
  );
}

type Refresh = { outcome: 'ok'; answer: TokenAnswer } | { outcome: 'invalid' } | { outcome: 'reused' };

/**
 * How long a refresh token just replaced still renews, in seconds: two tabs (or a retry after
 * a lost answer) refreshing the same token at once must not end the session.
 */
export const refreshGraceSeconds = 30;

/**
 * The refresh_token grant. Each refresh token works once: using it hands out a new pair, and
 * presenting an older one again ends the whole session (someone else may hold a copy). The one
 * exception is the token the last refresh replaced, presented again within
 * `refreshGraceSeconds`: it gets a new access token and the refresh token the first refresh
 * handed out (same jti), so both callers hold a working pair and the session rotated once.
 */
export async function refreshSession(
  deps: AuthDeps,
  clientRow: Client,
  input: { tenantId: string; refreshToken: string },
): Promise<TokenAnswer> {
  if (!input.refreshToken) throw badRequest('auth.refreshMissing');
  const checked = await deps.tokens.checkRefresh(input.refreshToken);
  if (!checked.ok) throw unauthorized('auth.refreshInvalid');
  const { tid, sid, cid } = checked.claims;
  if (cid !== clientRow.clientId || (input.tenantId && input.tenantId !== tid))
    throw unauthorized('auth.refreshInvalid');
  await requireActiveTenant(deps.database, tid);
  const result = await deps.database.withTenant(tid, async (tx): Promise<Refresh> => {
    const [session] = await tx.select().from(authSession).where(eq(authSession.id, sid)).for('update');
    if (!session || session.revokedAt || session.expiresAt.getTime() < Date.now())
      return { outcome: 'invalid' };
    const current = session.refreshJti === checked.jti;
    const twin =
      !current &&
      session.previousRefreshJti === checked.jti &&
      session.refreshedAt !== null &&
      Date.now() - session.refreshedAt.getTime() <= refreshGraceSeconds * 1000;
    if (!current && !twin) {
      await tx
        .update(authSession)
        .set({ revokedAt: new Date(), revokeReason: 'refresh-reuse' })
        .where(eq(authSession.id, sid));
      return { outcome: 'reused' };
    }
    const [found] = await tx
      .select()
      .from(user)
      .where(and(eq(user.id, session.userId), eq(user.isDeleted, 0), eq(user.status, 1)));
    if (!found) return { outcome: 'invalid' };
    const renewal = {
      sessionId: sid,
      replacedJti: checked.jti,
      ...(twin && { currentJti: session.refreshJti }),
    };
    return { outcome: 'ok', answer: await issueTokens(deps, tx, found, clientRow, renewal) };
  });
  if (result.outcome === 'ok') return result.answer;
  throw unauthorized(result.outcome === 'reused' ? 'auth.refreshReused' : 'auth.refreshInvalid');
}

/** Ends the session the token belongs to; its access and refresh tokens stop working. */
export async function revokeSession(database: Database, tenantId: string, sessionId: string) {
  await database.withTenant(tenantId, (tx) =>
    tx
      .update(authSession)
      .set({ revokedAt: new Date(), revokeReason: 'logout' })
      .where(and(eq(authSession.id, sessionId), sql`${authSession.revokedAt} is null`)),
  );
}
