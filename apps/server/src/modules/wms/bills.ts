import type { Language } from '@bl/contract';
import { type EntityDefinition, entityByName } from '@bl/entities/registry';
import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Tx } from '../../db/database.ts';
import { type Row, visible } from '../../engine/crud.ts';
import type { AuthContext } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { type MessageParams, translate } from '../../i18n/messages.ts';
import { display, minUnits, proportion, toUnits } from './decimal.ts';
import {
  type Amounts,
  amountFields,
  type Balance,
  balanceSelect,
  compareKeys,
  keyOrderSql,
  type Movement,
  markReversed,
  postedStream,
  postMovements,
  type Shortage,
  type StockKey,
} from './ledger.ts';
import { countQuotes } from './reservations.ts';

/**
 * Inbound (isinstockbill) and outbound (osoutstockbill) bills against the ledger
 * (docs/adr/0008-stock-ledger.md). Review posts, un-review reverses; several bills at a time
 * are posted as one posting, so their balances are locked once, in key order, all or nothing.
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
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

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

interface BillLine {
  bill: Row;
  line: Row;
  /** The line's number as the bill shows it (its own, else its position). */
  number: number;
  qty: bigint;
}

/** The valid lines of the bills, in bill then line order; each bill needs one, with qty > 0. */
async function linesOf(tx: Tx, flow: BillFlow, auth: AuthContext, bills: Row[]): Promise<BillLine[]> {
  const rows = (await tx
    .select()
    .from(flow.lines.table as PgTable)
    .where(
      and(
        eq(col(flow.lines, 'tenantId'), auth.tenantId),
        eq(col(flow.lines, 'isDeleted'), 0),
        eq(col(flow.lines, 'invalid'), '0'),
        inArray(
          col(flow.lines, 'headerId'),
          bills.map((b) => b.id as string),
        ),
      ),
    )
    .orderBy(asc(col(flow.lines, 'lineNumber')), asc(col(flow.lines, 'id')))) as Row[];
  const out: BillLine[] = [];
  for (const bill of bills) {
    if (!text(bill.customerCode)) throw badRequest('bill.ownerMissing', { bill: String(bill.billNo) });
    const own = rows.filter((line) => line.headerId === bill.id);
    if (own.length === 0) throw badRequest('bill.noLines', { bill: String(bill.billNo) });
    for (const [index, line] of own.entries()) {
      const number = typeof line.lineNumber === 'number' ? line.lineNumber : index + 1;
      const qty = toUnits(line.qty);
      if (qty <= 0n) throw badRequest('bill.lineQty', { bill: String(bill.billNo), line: number });
      out.push({ bill, line, number, qty });
    }
  }
  return out;
}

const statusOf = (bill: Row) => text(bill.stockType) || '1';

/** What a shortage says, naming bill, line, material, batch, place and owner. */
function shortageParams(
  language: Language,
  movement: Pick<Movement, 'billNo' | 'lineNumber' | 'key'>,
  key: Partial<StockKey> = movement.key,
): MessageParams {
  const any = translate('ledger.any', language);
  return {
    bill: movement.billNo,
    line: movement.lineNumber,
    material: movement.key.materialCode,
    batch: text(key.batchNo) || any,
    place: text(key.warehousePlaceCode) || any,
    owner: movement.key.customerCode,
  };
}

const negativeShortage =
  (language: Language): Shortage =>
  (movement) => ({ key: 'ledger.negative', params: shortageParams(language, movement) });

/** Inbound lines become stream rows into the key the line names, received on the bill date. */
function inboundMovements(lines: BillLine[]): Movement[] {
  return lines.map(({ bill, line, number, qty }) => ({
    key: {
      customerCode: text(bill.customerCode),
      materialCode: text(line.materialCode),
      batchNo: text(line.batchNo),
      customerBatchNo: text(line.customerBatchNo),
      warehousePlaceCode: text(line.warehousePlaceCode),
      barcode: text(line.barcode),
      packspecCode: text(line.packspecCode),
      stockStatus: statusOf(bill),
    },
    qty,
    weg: toUnits(line.weg),
    qtyWeg: toUnits(line.qtyWeg),
    board: toUnits(line.board),
    volume: toUnits(line.volume),
    billType: inbound.name,
    billNo: String(bill.billNo),
    lineNumber: number,
    direction: '1',
    instockStatus: '1',
    outstockStatus: null,
    streamStatus: '1',
    unitCode: text(line.unitCode) || null,
    instockDate: text(bill.billDate) || null,
    productDate: text(line.productDate) || null,
    validityDate: text(line.validityDate) || null,
  }));
}

/** Key parts an outbound line may pin; the rest are free for the allocation to choose. */
const pinnable = ['batchNo', 'customerBatchNo', 'warehousePlaceCode', 'barcode', 'packspecCode'] as const;

/** Pick-down rules of the strategy dictionary (strategyRule) the allocation knows. */
type PickRule = 'fifo' | 'fefo' | 'lifo';

/** Earlier dates first; goods without the date after those with one. */
const dates = (x: string | null, y: string | null) =>
  x === y ? 0 : x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;

/**
 * The order a line takes balances in, by its material's pick-down strategy: FIFO by inbound
 * date, LIFO (latest inbound first), or FEFO by validity then inbound date, which is also the
 * default (no strategy, or a rule about locations rather than dates). Key order breaks ties.
 */
function pickOrder(rule: PickRule) {
  return (a: Balance, b: Balance): number => {
    if (rule === 'fifo') return dates(a.instockDate, b.instockDate) || compareKeys(a, b);
    if (rule === 'lifo') return dates(b.instockDate, a.instockDate) || compareKeys(a, b);
    return dates(a.validityDate, b.validityDate) || dates(a.instockDate, b.instockDate) || compareKeys(a, b);
  };
}

/** The pick-down rule of each material named, from its downshelfStrategyCode (type 2 strategies). */
async function pickRules(tx: Tx, auth: AuthContext, materials: string[]): Promise<Map<string, PickRule>> {
  if (materials.length === 0) return new Map();
  const rows = await queryRows<{ material: string; rule: string }>(
    tx,
    sql`select m.code as material, s.rule from bl_material m
        join bl_strategy s on s.tenant_id = m.tenant_id and s.code = m.downshelf_strategy_code
          and s.is_deleted = 0 and s.type = '2'
        where m.tenant_id = ${auth.tenantId} and m.is_deleted = 0
          and m.code in (${sql.join(
            materials.map((m) => sql`${m}`),
            sql`, `,
          )})`,
  );
  const byDictionary: Record<string, PickRule> = { '1': 'fifo', '2': 'fefo', '3': 'lifo' };
  return new Map(rows.map((r) => [r.material, byDictionary[r.rule] ?? 'fefo']));
}

/**
 * Picks stock for outbound lines: a line takes from the batch, place, barcode or pack spec it
 * names, else from any of the owner's stock of the bill's status (available by default),
 * FEFO then FIFO. Every candidate balance of every line is locked in one statement in key
 * order first, then the choice is made on the locked (current) amounts. Weights, pallets and
 * volume leave in proportion to the quantity taken, all of them with the last unit.
 */
async function allocate(
  tx: Tx,
  auth: AuthContext,
  lines: BillLine[],
  language: Language,
): Promise<Movement[]> {
  const groups = new Map<string, SQL>();
  for (const { bill, line } of lines) {
    const parts = [text(bill.customerCode), text(line.materialCode), statusOf(bill)];
    groups.set(parts.join('\u0000'), sql`(${parts[0]}, ${parts[1]}, ${parts[2]})`);
  }
  const candidates = await queryRows<{ id: string }>(
    tx,
    sql`select id::text as id from bl_stock
        where tenant_id = ${auth.tenantId} and is_deleted = 0 and qty > 0
          and (customer_code, material_code, stock_status) in (${sql.join([...groups.values()], sql`, `)})`,
  );
  const locked =
    candidates.length === 0
      ? []
      : await queryRows<Balance>(
          tx,
          sql`select ${balanceSelect} from bl_stock
              where id in (${sql.join(
                candidates.map((c) => sql`${c.id}::bigint`),
                sql`, `,
              )})
              order by ${keyOrderSql()} for update`,
        );
  const left = new Map<string, Amounts>(
    locked.map((b) => [
      b.id,
      {
        qty: toUnits(b.qty),
        weg: toUnits(b.weg),
        qtyWeg: toUnits(b.qtyWeg),
        board: toUnits(b.board),
        volume: toUnits(b.volume),
      },
    ]),
  );
  const rules = await pickRules(tx, auth, [...new Set(lines.map(({ line }) => text(line.materialCode)))]);
  const movements: Movement[] = [];
  for (const { bill, line, number, qty } of lines) {
    const owner = text(bill.customerCode);
    const material = text(line.materialCode);
    const status = statusOf(bill);
    const pins = pinnable.filter((field) => text(line[field]) !== '');
    const fits = locked
      .filter(
        (b) =>
          b.customerCode === owner &&
          b.materialCode === material &&
          b.stockStatus === status &&
          pins.every((field) => b[field] === text(line[field])) &&
          (left.get(b.id)?.qty ?? 0n) > 0n,
      )
      .sort(pickOrder(rules.get(material) ?? 'fefo'));
    const available = fits.reduce((sum, b) => sum + (left.get(b.id)?.qty ?? 0n), 0n);
    if (available < qty) {
      const key: Partial<StockKey> = Object.fromEntries(pins.map((field) => [field, text(line[field])]));
      const named = {
        billNo: String(bill.billNo),
        lineNumber: number,
        key: { ...key, customerCode: owner, materialCode: material } as StockKey,
      };
      throw badRequest('ledger.notEnough', {
        ...shortageParams(language, named, key),
        need: display(qty),
        available: display(available),
      });
    }
    let need = qty;
    for (const balance of fits) {
      if (need === 0n) break;
      const rest = left.get(balance.id) as Amounts;
      const take = minUnits(need, rest.qty);
      const taken: Amounts = { qty: take, weg: 0n, qtyWeg: 0n, board: 0n, volume: 0n };
      for (const field of amountFields) {
        if (field === 'qty') continue;
        taken[field] = take === rest.qty ? rest[field] : proportion(rest[field], take, rest.qty);
      }
      for (const field of amountFields) rest[field] -= taken[field];
      need -= take;
      movements.push({
        key: {
          customerCode: balance.customerCode,
          materialCode: balance.materialCode,
          batchNo: balance.batchNo,
          customerBatchNo: balance.customerBatchNo,
          warehousePlaceCode: balance.warehousePlaceCode,
          barcode: balance.barcode,
          packspecCode: balance.packspecCode,
          stockStatus: balance.stockStatus,
        },
        qty: -taken.qty,
        weg: -taken.weg,
        qtyWeg: -taken.qtyWeg,
        board: -taken.board,
        volume: -taken.volume,
        billType: outbound.name,
        billNo: String(bill.billNo),
        lineNumber: number,
        direction: '2',
        instockStatus: null,
        outstockStatus: '1',
        streamStatus: '1',
        unitCode: balance.unitCode,
        // The dates of the goods taken travel with them, so an un-review puts them back as they were.
        instockDate: balance.instockDate,
        productDate: balance.productDate,
        validityDate: balance.validityDate,
      });
    }
  }
  return movements;
}

/** Posts the bills (already locked) as one posting and marks them posted. */
async function post(
  tx: Tx,
  flow: BillFlow,
  auth: AuthContext,
  bills: Row[],
  language: Language,
  review: boolean,
): Promise<Row[]> {
  for (const bill of bills) {
    if (text(bill.streamStatus) === '1' || text(bill.isReview) === '2')
      throw badRequest('bill.alreadyPosted', { bill: String(bill.billNo) });
  }
  const lines = await linesOf(tx, flow, auth, bills);
  await countQuotes(tx, flow.name, auth, lines, 1);
  const movements =
    flow.direction === 'in' ? inboundMovements(lines) : await allocate(tx, auth, lines, language);
  await postMovements(tx, auth, movements, negativeShortage(language));
  const table = flow.header.table as PgTable;
  return (await tx
    .update(table)
    .set({
      streamStatus: '1',
      // An outbound bill whose stock has left is confirmed: sorting and loading follow (ADR 0008).
      ...(flow.direction === 'out' && { state: '1' }),
      ...(review && { isReview: '2', auditUser: auth.userName || auth.account, auditTime: new Date() }),
      updateUser: auth.userId,
      updateTime: new Date(),
      version: sql`${col(flow.header, 'version')} + 1`,
    })
    .where(
      inArray(
        col(flow.header, 'id'),
        bills.map((b) => b.id as string),
      ),
    )
    .returning()) as Row[];
}

/** Review of bills needing it: posts them, all or nothing; answers how many. */
export async function reviewBills(
  tx: Tx,
  flow: BillFlow,
  auth: AuthContext,
  ids: string[],
  language: Language,
): Promise<number> {
  const bills = await lockBills(tx, flow, auth, ids, language);
  return (await post(tx, flow, auth, bills, language, true)).length;
}

/**
 * Un-review: writes the counter-rows of every posted stream row of the bills and marks both
 * reversed; the bills need review again. An inbound bill whose goods have since left (the
 * balance no longer holds them) is refused, naming the line.
 */
export async function unreviewBills(
  tx: Tx,
  flow: BillFlow,
  auth: AuthContext,
  ids: string[],
  language: Language,
): Promise<number> {
  const bills = await lockBills(tx, flow, auth, ids, language);
  for (const bill of bills) {
    if (text(bill.streamStatus) !== '1') throw badRequest('bill.notPosted', { bill: String(bill.billNo) });
  }
  if (flow.direction === 'out') await refuseSorted(tx, auth, bills);
  await countQuotes(tx, flow.name, auth, await linesOf(tx, flow, auth, bills), -1);
  const stream = await postedStream(
    tx,
    auth.tenantId,
    flow.name,
    bills.map((b) => String(b.billNo)),
  );
  const movements: Movement[] = stream.map((row) => ({
    key: {
      customerCode: row.customerCode,
      materialCode: row.materialCode,
      batchNo: row.batchNo,
      customerBatchNo: row.customerBatchNo,
      warehousePlaceCode: row.warehousePlaceCode,
      barcode: row.barcode,
      packspecCode: row.packspecCode,
      stockStatus: row.stockStatus,
    },
    qty: -toUnits(row.qty),
    weg: -toUnits(row.weg),
    qtyWeg: -toUnits(row.qtyWeg),
    board: -toUnits(row.board),
    volume: -toUnits(row.volume),
    billType: flow.name,
    billNo: row.billNo,
    lineNumber: row.lineNumber,
    direction: row.direction === '1' ? '2' : '1',
    instockStatus: row.instockStatus === '1' || row.instockStatus === '2' ? row.instockStatus : null,
    outstockStatus: row.outstockStatus === '1' || row.outstockStatus === '2' ? row.outstockStatus : null,
    streamStatus: '2',
    unitCode: row.unitCode,
    instockDate: row.instockDate,
    productDate: row.productDate,
    validityDate: row.validityDate,
  }));
  await postMovements(tx, auth, movements, (movement) => ({
    key: 'bill.unreviewUsed',
    params: shortageParams(language, movement),
  }));
  await markReversed(
    tx,
    auth,
    stream.map((row) => row.streamId),
  );
  await tx
    .update(flow.header.table as PgTable)
    .set({
      isReview: '1',
      streamStatus: '0',
      ...(flow.direction === 'out' && { state: '0' }),
      auditUser: null,
      auditTime: null,
      updateUser: auth.userId,
      updateTime: new Date(),
      version: sql`${col(flow.header, 'version')} + 1`,
    })
    .where(
      inArray(
        col(flow.header, 'id'),
        bills.map((b) => b.id as string),
      ),
    );
  return bills.length;
}

/** An outbound bill on a live sorting bill is being handled: its stock cannot come back. */
async function refuseSorted(tx: Tx, auth: AuthContext, bills: Row[]) {
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

/** After a submit: a bill that needs no review (isReview 0) posts now, in the same transaction. */
export async function postIfNoReview(
  tx: Tx,
  flow: BillFlow,
  auth: AuthContext,
  saved: Row,
  language: Language,
): Promise<void> {
  if (text(saved.isReview) !== '0' || text(saved.streamStatus) === '1') return;
  const bills = await lockBills(tx, flow, auth, [saved.id as string], language);
  const [posted] = await post(tx, flow, auth, bills, language, false);
  if (posted)
    Object.assign(saved, {
      streamStatus: posted.streamStatus,
      version: posted.version,
      updateTime: posted.updateTime,
    });
}

/**
 * Keeps the header totals (quantity, weight in kg, pallets, volume, amount) as the sums of
 * the bill's valid lines, computed in SQL; answers them for the submit's answer.
 */
export async function refreshTotals(
  tx: Tx,
  flow: Pick<BillFlow, 'header' | 'lines'>,
  auth: AuthContext,
  saved: Row,
): Promise<void> {
  const header = sql.raw(flow.header.tableName);
  const lines = sql.raw(flow.lines.tableName);
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
