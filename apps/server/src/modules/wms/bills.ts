import type { Language } from '@bl/contract';
import { type EntityDefinition, entityByName } from '@bl/entities/registry';
import { and, asc, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Tx } from '../../db/database.ts';
import { type Row, visible } from '../../engine/crud.ts';
import type { AuthContext } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';

/**
 * Inbound (isinstockbill) and outbound (osoutstockbill) bills (docs/adr/0008-stock-ledger.md).
 * Their review posts and un-review reverses as their flow declares (posting.ts, the flow
 * engine); what stays here is what other wms code shares: the bills' handles, locking, totals.
 */
export interface BillFlow {
  name: 'isinstockbill' | 'osoutstockbill';
  direction: 'in' | 'out';
  header: EntityDefinition;
  lines: EntityDefinition;
}

function flowOf(name: BillFlow['name'], direction: BillFlow['direction']): BillFlow {
  const header = entityByName.get(name);
  const lines = header?.children[0]?.entity();
  if (!header || !lines) throw new Error(`${name} is not in the catalogue`);
  return { name, direction, header, lines };
}

export const inbound = flowOf('isinstockbill', 'in');
export const outbound = flowOf('osoutstockbill', 'out');

const col = (entity: EntityDefinition, name: string) =>
  (getTableColumns(entity.table) as Record<string, PgColumn>)[name] as PgColumn;

/** The bills named by `ids`, visible to the caller, locked in id order (all or a not-found). */
export async function lockBills(
  tx: Tx,
  flow: Pick<BillFlow, 'header'>,
  auth: AuthContext,
  ids: string[],
  language: Language,
) {
  const rows = (await tx
    .select()
    .from(flow.header.table as PgTable)
    .where(and(visible(flow.header, auth), inArray(col(flow.header, 'id'), ids)))
    .orderBy(asc(col(flow.header, 'id')))
    .for('update')) as Row[];
  if (rows.length !== ids.length) throw notFound('crud.notFound', { entity: flow.header.label[language] });
  return rows;
}

/** An outbound bill on a live sorting bill is being handled: its stock cannot come back. */
export async function refuseSorted(tx: Tx, auth: AuthContext, bills: Row[]) {
  const [sorting] = await queryRows<{ bill: string; sorting: string }>(
    tx,
    sql`select apply_no as bill, bill_no as sorting from bl_stocksortingbill
        where tenant_id = ${auth.tenantId} and is_deleted = 0 and apply_no in (${sql.join(
          bills.map((b) => sql`${String(b.billNo)}`),
          sql`, `,
        )}) limit 1`,
  );
  if (sorting) throw badRequest('sorting.blocksUnreview', { bill: sorting.bill, sorting: sorting.sorting });
}

/**
 * Keeps the header totals (quantity, weight in kg, pallets, volume, amount) as the sums of
 * the bill's valid lines, computed in SQL; answers them for the submit's answer. A line that
 * gives no price or weight takes them from its material first (price; quantity × gross
 * weight in kg), so the totals follow what the material says (issue 29, 6); a price or
 * weight the line gives (typed, weighed) is kept.
 */
export async function refreshTotals(
  tx: Tx,
  flow: Pick<BillFlow, 'header' | 'lines'>,
  auth: AuthContext,
  saved: Row,
): Promise<void> {
  const header = sql.raw(flow.header.tableName);
  const lines = sql.raw(flow.lines.tableName);
  await tx.execute(
    sql`update ${lines} d set price = coalesce(d.price, m.price), qty_weg = coalesce(d.qty_weg, d.qty * m.gross)
        from bl_material m
        where d.tenant_id = ${auth.tenantId} and d.header_id = ${saved.id as string}::bigint and d.is_deleted = 0
          and m.tenant_id = d.tenant_id and m.code = d.material_code and m.is_deleted = 0
          and (d.price is null and m.price is not null or d.qty_weg is null and d.qty is not null and m.gross is not null)`,
  );
  const [totals] = await queryRows<Row>(
    tx,
    sql`update ${header} h set total_qty = t.qty, total_weg = t.qty_weg, total_board = t.board,
          total_volume = t.volume, total_amount = t.amount
        from (select coalesce(sum(qty), 0) qty, coalesce(sum(qty_weg), 0) qty_weg,
                     coalesce(sum(board), 0) board, coalesce(sum(volume), 0) volume,
                     round(coalesce(sum(price * qty), 0), 2) amount
              from ${lines}
              where tenant_id = ${auth.tenantId} and header_id = ${saved.id as string}::bigint
                and is_deleted = 0 and invalid = '0') t
        where h.tenant_id = ${auth.tenantId} and h.id = ${saved.id as string}::bigint
        returning h.total_qty::text "totalQty", h.total_weg::text "totalWeg", h.total_board::text "totalBoard",
          h.total_volume::text "totalVolume", h.total_amount::text "totalAmount"`,
  );
  if (totals) Object.assign(saved, totals);
}
