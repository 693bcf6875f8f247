import { entityByName } from '@bl/entities/registry';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres, queryRows } from '../src/db/database.ts';
import { testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { ledgerProblems } from './support/ledger.ts';
import { client, masterData, nextBillNo } from './support/wms.ts';

type Row = Record<string, unknown> & { id: string; version: number; billNo: string };
type Line = Record<string, unknown>;

const path = (entity: string) => entityByName.get(entity)?.path as string;

/** The API of one signed-in administrator, with what the tests share. */
function helpers(app: FastifyInstance, token: () => string, database: () => Database) {
  const api = client(app, token);
  const submit = (entity: string, payload: Line, language = 'en') =>
    api.call('POST', `${path(entity)}/submit`, { payload, language });
  const must = async (entity: string, payload: Line) => {
    const answer = await submit(entity, payload);
    if (!answer.success) throw new Error(`${entity}: ${answer.msg}`);
    return answer.data as Row;
  };
  const act = (entity: string, action: string, ids: string[], payload?: unknown, language = 'en') =>
    api.call('POST', `${path(entity)}/${action}`, { query: { ids: ids.join(',') }, payload, language });
  const ok = async (entity: string, action: string, ids: string[], payload?: unknown) => {
    const answer = await act(entity, action, ids, payload);
    if (!answer.success) throw new Error(`${entity}/${action}: ${answer.msg}`);
    return answer.data as Record<string, unknown>;
  };
  const header = async (entity: string, id: string) =>
    (await api.call('GET', `${path(entity)}/detail`, { query: { id } })).data as Row & { details?: Row[] };
  const balance = async (material: string, batch: string, place: string, status = '1') => {
    const [row] = await queryRows<{ qty: string }>(
      database().db,
      sql`select coalesce(sum(qty), 0)::float8::text qty from bl_stock
          where is_deleted = 0 and customer_code = 'C1' and material_code = ${material}
            and batch_no = ${batch} and warehouse_place_code = ${place} and stock_status = ${status}`,
    );
    return row?.qty ?? '0';
  };
  const received = (lines: Line[]) =>
    must('isinstockbill', {
      billNo: nextBillNo('IN'),
      billDate: '2026-03-01',
      customerCode: 'C1',
      type: '2',
      isReview: '0',
      details: lines.map((line, index) => ({ lineNumber: index + 1, ...line })),
    });
  const outbound = (lines: Line[], extra: Line = {}) =>
    must('osoutstockbill', {
      billNo: nextBillNo('OUT'),
      billDate: '2026-03-02',
      customerCode: 'C1',
      outTransferType: '1',
      isReview: '1',
      ...extra,
      details: lines.map((line, index) => ({ lineNumber: index + 1, ...line })),
    });
  return { api, submit, must, act, ok, header, balance, received, outbound };
}

describe.each(testDrivers())('waves, receipts and partial allocation receipts on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let h: ReturnType<typeof helpers>;
  let batch = 0;
  const nextBatch = () => `WB${++batch}`;

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    const admin = await tokensOf(app, '000000');
    h = helpers(
      app,
      () => admin.accessToken,
      () => test.database,
    );
    await masterData(h.api.submit);
    await h.must('warehouse', { code: 'W2', name: '二号仓' });
    await h.must('warehousearea', { code: 'A0', name: '前区', warehouseCode: 'W1' });
    await h.must('warehousearea', { code: 'A2', name: 'B 区', warehouseCode: 'W2' });
    // P0 lies in area A0, walked before area A1 (P1..P3) whatever its code.
    await h.must('warehouseplace', {
      code: 'P9',
      name: '库位 P9',
      warehouseAreaCode: 'A0',
      placeStatus: '1',
    });
    await h.must('warehouseplace', {
      code: 'P4',
      name: '库位 P4',
      warehouseAreaCode: 'A2',
      placeStatus: '1',
    });
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });
  afterEach(async () => {
    expect(await ledgerProblems(test.database)).toEqual([]);
  });

  it('a wave is built from outbound bills, picked in location order and posts them all or nothing', async () => {
    const b = nextBatch();
    await h.received([
      { materialCode: 'M1', batchNo: b, warehousePlaceCode: 'P2', qty: '10' },
      { materialCode: 'M2', batchNo: b, warehousePlaceCode: 'P9', qty: '10' },
      { materialCode: 'M3', batchNo: b, warehousePlaceCode: 'P1', qty: '10' },
    ]);
    const first = await h.outbound([
      { materialCode: 'M1', batchNo: b, warehousePlaceCode: 'P2', qty: '4' },
      { materialCode: 'M3', batchNo: b, warehousePlaceCode: 'P1', qty: '2' },
    ]);
    const second = await h.outbound([{ materialCode: 'M2', batchNo: b, warehousePlaceCode: 'P9', qty: '3' }]);
    const made = await h.ok('osoutstockbill', 'makeWave', [first.id, second.id]);
    expect(made).toMatchObject({ bills: 2 });
    let wave = await h.header('billwaves', made.id as string);
    expect(wave).toMatchObject({ wavesStatus: '1', billCount: 2, customerCode: 'C1' });
    // The pick list walks area A0 (P9) first, then A1 by location code (P1, P2).
    expect(
      (wave.details as Row[]).map((l) => [l.lineNumber, l.warehousePlaceCode, l.materialCode, l.applyCode]),
    ).toEqual([
      [1, 'P9', 'M2', second.billNo],
      [2, 'P1', 'M3', first.billNo],
      [3, 'P2', 'M1', first.billNo],
    ]);
    expect((await h.header('osoutstockbill', first.id)).waveNo).toBe(wave.billNo);

    // A bill in a live wave is reviewed by the wave only, and joins no second wave.
    expect((await h.act('osoutstockbill', 'review', [first.id])).msg).toBe(
      `Outbound bill ${first.billNo} is in wave ${wave.billNo}: pick it through that wave (or cancel the wave first)`,
    );
    expect((await h.act('osoutstockbill', 'makeWave', [second.id])).success).toBe(false);

    // A short pick is refused and posts nothing.
    const line = (wave.details as Row[])[2] as Row;
    const short = await h.submit('billwavesdetail', { id: line.id, version: line.version, pickedQty: '3' });
    expect(short.success, short.msg).toBe(true);
    await h.ok('billwaves', 'printPick', [wave.id]);
    expect((await h.header('billwaves', wave.id)).wavesStatus).toBe('2');
    expect((await h.act('billwaves', 'pick', [wave.id])).msg).toBe(
      `Wave ${wave.billNo} line 3: material M1 picked 3 of 4; pick the rest, or cancel the wave and correct the outbound bill`,
    );
    expect(await h.balance('M1', b, 'P2')).toBe('10');
    const full = await h.submit('billwavesdetail', {
      id: line.id,
      version: line.version + 1,
      pickedQty: '4',
    });
    expect(full.success, full.msg).toBe(true);

    expect(await h.ok('billwaves', 'pick', [wave.id])).toEqual({ picked: 1, reviewed: 2 });
    expect(await h.balance('M1', b, 'P2')).toBe('6');
    expect(await h.balance('M2', b, 'P9')).toBe('7');
    expect(await h.balance('M3', b, 'P1')).toBe('8');
    wave = await h.header('billwaves', wave.id);
    expect(wave.wavesStatus).toBe('3');
    expect((wave.details as Row[]).map((l) => Number(l.pickedQty))).toEqual([3, 2, 4]);
    expect(await h.header('osoutstockbill', first.id)).toMatchObject({ streamStatus: '1', isReview: '2' });
    // A picked wave is locked; its bills are un-reviewed by the wave only.
    const locked = await h.submit('billwavesdetail', {
      id: line.id,
      version: line.version + 2,
      pickedQty: '1',
    });
    expect(locked.success).toBe(false);
    expect((await h.act('osoutstockbill', 'unreview', [second.id])).success).toBe(false);

    expect(await h.ok('billwaves', 'unpick', [wave.id])).toEqual({ unpicked: 1, unreviewed: 2 });
    expect(await h.balance('M1', b, 'P2')).toBe('10');
    expect(await h.header('osoutstockbill', first.id)).toMatchObject({ streamStatus: '0' });
    expect((await h.header('billwaves', wave.id)).wavesStatus).toBe('1');

    expect(await h.ok('billwaves', 'cancel', [wave.id])).toEqual({ cancelled: 1 });
    expect((await h.header('osoutstockbill', first.id)).waveNo ?? null).toBeNull();
    // Once the wave is cancelled, the bill is reviewed on its own again.
    await h.ok('osoutstockbill', 'review', [first.id]);
    expect(await h.balance('M1', b, 'P2')).toBe('6');
    await h.ok('osoutstockbill', 'unreview', [first.id]);
  });

  it('a wave refuses posted bills, mixed owners and a shortage of any bill, leaving nothing', async () => {
    const b = nextBatch();
    await h.received([{ materialCode: 'M1', batchNo: b, warehousePlaceCode: 'P1', qty: '5' }]);
    const posted = await h.outbound(
      [{ materialCode: 'M1', batchNo: b, warehousePlaceCode: 'P1', qty: '1' }],
      {
        isReview: '0',
      },
    );
    expect((await h.act('osoutstockbill', 'makeWave', [posted.id])).msg).toBe(
      `Outbound bill ${posted.billNo} is already posted; only bills waiting for review can make a wave`,
    );
    const mine = await h.outbound([{ materialCode: 'M1', batchNo: b, warehousePlaceCode: 'P1', qty: '3' }]);
    const other = await h.outbound([{ materialCode: 'M1', batchNo: b, qty: '1' }], { customerCode: 'C2' });
    expect((await h.act('osoutstockbill', 'makeWave', [mine.id, other.id])).msg).toBe(
      `Outbound bill ${other.billNo} has another owner or warehouse than ${mine.billNo}; they cannot make one wave`,
    );
    const greedy = await h.outbound([{ materialCode: 'M1', batchNo: b, warehousePlaceCode: 'P1', qty: '2' }]);
    const made = await h.ok('osoutstockbill', 'makeWave', [mine.id, greedy.id]);
    // Someone else takes stock the wave needs: picking is refused and nothing of the wave posts.
    await h.outbound([{ materialCode: 'M1', batchNo: b, warehousePlaceCode: 'P1', qty: '1' }], {
      isReview: '0',
    });
    expect((await h.act('billwaves', 'pick', [made.id as string])).msg).toContain(
      `not enough stock of material M1 物料 M1 (batch: ${b}, place: P1 库位 P1`,
    );
    expect(await h.balance('M1', b, 'P1')).toBe('3');
    expect(await h.header('osoutstockbill', mine.id)).toMatchObject({ streamStatus: '0' });
    expect((await h.header('billwaves', made.id as string)).wavesStatus).toBe('1');
    // In Chinese too.
    expect((await h.act('billwaves', 'pick', [made.id as string], undefined, 'zh')).msg).toContain(
      '库存不足',
    );
  });

  it('receipts feed the inbound bill received quantities, refuse over-receipt and un-review exactly', async () => {
    const inbound = await h.must('isinstockbill', {
      billNo: nextBillNo('IN'),
      billDate: '2026-03-01',
      customerCode: 'C1',
      type: '2',
      isReview: '1',
      details: [
        { lineNumber: 1, materialCode: 'M1', batchNo: 'R1', warehousePlaceCode: 'P1', qty: '6' },
        { lineNumber: 2, materialCode: 'M1', batchNo: 'R2', warehousePlaceCode: 'P2', qty: '4' },
        { lineNumber: 3, materialCode: 'M2', warehousePlaceCode: 'P1', qty: '2' },
      ],
    });
    const receipt = (lines: Line[], extra: Line = {}) =>
      h.must('isrecbill', {
        billNo: nextBillNo('REC'),
        billDate: '2026-03-02',
        inBillNo: inbound.billNo,
        ...extra,
        details: lines.map((line, index) => ({ lineNumber: index + 1, ...line })),
      });
    const recQty = async () =>
      ((await h.header('isinstockbill', inbound.id)).details as Row[]).map((l) =>
        l.recQty === null ? null : Number(l.recQty),
      );
    const first = await receipt([{ materialCode: 'M1', qty: '7' }]);
    await h.ok('isrecbill', 'review', [first.id]);
    expect(await recQty()).toEqual([6, 1, null]);
    expect(await h.header('isrecbill', first.id)).toMatchObject({ state: '3', customerCode: 'C1' });
    expect(((await h.header('isrecbill', first.id)).details as Row[])[0]?.planQty).toBe('10.0000');

    const over = await receipt([{ materialCode: 'M1', qty: '4' }]);
    expect((await h.act('isrecbill', 'review', [over.id])).msg).toBe(
      `Receipt ${over.billNo}: material M1 would be received 11 in all, more than the 10 expected on ${inbound.billNo}`,
    );
    expect((await h.act('isrecbill', 'review', [over.id], undefined, 'zh')).msg).toBe(
      `收货单 ${over.billNo}：物料 M1 累计收货 11，超过单据 ${inbound.billNo} 的应收数量 10`,
    );
    expect(await recQty()).toEqual([6, 1, null]);
    const stranger = await receipt([{ materialCode: 'M3', qty: '1' }]);
    expect((await h.act('isrecbill', 'review', [stranger.id])).msg).toBe(
      `Receipt ${stranger.billNo} line 1: material M3 is not on bill ${inbound.billNo}`,
    );
    const announced = await h.must('orderisinstockbill', {
      billNo: nextBillNo('RES'),
      billDate: '2026-03-01',
      customerCode: 'C1',
      type: '2',
      details: [{ lineNumber: 1, materialCode: 'M1', qty: '5' }],
    });
    const both = await receipt([{ materialCode: 'M1', qty: '1' }], { applyNo: announced.billNo });
    expect((await h.act('isrecbill', 'review', [both.id])).msg).toBe(
      `Receipt ${both.billNo} names both a reservation and an inbound bill; name one of them`,
    );

    const second = await receipt([
      { materialCode: 'M1', qty: '3' },
      { materialCode: 'M2', qty: '2' },
    ]);
    await h.ok('isrecbill', 'review', [second.id]);
    expect(await recQty()).toEqual([6, 4, 2]);
    // A reviewed receipt is locked.
    expect(
      (await h.submit('isrecbill', { id: second.id, version: second.version + 1, remark: 'x' })).success,
    ).toBe(false);
    await h.ok('isrecbill', 'unreview', [first.id]);
    expect(await recQty()).toEqual([3, 0, 2]);
    await h.ok('isrecbill', 'unreview', [second.id]);
    expect(await recQty()).toEqual([null, null, null]);
    expect((await h.act('isrecbill', 'unreview', [second.id])).msg).toBe(
      `Receipt ${second.billNo} is not reviewed; there is nothing to un-review`,
    );
  });

  it('receipts count against a confirmed reservation only', async () => {
    const reservation = await h.must('orderisinstockbill', {
      billNo: nextBillNo('RES'),
      billDate: '2026-03-01',
      customerCode: 'C1',
      type: '2',
      details: [{ lineNumber: 1, materialCode: 'M2', qty: '5' }],
    });
    const receipt = await h.must('isrecbill', {
      billNo: nextBillNo('REC'),
      billDate: '2026-03-02',
      applyNo: reservation.billNo,
      details: [{ lineNumber: 1, materialCode: 'M2', qty: '5' }],
    });
    expect((await h.act('isrecbill', 'review', [receipt.id])).msg).toBe(
      `Receipt ${receipt.billNo}: bill ${reservation.billNo} does not exist or is not confirmed`,
    );
    await h.ok('orderisinstockbill', 'review', [reservation.id]);
    await h.ok('isrecbill', 'review', [receipt.id]);
    const lines = (await h.header('orderisinstockbill', reservation.id)).details as Row[];
    expect(lines.map((l) => Number(l.recQty))).toEqual([5]);
  });

  it('an allocation is received in parts; the rest stays in transit and un-review takes it all back', async () => {
    const b = nextBatch();
    await h.received([{ materialCode: 'M2', batchNo: b, warehousePlaceCode: 'P1', qty: '9' }]);
    const bill = await h.must('wmallocatebill', {
      billNo: nextBillNo('AL'),
      billDate: '2026-03-02',
      customerCode: 'C1',
      warehouseCode: 'W1',
      targetWarehouseCode: 'W2',
      details: [
        {
          lineNumber: 1,
          materialCode: 'M2',
          batchNo: b,
          warehousePlaceCode: 'P1',
          targetWarehousePlaceCode: 'P4',
          qty: '5',
        },
      ],
    });
    await h.ok('wmallocatebill', 'ship', [bill.id]);
    const [line] = (await h.header('wmallocatebill', bill.id)).details as [Row];
    expect(line).toMatchObject({ diffQty: '5.0000' });
    const over = await h.act('wmallocatebill', 'receive', [bill.id], { lines: [{ id: line.id, qty: '6' }] });
    expect(over.msg).toBe(
      `Allocation ${bill.billNo} line 1: material M2 receiving 6, more than the 5 still in transit`,
    );
    await h.ok('wmallocatebill', 'receive', [bill.id], { lines: [{ id: line.id, qty: '2' }] });
    expect(await h.balance('M2', b, 'P4')).toBe('2');
    expect(await h.balance('M2', b, 'P1', '4')).toBe('3');
    let stored = await h.header('wmallocatebill', bill.id);
    expect(stored).toMatchObject({ state: '2' });
    expect(stored.details?.[0]).toMatchObject({ receivedQty: '2.0000', diffQty: '3.0000' });
    expect(
      (await h.act('wmallocatebill', 'receive', [bill.id], { lines: [{ id: line.id, qty: '0' }] })).msg,
    ).toBe(`Allocation ${bill.billNo} has nothing in transit to receive`);
    // Without quantities, the rest arrives.
    await h.ok('wmallocatebill', 'receive', [bill.id]);
    expect(await h.balance('M2', b, 'P4')).toBe('5');
    expect(await h.balance('M2', b, 'P1', '4')).toBe('0');
    stored = await h.header('wmallocatebill', bill.id);
    expect(stored).toMatchObject({ state: '3' });
    expect(stored.details?.[0]).toMatchObject({ receivedQty: '5.0000', diffQty: '0.0000' });
    await h.ok('wmallocatebill', 'unreview', [bill.id]);
    expect(await h.balance('M2', b, 'P4')).toBe('0');
    expect(await h.balance('M2', b, 'P1')).toBe('9');
  });

  it('a package-warehouse bill amount is computed by the server', async () => {
    const bill = await h.must('packagewarehousebill', {
      billNo: nextBillNo('PW'),
      billDate: '2026-03-01',
      customerCode: 'C1',
      warehouseAreaCode: 'A1',
      rentArea: '120.5',
      packageWarehouseUnit: '1',
      startDate: '2026-03-01',
      endDate: '2026-12-31',
      price: '2.5',
      amount: '1',
    });
    expect(bill.amount).toBe('301.25');
    expect((await h.header('packagewarehousebill', bill.id)).amount).toBe('301.25');
    const flat = await h.must('packagewarehousebill', {
      id: bill.id,
      version: bill.version,
      packageWarehouseUnit: '3',
    });
    expect(flat.amount).toBe('2.50');
    // A term that ends before it starts is refused.
    const backwards = await h.submit('packagewarehousebill', {
      billNo: nextBillNo('PW'),
      billDate: '2026-03-01',
      customerCode: 'C1',
      warehouseAreaCode: 'A1',
      rentArea: '10',
      packageWarehouseUnit: '1',
      startDate: '2026-03-01',
      endDate: '2026-02-01',
      price: '2',
    });
    expect(backwards.msg).toBe('The end date cannot be before the start date');
  });
});

// Only PostgreSQL runs transactions side by side (PGlite runs them one at a time).
const concurrent = testDrivers().filter((driver) => driver === 'postgres');
describe.each(concurrent)('waves under concurrency on %s', (driver) => {
  let test: TestDatabase;
  let pool: Database;
  let app: FastifyInstance;
  let h: ReturnType<typeof helpers>;

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    const url = new URL(test.url as string);
    url.searchParams.set('application_name', 'wave_race');
    pool = openPostgres(url.toString(), 8);
    app = await testApp(pool);
    const admin = await tokensOf(app, '000000');
    h = helpers(
      app,
      () => admin.accessToken,
      () => test.database,
    );
    await masterData(h.api.submit);
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await pool.close();
    for (let i = 0; i < 100; i++) {
      const [left] = await queryRows<{ n: number }>(
        test.database.db,
        sql`select count(*)::int n from pg_stat_activity where application_name = 'wave_race'`,
      );
      if (left?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await test.dispose();
  });
  afterEach(async () => {
    expect(await ledgerProblems(test.database)).toEqual([]);
  });

  it('wave picking racing an outbound review on the same stock never oversells', async () => {
    for (let round = 0; round < 4; round += 1) {
      const b = `WRACE${round}`;
      await h.received([{ materialCode: 'M1', batchNo: b, warehousePlaceCode: 'P1', qty: '5' }]);
      const line = { materialCode: 'M1', batchNo: b, warehousePlaceCode: 'P1', qty: '3' };
      const inWave = [await h.outbound([line]), await h.outbound([{ ...line, qty: '2' }])];
      const made = await h.ok(
        'osoutstockbill',
        'makeWave',
        inWave.map((bill) => bill.id),
      );
      const alone = await h.outbound([{ ...line, qty: '4' }]);
      const answers = await Promise.all([
        h.act('billwaves', 'pick', [made.id as string]),
        h.act('osoutstockbill', 'review', [alone.id]),
      ]);
      expect(
        answers.filter((a) => a.success),
        JSON.stringify(answers),
      ).toHaveLength(1);
      const failure = answers.find((a) => !a.success);
      expect(failure?.msg).toMatch(
        new RegExp(`not enough stock of material M1 物料 M1 \\(batch: ${b}, place: P1 库位 P1`),
      );
      const left = answers[0]?.success ? '0' : '1';
      const [row] = await queryRows<{ qty: string }>(
        test.database.db,
        sql`select qty::float8::text qty from bl_stock where batch_no = ${b} and stock_status = '1'`,
      );
      expect(row?.qty).toBe(left);
    }
  });
});
