import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres, queryRows } from '../src/db/database.ts';
import { body, multipart, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { client, masterData, nextBillNo } from './support/wms.ts';

type Row = Record<string, unknown> & { id: string; version: number };
type Line = Record<string, unknown>;

/** Every balance equals the sum of its stream rows, and none is negative. */
async function ledgerProblems(database: Database) {
  return queryRows<Record<string, unknown>>(
    database.db,
    sql`with s as (
          select tenant_id, customer_code, material_code, batch_no, customer_batch_no, warehouse_place_code,
                 barcode, packspec_code, stock_status, sum(qty) qty
          from bl_stockstream group by 1, 2, 3, 4, 5, 6, 7, 8, 9)
        select coalesce(b.material_code, s.material_code) material, b.qty::text balance, s.qty::text stream
        from (select * from bl_stock where is_deleted = 0) b
        full join s using (tenant_id, customer_code, material_code, batch_no, customer_batch_no,
                           warehouse_place_code, barcode, packspec_code, stock_status)
        where b.id is null and s.qty <> 0 or s.qty is null and b.qty <> 0 or b.qty <> s.qty or b.qty < 0`,
  );
}

/**
 * Stock counts (wmstockcheckbill, docs/adr/0021-count-orders-waves.md): the count sheet made
 * from the stock of a scope, counted quantities, differences posted as gains and losses
 * against the book at review, reversal, refusals.
 */
describe.each(testDrivers())('stock counts on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let api: ReturnType<typeof client>;
  let token = '';

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    const admin = await tokensOf(app, '000000');
    token = admin.accessToken;
    api = client(app, () => admin.accessToken);
    await masterData(api.submit);
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });
  afterEach(async () => {
    expect(await ledgerProblems(test.database)).toEqual([]);
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
  const detail = async (entity: string, id: string) =>
    (await api.call('GET', `/api/bl-wms/${entity}/detail`, { query: { id } })).data as Row;
  const receive = (lines: Line[], customerCode = 'C1') =>
    must('isinstockbill', {
      billNo: nextBillNo('IN'),
      billDate: '2026-03-01',
      customerCode,
      warehouseCode: 'W1',
      type: '2',
      isReview: '0',
      details: lines.map((line, index) => ({ lineNumber: index + 1, ...line })),
    });
  const ship = async (lines: Line[]) => {
    const out = await must('osoutstockbill', {
      billNo: nextBillNo('OUT'),
      billDate: '2026-03-02',
      customerCode: 'C1',
      warehouseCode: 'W1',
      outTransferType: '1',
      isReview: '1',
      details: lines.map((line, index) => ({ lineNumber: index + 1, ...line })),
    });
    await ok('osoutstockbill', 'review', [out.id]);
  };
  const count = (scope: Line) =>
    must('wmstockcheckbill', {
      billNo: nextBillNo('CHK'),
      billDate: '2026-03-05',
      checkType: '1',
      warehouseCode: 'W1',
      ...scope,
    });
  const balance = async (material: string, batch: string, place: string, owner = 'C1') => {
    const [row] = await queryRows<{ qty: string }>(
      test.database.db,
      sql`select qty::text qty from bl_stock where material_code = ${material} and batch_no = ${batch}
          and warehouse_place_code = ${place} and customer_code = ${owner} and is_deleted = 0`,
    );
    return row?.qty ?? null;
  };
  const lines = async (id: string) => (await detail('wmstockcheckbill', id)).details as Row[];
  /** Types the counted quantity of each line by its material and batch (the screen's line edit). */
  const enter = async (id: string, counts: Record<string, string>) => {
    for (const line of await lines(id)) {
      const counted = counts[`${line.materialCode}/${line.batchNo}`];
      if (counted === undefined) continue;
      await must('wmstockcheckbilldetail', { ...line, qty: counted });
    }
  };
  const stream = (billNo: string) =>
    queryRows<{ qty: string; direction: string; instock: string | null; outstock: string | null }>(
      test.database.db,
      sql`select qty::text qty, direction, instock_status instock, outstock_status outstock
          from bl_stockstream where bill_no = ${billNo} and bill_type = 'wmstockcheckbill'
          and stream_status = '1' order by line_number, id`,
    );

  it('a count sheet snapshots the book per key of its scope; review posts gains and losses; un-review reverses', async () => {
    await receive([
      { materialCode: 'M1', batchNo: 'K1', warehousePlaceCode: 'P1', qty: '10' },
      { materialCode: 'M2', batchNo: 'K1', warehousePlaceCode: 'P1', qty: '5' },
    ]);
    await receive([{ materialCode: 'M1', batchNo: 'K1', warehousePlaceCode: 'P3', qty: '7' }]);
    await receive([{ materialCode: 'M3', batchNo: 'K1', warehousePlaceCode: 'P1', qty: '2' }], 'C2');
    // Owner C1, places P1..P2: the C2 goods and the P3 goods stay out.
    const bill = await count({ customerCode: 'C1', placeFrom: 'P1', placeTo: 'P2' });
    expect(bill.details).toEqual([]);
    expect(await ok('wmstockcheckbill', 'snapshot', [bill.id])).toEqual({ lines: 2 });
    const made = await lines(bill.id);
    expect(made.map((l) => [l.materialCode, l.warehousePlaceCode, l.customerCode, l.bookQty, l.qty])).toEqual(
      [
        ['M1', 'P1', 'C1', '10.0000', null],
        ['M2', 'P1', 'C1', '5.0000', null],
      ],
    );
    // Reviewing before everything is counted names the first line not counted.
    const early = await api.action('wmstockcheckbill', 'review', [bill.id], 'en');
    expect(early.msg).toBe(
      `Stock count ${bill.billNo} line 1: material M1 batch K1 in place P1 has no counted quantity yet`,
    );
    await enter(bill.id, { 'M1/K1': '12', 'M2/K1': '3' });
    const counted = await detail('wmstockcheckbill', bill.id);
    expect((counted.details as Row[]).map((l) => l.diffQty)).toEqual(['2.0000', '-2.0000']);
    expect(counted.totalQty).toBe('15.0000');

    expect(await ok('wmstockcheckbill', 'review', [bill.id])).toEqual({ reviewed: 1 });
    expect(await balance('M1', 'K1', 'P1')).toBe('12.0000');
    expect(await balance('M2', 'K1', 'P1')).toBe('3.0000');
    expect(await balance('M1', 'K1', 'P3')).toBe('7.0000');
    // Differences are conversions without fee (2), told from receipts and shipments.
    expect(await stream(String(bill.billNo))).toEqual([
      { qty: '2.0000', direction: '1', instock: '2', outstock: null },
      { qty: '-2.0000', direction: '2', instock: null, outstock: '2' },
    ]);
    expect(await detail('wmstockcheckbill', bill.id)).toMatchObject({ isReview: '2', streamStatus: '1' });
    // Posted: its lines are locked, and it cannot post twice.
    const line = (await lines(bill.id))[0] as Row;
    expect((await api.submit('wmstockcheckbilldetail', { ...line, qty: '1' })).success).toBe(false);
    expect((await api.action('wmstockcheckbill', 'review', [bill.id], 'en')).msg).toBe(
      `Bill ${bill.billNo} has already been posted to stock; it cannot be posted twice`,
    );

    expect(await ok('wmstockcheckbill', 'unreview', [bill.id])).toEqual({ unreviewed: 1 });
    expect(await balance('M1', 'K1', 'P1')).toBe('10.0000');
    expect(await balance('M2', 'K1', 'P1')).toBe('5.0000');
    expect(await stream(String(bill.billNo))).toEqual([]);
  });

  it('postings after the snapshot are in the book taken at review: the count is the truth', async () => {
    await receive([{ materialCode: 'M3', batchNo: 'LATE', warehousePlaceCode: 'P2', qty: '10' }]);
    const bill = await count({ customerCode: 'C1', materialCode: 'M3', warehouseAreaCode: 'A1' });
    await ok('wmstockcheckbill', 'snapshot', [bill.id]);
    expect((await lines(bill.id)).map((l) => l.bookQty)).toEqual(['10.0000']);
    await enter(bill.id, { 'M3/LATE': '6' });
    // Four leave after the sheet was made and before review: the counted 6 is what is there.
    await ship([{ materialCode: 'M3', batchNo: 'LATE', warehousePlaceCode: 'P2', qty: '4' }]);
    await ok('wmstockcheckbill', 'review', [bill.id]);
    expect(await balance('M3', 'LATE', 'P2')).toBe('6.0000');
    const [line] = await lines(bill.id);
    expect(line).toMatchObject({ bookQty: '6.0000', qty: '6.0000', diffQty: '0.0000' });
  });

  it('goods found on a key with no book arrive there; a counted zero empties the key', async () => {
    await receive([{ materialCode: 'M2', batchNo: 'ZERO', warehousePlaceCode: 'P2', qty: '3' }]);
    const bill = await count({ customerCode: 'C1', materialCode: 'M2', placeFrom: 'P2', placeTo: 'P2' });
    await ok('wmstockcheckbill', 'snapshot', [bill.id]);
    const [first] = await lines(bill.id);
    // A line added by hand: goods found where the book has none.
    const current = await detail('wmstockcheckbill', bill.id);
    await must('wmstockcheckbill', {
      ...current,
      details: [
        { ...first, qty: '0' },
        {
          lineNumber: 2,
          customerCode: 'C1',
          materialCode: 'M2',
          batchNo: 'FOUND',
          warehousePlaceCode: 'P2',
          qty: '4',
        },
      ],
    });
    expect((await lines(bill.id)).map((l) => [l.bookQty, l.diffQty])).toEqual([
      ['3.0000', '-3.0000'],
      [null, '4.0000'],
    ]);
    await ok('wmstockcheckbill', 'review', [bill.id]);
    expect(await balance('M2', 'ZERO', 'P2')).toBe('0.0000');
    expect(await balance('M2', 'FOUND', 'P2')).toBe('4.0000');
    expect((await lines(bill.id)).map((l) => l.bookQty)).toEqual(['3.0000', '0.0000']);
    // Un-review is refused once the found goods have left, naming them.
    await ship([{ materialCode: 'M2', batchNo: 'FOUND', warehousePlaceCode: 'P2', qty: '4' }]);
    const refused = await api.action('wmstockcheckbill', 'unreview', [bill.id], 'en');
    expect(refused.success).toBe(false);
    expect(refused.msg).toMatch(/M2/);
    expect(await balance('M2', 'FOUND', 'P2')).toBe('0.0000');
  });

  it('the count sheet goes out as a spreadsheet and comes back with the counted quantities (all or nothing)', async () => {
    await receive(
      [
        { materialCode: 'M1', batchNo: 'XLS', warehousePlaceCode: 'P3', qty: '4' },
        { materialCode: 'M2', batchNo: 'XLS', warehousePlaceCode: 'P3', qty: '9' },
      ],
      'C2',
    );
    // Owner C2 has nothing else on P3 (the other tests' goods there are C1's).
    const bill = await count({ customerCode: 'C2', placeFrom: 'P3', placeTo: 'P3' });
    await ok('wmstockcheckbill', 'snapshot', [bill.id]);
    const exported = await app.inject({
      method: 'GET',
      url: '/api/bl-wms/wmstockcheckbilldetail/export',
      query: { headerId_equal: bill.id },
      headers: { 'blade-auth': `bearer ${token}`, 'blade-language': 'en' },
    });
    expect(exported.statusCode).toBe(200);
    const book = XLSX.read(exported.rawPayload, { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null });
    const head = rows[0] as string[];
    const [numberAt, materialAt, qtyAt] = ['Line no.', 'Material', 'Counted quantity'].map((h) =>
      head.indexOf(h),
    ) as [number, number, number];
    expect(rows.slice(1).map((r) => [r[numberAt], r[materialAt]])).toEqual([
      [1, 'M1'],
      [2, 'M2'],
    ]);
    const upload = async (filled: unknown[][], language = 'en') => {
      const out = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(out, XLSX.utils.aoa_to_sheet(filled), 'Sheet1');
      const form = multipart('count.xlsx', XLSX.write(out, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
      return body(
        await app.inject({
          method: 'POST',
          url: '/api/bl-wms/wmstockcheckbill/import-count',
          query: { id: bill.id },
          payload: form.payload,
          headers: {
            'blade-auth': `bearer ${token}`,
            'blade-language': language,
            'content-type': form.contentType,
          },
        }),
      ) as { success: boolean; msg: string; data: unknown };
    };
    const fill = (values: unknown[]) =>
      rows.map((r, i) => (i === 0 ? r : r.map((cell, c) => (c === qtyAt ? values[i - 1] : cell))));
    // A bad quantity and a line the count does not have: nothing is taken, the rows are named.
    const bad = await upload([
      ...fill(['-1', '9']),
      rows[1]?.map((cell, c) => (c === numberAt ? 7 : cell)) ?? [],
    ]);
    expect(bad.success).toBe(false);
    expect(bad.msg).toBe('Import failed: 2 rows have errors');
    expect(bad.data).toEqual([
      { row: 2, message: 'Counted quantity -1 is not valid: it must be 0 or more, with at most 4 decimals' },
      { row: 4, message: 'The count has no line 7 (rows are matched by line number)' },
    ]);
    expect((await lines(bill.id)).map((l) => l.qty)).toEqual([null, null]);
    const good = await upload(fill([5, 9]));
    expect(good.success).toBe(true);
    const counted = await detail('wmstockcheckbill', bill.id);
    expect((counted.details as Row[]).map((l) => [l.qty, l.diffQty])).toEqual([
      ['5.0000', '1.0000'],
      ['9.0000', '0.0000'],
    ]);
    expect(counted.totalQty).toBe('14.0000');
    await ok('wmstockcheckbill', 'review', [bill.id]);
    expect(await balance('M1', 'XLS', 'P3', 'C2')).toBe('5.0000');
    // A posted count takes no more counts.
    expect((await upload(fill([6, 9]))).success).toBe(false);
  });

  it('refusals: nothing in scope, a reversed place range (in three languages)', async () => {
    const empty = await count({ customerCode: 'C2', materialCode: 'M2', placeFrom: 'P1', placeTo: 'P2' });
    const none = await api.action('wmstockcheckbill', 'snapshot', [empty.id], 'en');
    expect(none.msg).toBe(
      `Stock count ${empty.billNo}: there is no stock in its scope, so no lines were made`,
    );
    expect((await api.action('wmstockcheckbill', 'snapshot', [empty.id], 'zh')).msg).toBe(
      `盘点单 ${empty.billNo}：盘点范围内没有库存，未生成明细`,
    );
    const reversed = await count({ placeFrom: 'P3', placeTo: 'P1' });
    expect((await api.action('wmstockcheckbill', 'snapshot', [reversed.id], 'mo')).msg).toBe(
      `盤點單 ${reversed.billNo}：起始庫位 P3 在截止庫位 P1 之後`,
    );
    expect(await lines(reversed.id)).toEqual([]);
  });
});

// Only PostgreSQL runs transactions side by side (PGlite runs them one at a time).
const concurrent = testDrivers().filter((driver) => driver === 'postgres');
describe.each(concurrent)('stock counts under concurrency on %s', (driver) => {
  let test: TestDatabase;
  let pool: Database;
  let app: FastifyInstance;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    const url = new URL(test.url as string);
    url.searchParams.set('application_name', 'count_race');
    pool = openPostgres(url.toString(), 12);
    app = await testApp(pool);
    const admin = await tokensOf(app, '000000');
    api = client(app, () => admin.accessToken);
    await masterData(api.submit);
  });
  afterAll(async () => {
    await app.close();
    await pool.close();
    for (let i = 0; i < 100; i++) {
      const [left] = await queryRows<{ n: number }>(
        test.database.db,
        sql`select count(*)::int n from pg_stat_activity where application_name = 'count_race'`,
      );
      if (left?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await test.dispose();
  });

  it('a count review racing outbound reviews and receipts on its key: the book ends at the count plus what moved after', async () => {
    const submit = async (entity: string, payload: Line) => {
      const answer = await api.submit(entity, payload);
      if (!answer.success) throw new Error(answer.msg);
      return answer.data as Row;
    };
    const key = { materialCode: 'M1', batchNo: 'RACE', warehousePlaceCode: 'P1' };
    const stock = await submit('isinstockbill', {
      billNo: nextBillNo('IN'),
      billDate: '2026-05-01',
      customerCode: 'C1',
      type: '2',
      isReview: '0',
      details: [{ lineNumber: 1, ...key, qty: '10' }],
    });
    expect(stock.streamStatus).toBe('1');
    const bill = await submit('wmstockcheckbill', {
      billNo: nextBillNo('CHK'),
      billDate: '2026-05-02',
      checkType: '1',
      customerCode: 'C1',
      materialCode: 'M1',
    });
    expect((await api.action('wmstockcheckbill', 'snapshot', [bill.id])).success).toBe(true);
    const detail = (await api.call('GET', '/api/bl-wms/wmstockcheckbill/detail', { query: { id: bill.id } }))
      .data as Row;
    const [line] = detail.details as Row[];
    await submit('wmstockcheckbilldetail', { ...line, qty: '8' });
    const outs: Row[] = [];
    for (let i = 0; i < 6; i++)
      outs.push(
        await submit('osoutstockbill', {
          billNo: nextBillNo('OUT'),
          billDate: '2026-05-03',
          customerCode: 'C1',
          outTransferType: '1',
          details: [{ lineNumber: 1, ...key, qty: '2' }],
        }),
      );
    const ins: Row[] = [];
    for (let i = 0; i < 3; i++)
      ins.push(
        await submit('isinstockbill', {
          billNo: nextBillNo('IN'),
          billDate: '2026-05-03',
          customerCode: 'C1',
          type: '2',
          details: [{ lineNumber: 1, ...key, qty: '1' }],
        }),
      );
    const answers = await Promise.all([
      ...outs.map((out) => api.action('osoutstockbill', 'review', [out.id], 'en')),
      api.action('wmstockcheckbill', 'review', [bill.id], 'en'),
      ...ins.map((inbound) => api.action('isinstockbill', 'review', [inbound.id], 'en')),
    ]);
    const [count] = answers.splice(outs.length, 1);
    expect(count?.success).toBe(true);
    const shipped = answers.slice(0, outs.length).filter((a) => a.success).length;
    const received = answers.slice(outs.length).filter((a) => a.success).length;
    expect(received).toBe(ins.length);
    // The count read the book with its key held: what it posted brings that book to the 8
    // counted, and the postings on either side of it never took the balance below zero.
    const [row] = await queryRows<{ qty: string; book: string; diff: string; posted: string }>(
      test.database.db,
      sql`select s.qty::text qty, d.book_qty::text book, d.diff_qty::text diff,
            (select coalesce(sum(x.qty), 0)::text from bl_stockstream x
              where x.bill_type = 'wmstockcheckbill' and x.bill_no = ${bill.billNo as string}) posted
          from bl_stock s, bl_wmstockcheckbilldetail d
          where s.material_code = 'M1' and s.batch_no = 'RACE' and d.id = ${line?.id as string}::bigint`,
    );
    expect(Number(row?.book) + Number(row?.diff)).toBe(8);
    expect(Number(row?.posted)).toBe(Number(row?.diff));
    expect(Number(row?.qty)).toBe(10 - 2 * shipped + received + Number(row?.diff));
    expect(Number(row?.qty)).toBeGreaterThanOrEqual(0);
    expect(await ledgerProblems(test.database)).toEqual([]);
  });
});
