import { ResultCode, type TokenAnswer } from '@bl/contract';
import { useroauthTable } from '@bl/entities/system/useroauth';
import { and, eq } from 'drizzle-orm';
import { type Actor, writeAudit } from '../../audit/audit.ts';
import { type SocialSource, socialSources } from '../../config.ts';
import { nextId } from '../../db/ids.ts';
import { user } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { consumeCode, issueCode } from './codes.ts';
import { signInAllowed } from './license-routes.ts';
import {
  type AuthDeps,
  auditFailure,
  type Client,
  issueTokens,
  requireActiveTenant,
  startCodeCheck,
} from './sign-in.ts';

type User = typeof user.$inferSelect;

/** A phone number as people type it: digits, an optional leading +. */
export const phonePattern = /^\+?\d{6,20}$/;

/** The per-address wait shared with the password grant (ADR 0009 "Abuse"). */
export async function requireAddressAllowed(deps: AuthDeps, actor: Actor) {
  const window = deps.config.loginLockSeconds;
  if ((await deps.attempts.count(actor.ip ?? 'unknown', window)) >= deps.config.loginAddressMaxFailures) {
    await auditFailure(deps, actor, 'auth.addressLimited');
    throw new AppError(ResultCode.tooManyRequests, 'auth.addressLimited', {
      minutes: Math.ceil(window / 60),
    });
  }
}

/** A code refused: counted for the address and logged, then passed on. */
async function checkCode(deps: AuthDeps, actor: Actor, use: () => Promise<void>) {
  try {
    await use();
  } catch (error) {
    if (error instanceof AppError) {
      await deps.attempts.hit(actor.ip ?? 'unknown', deps.config.loginLockSeconds);
      await auditFailure(deps, actor, error.messageKey);
    }
    throw error;
  }
}

/** Refuses accounts that may not sign in, with the password grant's messages. */
export async function requireUsable(deps: AuthDeps, actor: Actor, found: User | undefined, missing: string) {
  const reason = !found
    ? missing
    : found.status === 2
      ? 'auth.userPending'
      : found.status !== 1
        ? 'auth.userDisabled'
        : undefined;
  if (!reason) return;
  await auditFailure(deps, actor, reason);
  throw badRequest(reason as 'auth.userPending');
}

/**
 * `POST /api/bl-auth/send-code`: a sign-in code for a phone of a tenant. Limited per phone (one
 * per resend interval) and per address (per hour). A phone no active account has gets the same
 * answer and a code nobody receives, so the call does not tell which phones are registered.
 */
export async function sendPhoneCode(
  deps: AuthDeps,
  input: { tenantId: string; phone: string; ip?: string },
): Promise<{ seconds: number }> {
  if (!input.phone) throw badRequest('auth.phoneMissing');
  if (!phonePattern.test(input.phone)) throw badRequest('auth.phoneInvalid');
  await requireActiveTenant(deps.database, input.tenantId);
  const addressKey = `code:${input.ip ?? 'unknown'}`;
  if ((await deps.attempts.count(addressKey, 3600)) >= deps.config.codeSendMaxPerHour)
    throw new AppError(ResultCode.tooManyRequests, 'auth.codeSendLimited');
  const issued = await issueCode(deps.database, deps.config, 'phone', input.tenantId, input.phone);
  if (!issued.issued) throw badRequest('auth.codeTooSoon', { seconds: issued.waitSeconds });
  await deps.attempts.hit(addressKey, 3600);
  const holders = await deps.database.withTenant(input.tenantId, (tx) =>
    tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.phone, input.phone), eq(user.isDeleted, 0), eq(user.status, 1))),
  );
  if (holders.length > 0)
    await deps.sender.send({
      purpose: 'phone',
      tenantId: input.tenantId,
      phone: input.phone,
      code: issued.code,
      minutes: Math.ceil(deps.config.codeTtlSeconds / 60),
    });
  return { seconds: deps.config.codeResendSeconds };
}

/** The `phone` grant: tenant, phone and the code sent to it. The code is the second factor itself. */
export async function signInWithPhone(
  deps: AuthDeps,
  clientRow: Client,
  input: { tenantId: string; phone: string; code: string; ip?: string },
): Promise<TokenAnswer> {
  const actor: Actor = { tenantId: input.tenantId, account: input.phone, ip: input.ip };
  await requireActiveTenant(deps.database, input.tenantId);
  if (!input.phone || !input.code) throw badRequest('auth.phoneCodeMissing');
  await signInAllowed(deps.database, deps.config, input.tenantId);
  await requireAddressAllowed(deps, actor);
  await checkCode(deps, actor, () =>
    consumeCode(deps.database, 'phone', input.tenantId, input.phone, input.code),
  );
  const answer = await deps.database.withTenant(input.tenantId, async (tx) => {
    const found = await tx
      .select()
      .from(user)
      .where(and(eq(user.phone, input.phone), eq(user.isDeleted, 0)));
    if (found.length > 1) return 'auth.phoneAmbiguous' as const;
    const [one] = found;
    if (one?.status !== 1) return one;
    await writeAudit(tx, { ...actor, account: one.account, userId: one.id }, { action: 'signIn' });
    return issueTokens(deps, tx, one, clientRow);
  });
  if (answer === 'auth.phoneAmbiguous') {
    await auditFailure(deps, actor, answer);
    throw badRequest(answer);
  }
  if (answer && 'accessToken' in answer) return answer;
  // The code was right but no active account holds the phone (any more).
  await requireUsable(deps, actor, answer, 'auth.codeWrong');
  throw badRequest('auth.codeWrong');
}

/** The `dynamic_code` grant: the challenge of a password sign-in and the code sent to the phone. */
export async function completeCodeCheck(
  deps: AuthDeps,
  clientRow: Client,
  input: { challenge: string; code: string; ip?: string },
): Promise<TokenAnswer> {
  if (!input.challenge) throw badRequest('auth.challengeInvalid');
  if (!input.code.trim()) throw badRequest('auth.codeMissing');
  const checked = await deps.tokens.checkTicket<{ tid: string; cid: string }>(input.challenge, 'challenge');
  if (!checked.ok) throw badRequest(checked.expired ? 'auth.challengeExpired' : 'auth.challengeInvalid');
  const { tid, cid } = checked.claims;
  if (cid !== clientRow.clientId) throw badRequest('auth.challengeInvalid');
  const actor: Actor = { tenantId: tid, account: '', userId: checked.sub, ip: input.ip };
  await requireActiveTenant(deps.database, tid);
  await signInAllowed(deps.database, deps.config, tid);
  await requireAddressAllowed(deps, actor);
  await checkCode(deps, actor, () => consumeCode(deps.database, 'mfa', tid, checked.sub, input.code));
  const found = await deps.database.withTenant(tid, async (tx) => {
    const [one] = await tx
      .select()
      .from(user)
      .where(and(eq(user.id, checked.sub), eq(user.isDeleted, 0)));
    if (one?.status !== 1) return one;
    await writeAudit(tx, { ...actor, account: one.account }, { action: 'signIn' });
    return issueTokens(deps, tx, one, clientRow);
  });
  if (found && 'accessToken' in found) return found;
  await requireUsable(deps, actor, found, 'auth.userDisabled');
  throw badRequest('auth.userDisabled');
}

export const isSocialSource = (source: string): source is SocialSource =>
  (socialSources as readonly string[]).includes(source);

/** The provider's settings, or the clear refusal of spec 01 §8 (never a pretend success). */
export function socialProvider(deps: AuthDeps, source: string) {
  if (!isSocialSource(source)) throw badRequest('auth.socialUnknown', { source });
  const provider = deps.config.socialProviders[source];
  if (!provider) throw badRequest('auth.socialNotConfigured', { source });
  return { source, provider };
}

interface StateClaims {
  tid: string;
  src: string;
  /** The redirect URI sent to the provider; the code exchange must name the same one. */
  ru: string;
}

/** Where to send the browser to sign in with a provider; the state binds tenant and provider. */
export async function socialAuthorizeUrl(
  deps: AuthDeps,
  input: { tenantId: string; source: string; origin: string },
): Promise<{ url: string }> {
  const { source, provider } = socialProvider(deps, input.source);
  await requireActiveTenant(deps.database, input.tenantId);
  const redirectUri = `${deps.config.socialRedirectBase ?? input.origin}/login?source=${source}`;
  const claims: StateClaims = { tid: input.tenantId, src: source, ru: redirectUri };
  const state = await deps.tokens.signTicket('state', source, claims, 600);
  return { url: deps.social.authorizeUrl(source, provider, state, redirectUri) };
}

/**
 * The `social` grant. A bound identity signs its account in (dynamic-code check included); an
 * unknown one is recorded in userOauth and answered with userId -1 and a guest token that opens
 * nothing but the registration of that identity (spec 01 §5).
 */
export async function signInWithSocial(
  deps: AuthDeps,
  clientRow: Client,
  input: { tenantId: string; source: string; code: string; state: string; ip?: string },
): Promise<TokenAnswer> {
  const { source, provider } = socialProvider(deps, input.source);
  if (!input.code || !input.state) throw badRequest('auth.socialStateInvalid');
  const checked = await deps.tokens.checkTicket<StateClaims>(input.state, 'state');
  if (!checked.ok || checked.claims.src !== source || checked.claims.tid !== input.tenantId)
    throw badRequest('auth.socialStateInvalid');
  await requireActiveTenant(deps.database, input.tenantId);
  await signInAllowed(deps.database, deps.config, input.tenantId);
  const actor: Actor = { tenantId: input.tenantId, account: source, ip: input.ip };
  await requireAddressAllowed(deps, actor);
  const profile = await deps.social.exchange(source, provider, input.code, checked.claims.ru);
  if (!profile.uuid) throw badRequest('auth.socialNoIdentity');
  const fields = {
    username: profile.username.slice(0, 128),
    nickname: profile.nickname.slice(0, 128),
    avatar: profile.avatar.slice(0, 500),
    email: profile.email.slice(0, 128),
    blog: profile.blog.slice(0, 255),
    company: profile.company.slice(0, 128),
    location: profile.location.slice(0, 128),
  };
  const bound = await deps.database.withTenant(input.tenantId, async (tx) => {
    const now = new Date();
    const [known] = await tx
      .select()
      .from(useroauthTable)
      .where(
        and(
          eq(useroauthTable.source, source),
          eq(useroauthTable.uuid, profile.uuid),
          eq(useroauthTable.isDeleted, 0),
        ),
      )
      .for('update');
    const oauthId = known?.id ?? nextId();
    if (known)
      await tx
        .update(useroauthTable)
        .set({ ...fields, updateTime: now })
        .where(eq(useroauthTable.id, known.id));
    else
      await tx.insert(useroauthTable).values({
        id: oauthId,
        tenantId: input.tenantId,
        source,
        uuid: profile.uuid,
        ...fields,
        createTime: now,
        updateTime: now,
      });
    if (!known?.userId) return { oauthId, found: undefined };
    const [found] = await tx
      .select()
      .from(user)
      .where(and(eq(user.id, known.userId), eq(user.isDeleted, 0)));
    return { oauthId, found: found ?? null };
  });
  if (bound.found === undefined) {
    const guest = await deps.tokens.signTicket(
      'guest',
      '-1',
      { tid: input.tenantId, oid: bound.oauthId, cid: clientRow.clientId },
      1800,
    );
    return {
      accessToken: guest,
      refreshToken: '',
      tokenType: 'bearer',
      expiresIn: 1800,
      userId: '-1',
      tenantId: input.tenantId,
      oauthId: bound.oauthId,
      account: fields.username || fields.nickname,
      userName: fields.nickname || fields.username,
      avatar: fields.avatar,
      authority: '',
      roleName: '',
      openCodeCheck: '0',
    };
  }
  const found = bound.found ?? undefined;
  const who: Actor = { ...actor, account: found?.account ?? source, userId: found?.id };
  await requireUsable(deps, who, found, 'auth.userDisabled');
  const usable = found as User;
  if (usable.openCodeCheck === '1') return startCodeCheck(deps, clientRow, usable, who);
  const answer = await deps.database.withTenant(input.tenantId, async (tx) => {
    await writeAudit(tx, who, { action: 'signIn', detail: source });
    return issueTokens(deps, tx, usable, clientRow);
  });
  return { ...answer, oauthId: bound.oauthId };
}
