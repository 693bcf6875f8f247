import type { Language } from '@bl/contract';
import { type Posting, type Source, type StockKeyPart, stockKeyParts } from '@bl/entities';
import type { EntityDefinition } from '@bl/entities/registry';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Tx } from '../../db/database.ts';
import { idsIn, preparedSql } from '../../db/prepared.ts';
import { tableRows } from '../../db/rows.ts';
import type { Row } from '../../engine/crud.ts';
import { display, minUnits, proportion, toUnits } from '../../engine/decimal.ts';
import type { AuthContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { type MessageParams, translate } from '../../i18n/messages.ts';
import {
  type Amounts,
  amountFields,
  type Balance,
  balanceSelect,
  compareKeys,
  keyOrderSql,
  type Movement,
  markReversed,
  namedStockParams,
  postedStream,
  postMovements,
  type Shortage,
  type StockKey,
} from './ledger.ts';

/**
 * Declared postings (packages/entities flow.ts `postings`, docs/adr/0016-bill-flows.md) turned
 * into ledger movements: one code path for every stock-moving bill. Several bills at a time
 * are one posting, so their balances are locked once, in key order, all or nothing. The
 * ledger (ledger.ts) stays the only code that writes balances and stream rows.
 */

const col = (entity: EntityDefinition, name: string) =>
  (getTableColumns(entity.table) as Record<string, PgColumn>)[name] as PgColumn;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());
const has = (entity: EntityDefinition, field: string) => entity.fields.some((f) => f.name === field);

/** A line of a bill as a posting reads it. */
export interface PostedLine {
  bill: Row;
  line: Row;
  /** The line's number as the bill shows it (its own, else its position). */
  number: number;
  /** The signed quantity the posting moves, in units of 1/10 000. */
  qty: bigint;
  /** The stock key the line names (out: the parts it pins; empty parts are free). */
  key: StockKey;
  posting: Posting;
}

/** The line entity a posting reads. */
export function postingLines(header: EntityDefinition, posting: Posting): EntityDefinition {
  const child =
    posting.lines === undefined ? header.children[0] : header.children.find((c) => c.key === posting.lines);
  if (!child) throw new Error(`${header.name}: no lines ${posting.lines ?? '(first)'}`);
  return child.entity();
}

/** Where each key part comes from when the posting does not say. */
function defaultSource(header: EntityDefinition, lines: EntityDefinition, part: StockKeyPart): Source {
  if (part === 'customerCode') return { header: 'customerCode' };
  if (part === 'stockStatus') return has(header, 'stockType') ? { header: 'stockType' } : { value: '1' };
  return has(lines, part) ? { line: part } : { value: '' };
}

const read = (source: Source, bill: Row, line: Row) =>
  'value' in source ? source.value : 'line' in source ? text(line[source.line]) : text(bill[source.header]);

/** The key of a line by the posting's sources; an empty status means available (1). */
function keyOf(
  header: EntityDefinition,
  lines: EntityDefinition,
  sources: Posting['key'],
  bill: Row,
  line: Row,
): StockKey {
  const key = Object.fromEntries(
    stockKeyParts.map((part) => [
      part,
      read(sources?.[part] ?? defaultSource(header, lines, part), bill, line),
    ]),
  ) as unknown as StockKey;
  if (key.stockStatus === '') key.stockStatus = '1';
  return key;
}

/**
 * The valid lines of the bills for one posting, bill then line order. Each bill needs an
 * owner and at least one line; quantities must be above zero, except a signed (adjust) posting,
 * which skips lines without a difference.
 */
async function linesFor(
  tx: Tx,
  header: EntityDefinition,
  posting: Posting,
  auth: AuthContext,
  bills: Row[],
): Promise<PostedLine[]> {
  const lines = postingLines(header, posting);
  const qtyField = posting.qty ?? 'qty';
  // Built and mapped without drizzle's select builder, run as a prepared statement (the bills as
  // one array parameter keep its text the same for any number of them): ADR 0028.
  const table = tableRows(lines.table as PgTable);
  const rows = (
    await preparedSql<Record<string, unknown>>(
      tx,
      sql`select ${table.columns} from ${lines.table}
          where ${col(lines, 'tenantId')} = ${auth.tenantId} and ${col(lines, 'isDeleted')} = 0
            ${has(lines, 'invalid') ? sql`and ${col(lines, 'invalid')} = '0'` : sql``}
            and ${idsIn(
              col(lines, 'headerId'),
              bills.map((b) => b.id as string),
            )}
          order by ${has(lines, 'lineNumber') ? sql`${col(lines, 'lineNumber')}, ` : sql``}${col(lines, 'id')}`,
    )
  ).map(table.map) as Row[];
  const out: PostedLine[] = [];
  for (const bill of bills) {
    const billNo = String(bill[header.titleField] ?? bill.id);
    const owner = posting.key?.customerCode ?? defaultSource(header, lines, 'customerCode');
    if ('header' in owner && !text(bill[owner.header]))
      throw badRequest('bill.ownerMissing', { bill: billNo });
    const own = rows.filter((line) => line.headerId === bill.id);
    if (own.length === 0) throw badRequest('bill.noLines', { bill: billNo });
    for (const [index, line] of own.entries()) {
      const number = typeof line.lineNumber === 'number' ? line.lineNumber : index + 1;
      const key = keyOf(header, lines, posting.key, bill, line);
      if (!key.customerCode) throw badRequest('bill.ownerMissing', { bill: billNo });
      const qty = toUnits(line[qtyField]);
      if (posting.kind === 'adjust' || posting.optional) {
        if (qty === 0n) continue;
        if (qty < 0n && posting.kind !== 'adjust')
          throw badRequest('bill.lineQty', { bill: billNo, line: number });
      } else if (qty <= 0n) throw badRequest('bill.lineQty', { bill: billNo, line: number });
      out.push({ bill, line, number, qty, key, posting });
    }
  }
  return out;
}

/** The lines of the bills as their first posting reads them (what un-review counts back). */
export async function billLines(
  tx: Tx,
  header: EntityDefinition,
  auth: AuthContext,
  bills: Row[],
): Promise<PostedLine[]> {
  const [posting] = header.flow?.postings ?? [];
  return posting ? linesFor(tx, header, posting, auth, bills) : [];
}

/** What a shortage says, naming bill, line, material, batch, place and owner. */
export function shortageParams(
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

interface Stamp {
  billType: string;
  billNo: string;
  lineNumber: number;
}

/**
 * A movement into a key, dated by the bill. A line posting its own quantity brings its weight,
 * pallets and volume along; a signed difference (a count gain) brings the quantity only.
 */
function arrival(posted: PostedLine, stamp: Stamp, dateField: string | undefined): Movement {
  const { bill, line, qty, key, posting } = posted;
  const own = (posting.qty ?? 'qty') === 'qty';
  const amount = (field: string) => (own ? toUnits(line[field]) : 0n);
  return {
    key,
    qty,
    weg: amount('weg'),
    qtyWeg: amount('qtyWeg'),
    board: amount('board'),
    volume: amount('volume'),
    ...stamp,
    direction: '1',
    instockStatus: posting.fee,
    outstockStatus: null,
    streamStatus: '1',
    unitCode: text(line.unitCode) || null,
    instockDate: (dateField && text(bill[dateField])) || null,
    productDate: text(line.productDate) || null,
    validityDate: text(line.validityDate) || null,
  };
}

/** Key parts an out line may pin; the rest of the key (owner, material, status) it names. */
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

/** A taking from one balance: the key and the amounts (positive) taken. */
interface Taking {
  posted: PostedLine;
  balance: Balance;
  taken: Amounts;
}

/**
 * Picks stock for lines that take goods out: a line takes from the batch, place, barcode or
 * pack spec it names, else from any of the owner's stock of the status, by the material's
 * pick-down rule. Every candidate balance of every line is locked in one statement in key
 * order first, then the choice is made on the locked (current) amounts, so two lines of one
 * posting never count the same goods twice. Weights, pallets and volume leave in proportion
 * to the quantity taken, all of them with the last unit. An exact line (a count loss) pins
 * every part of its key.
 */
async function allocate(
  tx: Tx,
  auth: AuthContext,
  lines: PostedLine[],
  language: Language,
  exact: boolean,
): Promise<Taking[]> {
  if (lines.length === 0) return [];
  const groups = new Map<string, SQL>();
  for (const { key } of lines) {
    const parts = [key.customerCode, key.materialCode, key.stockStatus];
    groups.set(parts.join('\u0000'), sql`(${parts[0]}, ${parts[1]}, ${parts[2]})`);
  }
  // One statement: the candidates are locked as the sort emits them (LockRows above Sort), so in
  // key order like every other statement that locks balances.
  const locked = await queryRows<Balance>(
    tx,
    sql`select ${balanceSelect} from bl_stock
        where tenant_id = ${auth.tenantId} and is_deleted = 0 and qty > 0
          and (customer_code, material_code, stock_status) in (${sql.join([...groups.values()], sql`, `)})
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
  const rules = await pickRules(tx, auth, [...new Set(lines.map(({ key }) => key.materialCode))]);
  const takings: Taking[] = [];
  for (const posted of lines) {
    const { key, number } = posted;
    const qty = posted.qty < 0n ? -posted.qty : posted.qty;
    const pins = pinnable.filter((field) => exact || key[field] !== '');
    const fits = locked
      .filter(
        (b) =>
          b.customerCode === key.customerCode &&
          b.materialCode === key.materialCode &&
          b.stockStatus === key.stockStatus &&
          pins.every((field) => b[field] === key[field]) &&
          (left.get(b.id)?.qty ?? 0n) > 0n,
      )
      .sort(pickOrder(rules.get(key.materialCode) ?? 'fefo'));
    const available = fits.reduce((sum, b) => sum + (left.get(b.id)?.qty ?? 0n), 0n);
    if (available < qty) {
      const pinned: Partial<StockKey> = Object.fromEntries(pins.map((field) => [field, key[field]]));
      const named = { billNo: String(posted.bill.billNo ?? posted.bill.id), lineNumber: number, key };
      throw badRequest(
        'ledger.notEnough',
        await namedStockParams(tx, auth.tenantId, {
          ...shortageParams(language, named, pinned),
          need: display(qty),
          available: display(available),
        }),
      );
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
      takings.push({ posted, balance, taken });
    }
  }
  return takings;
}

const balanceKey = (b: Balance): StockKey =>
  Object.fromEntries(stockKeyParts.map((part) => [part, b[part]])) as unknown as StockKey;

/** The movement out of the balance a taking drew from, the goods' dates travelling with them. */
function departure(taking: Taking, stamp: Stamp): Movement {
  const { balance, taken, posted } = taking;
  return {
    key: balanceKey(balance),
    qty: -taken.qty,
    weg: -taken.weg,
    qtyWeg: -taken.qtyWeg,
    board: -taken.board,
    volume: -taken.volume,
    ...stamp,
    direction: '2',
    instockStatus: null,
    outstockStatus: posted.posting.fee,
    streamStatus: '1',
    unitCode: balance.unitCode,
    instockDate: balance.instockDate,
    productDate: balance.productDate,
    validityDate: balance.validityDate,
  };
}

/** The same goods arriving at the key with the parts of `to` changed (a move). */
function redirected(taking: Taking, out: Movement): Movement {
  const { posted } = taking;
  const key = { ...out.key };
  for (const [part, source] of Object.entries(posted.posting.to ?? {}) as [StockKeyPart, Source][]) {
    key[part] = read(source, posted.bill, posted.line);
  }
  if (key.stockStatus === '') key.stockStatus = '1';
  return {
    ...out,
    key,
    qty: -out.qty,
    weg: -out.weg,
    qtyWeg: -out.qtyWeg,
    board: -out.board,
    volume: -out.volume,
    direction: '1',
    instockStatus: posted.posting.fee,
    outstockStatus: null,
  };
}

/**
 * Posts the bills (already locked by the caller) by the header's declared postings, as one
 * posting: every line of every posting checked first, then one call to the ledger.
 * Answers the lines posted (what quote counters and the like need).
 */
export async function postBills(
  tx: Tx,
  header: EntityDefinition,
  auth: AuthContext,
  bills: Row[],
  language: Language,
  postings: readonly Posting[] = header.flow?.postings ?? [],
): Promise<PostedLine[]> {
  const dateField = has(header, 'billDate') ? 'billDate' : undefined;
  const movements: Movement[] = [];
  const all: PostedLine[] = [];
  for (const posting of postings) {
    const lines = await linesFor(tx, header, posting, auth, bills);
    all.push(...lines);
    const stampOf = (p: PostedLine): Stamp => ({
      billType: header.name,
      billNo: String(p.bill[header.titleField] ?? p.bill.id),
      lineNumber: p.number,
    });
    if (posting.kind === 'in') {
      movements.push(...lines.map((p) => arrival(p, stampOf(p), dateField)));
      continue;
    }
    if (posting.kind === 'adjust') {
      // Gains arrive at the key; losses leave from exactly that key.
      movements.push(...lines.filter((p) => p.qty > 0n).map((p) => arrival(p, stampOf(p), dateField)));
      const losses = await allocate(
        tx,
        auth,
        lines.filter((p) => p.qty < 0n),
        language,
        true,
      );
      movements.push(...losses.map((t) => departure(t, stampOf(t.posted))));
      continue;
    }
    const takings = await allocate(tx, auth, lines, language, false);
    for (const taking of takings) {
      const out = departure(taking, stampOf(taking.posted));
      movements.push(out);
      if (posting.kind === 'move') movements.push(redirected(taking, out));
    }
  }
  await postMovements(tx, auth, movements, negativeShortage(language));
  return all;
}

/**
 * Reverses every stream row the bills posted: writes the counter-rows and marks both reversed.
 * Goods that have since left (the balance no longer holds them) refuse it, naming the line.
 */
export async function reverseBills(
  tx: Tx,
  header: EntityDefinition,
  auth: AuthContext,
  bills: Row[],
  language: Language,
  /** Written on the bills' reversed vouchers (ADR 0040): the voucher screen's remark, or the action's name. */
  remark: string | null = null,
): Promise<void> {
  const stream = await postedStream(
    tx,
    auth.tenantId,
    header.name,
    bills.map((b) => String(b[header.titleField] ?? b.id)),
  );
  const movements: Movement[] = stream.map((row) => ({
    key: balanceKey(row),
    qty: -toUnits(row.qty),
    weg: -toUnits(row.weg),
    qtyWeg: -toUnits(row.qtyWeg),
    board: -toUnits(row.board),
    volume: -toUnits(row.volume),
    billType: header.name,
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
  await postMovements(
    tx,
    auth,
    movements,
    (movement) => ({ key: 'bill.unreviewUsed', params: shortageParams(language, movement) }),
    { remark },
  );
  await markReversed(
    tx,
    auth,
    stream.map((row) => row.streamId),
  );
}
