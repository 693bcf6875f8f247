import { id, tenantId } from '@bl/entities/columns';
import { index, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Answers of requests sent with an `Idempotency-Key` header (http/idempotency.ts, ADR 0041): the
 * first request with a key does its work and keeps its answer in the same transaction; a replay
 * of the key (a handheld resending a step after a lost answer) gets that answer back and does
 * nothing. The key is the client's, unique per tenant; `fingerprint` names what it was used for,
 * so the same key on another request is refused rather than answered with an unrelated answer.
 * Kept for two days (the daily sweep), so a device that was offline for a day still replays safely.
 */
export const idempotencyKey = pgTable(
  'bl_idempotency_key',
  {
    tenantId: tenantId(),
    key: varchar('idem_key', { length: 128 }).notNull(),
    /** sha256 hex of method, route, user, query and body. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    route: varchar('route', { length: 255 }).notNull(),
    userId: id('user_id').notNull(),
    /** The envelope's code and data, as first answered. */
    code: integer('code').notNull().default(200),
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.key] }),
    index('bl_idempotency_key_created_idx').on(t.createdAt),
  ],
);
