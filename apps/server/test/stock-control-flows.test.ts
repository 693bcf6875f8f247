import { entityByName } from '@bl/entities/registry';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres, queryRows } from '../src/db/database.ts';
import { testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { ledgerProblems } from './support/ledger.ts';
import { client, masterData, nextBillNo } from './support/wms.ts';

type Row = Record<string, unknown> & { id: string; version: number };
type Line = Record<string, unknown>;

const path = (entity: string) => entityByName.get(entity)?.path as string;

/** The API of one signed-in administrator, with the helpers the flows share. */
function flows(app: FastifyInstance, token: () => string, database: () => Database) {
  const api = client(app, token);
  const dated = (entity: string) =>
    entityByName.get(entity)?.fields.some((field) => field.name === 'billDate');
  // Bills are dated; the tests name the date only where it matters.
  const submit = (entity: string, payload: Line, language = 'en') =>
    api.call('POST', `${path(entity)}/submit`, {
      payload: dated(entity) && !('id' in payload) ? { billDate: '2026-03-02', ...payload } : payload,
      language,
    });
  const must = async (entity: string, payload: Line) => {
    const answer = await submit(entity, payload);
    if (!answer.success) throw new Error(`${entity}: ${answer.msg}`);
    return answer.data as Row;
  };
  const act = (entity: string, action: string, ids: string[], language = 'en') =>
    api.call('POST', `${path(entity)}/${action}`, { query: { ids: ids.join(',') }, language });
  const ok = async (entity: string, action: string, ids: string[]) => {
    const answer = await act(entity, action, ids);
    if (!answer.success) throw new Error(`${entity}/${action}: ${answer.msg}`);
    return answer.data;
  };
  const numbered = (lines: Line[]) => lines.map((line, index) => ({ lineNumber: index + 1, ...line }));
  /** Goods received and posted at once (isReview 0). */
  const received = (lines: Line[], extra: Line = {}) =>
    must('isinstockbill', {
      billNo: nextBillNo('IN'),
      billDate: '2026-03-01',
      customerCode: 'C1',
      type: '2',
      isReview: '0',
      ...extra,
      details: numbered(lines),
    });
  /** The balance of a key (quantity as text), '0' when there is none. */
  const balance = async (key: {
    material: string;
    batch: string;
    place: string;
    status?: string;
    owner?: string;
  }) => {
    const [row] = await queryRows<{ qty: string }>(
      database().db,
      sql`select coalesce(sum(qty), 0)::float8::text qty from bl_stock
          where is_deleted = 0 and customer_code = ${key.owner ?? 'C1'} and material_code = ${key.material}
            and batch_no = ${key.batch} and warehouse_place_code = ${key.place}
            and stock_status = ${key.status ?? '1'}`,
    );
    return row?.qty ?? '0';
  };
  const stream = (billNo: string) =>
    queryRows<{
      direction: string;
      qty: string;
      place: string;
      status: string;
      owner: string;
      instock: string | null;
      outstock: string | null;
      validity: string | null;
    }>(
      database().db,
      sql`select direction, qty::float8::text qty, warehouse_place_code place, stock_status status,
                 customer_code owner, instock_status instock, outstock_status outstock,
                 to_char(validity_date, 'YYYY-MM-DD') validity
          from bl_stockstream where bill_no = ${billNo} and stream_status = '1' order by id`,
    );
  const header = async (entity: string, id: string) =>
    (await api.call('GET', `${path(entity)}/detail`, { query: { id } })).data as Row & {
      details?: Row[];
    };
  return { api, submit, must, act, ok, numbered, received, balance, stream, header };
}

describe.each(testDrivers())('stock-control flows on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let f: ReturnType<typeof flows>;
  let batch = 0;
  /** A batch of its own for each test, so balances never mix between tests. */
  const nextBatch = () => `B${++batch}`;

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    const admin = await tokensOf(app, '000000');
    f = flows(
      app,
      () => admin.accessToken,
      () => test.database,
    );
    await masterData(f.api.submit);
    await f.must('warehouse', { code: 'W2', name: '二号仓' });
    await f.must('warehousearea', { code: 'A2', name: 'B 区', warehouseCode: 'W2' });
    await f.must('warehouseplace', {
      code: 'P4',
      name: '库位 P4',
      warehouseAreaCode: 'A2',
      placeStatus: '1',
    });
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });
  afterEach(async () => {
    expect(await ledgerProblems(test.database)).toEqual([]);
  });

  it('a transfer moves place to place and status to status, reverses exactly and locks the bill', async () => {
    const b = nextBatch();
    await f.received([{ materialCode: 'M1', batchNo: b, warehousePlaceCode: 'P1', qty: '10', qtyWeg: '20' }]);
    const bill = await f.must('warehousetransferbill', {
      billNo: nextBillNo('TR'),
      billDate: '2026-03-02',
      customerCode: 'C1',
      details: f.numbered([
        {
          materialCode: 'M1',
          batchNo: b,
          warehousePlaceCode: 'P1',
          targetWarehousePlaceCode: 'P2',
          qty: '4',
        },
        {
          materialCode: 'M1',
          batchNo: b,
          warehousePlaceCode: 'P1',
          targetWarehousePlaceCode: 'P1',
          targetStockStatus: '3',
          qty: '1',
        },
      ]),
    });
    expect(bill.totalQty).toBe('5.0000');
    expect(await f.ok('warehousetransferbill', 'review', [bill.id])).toEqual({ reviewed: 1 });
    expect(await f.balance({ material: 'M1', batch: b, place: 'P1' })).toBe('5');
    expect(await f.balance({ material: 'M1', batch: b, place: 'P2' })).toBe('4');
    expect(await f.balance({ material: 'M1', batch: b, place: 'P1', status: '3' })).toBe('1');
    const rows = await f.stream(String(bill.billNo));
    expect(rows).toHaveLength(4);
    // A move is no receipt nor shipment: both sides carry "conversion without fee".
    expect(rows.every((r) => (r.direction === '1' ? r.instock : r.outstock) === '2')).toBe(true);
    const stored = await f.header('warehousetransferbill', bill.id);
    expect(stored).toMatchObject({ isReview: '2', streamStatus: '1' });
    expect(stored.auditUser).toBeTruthy();
    const edit = await f.submit('warehousetransferbill', {
      id: bill.id,
      version: stored.version,
      remark: 'x',
    });
    expect(edit.success).toBe(false);
    expect(await f.ok('warehousetransferbill', 'unreview', [bill.id])).toEqual({ unreviewed: 1 });
    expect(await f.balance({ material: 'M1', batch: b, place: 'P1' })).toBe('10');
    expect(await f.balance({ material: 'M1', batch: b, place: 'P2' })).toBe('0');
    const again = await f.header('warehousetransferbill', bill.id);
    expect(again).toMatchObject({ isReview: '1', streamStatus: '0', auditUser: null });
  });

  it('a transfer of more than is there is refused, naming material, batch and place, and leaves nothing', async () => {
    const b = nextBatch();
    await f.received([{ materialCode: 'M2', batchNo: b, warehousePlaceCode: 'P1', qty: '3' }]);
    const bill = await f.must('warehousetransferbill', {
      billNo: nextBillNo('TR'),
      customerCode: 'C1',
      details: f.numbered([
        {
          materialCode: 'M2',
          batchNo: b,
          warehousePlaceCode: 'P1',
          targetWarehousePlaceCode: 'P2',
          qty: '2',
        },
        {
          materialCode: 'M2',
          batchNo: b,
          warehousePlaceCode: 'P1',
          targetWarehousePlaceCode: 'P3',
          qty: '2',
        },
      ]),
    });
    const refused = await f.act('warehousetransferbill', 'review', [bill.id]);
    expect(refused.msg).toBe(
      `Bill ${bill.billNo} line 2: not enough stock of material M2 物料 M2 (batch: ${b}, place: P1 库位 P1) for owner C1 货主 C1; needs 2, available 1`,
    );
    expect(await f.stream(String(bill.billNo))).toEqual([]);
    expect(await f.balance({ material: 'M2', batch: b, place: 'P1' })).toBe('3');
    const zh = await f.act('warehousetransferbill', 'review', [bill.id], 'zh');
    expect(zh.msg).toContain(`物料 M2 物料 M2（批次 ${b}，库位 P1 库位 P1）`);
    const still = await f.must('warehousetransferbill', {
      billNo: nextBillNo('TR'),
      customerCode: 'C1',
      details: [
        {
          materialCode: 'M2',
          batchNo: b,
          warehousePlaceCode: 'P1',
          targetWarehousePlaceCode: 'P1',
          qty: '1',
        },
      ],
    });
    expect((await f.act('warehousetransferbill', 'review', [still.id])).msg).toBe(
      `Transfer ${still.billNo} line 1: material M2 batch ${b} would stay in place P1 with the same status; nothing to move`,
    );
  });

  it('an ownership transfer gives the goods to the other owner where they lie, batch and dates kept', async () => {
    const b = nextBatch();
    await f.received([
      { materialCode: 'M1', batchNo: b, warehousePlaceCode: 'P3', qty: '6', validityDate: '2027-01-31' },
    ]);
    const bill = await f.must('diversecustomertransferbill', {
      billNo: nextBillNo('DC'),
      customerCode: 'C1',
      targetCustomerCode: 'C2',
      details: [{ materialCode: 'M1', batchNo: b, warehousePlaceCode: 'P3', qty: '4' }],
    });
    await f.ok('diversecustomertransferbill', 'review', [bill.id]);
    expect(await f.balance({ material: 'M1', batch: b, place: 'P3' })).toBe('2');
    expect(await f.balance({ material: 'M1', batch: b, place: 'P3', owner: 'C2' })).toBe('4');
    const arrived = (await f.stream(String(bill.billNo))).find((r) => r.direction === '1');
    expect(arrived).toMatchObject({ owner: 'C2', place: 'P3', validity: '2027-01-31', instock: '2' });
    await f.ok('diversecustomertransferbill', 'unreview', [bill.id]);
    expect(await f.balance({ material: 'M1', batch: b, place: 'P3', owner: 'C2' })).toBe('0');
    const same = await f.must('diversecustomertransferbill', {
      billNo: nextBillNo('DC'),
      customerCode: 'C1',
      targetCustomerCode: 'C1',
      details: [{ materialCode: 'M1', batchNo: b, warehousePlaceCode: 'P3', qty: '1' }],
    });
    expect((await f.act('diversecustomertransferbill', 'review', [same.id], 'mo')).msg).toBe(
      `貨權轉移單 ${same.billNo}：轉入貨主與轉出貨主 C1 相同`,
    );
  });

  it('a loss writes the goods off with its reason and comes back on un-review', async () => {
    const b = nextBatch();
    await f.received([{ materialCode: 'M3', batchNo: b, warehousePlaceCode: 'P2', qty: '5' }]);
    const bill = await f.must('inventorylossbill', {
      billNo: nextBillNo('LOSS'),
      customerCode: 'C1',
      lossType: '1',
      lossReason: 'dropped by forklift',
      details: [{ materialCode: 'M3', batchNo: b, warehousePlaceCode: 'P2', qty: '3', price: '2.5' }],
    });
    expect(bill).toMatchObject({ totalQty: '3.0000', totalAmount: '7.50' });
    await f.ok('inventorylossbill', 'review', [bill.id]);
    expect(await f.balance({ material: 'M3', batch: b, place: 'P2' })).toBe('2');
    expect(await f.stream(String(bill.billNo))).toMatchObject([{ direction: '2', qty: '-3', outstock: '2' }]);
    const twice = await f.act('inventorylossbill', 'review', [bill.id]);
    expect(twice.msg).toBe(`Bill ${bill.billNo} has already been posted to stock; it cannot be posted twice`);
    await f.ok('inventorylossbill', 'unreview', [bill.id]);
    expect(await f.balance({ material: 'M3', batch: b, place: 'P2' })).toBe('5');
    const over = await f.must('inventorylossbill', {
      billNo: nextBillNo('LOSS'),
      customerCode: 'C1',
      lossType: '3',
      details: [{ materialCode: 'M3', batchNo: b, warehousePlaceCode: 'P2', qty: '9' }],
    });
    expect((await f.act('inventorylossbill', 'review', [over.id])).msg).toContain(
      `not enough stock of material M3 物料 M3 (batch: ${b}, place: P2 库位 P2)`,
    );
  });

  it('an inspection moves passed goods to available and failed ones to frozen', async () => {
    const b = nextBatch();
    await f.received([{ materialCode: 'M2', batchNo: b, warehousePlaceCode: 'P3', qty: '10' }], {
      stockType: '2',
    });
    const bill = await f.must('checkbill', {
      billNo: nextBillNo('QC'),
      customerCode: 'C1',
      checkType: '1',
      details: [
        {
          lineNumber: 1,
          materialCode: 'M2',
          batchNo: b,
          warehousePlaceCode: 'P3',
          qty: '10',
          passQty: '7',
          failQty: '3',
        },
      ],
    });
    await f.ok('checkbill', 'review', [bill.id]);
    expect(await f.balance({ material: 'M2', batch: b, place: 'P3', status: '2' })).toBe('0');
    expect(await f.balance({ material: 'M2', batch: b, place: 'P3', status: '1' })).toBe('7');
    expect(await f.balance({ material: 'M2', batch: b, place: 'P3', status: '3' })).toBe('3');
    const stored = await f.header('checkbill', bill.id);
    expect(stored).toMatchObject({ state: '3', checkResult: '2' });
    expect(stored.checkTime).toBeTruthy();
    await f.ok('checkbill', 'unreview', [bill.id]);
    expect(await f.balance({ material: 'M2', batch: b, place: 'P3', status: '2' })).toBe('10');
    const over = await f.must('checkbill', {
      billNo: nextBillNo('QC'),
      customerCode: 'C1',
      checkType: '1',
      details: [
        {
          lineNumber: 1,
          materialCode: 'M2',
          batchNo: b,
          warehousePlaceCode: 'P3',
          qty: '4',
          passQty: '4',
          failQty: '1',
        },
      ],
    });
    expect((await f.act('checkbill', 'review', [over.id])).msg).toBe(
      `Inspection ${over.billNo} line 1: material M2 batch ${b} in place P3: passed plus failed (5) is more than the quantity inspected (4)`,
    );
    const empty = await f.must('checkbill', {
      billNo: nextBillNo('QC'),
      customerCode: 'C1',
      checkType: '1',
      details: [{ lineNumber: 1, materialCode: 'M2', batchNo: b, warehousePlaceCode: 'P3', qty: '4' }],
    });
    expect((await f.act('checkbill', 'review', [empty.id], 'zh')).msg).toBe(
      `质检单 ${empty.billNo} 没有填写合格或不合格数量，不能审核`,
    );
  });

  it('package conversions move goods without fee, naming a reviewed package-warehouse bill of the owner', async () => {
    const b = nextBatch();
    await f.received([{ materialCode: 'M1', batchNo: b, warehousePlaceCode: 'P1', qty: '8' }]);
    const rent = await f.must('packagewarehousebill', {
      billNo: nextBillNo('PW'),
      customerCode: 'C1',
      warehouseAreaCode: 'A1',
      rentArea: '20',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    const toPackage = await f.must('temporarypackagebill', {
      billNo: nextBillNo('TP'),
      customerCode: 'C1',
      packageWarehouseBillNo: rent.billNo,
      details: [
        {
          materialCode: 'M1',
          batchNo: b,
          warehousePlaceCode: 'P1',
          targetWarehousePlaceCode: 'P2',
          qty: '5',
        },
      ],
    });
    expect((await f.act('temporarypackagebill', 'review', [toPackage.id])).msg).toBe(
      `Bill ${toPackage.billNo}: package-warehouse bill ${rent.billNo} does not exist, is not reviewed or is not owner C1's`,
    );
    await f.ok('packagewarehousebill', 'review', [rent.id]);
    await f.ok('temporarypackagebill', 'review', [toPackage.id]);
    expect(await f.balance({ material: 'M1', batch: b, place: 'P2' })).toBe('5');
    const back = await f.must('packagetemporarybill', {
      billNo: nextBillNo('PT'),
      customerCode: 'C1',
      packageWarehouseBillNo: rent.billNo,
      details: [
        {
          materialCode: 'M1',
          batchNo: b,
          warehousePlaceCode: 'P2',
          targetWarehousePlaceCode: 'P3',
          qty: '2',
        },
      ],
    });
    await f.ok('packagetemporarybill', 'review', [back.id]);
    expect(await f.balance({ material: 'M1', batch: b, place: 'P3' })).toBe('2');
    for (const row of [
      ...(await f.stream(String(toPackage.billNo))),
      ...(await f.stream(String(back.billNo))),
    ])
      expect(row.direction === '1' ? row.instock : row.outstock).toBe('2');
    // Un-reviewing the first conversion needs the goods it moved: two have left P2 since.
    expect((await f.act('temporarypackagebill', 'unreview', [toPackage.id])).success).toBe(false);
    await f.ok('packagetemporarybill', 'unreview', [back.id]);
    await f.ok('temporarypackagebill', 'unreview', [toPackage.id]);
    expect(await f.balance({ material: 'M1', batch: b, place: 'P1' })).toBe('8');
  });

  it('secondary processing takes the materials used out and puts the products in, in one posting', async () => {
    const b = nextBatch();
    await f.received([{ materialCode: 'M1', batchNo: b, warehousePlaceCode: 'P1', qty: '10' }]);
    const bill = await f.must('secondaryprocess', {
      billNo: nextBillNo('SP'),
      customerCode: 'C1',
      processType: '1',
      pullLines: [{ lineNumber: 1, materialCode: 'M1', batchNo: b, warehousePlaceCode: 'P1', qty: '4' }],
      finishedLines: [{ lineNumber: 1, materialCode: 'M3', batchNo: b, warehousePlaceCode: 'P2', qty: '2' }],
    });
    await f.ok('secondaryprocess', 'review', [bill.id]);
    expect(await f.balance({ material: 'M1', batch: b, place: 'P1' })).toBe('6');
    expect(await f.balance({ material: 'M3', batch: b, place: 'P2' })).toBe('2');
    const stored = await f.header('secondaryprocess', bill.id);
    expect(stored).toMatchObject({ state: '3', isReview: '2', streamStatus: '1' });
    expect(stored.finishTime).toBeTruthy();
    await f.ok('secondaryprocess', 'unreview', [bill.id]);
    expect(await f.balance({ material: 'M1', batch: b, place: 'P1' })).toBe('10');
    expect(await f.balance({ material: 'M3', batch: b, place: 'P2' })).toBe('0');
    const short = await f.must('secondaryprocess', {
      billNo: nextBillNo('SP'),
      customerCode: 'C1',
      processType: '1',
      pullLines: [{ lineNumber: 1, materialCode: 'M1', batchNo: b, warehousePlaceCode: 'P1', qty: '11' }],
      finishedLines: [{ lineNumber: 1, materialCode: 'M3', batchNo: b, warehousePlaceCode: 'P2', qty: '2' }],
    });
    expect((await f.act('secondaryprocess', 'review', [short.id])).msg).toContain(
      `not enough stock of material M1 物料 M1 (batch: ${b}, place: P1 库位 P1)`,
    );
    // All or nothing: the products did not arrive either.
    expect(await f.balance({ material: 'M3', batch: b, place: 'P2' })).toBe('0');
  });

  it('an allocation ships into transit, then receives at the target warehouse', async () => {
    const b = nextBatch();
    await f.received([{ materialCode: 'M2', batchNo: b, warehousePlaceCode: 'P1', qty: '9' }]);
    const bill = await f.must('wmallocatebill', {
      billNo: nextBillNo('AL'),
      customerCode: 'C1',
      warehouseCode: 'W1',
      targetWarehouseCode: 'W2',
      details: [
        {
          lineNumber: 1,
          materialCode: 'M2',
          batchNo: b,
          warehousePlaceCode: 'P1',
          targetWarehousePlaceCode: 'P2',
          qty: '5',
        },
      ],
    });
    await f.ok('wmallocatebill', 'ship', [bill.id]);
    expect(await f.balance({ material: 'M2', batch: b, place: 'P1' })).toBe('4');
    expect(await f.balance({ material: 'M2', batch: b, place: 'P1', status: '4' })).toBe('5');
    let stored = await f.header('wmallocatebill', bill.id);
    expect(stored).toMatchObject({ state: '2', streamStatus: '1' });
    expect(stored.outTime).toBeTruthy();
    // In-transit stock shows in the stock report.
    const report = await f.api.call('GET', `${path('stock')}/list`, {
      query: { materialCode: 'M2', batchNo: b, stockStatus: '4' },
    });
    expect((report.data as { records: Row[] }).records.map((r) => Number(r.qty))).toEqual([5]);
    expect((await f.act('wmallocatebill', 'receive', [bill.id])).msg).toBe(
      `Allocation ${bill.billNo} line 1: target location P2 is not in the target warehouse W2`,
    );
    await f.ok('wmallocatebill', 'unreview', [bill.id]);
    expect(await f.balance({ material: 'M2', batch: b, place: 'P1' })).toBe('9');
    const lines = (await f.header('wmallocatebill', bill.id)).details as Row[];
    const line = lines[0] as Row;
    const fixed = await f.api.call('POST', `${path('wmallocatebilldetail')}/submit`, {
      payload: { id: line.id, version: line.version, targetWarehousePlaceCode: 'P4' },
    });
    expect(fixed.success, fixed.msg).toBe(true);
    await f.ok('wmallocatebill', 'ship', [bill.id]);
    await f.ok('wmallocatebill', 'receive', [bill.id]);
    expect(await f.balance({ material: 'M2', batch: b, place: 'P1', status: '4' })).toBe('0');
    expect(await f.balance({ material: 'M2', batch: b, place: 'P4' })).toBe('5');
    stored = await f.header('wmallocatebill', bill.id);
    expect(stored).toMatchObject({ state: '3' });
    expect(stored.inTime).toBeTruthy();
    expect((stored.details as Row[])[0]?.receivedQty).toBe('5.0000');
    expect((await f.act('wmallocatebill', 'ship', [bill.id])).success).toBe(false);
    await f.ok('wmallocatebill', 'unreview', [bill.id]);
    expect(await f.balance({ material: 'M2', batch: b, place: 'P4' })).toBe('0');
    expect(await f.balance({ material: 'M2', batch: b, place: 'P1' })).toBe('9');
  });
});

// Only PostgreSQL runs transactions side by side (PGlite runs them one at a time).
const concurrent = testDrivers().filter((driver) => driver === 'postgres');
describe.each(concurrent)('stock-control flows under concurrency on %s', (driver) => {
  let test: TestDatabase;
  let pool: Database;
  let app: FastifyInstance;
  let f: ReturnType<typeof flows>;

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    const url = new URL(test.url as string);
    url.searchParams.set('application_name', 'control_race');
    pool = openPostgres(url.toString(), 12);
    app = await testApp(pool);
    const admin = await tokensOf(app, '000000');
    f = flows(
      app,
      () => admin.accessToken,
      () => test.database,
    );
    await masterData(f.api.submit);
  });
  afterAll(async () => {
    await app.close();
    await pool.close();
    for (let i = 0; i < 100; i++) {
      const [left] = await queryRows<{ n: number }>(
        test.database.db,
        sql`select count(*)::int n from pg_stat_activity where application_name = 'control_race'`,
      );
      if (left?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await test.dispose();
  });
  afterEach(async () => {
    expect(await ledgerProblems(test.database)).toEqual([]);
  });

  it('transfers, losses, ownership transfers and allocations racing outbound reviews on the same stock never oversell', async () => {
    for (let round = 0; round < 4; round += 1) {
      const b = `RACE${round}`;
      await f.received([{ materialCode: 'M1', batchNo: b, warehousePlaceCode: 'P1', qty: '5' }]);
      const line = { materialCode: 'M1', batchNo: b, warehousePlaceCode: 'P1', qty: '5' };
      const bills: [string, Row][] = [
        [
          'osoutstockbill',
          await f.must('osoutstockbill', {
            billNo: nextBillNo('OUT'),
            customerCode: 'C1',
            outTransferType: '1',
            isReview: '1',
            details: [line],
          }),
        ],
        [
          'warehousetransferbill',
          await f.must('warehousetransferbill', {
            billNo: nextBillNo('TR'),
            customerCode: 'C1',
            details: [{ ...line, targetWarehousePlaceCode: 'P2' }],
          }),
        ],
        [
          'inventorylossbill',
          await f.must('inventorylossbill', {
            billNo: nextBillNo('LOSS'),
            customerCode: 'C1',
            lossType: '1',
            details: [line],
          }),
        ],
        [
          'diversecustomertransferbill',
          await f.must('diversecustomertransferbill', {
            billNo: nextBillNo('DC'),
            customerCode: 'C1',
            targetCustomerCode: 'C2',
            details: [line],
          }),
        ],
        [
          'wmallocatebill',
          await f.must('wmallocatebill', {
            billNo: nextBillNo('AL'),
            customerCode: 'C1',
            warehouseCode: 'W1',
            targetWarehouseCode: 'W1',
            details: [{ ...line, targetWarehousePlaceCode: 'P3' }],
          }),
        ],
      ];
      const answers = await Promise.all(
        bills.map(([entity, bill]) =>
          f.act(entity, entity === 'wmallocatebill' ? 'ship' : 'review', [bill.id]),
        ),
      );
      expect(
        answers.filter((a) => a.success),
        JSON.stringify(answers),
      ).toHaveLength(1);
      for (const failure of answers.filter((a) => !a.success))
        expect(failure.msg).toMatch(
          new RegExp(`not enough stock of material M1 物料 M1 \\(batch: ${b}, place: P1 库位 P1\\)`),
        );
      expect(await f.balance({ material: 'M1', batch: b, place: 'P1' })).toBe('0');
    }
  });
});
