import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Db, queryRows, type Tx } from '../db/database.ts';
import type { AuthContext } from './context.ts';
import { badRequest } from './errors.ts';

/** The request header a client sends to make a step safe to resend (ADR 0041). */
export const idempotencyHeader = 'idempotency-key';
/** Set on an answer that is the stored answer of an earlier request with the same key. */
export const replayedHeader = 'idempotent-replayed';
/** How long a key is remembered: the daily sweep removes older ones (`removeOldKeys`). */
export const keptKeyHours = 48;

const keyPattern = /^[A-Za-z0-9_.:-]{1,128}$/;

/** The request's key, or undefined without the header; a malformed one is refused. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[idempotencyHeader];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined) return undefined;
  if (!keyPattern.test(key)) throw badRequest('idempotency.badKey');
  return key;
}

/** What a key was used for: the same key on another route, user, query or body is refused. */
function fingerprintOf(request: FastifyRequest, auth: AuthContext): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        request.method,
        request.routeOptions.url ?? '',
        auth.userId,
        request.query ?? null,
        request.body ?? null,
      ]),
    )
    .digest('hex');
}

/**
 * Runs an action route's `work` at most once per `Idempotency-Key` of the tenant, inside the
 * route's own transaction `tx`, so the key and the work commit or roll back together: a request
 * without the header just runs; the first one with a key claims it (`insert … on conflict do
 * nothing`), does the work and keeps its answer before commit; a replay answers the kept answer
 * and does nothing. Concurrent replays are serialised by the key's unique index: PostgreSQL makes
 * a second insert of the same key wait until the first transaction ends, then skips it (the first
 * committed: its answer is read) or inserts (the first rolled back: this one does the work). A
 * refused action rolls back and keeps nothing, so resending it is tried again, never answered
 * with a stale refusal. Any route may wrap its work in this; the bill-flow actions and the
 * handheld's steps do.
 */
export async function runOnce<T>(
  tx: Tx,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext,
  work: () => Promise<T>,
): Promise<T> {
  const key = idempotencyKeyOf(request);
  if (key === undefined) return work();
  const fingerprint = fingerprintOf(request, auth);
  const claimed = await queryRows<{ claimed: number }>(
    tx,
    sql`insert into bl_idempotency_key (tenant_id, idem_key, fingerprint, route, user_id)
        values (${auth.tenantId}, ${key}, ${fingerprint}, ${`${request.method} ${request.routeOptions.url ?? ''}`.slice(0, 255)}, ${auth.userId})
        on conflict do nothing returning 1 as claimed`,
  );
  if (claimed.length === 0) {
    const [kept] = await queryRows<{ fingerprint: string; answer: T }>(
      tx,
      sql`select fingerprint, answer from bl_idempotency_key
          where tenant_id = ${auth.tenantId} and idem_key = ${key}`,
    );
    if (!kept || kept.fingerprint !== fingerprint) throw badRequest('idempotency.keyReused', { key });
    reply.header(replayedHeader, 'true');
    return kept.answer;
  }
  const answer = await work();
  await tx.execute(
    sql`update bl_idempotency_key set answer = ${JSON.stringify(answer ?? null)}::jsonb
        where tenant_id = ${auth.tenantId} and idem_key = ${key}`,
  );
  return answer;
}

/** Forgets keys older than `keptKeyHours`, in every tenant (the owner connection; a daily sweep). */
export async function removeOldKeys(exec: Db): Promise<number> {
  const removed = await queryRows<{ n: number }>(
    exec,
    sql`with gone as (delete from bl_idempotency_key
          where created_at < now() - make_interval(hours => ${keptKeyHours}) returning 1)
        select count(*)::int as n from gone`,
  );
  return removed[0]?.n ?? 0;
}
