import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import { preparedRows } from '../../db/prepared.ts';
import { fromUnits } from '../../engine/decimal.ts';
import type { AuthContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { requireMovementClass } from './movement-classes.ts';
import { type VoucherRow, vouchersOf } from './vouchers.ts';

/**
 * The stock ledger (ARCHITECTURE.md "Data model rules", docs/adr/0008-stock-ledger.md): every
 * posting writes signed stock stream rows and moves the balances of their keys in the caller's
 * transaction, so `balance = sum(stream)` holds for every key and a refusal leaves nothing.
 */

/** The ledger key of a balance: '' where a part does not apply (no batch, no place…). */
export interface StockKey {
  customerCode: string;
  materialCode: string;
  batchNo: string;
  customerBatchNo: string;
  warehousePlaceCode: string;
  barcode: string;
  packspecCode: string;
  stockStatus: string;
}

export const keyFields = [
  'customerCode',
  'materialCode',
  'batchNo',
  'customerBatchNo',
  'warehousePlaceCode',
  'barcode',
  'packspecCode',
  'stockStatus',
] as const satisfies readonly (keyof StockKey)[];

const keyColumns: Record<keyof StockKey, string> = {
  customerCode: 'customer_code',
  materialCode: 'material_code',
  batchNo: 'batch_no',
  customerBatchNo: 'customer_batch_no',
  warehousePlaceCode: 'warehouse_place_code',
  barcode: 'barcode',
  packspecCode: 'packspec_code',
  stockStatus: 'stock_status',
};

/** Signed amounts of a movement, in units of 1/10 000 (decimal.ts). */
export interface Amounts {
  qty: bigint;
  weg: bigint;
  qtyWeg: bigint;
  board: bigint;
  volume: bigint;
}
export const amountFields = ['qty', 'weg', 'qtyWeg', 'board', 'volume'] as const;

/** One stream row to write: where, how much (signed), and which bill line caused it. */
export interface Movement extends Amounts {
  key: StockKey;
  billType: string;
  billNo: string;
  lineNumber: number;
  /** 1 in (+), 2 out (−). */
  direction: '1' | '2';
  /** 1 counts toward the inbound / outbound fee, 2 conversion without fee (spec 02 §4). */
  instockStatus: '1' | '2' | null;
  outstockStatus: '1' | '2' | null;
  /** 1 posted, 2 a reversal (and the rows it reversed). */
  streamStatus: '1' | '2';
  unitCode: string | null;
  /** YYYY-MM-DD: when the goods came in, were made, and stay good until. */
  instockDate: string | null;
  productDate: string | null;
  validityDate: string | null;
}

/** What a refusal says when a key would go below zero, built for the movement that did it. */
export type Shortage = (movement: Movement) => { key: MessageKey; params: Record<string, string | number> };

/** The master tables naming the codes a stock refusal speaks of, by parameter. */
const namedParams = { material: 'bl_material', owner: 'bl_customer', place: 'bl_warehouseplace' } as const;

/**
 * The parameters of a stock refusal with its material, owner and place named as a person knows
 * them ("M001 奶油饼干", issue 29 point 14), in one query on the failure path only. A code with
 * no record (or no name) stays as it is, as does anything else ("any" place, bill, quantities).
 */
export async function namedStockParams(
  tx: Tx,
  tenantId: string,
  params: Record<string, string | number>,
): Promise<Record<string, string | number>> {
  const asked = Object.entries(namedParams).flatMap(([param, table]) => {
    const code = params[param];
    return typeof code === 'string' && code !== ''
      ? [
          sql`select ${param}::text as param, name from ${sql.raw(table)}
              where tenant_id = ${tenantId} and is_deleted = 0 and code = ${code}`,
        ]
      : [];
  });
  if (asked.length === 0) return params;
  const rows = await queryRows<{ param: string; name: string | null }>(tx, sql.join(asked, sql` union all `));
  const named = { ...params };
  for (const { param, name } of rows) {
    const code = String(params[param]);
    if (name && name !== code) named[param] = `${code} ${name}`;
  }
  return named;
}

/** The total order every posting locks balances in: each key part compared byte by byte. */
export function compareKeys(a: StockKey, b: StockKey): number {
  for (const field of keyFields) {
    // Most parts of two keys of a posting are equal (owner, status…): only a differing part is
    // encoded to compare its bytes.
    if (a[field] === b[field]) continue;
    return Buffer.compare(Buffer.from(a[field]), Buffer.from(b[field]));
  }
  return 0;
}

export const keyText = (key: StockKey) => keyFields.map((f) => key[f]).join('\u0000');

/** `ORDER BY` of the same total order in SQL: the "C" collation compares bytes too. */
export const keyOrderSql = (alias = ''): SQL =>
  sql.raw(keyFields.map((f) => `${alias}${keyColumns[f]} collate "C"`).join(', '));

/** A balance row as the ledger reads it (amounts and dates as text, never floats). */
export interface Balance extends StockKey {
  id: string;
  qty: string;
  weg: string;
  qtyWeg: string;
  board: string;
  volume: string;
  unitCode: string | null;
  instockDate: string | null;
  productDate: string | null;
  validityDate: string | null;
}

export const balanceSelect = sql.raw(
  [
    'id::text as "id"',
    ...keyFields.map((f) => `${keyColumns[f]} as "${f}"`),
    'qty::text as "qty"',
    'weg::text as "weg"',
    'qty_weg::text as "qtyWeg"',
    'board::text as "board"',
    'volume::text as "volume"',
    'unit_code as "unitCode"',
    `to_char(instock_date, 'YYYY-MM-DD') as "instockDate"`,
    `to_char(product_date, 'YYYY-MM-DD') as "productDate"`,
    `to_char(validity_date, 'YYYY-MM-DD') as "validityDate"`,
  ].join(', '),
);

const keyTuple = (key: StockKey) =>
  sql`(${sql.join(
    keyFields.map((f) => sql`${key[f]}`),
    sql`, `,
  )})`;
const keyColumnList = sql.raw(`(${keyFields.map((f) => keyColumns[f]).join(', ')})`);
/** The columns of `bl_stock_key_uq`, for `on conflict`. */
const keyColumnListWithTenant = sql.raw(`(tenant_id, ${keyFields.map((f) => keyColumns[f]).join(', ')})`);

/**
 * Locks the balances of these keys, in key order, and answers them by key. Missing keys are
 * simply absent. Taking every lock of a posting in one statement sorted by the total order
 * is what keeps concurrent postings from deadlocking.
 */
export async function lockBalances(
  tx: Tx,
  tenantId: string,
  keys: StockKey[],
): Promise<Map<string, Balance>> {
  if (keys.length === 0) return new Map();
  const rows = await queryRows<Balance>(
    tx,
    sql`select ${balanceSelect} from bl_stock
        where tenant_id = ${tenantId} and is_deleted = 0
          and ${keyColumnList} in (${sql.join(keys.map(keyTuple), sql`, `)})
        order by ${keyOrderSql()} for update`,
  );
  return new Map(rows.map((row) => [keyText(row), row]));
}

/**
 * Creates the missing balances of these keys at zero, in key order (two postings creating the
 * same keys wait for each other instead of deadlocking). Balances are born at zero and then
 * moved like any other, so postMovements' update is the only place amounts change.
 */
async function createBalances(tx: Tx, auth: AuthContext, keys: StockKey[]): Promise<void> {
  if (keys.length === 0) return;
  const values = keys.map(
    (key) =>
      sql`(${nextId()}::bigint, ${auth.tenantId}, ${auth.userId}::bigint, now(), ${auth.userId}::bigint, now(), ${sql.join(
        keyFields.map((f) => sql`${key[f]}`),
        sql`, `,
      )})`,
  );
  await tx.execute(
    sql`insert into bl_stock (id, tenant_id, create_user, create_time, update_user, update_time,
          ${sql.raw(keyFields.map((f) => keyColumns[f]).join(', '))})
        values ${sql.join(values, sql`, `)}
        on conflict ${keyColumnListWithTenant} where is_deleted = 0 do nothing`,
  );
}

/**
 * Holds the balances of these keys for the rest of the transaction, creating the missing ones
 * at zero first so that goods arriving at an empty key wait too (a count compares against a
 * book nobody can change until it has posted). Answers them by key, locked in key order.
 */
export async function holdBalances(
  tx: Tx,
  auth: AuthContext,
  keys: StockKey[],
): Promise<Map<string, Balance>> {
  const sorted = [...new Map(keys.map((key) => [keyText(key), key])).values()].sort(compareKeys);
  await createBalances(tx, auth, sorted);
  return lockBalances(tx, auth.tenantId, sorted);
}

/**
 * The key parts as a `json_to_recordset` column list (all varchar), named as `StockKey`'s
 * fields: the JSON rows carry a key as it is, without renaming its fields per row.
 */
const keyRecordColumns = keyFields.map((f) => `"${f}" varchar`).join(', ');
const keyRecordNames = keyFields.map((f) => `"${f}"`).join(', ');
const keyColumnNames = keyFields.map((f) => keyColumns[f]).join(', ');
const keyReturning = keyFields.map((f) => `s.${keyColumns[f]} as "${f}"`).join(', ');

/**
 * The whole of a posting as one statement (ADR 0028): the balances of every key upserted in key
 * order (a key that receives goods is created when missing; the row lock of the upsert is the
 * posting's lock, taken in the same total order as every other posting, so concurrent postings
 * wait instead of deadlocking), the summed deltas applied, and the stream rows inserted; it
 * answers, per key, the balance id, whether the statement created it and whether any amount is
 * now below zero. Keys and stream rows travel as two JSON parameters rather than one
 * parameter per value: the text is built once, the same for every posting, and runs as a
 * prepared statement. The same statement writes the posting's stock vouchers (ADR 0040): one
 * header per bill ($7), one item per stream row (the stream JSON rows carry their voucher).
 * Parameters: $1 keys (JSON), $2 stream rows (JSON), $3 tenant, $4 user, $5 the stream time,
 * $6 the user's department (or null), $7 vouchers (JSON), $8 who posts (name).
 */
const postingStatement = `with k as (
    select * from json_to_recordset($1::json) as k(ord int, id bigint, ${keyRecordColumns},
      qty numeric, weg numeric, qty_weg numeric, board numeric, volume numeric,
      instock_date date, product_date date, validity_date date, unit_code varchar)
  ), b as (
    insert into bl_stock as s (id, tenant_id, create_user, create_time, update_user, update_time,
      ${keyColumnNames}, qty, weg, qty_weg, board, volume, instock_date, product_date, validity_date, unit_code)
    select id, $3::varchar, $4::bigint, now(), $4::bigint, now(), ${keyRecordNames},
      qty, weg, qty_weg, board, volume, instock_date, product_date, validity_date, unit_code
    from k order by ord
    on conflict (tenant_id, ${keyColumnNames}) where is_deleted = 0 do update set
      qty = s.qty + excluded.qty, weg = s.weg + excluded.weg, qty_weg = s.qty_weg + excluded.qty_weg,
      board = s.board + excluded.board, volume = s.volume + excluded.volume,
      instock_date = case when excluded.instock_date is null then s.instock_date
        when s.qty <= 0 or s.instock_date is null then excluded.instock_date
        else least(s.instock_date, excluded.instock_date) end,
      product_date = case when excluded.product_date is null then s.product_date
        when s.qty <= 0 or s.product_date is null then excluded.product_date
        else least(s.product_date, excluded.product_date) end,
      validity_date = case when excluded.validity_date is null then s.validity_date
        when s.qty <= 0 or s.validity_date is null then excluded.validity_date
        else least(s.validity_date, excluded.validity_date) end,
      unit_code = coalesce(s.unit_code, excluded.unit_code),
      update_user = $4::bigint, update_time = now(), version = s.version + 1
    returning s.id::text as id, ${keyReturning},
      (s.qty < 0 or s.weg < 0 or s.qty_weg < 0 or s.board < 0 or s.volume < 0) as short
  ), r as (
    select * from json_to_recordset($2::json) as r(id bigint, bill_no varchar, bill_type varchar, line_number int,
      ${keyRecordColumns}, unit_code varchar, qty numeric, weg numeric, qty_weg numeric, board numeric,
      volume numeric, instock_date date, product_date date, validity_date date, direction varchar,
      instock_status varchar, outstock_status varchar, stream_status varchar,
      voucher_id bigint, voucher_no varchar, voucher_type varchar, item_id bigint, item_no int)
  ), m as (
    insert into bl_stockstream (id, tenant_id, create_user, create_dept, create_time, update_user,
      update_time, bill_no, bill_type, line_number, ${keyColumnNames}, unit_code,
      qty, weg, qty_weg, board, volume, instock_date, product_date, validity_date,
      direction, instock_status, outstock_status, stream_status, stream_time)
    select id, $3::varchar, $4::bigint, $6::bigint, $5::timestamptz, $4::bigint, $5::timestamptz,
      bill_no, bill_type, line_number, ${keyRecordNames}, unit_code,
      qty, weg, qty_weg, board, volume, instock_date, product_date, validity_date,
      direction, instock_status, outstock_status, stream_status, $5::timestamptz
    from r
  ), vh as (
    select * from json_to_recordset($7::json) as vh(id bigint, bill_no varchar, apply_no varchar,
      source_bill_type varchar, voucher_type varchar, customer_code varchar, remark varchar)
  ), v as (
    insert into bl_voucherbill (id, tenant_id, create_user, create_dept, create_time, update_user, update_time,
      bill_no, bill_date, customer_code, apply_no, source_bill_type, voucher_type,
      total_qty, total_weg, total_board, total_volume, remark, audit_user, audit_time)
    select vh.id, $3::varchar, $4::bigint, $6::bigint, $5::timestamptz, $4::bigint, $5::timestamptz,
      vh.bill_no, ($5::timestamptz at time zone 'UTC')::date, vh.customer_code, vh.apply_no, vh.source_bill_type,
      vh.voucher_type,
      greatest(coalesce(sum(r.qty) filter (where r.direction = '1'), 0), -coalesce(sum(r.qty) filter (where r.direction = '2'), 0)),
      greatest(coalesce(sum(r.qty_weg) filter (where r.direction = '1'), 0), -coalesce(sum(r.qty_weg) filter (where r.direction = '2'), 0)),
      greatest(coalesce(sum(r.board) filter (where r.direction = '1'), 0), -coalesce(sum(r.board) filter (where r.direction = '2'), 0)),
      greatest(coalesce(sum(r.volume) filter (where r.direction = '1'), 0), -coalesce(sum(r.volume) filter (where r.direction = '2'), 0)),
      vh.remark,
      -- A voucher is confirmed by the posting that writes it: who posted, and when.
      $8::varchar, $5::timestamptz
    from vh join r on r.voucher_id = vh.id
    group by vh.id, vh.bill_no, vh.customer_code, vh.apply_no, vh.source_bill_type, vh.voucher_type, vh.remark
  ), vi as (
    insert into bl_voucheritem (id, tenant_id, create_user, create_dept, create_time, update_user, update_time,
      header_id, bill_no, line_number, apply_line_number, ${keyColumnNames}, unit_code,
      qty, weg, qty_weg, board, volume, direction, stream_id, voucher_type)
    select item_id, $3::varchar, $4::bigint, $6::bigint, $5::timestamptz, $4::bigint, $5::timestamptz,
      voucher_id, voucher_no, item_no, line_number, ${keyRecordNames}, unit_code,
      qty, weg, qty_weg, board, volume, direction, id, voucher_type
    from r
  )
  select * from b`;

/**
 * Marks the live vouchers of the bills an un-review reverses, and their items, reversed
 * (ADR 0040): state 1, the remark, time and user. Each mirror voucher of the posting then names
 * the vouchers it reverses in its remark. One statement.
 */
const reverseVoucherStatement = `with vh as (
    select * from json_to_recordset($1::json) as vh(apply_no varchar, source_bill_type varchar)
  ), off as (
    update bl_voucherbill as o set voucher_off_state = '1', voucher_off_remark = $3::varchar,
      voucher_off_time = $4::timestamptz, voucher_off_user = $5::varchar, update_user = $6::bigint,
      update_time = $4::timestamptz, version = o.version + 1
    from vh
    where o.tenant_id = $2::varchar and o.is_deleted = 0 and o.apply_no = vh.apply_no
      and o.source_bill_type = vh.source_bill_type and o.voucher_off_state = '0' and o.voucher_type <> '6'
    returning o.id, o.bill_no, o.apply_no, o.source_bill_type
  ), items as (
    update bl_voucheritem as oi set voucher_off_state = '1', voucher_off_remark = $3::varchar,
      voucher_off_time = $4::timestamptz, voucher_off_user = $5::varchar, update_user = $6::bigint,
      update_time = $4::timestamptz, version = oi.version + 1
    from off
    where oi.tenant_id = $2::varchar and oi.header_id = off.id and oi.is_deleted = 0
    returning oi.id
  )
  select apply_no as "applyNo", source_bill_type as "billType",
    string_agg(bill_no, ', ' order by id) as "numbers"
  from off group by apply_no, source_bill_type`;

async function reverseVouchers(
  tx: Tx,
  auth: AuthContext,
  vouchers: VoucherRow[],
  now: Date,
  remark: string | null,
): Promise<void> {
  const mirrors = vouchers.filter((v) => v.reverses);
  const rows = await preparedRows<{ applyNo: string; billType: string; numbers: string }>(
    tx,
    reverseVoucherStatement,
    [
      JSON.stringify(mirrors.map((v) => ({ apply_no: v.apply_no, source_bill_type: v.source_bill_type }))),
      auth.tenantId,
      remark === null ? null : remark.slice(0, 255),
      now.toISOString(),
      auth.userName || auth.account,
      auth.userId,
    ],
  );
  for (const mirror of mirrors)
    mirror.remark =
      rows.find((r) => r.applyNo === mirror.apply_no && r.billType === mirror.source_bill_type)?.numbers ??
      null;
}

/**
 * Writes the movements: creates missing balances of keys that receive goods, locks every
 * touched balance in key order, applies the summed deltas, refuses with `shortage` if any
 * amount of any key would go below zero (or a key that only loses goods has no balance), and
 * writes one stream row per movement: one statement, one round trip (ADR 0028). Runs in the
 * caller's transaction: a refusal throws, and the caller's rollback undoes everything.
 */
export async function postMovements(
  tx: Tx,
  auth: AuthContext,
  movements: Movement[],
  shortage: Shortage,
  /** What a reversal writes on the vouchers it reverses (the remark asked, else the action's name). */
  reversal: { remark: string | null } = { remark: null },
): Promise<void> {
  if (movements.length === 0) return;
  for (const m of movements) requireMovementClass(m.billType);
  const now = new Date();
  const totals = new Map<
    string,
    Amounts & {
      key: StockKey;
      first: Movement;
      firstOut: Movement | undefined;
      incoming: Movement | undefined;
      receives: boolean;
    }
  >();
  for (const m of movements) {
    const text = keyText(m.key);
    let total = totals.get(text);
    if (!total) {
      total = {
        qty: 0n,
        weg: 0n,
        qtyWeg: 0n,
        board: 0n,
        volume: 0n,
        key: m.key,
        first: m,
        firstOut: undefined,
        incoming: undefined,
        receives: false,
      };
      totals.set(text, total);
    }
    for (const field of amountFields) total[field] += m[field];
    if (amountFields.some((f) => m[f] > 0n)) total.receives = true;
    if (m.qty < 0n && !total.firstOut) total.firstOut = m;
    if (m.qty > 0n && !total.incoming) total.incoming = m;
  }
  const keys = [...totals.values()].sort((a, b) => compareKeys(a.key, b.key));
  // A balance is born with what arrives (as if created at zero and then moved); one that still
  // holds goods keeps the earliest dates, so FIFO / FEFO stay conservative. Zero balances stay:
  // they keep the key's dates and history.
  const created = new Map<string, string>();
  const keyRows = keys.map((total, ord) => {
    const id = nextId();
    created.set(id, keyText(total.key));
    const { incoming } = total;
    return {
      ord,
      id,
      ...total.key,
      qty: fromUnits(total.qty),
      weg: fromUnits(total.weg),
      qty_weg: fromUnits(total.qtyWeg),
      board: fromUnits(total.board),
      volume: fromUnits(total.volume),
      instock_date: incoming?.instockDate ?? null,
      product_date: incoming?.productDate ?? null,
      validity_date: incoming?.validityDate ?? null,
      unit_code: incoming?.unitCode ?? null,
    };
  });
  const { vouchers, stamps } = vouchersOf(movements);
  // An un-review's own statement, before the posting (a rare one: a review pays nothing for it).
  if (vouchers.some((v) => v.reverses)) await reverseVouchers(tx, auth, vouchers, now, reversal.remark);
  const streamRows = movements.map((m, index) => ({
    ...stamps[index],
    id: nextId(),
    bill_no: m.billNo,
    bill_type: m.billType,
    line_number: m.lineNumber,
    ...m.key,
    unit_code: m.unitCode,
    qty: fromUnits(m.qty),
    weg: fromUnits(m.weg),
    qty_weg: fromUnits(m.qtyWeg),
    board: fromUnits(m.board),
    volume: fromUnits(m.volume),
    instock_date: m.instockDate,
    product_date: m.productDate,
    validity_date: m.validityDate,
    direction: m.direction,
    instock_status: m.instockStatus,
    outstock_status: m.outstockStatus,
    stream_status: m.streamStatus,
  }));
  const rows = await preparedRows<StockKey & { id: string; short: boolean }>(tx, postingStatement, [
    JSON.stringify(keyRows),
    JSON.stringify(streamRows),
    auth.tenantId,
    auth.userId,
    now.toISOString(),
    auth.deptId || null,
    JSON.stringify(vouchers),
    auth.userName || auth.account,
  ]);
  const byKey = new Map(rows.map((row) => [keyText(row), row]));
  const refuse = async (total: (typeof keys)[number]): Promise<never> => {
    const { key: message, params } = shortage(total.firstOut ?? total.first);
    throw badRequest(message, await namedStockParams(tx, auth.tenantId, params));
  };
  // As before the statement was one: a key that only loses goods and had no balance first
  // (there is nothing there to take), then the first key, in key order, left below zero.
  for (const total of keys) {
    const row = byKey.get(keyText(total.key));
    if (!row || (!total.receives && created.get(row.id) === keyText(total.key))) await refuse(total);
  }
  for (const total of keys) if (byKey.get(keyText(total.key))?.short) await refuse(total);
}

/** The posted stream rows of bills, locked, oldest first: what an un-review takes back. */
export async function postedStream(
  tx: Tx,
  tenantId: string,
  billType: string,
  billNos: string[],
): Promise<
  (Balance & {
    streamId: string;
    billNo: string;
    lineNumber: number;
    direction: string;
    instockStatus: string | null;
    outstockStatus: string | null;
  })[]
> {
  if (billNos.length === 0) return [];
  return queryRows(
    tx,
    sql`select ${balanceSelect}, id::text as "streamId", bill_no as "billNo", line_number as "lineNumber",
          direction, instock_status as "instockStatus", outstock_status as "outstockStatus"
        from bl_stockstream
        where tenant_id = ${tenantId} and is_deleted = 0 and bill_type = ${billType}
          and bill_no in (${sql.join(
            billNos.map((n) => sql`${n}`),
            sql`, `,
          )}) and stream_status = '1'
        order by id for update`,
  );
}

/** Marks stream rows as reversed (their counter-rows are written with streamStatus 2). */
export async function markReversed(tx: Tx, auth: AuthContext, streamIds: string[]): Promise<void> {
  if (streamIds.length === 0) return;
  await tx.execute(
    sql`update bl_stockstream set stream_status = '2', update_user = ${auth.userId}::bigint,
          update_time = now(), version = version + 1
        where tenant_id = ${auth.tenantId} and id in (${sql.join(
          streamIds.map((id) => sql`${id}::bigint`),
          sql`, `,
        )})`,
  );
}

/**
 * Of these material codes, the ones `owner` holds stock of now (a balance above zero): goods it
 * received from another owner by an owner transfer stay the other owner's material, and this is
 * what lets it ship them on (issue 29 pt 5, ADR 0038). One query.
 */
export async function heldMaterials(
  tx: Tx,
  auth: AuthContext,
  owner: string,
  codes: string[],
): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await queryRows<{ material: string }>(
    tx,
    sql`select distinct material_code as material from bl_stock
        where tenant_id = ${auth.tenantId} and is_deleted = 0 and customer_code = ${owner}
          and qty > 0 and material_code in (${sql.join(
            codes.map((code) => sql`${code}`),
            sql`, `,
          )})`,
  );
  return new Set(rows.map((row) => row.material));
}
