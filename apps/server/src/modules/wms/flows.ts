import type { Language } from '@bl/contract';
import { recordSchema } from '@bl/entities';
import { type EntityDefinition, entityByName } from '@bl/entities/registry';
import { getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Tx } from '../../db/database.ts';
import { type Row, submitRecord } from '../../engine/crud.ts';
import { fromUnits, toUnits } from '../../engine/decimal.ts';
import { describeIssues } from '../../engine/issues.ts';
import type { AuthContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { postedStream } from '../ledger/index.ts';
import { nextSerial } from '../system/index.ts';
import { lockBills, outbound, refreshTotals } from './bills.ts';
import { outboundReservation } from './reservations.ts';

/**
 * The steps after an outbound bill's stock has left (docs/adr/0008-stock-ledger.md):
 * sorting (stocksortingbill), loading (loadbill), and the delivery notice (DN) that starts it
 * all. None of them moves the ledger; they move the bills' states:
 * - outbound: 0 new → review (stock leaves) 1 confirmed → sorting made 2 in progress → loaded 3 completed;
 * - sorting: 0 new → review (sorted and checked) 1 confirmed → its outbound loaded 3 completed;
 * - loading: 0 new → review (loaded) 3 completed;
 * - DN: dnState 0 awaiting → receive 1 / receive in advance 2, each making the outbound reservation.
 */
interface Document {
  header: EntityDefinition;
  lines: EntityDefinition;
}

function documentOf(name: string): Document {
  const header = entityByName.get(name);
  const lines = header?.children[0]?.entity();
  if (!header || !lines) throw new Error(`${name} is not in the catalogue`);
  return { header, lines };
}

export const sorting = documentOf('stocksortingbill');
export const loading = documentOf('loadbill');
export const notice = documentOf('osnoticedeliverybill');

const col = (entity: EntityDefinition, name: string) =>
  (getTableColumns(entity.table) as Record<string, PgColumn>)[name] as PgColumn;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());
const today = () => new Date().toISOString().slice(0, 10);
const names = (bills: Row[]) =>
  sql.join(
    bills.map((b) => sql`${String(b.billNo)}`),
    sql`, `,
  );

async function setStates(tx: Tx, entity: EntityDefinition, auth: AuthContext, ids: string[], values: Row) {
  if (ids.length === 0) return;
  await tx
    .update(entity.table as PgTable)
    .set({
      ...values,
      updateUser: auth.userId,
      updateTime: new Date(),
      version: sql`${col(entity, 'version')} + 1`,
    })
    .where(inArray(col(entity, 'id'), ids));
}

/** The bill number of a made bill: the tenant's serial of the entity when one is set up, else `fallback`. */
async function billNoFor(tx: Tx, auth: AuthContext, entity: string, fallback: () => Promise<string>) {
  return (await nextSerial(tx, auth.tenantId, entity)) ?? (await fallback());
}

/** Creates a bill with its lines through the engine (checks, audit log), then its totals. */
async function create(tx: Tx, document: Document, auth: AuthContext, body: Row, language: Language) {
  const saved = await submitRecord(tx, document.header, auth, body, language);
  await refreshTotals(tx, document, auth, saved);
  return saved;
}

/**
 * Sorting: one sorting bill per reviewed outbound bill, with a line per balance its
 * allocation took from (material, batch, place…), reason shipment. The outbound bill is then
 * in progress and cannot be un-reviewed until the sorting bill is deleted.
 */
export async function sortOutbound(tx: Tx, auth: AuthContext, bills: Row[], language: Language) {
  const [existing] = await queryRows<{ bill: string; sorting: string }>(
    tx,
    sql`select apply_no as bill, bill_no as sorting from bl_stocksortingbill
        where tenant_id = ${auth.tenantId} and is_deleted = 0 and apply_no in (${names(bills)}) limit 1`,
  );
  if (existing) throw badRequest('sorting.exists', existing);
  for (const bill of bills) {
    const billNo = String(bill.billNo);
    const stream = await postedStream(tx, auth.tenantId, outbound.name, [billNo]);
    const details = stream.map((row, index) => ({
      lineNumber: index + 1,
      applyCode: billNo,
      applyLineNumber: row.lineNumber,
      materialCode: row.materialCode,
      batchNo: row.batchNo || null,
      customerBatchNo: row.customerBatchNo || null,
      warehousePlaceCode: row.warehousePlaceCode || null,
      barcode: row.barcode || null,
      packspecCode: row.packspecCode || null,
      unitCode: row.unitCode,
      qty: fromUnits(-toUnits(row.qty)),
      weg: fromUnits(-toUnits(row.weg)),
      qtyWeg: fromUnits(-toUnits(row.qtyWeg)),
      board: fromUnits(-toUnits(row.board)),
      volume: fromUnits(-toUnits(row.volume)),
    }));
    const sortingNo = await billNoFor(tx, auth, sorting.header.name, async () => {
      const [{ made } = { made: 0 }] = await queryRows<{ made: number }>(
        tx,
        sql`select count(*)::int as made from bl_stocksortingbill
            where tenant_id = ${auth.tenantId} and apply_no = ${billNo}`,
      );
      return `${billNo}-S${made + 1}`;
    });
    await create(
      tx,
      sorting,
      auth,
      {
        billNo: sortingNo,
        billDate: today(),
        customerCode: bill.customerCode,
        warehouseCode: bill.warehouseCode,
        warehouseAreaCode: bill.warehouseAreaCode,
        applyNo: billNo,
        reason: '1',
        details,
      },
      language,
    );
  }
  await setStates(
    tx,
    outbound.header,
    auth,
    bills.map((b) => b.id as string),
    { state: '2' },
  );
  return bills.length;
}

/** The outbound bills (locked, id order) named by sorting bills or loading lines. */
async function outboundsNamed(tx: Tx, auth: AuthContext, billNos: string[]) {
  if (billNos.length === 0) return [];
  return (await tx
    .select()
    .from(outbound.header.table as PgTable)
    .where(
      sql`${col(outbound.header, 'tenantId')} = ${auth.tenantId} and ${col(outbound.header, 'isDeleted')} = 0
          and ${inArray(col(outbound.header, 'billNo'), billNos)}`,
    )
    .orderBy(col(outbound.header, 'id'))
    .for('update')) as Row[];
}

/** The live loading bill carrying one of the outbound bills, if any. */
async function loadingOf(tx: Tx, auth: AuthContext, billNos: string[]) {
  if (billNos.length === 0) return undefined;
  const [found] = await queryRows<{ bill: string; loading: string; state: string }>(
    tx,
    sql`select l.apply_code as bill, h.bill_no as loading, h.state from bl_loadbilldetail l
        join bl_loadbill h on h.id = l.header_id and h.is_deleted = 0
        where l.tenant_id = ${auth.tenantId} and l.is_deleted = 0 and l.apply_code in (${sql.join(
          billNos.map((n) => sql`${n}`),
          sql`, `,
        )}) limit 1`,
  );
  return found;
}

/** A sorting bill is un-reviewed only while its outbound bill is on no loading bill. */
export async function refuseOnLoading(tx: Tx, auth: AuthContext, bills: Row[]) {
  const loaded = await loadingOf(
    tx,
    auth,
    bills.map((b) => text(b.applyNo)),
  );
  if (loaded) throw badRequest('sorting.onLoading', loaded);
}

/** The vehicle fields a loading bill takes from the load action's form or the outbound bills. */
const vehicleFields = ['carNo', 'driverName', 'driverPhone'] as const;

/**
 * Loading: one loading bill for the chosen outbound bills, each sorted (its sorting bill
 * reviewed) and on no other loading bill, all for the same vehicle. The vehicle is the one the
 * load dialog gives (`vehicle`, the action's form, issue 29 pt 7), written on the loading bill
 * only, since a posted outbound bill is locked; without a plate given, the plate the outbound
 * bills carry (the flow engine has refused a bill with neither). Its lines are the sorting lines,
 * naming the outbound bill and line.
 */
export async function loadOutbound(
  tx: Tx,
  auth: AuthContext,
  bills: Row[],
  language: Language,
  vehicle: Row,
) {
  const sortings = (await tx
    .select()
    .from(sorting.header.table as PgTable)
    .where(
      sql`${col(sorting.header, 'tenantId')} = ${auth.tenantId} and ${col(sorting.header, 'isDeleted')} = 0
          and ${inArray(
            col(sorting.header, 'applyNo'),
            bills.map((b) => String(b.billNo)),
          )}`,
    )) as Row[];
  for (const bill of bills) {
    const sorted = sortings.find((s) => s.applyNo === bill.billNo);
    if (!sorted || text(sorted.state) !== '1')
      throw badRequest('loading.notSorted', { bill: String(bill.billNo) });
  }
  const onLoading = await loadingOf(
    tx,
    auth,
    bills.map((b) => String(b.billNo)),
  );
  if (onLoading) throw badRequest('loading.exists', onLoading);
  const given = text(vehicle.carNo) !== '';
  const plates = [...new Set(bills.map((b) => text(given ? vehicle.carNo : b.carNo)))];
  if (plates.length > 1) throw badRequest('loading.cars', { cars: plates.join(', ') });
  const sortingLines = (await tx
    .select()
    .from(sorting.lines.table as PgTable)
    .where(
      sql`${col(sorting.lines, 'tenantId')} = ${auth.tenantId} and ${col(sorting.lines, 'isDeleted')} = 0
          and ${col(sorting.lines, 'invalid')} = '0' and ${inArray(
            col(sorting.lines, 'headerId'),
            sortings.map((s) => s.id as string),
          )}`,
    )
    .orderBy(col(sorting.lines, 'applyCode'), col(sorting.lines, 'lineNumber'))) as Row[];
  const fields = [
    'applyCode',
    'applyLineNumber',
    'materialCode',
    'batchNo',
    'customerBatchNo',
    'warehousePlaceCode',
    'barcode',
    'packspecCode',
    'unitCode',
    'qty',
    'weg',
    'qtyWeg',
    'board',
    'volume',
  ];
  const details = sortingLines.map((line, index) => ({
    lineNumber: index + 1,
    ...Object.fromEntries(fields.map((f) => [f, line[f] ?? null])),
  }));
  const owners = [...new Set(bills.map((b) => text(b.customerCode)))];
  const first = bills[0] as Row;
  const loadNo = await billNoFor(tx, auth, loading.header.name, async () => {
    const prefix = `ZC${today().replaceAll('-', '')}`;
    const [{ made } = { made: 0 }] = await queryRows<{ made: number }>(
      tx,
      sql`select count(*)::int as made from bl_loadbill where tenant_id = ${auth.tenantId} and bill_no like ${`${prefix}%`}`,
    );
    return `${prefix}${String(made + 1).padStart(4, '0')}`;
  });
  const saved = await create(
    tx,
    loading,
    auth,
    {
      billNo: loadNo,
      billDate: today(),
      // A vehicle may carry several owners' goods; the header names the owner when there is one.
      customerCode: owners.length === 1 ? owners[0] : null,
      warehouseCode: first.warehouseCode,
      ...Object.fromEntries(vehicleFields.map((f) => [f, (given ? vehicle[f] : first[f]) ?? null])),
      details,
    },
    language,
  );
  return { id: String(saved.id), billNo: String(saved.billNo) };
}

/**
 * Loaded (or back on the dock): the outbound bills the loading bills carry are completed (or
 * in progress again) and their sorting bills with them; a loaded bill without times started
 * and ended now.
 */
export async function loadingEffects(tx: Tx, auth: AuthContext, bills: Row[], load: boolean) {
  const lines = await queryRows<{ applyCode: string }>(
    tx,
    sql`select distinct apply_code as "applyCode" from bl_loadbilldetail
        where tenant_id = ${auth.tenantId} and is_deleted = 0 and invalid = '0' and apply_code is not null
          and header_id in (${sql.join(
            bills.map((b) => sql`${b.id as string}::bigint`),
            sql`, `,
          )})`,
  );
  const outbounds = await outboundsNamed(
    tx,
    auth,
    lines.map((l) => l.applyCode),
  );
  const now = new Date();
  for (const bill of bills) {
    // The dock may not have kept the times: loading then started and ended now.
    const times = {
      ...(load && !bill.actualStartTime && { actualStartTime: now }),
      ...(load && !bill.actualEndTime && { actualEndTime: now }),
    };
    if (Object.keys(times).length > 0) await setStates(tx, loading.header, auth, [bill.id as string], times);
  }
  await setStates(
    tx,
    outbound.header,
    auth,
    outbounds.map((b) => b.id as string),
    { state: load ? '3' : '2' },
  );
  if (outbounds.length > 0)
    await tx.execute(
      sql`update bl_stocksortingbill set state = ${load ? '3' : '1'}, version = version + 1,
            update_user = ${auth.userId}::bigint, update_time = now()
          where tenant_id = ${auth.tenantId} and is_deleted = 0 and apply_no in (${names(outbounds)})`,
    );
}

/**
 * Receiving a delivery notice makes the outbound reservation from it, confirmed (the DN is the
 * owner's instruction), lines quoting the DN lines. A normal receipt needs the owner's stock
 * of every line at hand; receiving in advance (after the user confirmed) takes the DN before
 * the goods are in, so the reservation waits for them.
 */
export async function receiveNotices(
  tx: Tx,
  auth: AuthContext,
  bills: Row[],
  language: Language,
  advance: boolean,
) {
  const lines = (await tx
    .select()
    .from(notice.lines.table as PgTable)
    .where(
      sql`${col(notice.lines, 'tenantId')} = ${auth.tenantId} and ${col(notice.lines, 'isDeleted')} = 0
          and ${col(notice.lines, 'invalid')} = '0' and ${inArray(
            col(notice.lines, 'headerId'),
            bills.map((b) => b.id as string),
          )}`,
    )
    .orderBy(col(notice.lines, 'lineNumber'), col(notice.lines, 'id'))) as Row[];
  const made: string[] = [];
  for (const bill of bills) {
    const billNo = String(bill.billNo);
    if (!text(bill.customerCode)) throw badRequest('bill.ownerMissing', { bill: billNo });
    const own = lines.filter((l) => l.headerId === bill.id);
    if (own.length === 0) throw badRequest('bill.noLines', { bill: billNo });
    const details = own.map((line, index) => {
      const number = typeof line.lineNumber === 'number' ? line.lineNumber : index + 1;
      if (toUnits(line.qty) <= 0n) throw badRequest('bill.lineQty', { bill: billNo, line: number });
      return {
        lineNumber: number,
        applyCode: billNo,
        applyLineNumber: number,
        materialCode: line.materialCode,
        batchNo: line.batchNo,
        customerBatchNo: line.customerBatchNo,
        unitCode: line.unitCode,
        packspecCode: line.packspecCode,
        price: line.price,
        qty: line.qty,
        weg: line.weg,
        qtyWeg: line.qtyWeg,
        board: line.board,
        volume: line.volume,
      };
    });
    if (!advance) {
      for (const line of details) {
        const [stock] = await queryRows<{ qty: string }>(
          tx,
          sql`select coalesce(sum(qty), 0)::text qty from bl_stock
              where tenant_id = ${auth.tenantId} and is_deleted = 0 and stock_status = '1'
                and customer_code = ${text(bill.customerCode)} and material_code = ${text(line.materialCode)}
                and (${text(line.batchNo)} = '' or batch_no = ${text(line.batchNo)})`,
        );
        if (toUnits(stock?.qty) < toUnits(line.qty))
          throw badRequest('notice.noStock', {
            bill: billNo,
            line: line.lineNumber,
            material: text(line.materialCode),
          });
      }
    }
    const saved = await create(
      tx,
      { header: outboundReservation.header, lines: outboundReservation.lines },
      auth,
      {
        billNo: await billNoFor(tx, auth, outboundReservation.name, async () => `${billNo}-R`),
        billDate: today(),
        customerCode: bill.customerCode,
        agreementCode: bill.agreementCode,
        warehouseCode: bill.warehouseCode,
        outTransferType: '1',
        consigneeName: bill.consigneeName,
        consigneePhone: bill.consigneePhone,
        consigneeAddress: bill.consigneeAddress,
        remark: text(bill.customerBillNo) || null,
        details,
      },
      language,
    );
    await setStates(tx, outboundReservation.header, auth, [saved.id as string], {
      state: '1',
      auditUser: auth.userName || auth.account,
      auditTime: new Date(),
    });
    made.push(String(saved.billNo));
  }
  await setStates(
    tx,
    notice.header,
    auth,
    bills.map((b) => b.id as string),
    { receiveTime: new Date() },
  );
  return made;
}

const timeFields = ['planStartTime', 'planEndTime', 'actualStartTime', 'actualEndTime'] as const;

/**
 * Loading time upkeep (loadbillTimeEdit): the planned and actual start and end of a loading
 * bill, in any state (the dock often writes them down after loading); an end before its start
 * is refused.
 */
export async function keepLoadingTimes(
  tx: Tx,
  auth: AuthContext,
  body: Partial<Record<(typeof timeFields)[number], string | null>> & { id: string },
  language: Language,
) {
  const [bill] = await lockBills(tx, loading, auth, [body.id], language);
  const fields = loading.header.fields.filter((f) => (timeFields as readonly string[]).includes(f.name));
  const input = Object.fromEntries(timeFields.map((f) => [f, body[f] ?? null]));
  const parsed = recordSchema(fields, language, { partial: true }).safeParse(input);
  if (!parsed.success) throw badRequest('error.validation', { detail: describeIssues(parsed.error.issues) });
  const times = parsed.data as Record<(typeof timeFields)[number], Date | null | undefined>;
  const before = (a: Date | null | undefined, b: Date | null | undefined) =>
    a instanceof Date && b instanceof Date && b.getTime() < a.getTime();
  if (before(times.planStartTime, times.planEndTime) || before(times.actualStartTime, times.actualEndTime))
    throw badRequest('loading.timeOrder', { bill: String(bill?.billNo) });
  await setStates(
    tx,
    loading.header,
    auth,
    [body.id],
    Object.fromEntries(timeFields.map((f) => [f, times[f] ?? null])),
  );
  return { id: body.id };
}
