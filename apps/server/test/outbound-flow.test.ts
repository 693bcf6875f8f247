import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { client, masterData, nextBillNo } from './support/wms.ts';

type Row = Record<string, unknown> & { id: string; version: number };
type Line = Record<string, unknown>;

/**
 * The flows around the ledger (docs/adr/0008-stock-ledger.md): line dates and pick-down
 * strategies, reservations quoted by bills, sorting, loading, delivery notices.
 */
describe.each(testDrivers())('warehouse flows on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    const admin = await tokensOf(app, '000000');
    api = client(app, () => admin.accessToken);
    await masterData(api.submit);
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const must = async (entity: string, payload: Line) => {
    const answer = await api.submit(entity, payload);
    if (!answer.success) throw new Error(`${entity}: ${answer.msg}`);
    return answer.data as Row;
  };
  const ok = async (entity: string, action: string, ids: string[]) => {
    const answer = await api.action(entity, action, ids);
    if (!answer.success) throw new Error(`${entity}/${action}: ${answer.msg}`);
    return answer.data as Record<string, unknown>;
  };
  const numbered = (lines: Line[]) => lines.map((line, index) => ({ lineNumber: index + 1, ...line }));
  const received = async (lines: Line[], options: { billDate?: string; customerCode?: string } = {}) => {
    const bill = await must('isinstockbill', {
      billNo: nextBillNo('IN'),
      billDate: options.billDate ?? '2026-03-01',
      customerCode: options.customerCode ?? 'C1',
      warehouseCode: 'W1',
      type: '2',
      isReview: '0',
      details: numbered(lines),
    });
    expect(bill.streamStatus).toBe('1');
    return bill;
  };
  const outboundBill = (lines: Line[], extra: Line = {}) =>
    must('osoutstockbill', {
      billNo: nextBillNo('OUT'),
      billDate: '2026-04-01',
      customerCode: 'C1',
      warehouseCode: 'W1',
      outTransferType: '1',
      isReview: '1',
      ...extra,
      details: numbered(lines),
    });
  const detail = async (entity: string, id: string) =>
    (await api.call('GET', `/api/bl-wms/${entity}/detail`, { query: { id } })).data as Row;
  const takenFrom = (billNo: string) =>
    queryRows<{ batchNo: string; qty: string; validityDate: string | null }>(
      test.database.db,
      sql`select batch_no "batchNo", qty::text qty, to_char(validity_date, 'YYYY-MM-DD') "validityDate"
          from bl_stockstream where bill_no = ${billNo} and stream_status = '1' order by batch_no`,
    );
  const byBillNo = async (entity: string, field: string, value: string) =>
    (
      (await api.call('GET', `/api/bl-wms/${entity}/list`, { query: { [field]: value, size: '50' } }))
        .data as {
        records: Row[];
      }
    ).records;

  it('inbound lines carry production and validity dates into the ledger, and pick-down takes the earliest validity first', async () => {
    const inbound = await received([
      {
        materialCode: 'M2',
        batchNo: 'LATE',
        qty: '5',
        productDate: '2026-01-01',
        validityDate: '2027-06-30',
      },
      {
        materialCode: 'M2',
        batchNo: 'SOON',
        qty: '5',
        productDate: '2025-12-01',
        validityDate: '2026-09-30',
      },
    ]);
    const lines = (await detail('isinstockbill', inbound.id)).details as Line[];
    expect(lines.map((l) => [l.batchNo, l.productDate, l.validityDate])).toEqual([
      ['LATE', '2026-01-01', '2027-06-30'],
      ['SOON', '2025-12-01', '2026-09-30'],
    ]);
    const [stock] = await queryRows<{ validityDate: string; productDate: string }>(
      test.database.db,
      sql`select to_char(validity_date, 'YYYY-MM-DD') "validityDate", to_char(product_date, 'YYYY-MM-DD') "productDate"
          from bl_stock where material_code = 'M2' and batch_no = 'SOON'`,
    );
    expect(stock).toEqual({ validityDate: '2026-09-30', productDate: '2025-12-01' });
    // Default (no strategy on the material): FEFO, though SOON arrived on the same day.
    const out = await outboundBill([{ materialCode: 'M2', qty: '7' }]);
    await ok('osoutstockbill', 'review', [out.id]);
    expect(await takenFrom(String(out.billNo))).toEqual([
      { batchNo: 'LATE', qty: '-2.0000', validityDate: '2027-06-30' },
      { batchNo: 'SOON', qty: '-5.0000', validityDate: '2026-09-30' },
    ]);
  });

  it("the material's pick-down strategy chooses FIFO by inbound date over FEFO", async () => {
    await must('strategy', { code: 'PICK-FIFO', name: '先进先出', type: '2', rule: '1', priority: 1 });
    await must('material', {
      code: 'MF',
      name: '物料 MF',
      unitCode: 'PCS',
      downshelfStrategyCode: 'PICK-FIFO',
    });
    await must('material', { code: 'ME', name: '物料 ME', unitCode: 'PCS' });
    for (const material of ['MF', 'ME']) {
      // The older goods keep longer: FIFO and FEFO disagree.
      await received([{ materialCode: material, batchNo: 'OLD', qty: '3', validityDate: '2028-01-01' }], {
        billDate: '2026-01-10',
      });
      await received([{ materialCode: material, batchNo: 'NEW', qty: '3', validityDate: '2026-12-01' }], {
        billDate: '2026-02-10',
      });
    }
    const fifo = await outboundBill([{ materialCode: 'MF', qty: '2' }]);
    const fefo = await outboundBill([{ materialCode: 'ME', qty: '2' }]);
    await ok('osoutstockbill', 'review', [fifo.id, fefo.id]);
    expect((await takenFrom(String(fifo.billNo))).map((r) => r.batchNo)).toEqual(['OLD']);
    expect((await takenFrom(String(fefo.billNo))).map((r) => r.batchNo)).toEqual(['NEW']);
  });

  it('an inbound reservation is confirmed, quoted line by line, counts what was received, and gives it back on un-review', async () => {
    const reservation = await must('orderisinstockbill', {
      billNo: nextBillNo('RIN'),
      billDate: '2026-03-01',
      customerCode: 'C2',
      warehouseCode: 'W1',
      type: '1',
      details: numbered([
        { materialCode: 'M1', qty: '10' },
        { materialCode: 'M3', qty: '4' },
      ]),
    });
    const applyNo = String(reservation.billNo);
    const quotable = () =>
      api.call('GET', '/api/bl-wms/isinstockbill/quotable', { query: { applyNo }, language: 'en' });
    expect(await quotable()).toMatchObject({
      success: false,
      msg: `Reservation ${applyNo} is not confirmed or already completed and cannot be quoted`,
    });
    await ok('orderisinstockbill', 'review', [reservation.id]);
    expect(await detail('orderisinstockbill', reservation.id)).toMatchObject({
      state: '1',
      auditUser: expect.any(String),
    });
    // A confirmed reservation is no longer edited.
    const confirmed = await detail('orderisinstockbill', reservation.id);
    expect((await api.submit('orderisinstockbill', { ...confirmed, remark: 'x' }, 'en')).msg).toContain(
      'un-review it first',
    );
    const open = (await quotable()).data as { header: Row; lines: Line[] };
    expect(open.header.customerCode).toBe('C2');
    expect(open.lines.map((l) => [l.applyLineNumber, l.materialCode, l.qty])).toEqual([
      [1, 'M1', '10.0000'],
      [2, 'M3', '4.0000'],
    ]);
    // The same quoted material twice in one bill: spec 02 §8.
    const twice = await api.submit(
      'isinstockbill',
      {
        billNo: nextBillNo('IN'),
        billDate: '2026-03-02',
        customerCode: 'C2',
        warehouseCode: 'W1',
        type: '1',
        applyNo,
        details: numbered([
          { materialCode: 'M1', qty: '3', applyCode: applyNo, applyLineNumber: 1 },
          { materialCode: 'M1', qty: '3', applyCode: applyNo, applyLineNumber: 1 },
        ]),
      },
      'en',
    );
    expect(twice.msg).toContain('quoted materials cannot be repeated');
    const bill = await must('isinstockbill', {
      billNo: nextBillNo('IN'),
      billDate: '2026-03-02',
      customerCode: 'C2',
      warehouseCode: 'W1',
      type: '1',
      applyNo,
      details: numbered([{ materialCode: 'M1', qty: '6', applyCode: applyNo, applyLineNumber: 1 }]),
    });
    await ok('isinstockbill', 'review', [bill.id]);
    const partly = await detail('orderisinstockbill', reservation.id);
    expect(partly.state).toBe('2');
    expect((partly.details as Line[]).map((l) => l.receivedQty)).toEqual(['6.0000', null]);
    expect(((await quotable()).data as { lines: Line[] }).lines[0]?.qty).toBe('4.0000');
    // Receiving more than is left is refused and writes nothing.
    const over = await must('isinstockbill', {
      billNo: nextBillNo('IN'),
      billDate: '2026-03-03',
      customerCode: 'C2',
      warehouseCode: 'W1',
      type: '1',
      details: numbered([{ materialCode: 'M1', qty: '5', applyCode: applyNo, applyLineNumber: 1 }]),
    });
    const refused = await api.action('isinstockbill', 'review', [over.id], 'en');
    expect(refused.msg).toBe(
      `Bill ${over.billNo} line 1 exceeds what is left on reservation ${applyNo} line 1 (4)`,
    );
    expect((await detail('isinstockbill', over.id)).streamStatus).toBe('0');
    // Un-review of the reservation is refused while bills quote it.
    expect((await api.action('orderisinstockbill', 'unreview', [reservation.id], 'en')).msg).toContain(
      `is quoted by bill`,
    );
    await ok('isinstockbill', 'unreview', [bill.id]);
    const back = await detail('orderisinstockbill', reservation.id);
    expect(back.state).toBe('1');
    expect((back.details as Line[])[0]?.receivedQty).toBe('0.0000');
  });

  it('an outbound bill quoting an outbound reservation counts what shipped', async () => {
    await received([{ materialCode: 'M3', batchNo: 'R', qty: '8' }]);
    const reservation = await must('orderosoutstockbill', {
      billNo: nextBillNo('ROUT'),
      billDate: '2026-04-01',
      customerCode: 'C1',
      warehouseCode: 'W1',
      outTransferType: '1',
      details: numbered([{ materialCode: 'M3', qty: '5' }]),
    });
    await ok('orderosoutstockbill', 'review', [reservation.id]);
    const applyNo = String(reservation.billNo);
    const open = (await api.call('GET', '/api/bl-wms/osoutstockbill/quotable', { query: { applyNo } }))
      .data as {
      lines: Line[];
    };
    const out = await outboundBill(
      open.lines.map(({ orderedQty: _o, doneQty: _d, ...line }) => line),
      { applyNo },
    );
    await ok('osoutstockbill', 'review', [out.id]);
    const shipped = await detail('orderosoutstockbill', reservation.id);
    expect(shipped.state).toBe('3');
    expect((shipped.details as Line[])[0]?.shippedQty).toBe('5.0000');
  });

  it('an outbound bill goes through sorting and loading; delivered documents cannot be deleted', async () => {
    for (const code of ['E1', 'E2']) await must('employee', { code, name: `员工 ${code}` });
    await received([{ materialCode: 'M1', batchNo: 'S', warehousePlaceCode: 'P1', qty: '3' }]);
    await received([{ materialCode: 'M1', batchNo: 'S', warehousePlaceCode: 'P2', qty: '3' }]);
    // No plate on the outbound bill: the vehicle is asked for when loading (issue 29, 7).
    const out = await outboundBill([{ materialCode: 'M1', batchNo: 'S', qty: '5' }]);
    expect((await api.action('osoutstockbill', 'sort', [out.id], 'en')).msg).toBe(
      `Outbound bill ${out.billNo} is not reviewed; it cannot be sorted yet`,
    );
    await ok('osoutstockbill', 'review', [out.id]);
    expect((await detail('osoutstockbill', out.id)).state).toBe('1');
    expect(await ok('osoutstockbill', 'sort', [out.id])).toEqual({ sorted: 1 });
    expect((await api.action('osoutstockbill', 'sort', [out.id], 'en')).msg).toContain(
      'already has sorting bill',
    );
    expect((await api.action('osoutstockbill', 'unreview', [out.id], 'en')).msg).toContain('delete it first');
    const [sortingRow] = await byBillNo('stocksortingbill', 'applyNo', String(out.billNo));
    const sortingBill = await detail('stocksortingbill', String(sortingRow?.id));
    expect(sortingBill).toMatchObject({ reason: '1', state: '0', printSortStatus: '0', totalQty: '5.0000' });
    // One line per place the allocation took from, naming the outbound line.
    expect(
      (sortingBill.details as Line[]).map((l) => [
        l.applyCode,
        l.applyLineNumber,
        l.warehousePlaceCode,
        l.qty,
      ]),
    ).toEqual([
      [out.billNo, 1, 'P1', '3.0000'],
      [out.billNo, 1, 'P2', '2.0000'],
    ]);
    expect((await detail('osoutstockbill', out.id)).state).toBe('2');
    const notSorted = await api.call('POST', '/api/bl-wms/osoutstockbill/load', {
      query: { ids: out.id },
      payload: { carNo: '粤B12345' },
      language: 'en',
    });
    expect(notSorted.msg).toContain('has no reviewed sorting bill');
    // Who scanned and who checked are the review's form: refused without, naming the field
    // and the action; a person that does not exist is refused too; given, they are written.
    const review = (payload: Line, language = 'en') =>
      api.call('POST', '/api/bl-wms/stocksortingbill/review', {
        query: { ids: sortingBill.id },
        payload,
        language,
      });
    expect((await review({})).msg).toBe(`Bill ${sortingBill.billNo}: "Review" needs Scanned by`);
    expect((await review({ scanPerson: 'E1' }, 'zh')).msg).toBe(
      `单据 ${sortingBill.billNo}：审核需要填写复核人`,
    );
    expect((await review({ scanPerson: 'E1' }, 'mo')).msg).toBe(
      `單據 ${sortingBill.billNo}：審核需要填寫覆核人`,
    );
    expect((await review({ scanPerson: 'E1', reviewPerson: 'NOPE' })).msg).toBe(
      'Checked by "NOPE" does not exist',
    );
    expect((await detail('stocksortingbill', sortingBill.id)).state).toBe('0');
    await must('stocksortingbill', { ...sortingBill, brokenPackageNumber: 1, reason: '' });
    expect((await detail('stocksortingbill', sortingBill.id)).reason).toBe('1');
    expect((await review({ scanPerson: 'E1', reviewPerson: 'E2' })).success).toBe(true);
    expect(await detail('stocksortingbill', sortingBill.id)).toMatchObject({
      state: '1',
      scanPerson: 'E1',
      reviewPerson: 'E2',
    });
    const reviewLog = (
      await api.call('GET', '/api/bl-system/auditlog/list', {
        query: { entityName: 'stocksortingbill', recordId: sortingBill.id, size: '20' },
      })
    ).data as { records: Row[] };
    expect(reviewLog.records.find((r) => r.action === 'review')?.changes).toContain('E1');
    await ok('stocksortingbill', 'printSort', [sortingBill.id]);
    await ok('stocksortingbill', 'printBoard', [sortingBill.id]);
    expect(await detail('stocksortingbill', sortingBill.id)).toMatchObject({
      state: '1',
      printSortStatus: '1',
      printBillBoardStatus: '1',
    });

    // Loading asks for the vehicle: without a plate the refusal names the field and the action.
    const loadWith = (payload: Line, language = 'en') =>
      api.call('POST', '/api/bl-wms/osoutstockbill/load', { query: { ids: out.id }, payload, language });
    const before = await detail('osoutstockbill', out.id);
    expect((await loadWith({ driverName: '李四' })).msg).toBe(
      `Bill ${out.billNo}: "Make loading bill" needs Plate no.`,
    );
    expect((await loadWith({}, 'zh')).msg).toBe(`单据 ${out.billNo}：生成装车单需要填写车牌号`);
    expect((await loadWith({}, 'mo')).msg).toBe(`單據 ${out.billNo}：生成裝車單需要填寫車牌號`);
    expect((await loadWith({ carNo: 'X'.repeat(40) })).msg).toContain('"Make loading bill": ');
    const loadAnswer = await loadWith({ carNo: '粤B12345', driverName: '李四', driverPhone: '13800000000' });
    expect(loadAnswer.success, loadAnswer.msg).toBe(true);
    const made = loadAnswer.data as { id: string; billNo: string };
    const load = await detail('loadbill', made.id);
    expect(load).toMatchObject({
      carNo: '粤B12345',
      driverName: '李四',
      driverPhone: '13800000000',
      customerCode: 'C1',
      state: '0',
      totalQty: '5.0000',
    });
    // The posted outbound bill is not written: only the loading bill carries the vehicle.
    const after = await detail('osoutstockbill', out.id);
    expect(after).toMatchObject({
      carNo: null,
      driverName: null,
      driverPhone: null,
      version: before.version,
    });
    expect((load.details as Line[]).map((l) => [l.applyCode, l.qty])).toEqual([
      [out.billNo, '3.0000'],
      [out.billNo, '2.0000'],
    ]);
    expect((await api.action('stocksortingbill', 'unreview', [sortingBill.id], 'en')).msg).toContain(
      `is on loading bill ${made.billNo}`,
    );
    // Loading times: an end before its start is refused.
    const times = (payload: Line) =>
      api.call('POST', '/api/bl-wms/loadbill/times', { payload, language: 'en' });
    expect(
      (
        await times({
          id: made.id,
          actualStartTime: '2026-04-02 10:00:00',
          actualEndTime: '2026-04-02 09:00:00',
        })
      ).msg,
    ).toBe(`Loading bill ${made.billNo}: an end time cannot be before its start`);
    expect((await times({ id: made.id, actualStartTime: '2026-04-02 10:00:00' })).success).toBe(true);
    await ok('loadbill', 'review', [made.id]);
    const loaded = await detail('loadbill', made.id);
    expect(loaded.state).toBe('3');
    expect(loaded.actualStartTime).toContain('2026-04-02');
    expect(loaded.actualEndTime).toEqual(expect.any(String));
    expect((await detail('osoutstockbill', out.id)).state).toBe('3');
    expect((await detail('stocksortingbill', sortingBill.id)).state).toBe('3');
    for (const [entity, id] of [
      ['loadbill', made.id],
      ['stocksortingbill', sortingBill.id],
      ['osoutstockbill', out.id],
    ] as const) {
      const removed = await api.call('POST', `/api/bl-wms/${entity}/remove`, {
        query: { ids: id },
        language: 'en',
      });
      expect(removed.msg).toBe('The delivered storage document cannot be deleted');
    }
    // Un-review of the loading brings everything back to the dock.
    await ok('loadbill', 'unreview', [made.id]);
    expect((await detail('osoutstockbill', out.id)).state).toBe('2');
    expect((await detail('stocksortingbill', sortingBill.id)).state).toBe('1');
  });

  it('a delivery notice is received (stock at hand) or received in advance, making a confirmed outbound reservation', async () => {
    const notice = (material: string, qty: string) =>
      must('osnoticedeliverybill', {
        billNo: nextBillNo('DN'),
        billDate: '2026-04-05',
        customerCode: 'C2',
        warehouseCode: 'W1',
        customerBillNo: 'PO-9',
        consigneeName: '张三',
        details: numbered([{ materialCode: material, qty }]),
      });
    const dn = await notice('M2', '50');
    expect((await api.action('osnoticedeliverybill', 'receive', [dn.id], 'en')).msg).toBe(
      `Delivery notice ${dn.billNo} line 1: not enough stock of M2; receive it in advance instead`,
    );
    const answer = (await ok('osnoticedeliverybill', 'receiveAdvance', [dn.id])) as {
      reservations: string[];
    };
    expect(answer.reservations).toHaveLength(1);
    expect(await detail('osnoticedeliverybill', dn.id)).toMatchObject({
      dnState: '2',
      receiveTime: expect.any(String),
    });
    const [reservation] = await byBillNo('orderosoutstockbill', 'billNo', String(answer.reservations[0]));
    const made = await detail('orderosoutstockbill', String(reservation?.id));
    expect(made).toMatchObject({ state: '1', customerCode: 'C2', consigneeName: '张三' });
    expect((made.details as Line[]).map((l) => [l.materialCode, l.qty, l.applyCode])).toEqual([
      ['M2', '50.0000', dn.billNo],
    ]);
    expect((await api.action('osnoticedeliverybill', 'receive', [dn.id], 'en')).msg).toContain(
      'has already been received',
    );
    const removed = await api.call('POST', '/api/bl-wms/osnoticedeliverybill/remove', {
      query: { ids: dn.id },
      language: 'en',
    });
    expect(removed.msg).toContain('un-review it first');

    await received([{ materialCode: 'M1', qty: '2' }], { customerCode: 'C2' });
    const atHand = await notice('M1', '2');
    await ok('osnoticedeliverybill', 'receive', [atHand.id]);
    expect((await detail('osnoticedeliverybill', atHand.id)).dnState).toBe('1');
  });
});
