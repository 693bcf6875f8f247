import type { Language } from '@bl/contract';
import { type EntityDefinition, entityByName } from '@bl/entities/registry';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Tx } from '../../db/database.ts';
import { type Row, visible } from '../../engine/crud.ts';
import { display, fromUnits, toUnits } from '../../engine/decimal.ts';
import type { AuthContext } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { BillFlow } from './bills.ts';

/**
 * Reservations (orderisinstockbill, orderosoutstockbill; docs/adr/0008-stock-ledger.md):
 * state 0 new → review → 1 confirmed → 2 in progress (part received / shipped) → 3 completed.
 * Only a confirmed reservation can be quoted; an inbound / outbound bill quotes its lines
 * (applyCode = reservation no., applyLineNumber = its line) and, when it posts, counts its
 * quantity into the reservation line's received / shipped quantity (a reversal takes it off).
 */
export interface Reservation {
  name: 'orderisinstockbill' | 'orderosoutstockbill';
  header: EntityDefinition;
  lines: EntityDefinition;
  /** The line column counting what the quoting bills posted. */
  done: 'receivedQty' | 'shippedQty';
  doneColumn: 'received_qty' | 'shipped_qty';
  /** The bill that quotes it. */
  quotedBy: BillFlow['name'];
}

function reservationOf(
  name: Reservation['name'],
  done: Reservation['done'],
  quotedBy: Reservation['quotedBy'],
): Reservation {
  const header = entityByName.get(name);
  const lines = header?.children[0]?.entity();
  if (!header || !lines) throw new Error(`${name} is not in the catalogue`);
  const doneColumn = done === 'receivedQty' ? 'received_qty' : 'shipped_qty';
  return { name, header, lines, done, doneColumn, quotedBy };
}

export const inboundReservation = reservationOf('orderisinstockbill', 'receivedQty', 'isinstockbill');
export const outboundReservation = reservationOf('orderosoutstockbill', 'shippedQty', 'osoutstockbill');
export const reservationQuotedBy = (flow: BillFlow['name']) =>
  flow === 'isinstockbill' ? inboundReservation : outboundReservation;

const col = (entity: EntityDefinition, name: string) =>
  (getTableColumns(entity.table) as Record<string, PgColumn>)[name] as PgColumn;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

const liveLines = (entity: EntityDefinition, auth: AuthContext) =>
  and(
    eq(col(entity, 'tenantId'), auth.tenantId),
    eq(col(entity, 'isDeleted'), 0),
    eq(col(entity, 'invalid'), '0'),
  );

/** Review (confirm) needs an owner and lines of positive quantity (the flow checks the state). */
export async function checkReservations(
  tx: Tx,
  reservation: Reservation,
  auth: AuthContext,
  bills: Row[],
): Promise<void> {
  const lines = (await tx
    .select()
    .from(reservation.lines.table as PgTable)
    .where(
      and(
        liveLines(reservation.lines, auth),
        inArray(
          col(reservation.lines, 'headerId'),
          bills.map((b) => b.id as string),
        ),
      ),
    )) as Row[];
  for (const bill of bills) {
    const billNo = String(bill.billNo);
    if (!text(bill.customerCode)) throw badRequest('bill.ownerMissing', { bill: billNo });
    const own = lines.filter((line) => line.headerId === bill.id);
    if (own.length === 0) throw badRequest('bill.noLines', { bill: billNo });
    for (const [index, line] of own.entries())
      if (toUnits(line.qty) <= 0n)
        throw badRequest('bill.lineQty', { bill: billNo, line: (line.lineNumber as number) ?? index + 1 });
  }
}

/** Un-review goes back to new only while no live bill quotes the reservation. */
export async function refuseQuoted(
  tx: Tx,
  reservation: Reservation,
  auth: AuthContext,
  bills: Row[],
): Promise<void> {
  const quoting = entityByName.get(reservation.quotedBy);
  const quotingLines = quoting?.children[0]?.entity();
  if (!quoting || !quotingLines) throw new Error(`${reservation.quotedBy} is not in the catalogue`);
  for (const bill of bills) {
    const billNo = String(bill.billNo);
    const [user] = await queryRows<{ billNo: string }>(
      tx,
      sql`select h.bill_no as "billNo" from ${sql.raw(quotingLines.tableName)} l
          join ${sql.raw(quoting.tableName)} h on h.id = l.header_id and h.is_deleted = 0
          where l.tenant_id = ${auth.tenantId} and l.is_deleted = 0 and l.apply_code = ${billNo}
          limit 1`,
    );
    if (user) throw badRequest('reservation.quoted', { bill: billNo, by: user.billNo });
  }
}

async function setState(
  tx: Tx,
  header: EntityDefinition,
  auth: AuthContext,
  bills: Row[],
  state: string,
  audit: boolean,
) {
  await tx
    .update(header.table as PgTable)
    .set({
      state,
      ...(audit && {
        auditUser: state === '0' ? null : auth.userName || auth.account,
        auditTime: state === '0' ? null : new Date(),
      }),
      updateUser: auth.userId,
      updateTime: new Date(),
      version: sql`${col(header, 'version')} + 1`,
    })
    .where(
      inArray(
        col(header, 'id'),
        bills.map((b) => b.id as string),
      ),
    );
}

/** A reservation line as a bill quotes it: what is still to receive / ship. */
export interface QuotableLine {
  applyCode: string;
  applyLineNumber: number;
  materialCode: string;
  batchNo: string | null;
  customerBatchNo: string | null;
  unitCode: string | null;
  packspecCode: string | null;
  warehousePlaceCode: string | null;
  price: string | null;
  qty: string;
  /** The reservation's own quantity and what has been posted against it. */
  orderedQty: string;
  doneQty: string;
}

/**
 * The lines of a confirmed (or in-progress) reservation still open, for a bill to quote:
 * the reservation header (owner, warehouse) and each line with the quantity left.
 */
export async function quotableLines(
  tx: Tx,
  reservation: Reservation,
  auth: AuthContext,
  applyNo: string,
  language: Language,
): Promise<{ header: Row; lines: QuotableLine[] }> {
  const [header] = (await tx
    .select()
    .from(reservation.header.table as PgTable)
    .where(and(visible(reservation.header, auth), eq(col(reservation.header, 'billNo'), applyNo)))) as Row[];
  if (!header) throw notFound('crud.notFound', { entity: reservation.header.label[language] });
  if (text(header.state) !== '1' && text(header.state) !== '2')
    throw badRequest('reservation.notQuotable', { bill: applyNo });
  const rows = (await tx
    .select()
    .from(reservation.lines.table as PgTable)
    .where(
      and(liveLines(reservation.lines, auth), eq(col(reservation.lines, 'headerId'), header.id as string)),
    )
    .orderBy(asc(col(reservation.lines, 'lineNumber')), asc(col(reservation.lines, 'id')))) as Row[];
  const lines: QuotableLine[] = [];
  for (const [index, row] of rows.entries()) {
    const ordered = toUnits(row.qty);
    const done = toUnits(row[reservation.done]);
    if (ordered - done <= 0n) continue;
    lines.push({
      applyCode: applyNo,
      applyLineNumber: typeof row.lineNumber === 'number' ? row.lineNumber : index + 1,
      materialCode: text(row.materialCode),
      batchNo: text(row.batchNo) || null,
      customerBatchNo: text(row.customerBatchNo) || null,
      unitCode: text(row.unitCode) || null,
      packspecCode: text(row.packspecCode) || null,
      warehousePlaceCode: text(row.warehousePlaceCode) || null,
      price: row.price === null || row.price === undefined ? null : String(row.price),
      qty: fromUnits(ordered - done),
      orderedQty: fromUnits(ordered),
      doneQty: fromUnits(done),
    });
  }
  return { header, lines };
}

/** A posted (or reversed) bill line that may quote a reservation line. */
export interface QuotingLine {
  bill: Row;
  line: Row;
  number: number;
  qty: bigint;
}

/**
 * Counts the posted quantity of quoting lines into their reservation lines (sign 1 on posting,
 * -1 on reversal), in the posting's transaction, reservations locked in id order after the
 * bills. A quote must name a confirmed reservation of the bill's owner, an existing line of the
 * same material, and not take more than it has left.
 */
export async function countQuotes(
  tx: Tx,
  flow: BillFlow['name'],
  auth: AuthContext,
  lines: QuotingLine[],
  sign: 1 | -1,
): Promise<void> {
  const quoting = lines.filter(({ line }) => text(line.applyCode) !== '');
  if (quoting.length === 0) return;
  const reservation = reservationQuotedBy(flow);
  const applyNos = [...new Set(quoting.map(({ line }) => text(line.applyCode)))];
  const headers = (await tx
    .select()
    .from(reservation.header.table as PgTable)
    .where(
      and(
        eq(col(reservation.header, 'tenantId'), auth.tenantId),
        eq(col(reservation.header, 'isDeleted'), 0),
        inArray(col(reservation.header, 'billNo'), applyNos),
      ),
    )
    .orderBy(asc(col(reservation.header, 'id')))
    .for('update')) as Row[];
  const reservationLines = (await tx
    .select()
    .from(reservation.lines.table as PgTable)
    .where(
      and(
        liveLines(reservation.lines, auth),
        inArray(
          col(reservation.lines, 'headerId'),
          headers.length === 0 ? ['0'] : headers.map((h) => h.id as string),
        ),
      ),
    )) as Row[];
  const done = new Map<string, bigint>(
    reservationLines.map((l) => [l.id as string, toUnits(l[reservation.done])]),
  );
  for (const { bill, line, number, qty } of quoting) {
    const applyNo = text(line.applyCode);
    const where = { bill: String(bill.billNo), line: number, reservation: applyNo };
    const header = headers.find((h) => h.billNo === applyNo);
    if (!header) throw badRequest('reservation.quoteMissing', where);
    if (sign === 1 && text(header.state) !== '1' && text(header.state) !== '2')
      throw badRequest('reservation.notQuotable', { bill: applyNo });
    if (text(header.customerCode) !== text(bill.customerCode))
      throw badRequest('reservation.quoteOwner', where);
    const target = reservationLines.find(
      (l) => l.headerId === header.id && l.lineNumber === line.applyLineNumber,
    );
    if (!target || text(target.materialCode) !== text(line.materialCode))
      throw badRequest('reservation.quoteLine', { ...where, applyLine: text(line.applyLineNumber) });
    const now = (done.get(target.id as string) ?? 0n) + BigInt(sign) * qty;
    const ordered = toUnits(target.qty);
    if (sign === 1 && now > ordered)
      throw badRequest('reservation.quoteExceeds', {
        ...where,
        applyLine: text(line.applyLineNumber),
        left: display(ordered - (now - qty)),
      });
    done.set(target.id as string, now < 0n ? 0n : now);
  }
  for (const target of reservationLines) {
    const now = done.get(target.id as string) ?? 0n;
    if (now === toUnits(target[reservation.done])) continue;
    await tx.execute(
      sql`update ${sql.raw(reservation.lines.tableName)} set ${sql.raw(reservation.doneColumn)} = ${fromUnits(now)}::numeric,
            version = version + 1, update_user = ${auth.userId}::bigint, update_time = now()
          where id = ${target.id as string}::bigint`,
    );
  }
  // The reservation's state follows its lines: completed when every line is served in full.
  for (const header of headers) {
    const own = reservationLines.filter((l) => l.headerId === header.id);
    const served = own.map((l) => done.get(l.id as string) ?? 0n);
    const state = own.every((l, i) => (served[i] ?? 0n) >= toUnits(l.qty))
      ? '3'
      : served.some((s) => s > 0n)
        ? '2'
        : '1';
    if (state !== text(header.state)) await setState(tx, reservation.header, auth, [header], state, false);
  }
}
