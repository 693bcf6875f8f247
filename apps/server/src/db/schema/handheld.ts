import { id, tenantId } from '@bl/entities/columns';
import { index, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

/**
 * Which handheld terminal (`bl_pdainfo`) a sign-in session was registered on (ADR 0041): a
 * terminal disabled or removed ends exactly these sessions, and the handheld's routes refuse a
 * session whose terminal is out of service.
 */
export const pdaSession = pgTable(
  'bl_pda_session',
  {
    tenantId: tenantId(),
    sessionId: id('session_id').notNull(),
    pdaId: id('pda_id').notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.sessionId] }),
    index('bl_pda_session_pda_idx').on(t.tenantId, t.pdaId),
  ],
);
