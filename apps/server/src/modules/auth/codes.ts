import { createHash, randomInt } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { type Database, queryRows } from '../../db/database.ts';
import { authCode } from '../../db/schema/index.ts';
import { badRequest } from '../../http/errors.ts';

/** What a code is for; part of its key, so a phone sign-in code never passes the dynamic-code check. */
export type CodePurpose = 'phone' | 'mfa';

/** One text message to deliver. */
export interface CodeMessage {
  purpose: CodePurpose;
  tenantId: string;
  phone: string;
  code: string;
  /** Minutes the code stays usable, for the message text. */
  minutes: number;
}

/**
 * Delivers codes. The default writes them to the server log (a deployment without an SMS
 * gateway, and the browser tests, read them there); `webhook` posts them to a URL that
 * forwards to whatever gateway the operator uses.
 */
export interface CodeSender {
  send(message: CodeMessage): Promise<void>;
}

export function logSender(log: FastifyBaseLogger): CodeSender {
  return {
    async send(message) {
      // warn: it must show at the usual production log level, where nobody can miss that no gateway is set.
      log.warn(
        { codeFor: message.purpose, tenantId: message.tenantId, phone: message.phone },
        `sign-in code ${message.code} for ${message.phone} (no SMS gateway: CODE_SENDER=log)`,
      );
    },
  };
}

export function webhookSender(url: string, fetchImpl: typeof fetch = fetch): CodeSender {
  return {
    async send(message) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(10_000),
      }).catch(() => null);
      if (!response?.ok) throw badRequest('auth.codeSendFailed');
    },
  };
}

export const maxCodeAttempts = 5;

const keyOf = (purpose: CodePurpose, tenantId: string, target: string) => `${purpose}:${tenantId}:${target}`;
/** Salted by its key: the same six digits hash differently for every phone. */
const digest = (key: string, code: string) =>
  createHash('sha256').update(`${key}\n${code.trim()}`).digest('hex');

export type CodeIssue = { issued: true; code: string } | { issued: false; waitSeconds: number };

/**
 * Makes a new six-digit code for a purpose, tenant and target unless an unused one was sent
 * less than `codeResendSeconds` ago (a used one never blocks signing in again). One statement decides, so two processes racing cannot both send.
 */
export async function issueCode(
  database: Database,
  config: Config,
  purpose: CodePurpose,
  tenantId: string,
  target: string,
): Promise<CodeIssue> {
  const key = keyOf(purpose, tenantId, target);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // Old rows are swept as new codes are made, as the captchas are.
  await database.db.delete(authCode).where(lt(authCode.expiresAt, sql`now() - interval '1 day'`));
  const rows = await queryRows<{ key: string }>(
    database.db,
    sql`insert into auth_code (key, code_hash, sent_at, expires_at, attempts)
      values (${key}, ${digest(key, code)}, now(), now() + make_interval(secs => ${config.codeTtlSeconds}), 0)
      on conflict (key) do update set code_hash = excluded.code_hash, sent_at = now(),
        expires_at = excluded.expires_at, used_at = null, attempts = 0
      where auth_code.sent_at <= now() - make_interval(secs => ${config.codeResendSeconds})
        or auth_code.used_at is not null
      returning key`,
  );
  if (rows.length > 0) return { issued: true, code };
  const [row] = await queryRows<{ wait: number }>(
    database.db,
    sql`select ceil(extract(epoch from (sent_at + make_interval(secs => ${config.codeResendSeconds}) - now())))::int as wait
      from auth_code where key = ${key}`,
  );
  return { issued: false, waitSeconds: Math.max(1, row?.wait ?? 1) };
}

/**
 * Checks a code and uses it up. Success is one conditional update, so the same code cannot
 * sign in twice even from two processes at once; a failure says why (wrong, expired, already
 * used, too many wrong tries) and a wrong guess counts toward the limit.
 */
export async function consumeCode(
  database: Database,
  purpose: CodePurpose,
  tenantId: string,
  target: string,
  code: string,
): Promise<void> {
  const key = keyOf(purpose, tenantId, target);
  const used = await queryRows<{ key: string }>(
    database.db,
    sql`update auth_code set used_at = now()
      where key = ${key} and code_hash = ${digest(key, code)} and used_at is null
        and expires_at > now() and attempts < ${maxCodeAttempts}
      returning key`,
  );
  if (used.length > 0) return;
  const [row] = await queryRows<{ used: boolean; expired: boolean; attempts: number }>(
    database.db,
    sql`select used_at is not null as used, expires_at <= now() as expired, attempts
      from auth_code where key = ${key}`,
  );
  if (!row || row.expired) throw badRequest('auth.codeExpired');
  if (row.used) throw badRequest('auth.codeUsed');
  if (row.attempts >= maxCodeAttempts) throw badRequest('auth.codeTooMany');
  await database.db
    .update(authCode)
    .set({ attempts: sql`${authCode.attempts} + 1` })
    .where(eq(authCode.key, key));
  throw badRequest('auth.codeWrong');
}

/** The refusal for a phone asked again within the resend interval. */
export function tooSoon(waitSeconds: number) {
  return badRequest('auth.codeTooSoon', { seconds: waitSeconds });
}

/** 138****5678: enough for the person to recognise their phone, not enough to harvest it. */
export function maskPhone(phone: string): string {
  return phone.length > 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}
