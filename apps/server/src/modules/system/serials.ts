import { ok } from '@bl/contract';
import { entities } from '@bl/entities/registry';
import { syscodeTable } from '@bl/entities/system/syscode';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, Tx } from '../../db/database.ts';
import { buttonCode, requireButton } from '../../engine/permissions.ts';
import { createHooks } from '../../engine/rules.ts';
import { requireAuth } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';

/** A calendar day as the warehouse's server clock reads it (bill numbers carry local dates). */
export interface Day {
  year: number;
  month: number;
  day: number;
}
export const dayOf = (date: Date): Day => ({
  year: date.getFullYear(),
  month: date.getMonth() + 1,
  day: date.getDate(),
});
const pad = (n: number, width: number) => String(n).padStart(width, '0');
export const isoDay = (d: Day) => `${d.year}-${pad(d.month, 2)}-${pad(d.day, 2)}`;

/** The date part of a number (dictionary `seqDatePattern`). */
export function datePart(pattern: string | null, d: Day): string {
  switch (pattern) {
    case 'yyyyMMdd':
      return `${d.year}${pad(d.month, 2)}${pad(d.day, 2)}`;
    case 'yyMMdd':
      return `${pad(d.year % 100, 2)}${pad(d.month, 2)}${pad(d.day, 2)}`;
    case 'yyyyMM':
      return `${d.year}${pad(d.month, 2)}`;
    case 'yyyy':
      return String(d.year);
    default:
      return '';
  }
}

/** The period a reset cycle counts in (dictionary `seqResetCycle`: 0 never, 1 day, 2 month, 3 year). */
export function periodOf(cycle: string, d: Day): string {
  if (cycle === '1') return isoDay(d);
  if (cycle === '2') return `${d.year}-${pad(d.month, 2)}`;
  if (cycle === '3') return String(d.year);
  return '';
}

export interface SequenceState {
  seqCurrentValue: number;
  minValue: number;
  maxValue: number | null;
  step: number;
  resetCycle: string;
  lastResetDate: string | null;
}

/**
 * The next value of a sequence on a day: the current value moved by its step, or the lowest
 * value when the sequence is new or its reset cycle began a new period. Past the highest value
 * there is no next one (starting over would repeat numbers already given out).
 */
export function nextValue(
  state: SequenceState,
  d: Day,
): { value: number; resetOn: string | null } | undefined {
  const period = periodOf(state.resetCycle, d);
  const lastPeriod = state.lastResetDate
    ? periodOf(state.resetCycle, dayOf(new Date(`${state.lastResetDate}T12:00:00`)))
    : undefined;
  const newPeriod = state.resetCycle !== '0' && period !== lastPeriod;
  const value =
    newPeriod || state.seqCurrentValue < state.minValue ? state.minValue : state.seqCurrentValue + state.step;
  if (state.maxValue !== null && value > state.maxValue) return undefined;
  return { value, resetOn: newPeriod ? isoDay(d) : state.lastResetDate };
}

/**
 * Draws the next number of the tenant's sequence `seqCode` (e.g. `isinstockbill`), or
 * undefined when the tenant has none. The row is locked until the caller's transaction ends,
 * so concurrent requests queue and never get the same number; a rolled-back transaction gives
 * its number back (numbers may skip, never repeat).
 */
export async function nextSerial(tx: Tx, tenantId: string, seqCode: string, now = new Date()) {
  const [row] = await tx
    .select()
    .from(syscodeTable)
    .where(
      and(
        eq(syscodeTable.tenantId, tenantId),
        eq(syscodeTable.seqCode, seqCode),
        eq(syscodeTable.isDeleted, 0),
      ),
    )
    .for('update');
  if (!row) return undefined;
  const d = dayOf(now);
  const next = nextValue(row, d);
  if (!next) throw badRequest('serial.exhausted', { name: row.seqName, max: String(row.maxValue) });
  await tx
    .update(syscodeTable)
    .set({
      seqCurrentValue: next.value,
      lastResetDate: next.resetOn,
      version: sql`${syscodeTable.version} + 1`,
    })
    .where(eq(syscodeTable.id, row.id));
  return `${row.prefixValue ?? ''}${datePart(row.datePattern, d)}${pad(next.value, row.seqLength)}`;
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Serial numbers: `POST /api/bl-system/syscode/next?seqCode=` draws one, `GET
 * /api/bl-system/syscode/has?seqCode=` tells forms whether a blank bill number will be drawn,
 * and a new bill saved with a blank number (`billNo`, or its entity's `numberField`) gets the
 * next number of the sequence named after its entity.
 */
export function registerSerials(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const query = z.object({ seqCode: z.string().min(1).max(64) });

  createHooks.billNo = async (tx, entity, body, auth) => {
    const field = entity.numberField;
    if (field === undefined || !isBlank(body[field])) return;
    const number = await nextSerial(tx, auth.tenantId, entity.name);
    if (number !== undefined) body[field] = number;
  };

  api.post(
    '/api/bl-system/syscode/next',
    {
      schema: { tags: ['syscode'], summary: 'Draw the next number of a serial sequence', querystring: query },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { seqCode } = request.query;
      const value = await database.withTenant(auth.tenantId, async (tx) => {
        // Drawing moves the sequence on: a bill's number goes with adding bills, any other
        // sequence's with editing the serial numbers.
        const named = entities.find((e) => e.name === seqCode);
        await requireButton(tx, auth, named ? buttonCode(named.name, 'add') : buttonCode('syscode', 'edit'));
        return nextSerial(tx, auth.tenantId, seqCode);
      });
      if (value === undefined) throw badRequest('serial.unknown', { code: request.query.seqCode });
      return ok({ value }, translate('ok', request.language));
    },
  );

  api.get(
    '/api/bl-system/syscode/has',
    {
      schema: {
        tags: ['syscode'],
        summary: 'Whether the tenant has this serial sequence',
        querystring: query,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const [row] = await database.withTenant(auth.tenantId, (tx) =>
        tx
          .select({ id: syscodeTable.id })
          .from(syscodeTable)
          .where(
            and(
              eq(syscodeTable.tenantId, auth.tenantId),
              eq(syscodeTable.seqCode, request.query.seqCode),
              eq(syscodeTable.isDeleted, 0),
            ),
          ),
      );
      return ok(row !== undefined, translate('ok', request.language));
    },
  );
}
