import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres, queryRows } from '../src/db/database.ts';
import { toUnits } from '../src/engine/decimal.ts';
import { type Movement, postMovements } from '../src/modules/ledger/ledger.ts';
import { registerMovementClass } from '../src/modules/ledger/movement-classes.ts';
import { type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';
import { client, masterData, nextBillNo } from './support/wms.ts';

type Row = Record<string, unknown> & { id: string; version: number };
type Line = Record<string, unknown>;

interface BalanceRow {
  customerCode: string;
  materialCode: string;
  batchNo: string;
  warehousePlaceCode: string;
  qty: string;
  qtyWeg: string;
}

/** Ledger invariants over the whole database (owner connection, every tenant). */
async function ledgerProblems(database: Database) {
  return queryRows<Record<string, unknown>>(
    database.db,
    sql`with s as (
          select tenant_id, customer_code, material_code, batch_no, customer_batch_no, warehouse_place_code,
                 barcode, packspec_code, stock_status,
                 sum(qty) qty, sum(weg) weg, sum(qty_weg) qty_weg, sum(board) board, sum(volume) volume
          from bl_stockstream group by 1, 2, 3, 4, 5, 6, 7, 8, 9)
        select coalesce(b.tenant_id, s.tenant_id) tenant, coalesce(b.material_code, s.material_code) material,
               b.qty::text balance, s.qty::text stream
        from (select * from bl_stock where is_deleted = 0) b
        full join s using (tenant_id, customer_code, material_code, batch_no, customer_batch_no,
                           warehouse_place_code, barcode, packspec_code, stock_status)
        where b.id is null and s.qty <> 0
           or s.qty is null and b.qty <> 0
           or b.qty <> s.qty or b.weg <> s.weg or b.qty_weg <> s.qty_weg or b.board <> s.board
           or b.volume <> s.volume or b.qty < 0 or b.weg < 0 or b.qty_weg < 0`,
  );
}

async function counts(database: Database) {
  const [row] = await queryRows<{ stock: number; stream: number; qty: string | null }>(
    database.db,
    sql`select (select count(*)::int from bl_stock) stock, (select count(*)::int from bl_stockstream) stream,
               (select sum(qty)::text from bl_stock) qty`,
  );
  return row;
}

describe.each(testDrivers())('stock ledger on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    admin = await tokensOf(app, '000000');
    api = client(app, () => admin.accessToken);
    await masterData(api.submit);
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const inboundBill = async (
    lines: Line[],
    options: { customerCode?: string; billDate?: string; isReview?: string } = {},
  ) => {
    const answer = await api.submit('isinstockbill', {
      billNo: nextBillNo('IN'),
      billDate: options.billDate ?? '2026-03-01',
      customerCode: options.customerCode ?? 'C1',
      warehouseCode: 'W1',
      type: '2',
      isReview: options.isReview ?? '1',
      details: lines.map((line, index) => ({ lineNumber: index + 1, ...line })),
    });
    if (!answer.success) throw new Error(answer.msg);
    return answer.data as Row;
  };
  const outboundBill = async (lines: Line[], options: { customerCode?: string; isReview?: string } = {}) => {
    const answer = await api.submit('osoutstockbill', {
      billNo: nextBillNo('OUT'),
      billDate: '2026-04-01',
      customerCode: options.customerCode ?? 'C1',
      warehouseCode: 'W1',
      outTransferType: '1',
      isReview: options.isReview ?? '1',
      details: lines.map((line, index) => ({ lineNumber: index + 1, ...line })),
    });
    if (!answer.success) throw new Error(answer.msg);
    return answer.data as Row;
  };
  const detail = async (entity: string, id: string) =>
    (await api.call('GET', `/api/bl-wms/${entity}/detail`, { query: { id } })).data as Row;
  const balances = (material: string) =>
    queryRows<BalanceRow>(
      test.database.db,
      sql`select customer_code "customerCode", material_code "materialCode", batch_no "batchNo",
                 warehouse_place_code "warehousePlaceCode", qty::text qty, qty_weg::text "qtyWeg"
          from bl_stock where tenant_id = '000000' and material_code = ${material}
          order by customer_code, batch_no, warehouse_place_code`,
    );
  const streamOf = (billNo: string) =>
    queryRows<{
      lineNumber: number;
      qty: string;
      direction: string;
      streamStatus: string;
      instockStatus: string | null;
      outstockStatus: string | null;
      warehousePlaceCode: string;
    }>(
      test.database.db,
      sql`select line_number "lineNumber", qty::text qty, direction, stream_status "streamStatus",
                 instock_status "instockStatus", outstock_status "outstockStatus", warehouse_place_code "warehousePlaceCode"
          from bl_stockstream where bill_no = ${billNo} order by create_time, line_number, id`,
    );

  it('reviewing an inbound bill posts every line to the stream and the balances, and fills the audit fields', async () => {
    const bill = await inboundBill([
      {
        materialCode: 'M1',
        batchNo: 'B1',
        warehousePlaceCode: 'P1',
        qty: '10',
        qtyWeg: '25.5',
        unitCode: 'PCS',
      },
      { materialCode: 'M1', batchNo: 'B2', warehousePlaceCode: 'P2', qty: '4', qtyWeg: '10' },
    ]);
    expect(bill).toMatchObject({
      isReview: '1',
      streamStatus: '0',
      totalQty: '14.0000',
      totalWeg: '35.5000',
    });
    expect(await streamOf(bill.billNo as string)).toEqual([]);
    const answer = await api.action('isinstockbill', 'review', [bill.id]);
    expect(answer).toMatchObject({ success: true, data: { reviewed: 1 } });
    expect(await detail('isinstockbill', bill.id)).toMatchObject({
      isReview: '2',
      streamStatus: '1',
      auditUser: expect.any(String),
      auditTime: expect.any(String),
    });
    expect(await streamOf(bill.billNo as string)).toEqual([
      {
        lineNumber: 1,
        qty: '10.0000',
        direction: '1',
        streamStatus: '1',
        instockStatus: '1',
        outstockStatus: null,
        warehousePlaceCode: 'P1',
      },
      {
        lineNumber: 2,
        qty: '4.0000',
        direction: '1',
        streamStatus: '1',
        instockStatus: '1',
        outstockStatus: null,
        warehousePlaceCode: 'P2',
      },
    ]);
    expect(await balances('M1')).toEqual([
      {
        customerCode: 'C1',
        materialCode: 'M1',
        batchNo: 'B1',
        warehousePlaceCode: 'P1',
        qty: '10.0000',
        qtyWeg: '25.5000',
      },
      {
        customerCode: 'C1',
        materialCode: 'M1',
        batchNo: 'B2',
        warehousePlaceCode: 'P2',
        qty: '4.0000',
        qtyWeg: '10.0000',
      },
    ]);
    // A second inbound into the same key adds to the same balance.
    const more = await inboundBill([
      { materialCode: 'M1', batchNo: 'B1', warehousePlaceCode: 'P1', qty: '1.5' },
    ]);
    expect((await api.action('isinstockbill', 'review', [more.id])).success).toBe(true);
    expect((await balances('M1'))[0]?.qty).toBe('11.5000');
    // The balances and the stream read through the API, filtered by ledger keys.
    const stock = await api.call('GET', '/api/bl-wms/stock/list', {
      query: { materialCode: 'M1', warehousePlaceCode: 'P1' },
    });
    expect((stock.data as { records: Row[] }).records.map((r) => [r.batchNo, r.qty])).toEqual([
      ['B1', '11.5000'],
    ]);
    const stream = await api.call('GET', '/api/bl-wms/stockstream/list', {
      query: { billNo: bill.billNo as string },
    });
    expect((stream.data as { total: number }).total).toBe(2);
    expect(await ledgerProblems(test.database)).toEqual([]);
  });

  it('posting a bill twice is refused and changes nothing', async () => {
    const bill = await inboundBill([{ materialCode: 'M2', warehousePlaceCode: 'P1', qty: '3' }]);
    expect((await api.action('isinstockbill', 'review', [bill.id])).success).toBe(true);
    const before = await counts(test.database);
    const again = await api.action('isinstockbill', 'review', [bill.id], 'en');
    expect(again).toMatchObject({ success: false, code: 400 });
    expect(again.msg).toBe(`Bill ${bill.billNo} has already been posted to stock; it cannot be posted twice`);
    expect(await counts(test.database)).toEqual(before);
  });

  it('a bill that needs no review posts when submitted; a posted bill cannot be edited or deleted', async () => {
    const bill = await inboundBill([{ materialCode: 'M2', warehousePlaceCode: 'P2', qty: '5' }], {
      isReview: '0',
    });
    expect(bill).toMatchObject({ isReview: '0', streamStatus: '1' });
    expect(await streamOf(bill.billNo as string)).toHaveLength(1);
    const current = await detail('isinstockbill', bill.id);
    const edit = await api.submit('isinstockbill', { ...current, remark: 'changed' }, 'en');
    expect(edit.success).toBe(false);
    expect(edit.msg).toBe(
      `Bill ${bill.billNo} has been posted to stock and cannot be changed; un-review it first`,
    );
    const remove = await api.call('POST', '/api/bl-wms/isinstockbill/remove', {
      query: { ids: bill.id },
      language: 'mo',
    });
    expect(remove.msg).toBe(`單據 ${bill.billNo} 已過賬，不能刪除，請先反審核`);
    const reviewed = await api.submit(
      'isinstockbill',
      {
        billNo: nextBillNo('IN'),
        billDate: '2026-03-01',
        customerCode: 'C1',
        type: '2',
        isReview: '2',
        details: [{ materialCode: 'M2', qty: '1' }],
      },
      'en',
    );
    expect(reviewed.msg).toBe(
      'Review status can only be set to "No review needed" or "Review needed"; use the review button to review',
    );
    expect(await ledgerProblems(test.database)).toEqual([]);
  });

  it('un-review reverses the stream and the balance; the bill can then be edited and reviewed again', async () => {
    const bill = await inboundBill([
      { materialCode: 'M3', batchNo: 'U', warehousePlaceCode: 'P3', qty: '7' },
    ]);
    expect((await api.action('isinstockbill', 'review', [bill.id])).success).toBe(true);
    expect((await balances('M3')).find((b) => b.batchNo === 'U')?.qty).toBe('7.0000');
    const answer = await api.action('isinstockbill', 'unreview', [bill.id]);
    expect(answer).toMatchObject({ success: true, data: { unreviewed: 1 } });
    expect((await balances('M3')).find((b) => b.batchNo === 'U')?.qty).toBe('0.0000');
    expect((await streamOf(bill.billNo as string)).map((s) => [s.qty, s.direction, s.streamStatus])).toEqual([
      ['7.0000', '1', '2'],
      ['-7.0000', '2', '2'],
    ]);
    const current = await detail('isinstockbill', bill.id);
    expect(current).toMatchObject({ isReview: '1', streamStatus: '0', auditUser: null, auditTime: null });
    const lines = current.details as Line[];
    const edited = await api.submit('isinstockbill', { ...current, details: [{ ...lines[0], qty: '6' }] });
    expect(edited.success).toBe(true);
    expect((await api.action('isinstockbill', 'review', [bill.id])).success).toBe(true);
    expect((await balances('M3')).find((b) => b.batchNo === 'U')?.qty).toBe('6.0000');
    expect((await api.action('isinstockbill', 'unreview', [bill.id])).success).toBe(true);
    const notPosted = await api.action('isinstockbill', 'unreview', [bill.id], 'en');
    expect(notPosted.msg).toBe(
      `Bill ${bill.billNo} has not been posted to stock; there is nothing to un-review`,
    );
    expect(await ledgerProblems(test.database)).toEqual([]);
  });

  it('un-review of an inbound bill is refused once its stock was shipped', async () => {
    const bill = await inboundBill(
      [{ materialCode: 'M3', batchNo: 'S', warehousePlaceCode: 'P1', qty: '5' }],
      { customerCode: 'C2' },
    );
    expect((await api.action('isinstockbill', 'review', [bill.id])).success).toBe(true);
    const out = await outboundBill([{ materialCode: 'M3', batchNo: 'S', qty: '2' }], { customerCode: 'C2' });
    expect((await api.action('osoutstockbill', 'review', [out.id])).success).toBe(true);
    const before = await counts(test.database);
    const refused = await api.action('isinstockbill', 'unreview', [bill.id], 'en');
    expect(refused).toMatchObject({ success: false, code: 400 });
    expect(refused.msg).toBe(
      `Bill ${bill.billNo} cannot be un-reviewed: the stock of line 1 (material M3 物料 M3, batch: S, place: P1 库位 P1, owner C2 货主 C2) has already been used`,
    );
    expect(await counts(test.database)).toEqual(before);
    expect(await detail('isinstockbill', bill.id)).toMatchObject({ isReview: '2', streamStatus: '1' });
    // Once the outbound bill is un-reviewed the goods are back and the inbound can be undone.
    expect((await api.action('osoutstockbill', 'unreview', [out.id])).success).toBe(true);
    expect((await api.action('isinstockbill', 'unreview', [bill.id])).success).toBe(true);
    expect(await ledgerProblems(test.database)).toEqual([]);
  });

  it('outbound lines take from the place and batch they name, the others FIFO by inbound date, only from the owner', async () => {
    const older = await inboundBill(
      [{ materialCode: 'M2', batchNo: 'OLD', warehousePlaceCode: 'P3', qty: '3', qtyWeg: '30' }],
      {
        billDate: '2026-01-05',
      },
    );
    const newer = await inboundBill(
      [{ materialCode: 'M2', batchNo: 'NEW', warehousePlaceCode: 'P3', qty: '10' }],
      {
        billDate: '2026-02-10',
      },
    );
    const otherOwner = await inboundBill(
      [{ materialCode: 'M2', batchNo: 'C2', warehousePlaceCode: 'P3', qty: '50' }],
      {
        customerCode: 'C2',
        billDate: '2025-01-01',
      },
    );
    expect((await api.action('isinstockbill', 'review', [older.id, newer.id, otherOwner.id])).success).toBe(
      true,
    );
    const out = await outboundBill([
      { materialCode: 'M2', batchNo: 'NEW', warehousePlaceCode: 'P3', qty: '1' },
      { materialCode: 'M2', qty: '4' },
    ]);
    expect((await api.action('osoutstockbill', 'review', [out.id])).success).toBe(true);
    const stream = await queryRows<{
      lineNumber: number;
      batchNo: string;
      qty: string;
      qtyWeg: string;
      outstockStatus: string;
    }>(
      test.database.db,
      sql`select line_number "lineNumber", batch_no "batchNo", qty::text qty, qty_weg::text "qtyWeg", outstock_status "outstockStatus"
          from bl_stockstream where bill_no = ${out.billNo as string} order by line_number, batch_no desc`,
    );
    // Line 2 empties the older batch first (with all its weight), then takes one from the newer.
    expect(stream).toEqual([
      { lineNumber: 1, batchNo: 'NEW', qty: '-1.0000', qtyWeg: '0.0000', outstockStatus: '1' },
      { lineNumber: 2, batchNo: 'OLD', qty: '-3.0000', qtyWeg: '-30.0000', outstockStatus: '1' },
      { lineNumber: 2, batchNo: 'NEW', qty: '-1.0000', qtyWeg: '0.0000', outstockStatus: '1' },
    ]);
    const m2 = await balances('M2');
    expect(m2.find((b) => b.batchNo === 'C2')?.qty).toBe('50.0000');
    expect(m2.find((b) => b.batchNo === 'NEW')?.qty).toBe('8.0000');
    expect(m2.find((b) => b.batchNo === 'OLD')).toMatchObject({ qty: '0.0000', qtyWeg: '0.0000' });
    expect(await ledgerProblems(test.database)).toEqual([]);
  });

  it('outbound allocation prefers the earliest validity date where goods have one (FEFO)', async () => {
    // A fixture bill type posted directly: it states its movement class like any bill (issue 29).
    registerMovementClass('fixture', 'internal');
    const [user] = await queryRows<{ id: string }>(
      test.database.db,
      sql`select id::text id from blade_user where tenant_id = '000000' and account = 'admin'`,
    );
    const auth = {
      tenantId: '000000',
      userId: user?.id as string,
      sessionId: 's',
      clientId: 'saber',
      account: 'admin',
      userName: 'admin',
      roleIds: [],
      roleAliases: ['administrator'],
      allPowerful: true,
      deptId: '',
    };
    const movement = (batchNo: string, instockDate: string, validityDate: string | null): Movement => ({
      key: {
        customerCode: 'C1',
        materialCode: 'M1',
        batchNo,
        customerBatchNo: '',
        warehousePlaceCode: 'P3',
        barcode: '',
        packspecCode: '',
        stockStatus: '1',
      },
      qty: toUnits('5'),
      weg: 0n,
      qtyWeg: 0n,
      board: 0n,
      volume: 0n,
      billType: 'fixture',
      billNo: 'FEFO',
      lineNumber: 1,
      direction: '1',
      instockStatus: '1',
      outstockStatus: null,
      streamStatus: '1',
      unitCode: 'PCS',
      instockDate,
      productDate: null,
      validityDate,
    });
    // Received first but good for longer; received last but expiring first; no date at all.
    await test.database.withTenant('000000', (tx) =>
      postMovements(
        tx,
        auth,
        [
          movement('LONG', '2025-06-01', '2027-12-31'),
          movement('SOON', '2026-02-01', '2026-06-30'),
          movement('NONE', '2024-01-01', null),
        ],
        () => ({ key: 'ledger.negative', params: {} }),
      ),
    );
    const out = await outboundBill([{ materialCode: 'M1', warehousePlaceCode: 'P3', qty: '7' }]);
    expect((await api.action('osoutstockbill', 'review', [out.id])).success).toBe(true);
    const taken = await queryRows<{ batchNo: string; qty: string }>(
      test.database.db,
      sql`select batch_no "batchNo", qty::text qty from bl_stockstream where bill_no = ${out.billNo as string} order by id`,
    );
    expect(taken).toEqual([
      { batchNo: 'SOON', qty: '-5.0000' },
      { batchNo: 'LONG', qty: '-2.0000' },
    ]);
    expect(await ledgerProblems(test.database)).toEqual([]);
  });

  it('not enough stock: refused with a message naming bill, line, material, batch, place and owner (material, place and owner by code and name), nothing written', async () => {
    const out = await outboundBill([
      { materialCode: 'M1', batchNo: 'B2', warehousePlaceCode: 'P2', qty: '1' },
      { materialCode: 'M1', batchNo: 'B1', warehousePlaceCode: 'P1', qty: '999' },
    ]);
    const before = await counts(test.database);
    const en = await api.action('osoutstockbill', 'review', [out.id], 'en');
    expect(en).toMatchObject({ success: false, code: 400 });
    expect(en.msg).toBe(
      `Bill ${out.billNo} line 2: not enough stock of material M1 物料 M1 (batch: B1, place: P1 库位 P1) for owner C1 货主 C1; needs 999, available 11.5`,
    );
    const zh = await api.action('osoutstockbill', 'review', [out.id], 'zh');
    expect(zh.msg).toBe(
      `单据 ${out.billNo} 第 2 行：货主 C1 货主 C1 的物料 M1 物料 M1（批次 B1，库位 P1 库位 P1）库存不足，需要 999，可用 11.5`,
    );
    const mo = await api.action('osoutstockbill', 'review', [out.id], 'mo');
    expect(mo.msg).toBe(
      `單據 ${out.billNo} 第 2 行：貨主 C1 货主 C1 的物料 M1 物料 M1（批次 B1，庫位 P1 库位 P1）庫存不足，需要 999，可用 11.5`,
    );
    const unpinned = await outboundBill([{ materialCode: 'M3', qty: '1' }], { customerCode: 'C1' });
    const any = await api.action('osoutstockbill', 'review', [unpinned.id], 'en');
    expect(any.msg).toBe(
      `Bill ${unpinned.billNo} line 1: not enough stock of material M3 物料 M3 (batch: any, place: any) for owner C1 货主 C1; needs 1, available 0`,
    );
    expect(await counts(test.database)).toEqual(before);
    expect(await detail('osoutstockbill', out.id)).toMatchObject({
      isReview: '1',
      streamStatus: '0',
      auditUser: null,
    });
    // A bill that needs no review and cannot be served is not saved either.
    const rows = await test.database.db.execute(sql`select count(*)::int n from bl_osoutstockbill`);
    const refused = await api.submit('osoutstockbill', {
      billNo: nextBillNo('OUT'),
      billDate: '2026-04-01',
      customerCode: 'C1',
      outTransferType: '1',
      isReview: '0',
      details: [{ materialCode: 'M1', qty: '100000' }],
    });
    expect(refused.success).toBe(false);
    expect(await test.database.db.execute(sql`select count(*)::int n from bl_osoutstockbill`)).toMatchObject({
      rows: (rows as unknown as { rows: unknown[] }).rows,
    });
    expect(await counts(test.database)).toEqual(before);
  });

  it('several ids are all or nothing', async () => {
    const good = await inboundBill([
      { materialCode: 'M1', batchNo: 'ALL', warehousePlaceCode: 'P1', qty: '2' },
    ]);
    // A zero quantity is refused on save now (issue 14, 7); a row kept from before still is at review.
    const zero = await api.submit('isinstockbill', {
      billNo: nextBillNo('IN'),
      billDate: '2026-03-01',
      customerCode: 'C1',
      warehouseCode: 'W1',
      type: '2',
      isReview: '1',
      details: [{ lineNumber: 1, materialCode: 'M1', batchNo: 'ALL', warehousePlaceCode: 'P1', qty: '0' }],
    });
    expect(zero.success).toBe(false);
    const bad = await inboundBill([
      { materialCode: 'M1', batchNo: 'ALL', warehousePlaceCode: 'P1', qty: '1' },
    ]);
    await test.database.db.execute(
      sql`update bl_isinstockbilldetail set qty = 0 where header_id = ${bad.id as string}`,
    );
    const before = await counts(test.database);
    const answer = await api.action('isinstockbill', 'review', [good.id, bad.id], 'en');
    expect(answer.msg).toBe(`Bill ${bad.billNo} line 1: the quantity must be greater than 0`);
    expect(await counts(test.database)).toEqual(before);
    expect(await detail('isinstockbill', good.id)).toMatchObject({ isReview: '1', streamStatus: '0' });

    const first = await outboundBill([
      { materialCode: 'M1', batchNo: 'B1', warehousePlaceCode: 'P1', qty: '1' },
    ]);
    const second = await outboundBill([
      { materialCode: 'M1', batchNo: 'B1', warehousePlaceCode: 'P1', qty: '1000' },
    ]);
    const mixed = await api.action('osoutstockbill', 'review', [first.id, second.id], 'en');
    expect(mixed.msg).toContain(`Bill ${second.billNo} line 1: not enough stock`);
    expect(await counts(test.database)).toEqual(before);
    expect(await detail('osoutstockbill', first.id)).toMatchObject({ streamStatus: '0' });
    const missing = await api.action('isinstockbill', 'review', [good.id, '123456789'], 'en');
    expect(missing.code).toBe(404);
    expect(await counts(test.database)).toEqual(before);
  });

  it('a shipped outbound bill cannot be deleted; an unposted one can', async () => {
    const out = await outboundBill([
      { materialCode: 'M1', batchNo: 'B1', warehousePlaceCode: 'P1', qty: '1' },
    ]);
    expect((await api.action('osoutstockbill', 'review', [out.id])).success).toBe(true);
    const remove = (language: string) =>
      api.call('POST', '/api/bl-wms/osoutstockbill/remove', { query: { ids: out.id }, language });
    expect((await remove('en')).msg).toBe('The delivered storage document cannot be deleted');
    expect((await remove('zh')).msg).toBe('已出库的单据不能删除');
    expect((await remove('mo')).msg).toBe('已出庫的單據不能刪除');
    expect((await api.action('osoutstockbill', 'unreview', [out.id])).success).toBe(true);
    expect((await remove('en')).success).toBe(true);
    expect(await ledgerProblems(test.database)).toEqual([]);
  });

  it('review and un-review need their buttons', async () => {
    const roleId = await createRole(test.database, {
      roleAlias: 'clerk',
      buttons: ['isinstockbill_view', 'isinstockbill_add'],
    });
    const token = await createUserAndSignIn(app, test.database, { account: 'clerk', roleId });
    const clerk = client(app, () => token);
    const bill = await inboundBill([{ materialCode: 'M1', qty: '1' }]);
    const refused = await clerk.action('isinstockbill', 'review', [bill.id]);
    expect(refused.code).toBe(403);
    const reviewerRole = await createRole(test.database, {
      roleAlias: 'reviewer',
      buttons: [
        'isinstockbill_review',
        'isinstockbill_unreview',
        'osoutstockbill_review',
        'osoutstockbill_unreview',
      ],
    });
    const reviewerToken = await createUserAndSignIn(app, test.database, {
      account: 'reviewer',
      roleId: reviewerRole,
    });
    const reviewer = client(app, () => reviewerToken);
    expect((await reviewer.action('isinstockbill', 'review', [bill.id])).success).toBe(true);
    expect((await clerk.action('isinstockbill', 'unreview', [bill.id])).code).toBe(403);
    expect((await reviewer.action('isinstockbill', 'unreview', [bill.id])).success).toBe(true);
    expect((await reviewer.action('isinstockbill', 'review', ['x1'])).code).toBe(400);
  });

  it("tenants never touch each other's stock", async () => {
    const other = await tokensOf(app, '100000');
    const otherApi = client(app, () => other.accessToken);
    const bill = await inboundBill([{ materialCode: 'M1', qty: '1' }]);
    expect((await otherApi.action('isinstockbill', 'review', [bill.id])).code).toBe(404);
    expect(await detail('isinstockbill', bill.id)).toMatchObject({ streamStatus: '0' });
  });
});

// Only PostgreSQL runs transactions side by side (PGlite runs them one at a time).
const concurrent = testDrivers().filter((driver) => driver === 'postgres');
describe.each(concurrent)('stock ledger under concurrency on %s', (driver) => {
  let test: TestDatabase;
  let pool: Database;
  let app: FastifyInstance;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    // A pool as wide as the test's concurrency, so every review runs in its own transaction at once.
    const url = new URL(test.url as string);
    url.searchParams.set('application_name', 'ledger_race');
    pool = openPostgres(url.toString(), 24);
    app = await testApp(pool);
    const admin = await tokensOf(app, '000000');
    api = client(app, () => admin.accessToken);
    await masterData(api.submit);
  });
  afterAll(async () => {
    await app.close();
    await pool.close();
    // pg's pool.end() resolves before the server has seen every socket close; dropping the
    // database then kills those backends, and their FATAL reaches a client no one listens to.
    for (let i = 0; i < 100; i++) {
      const [left] = await queryRows<{ n: number }>(
        test.database.db,
        sql`select count(*)::int n from pg_stat_activity where application_name = 'ledger_race'`,
      );
      if (left?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await test.dispose();
  });

  const bill = async (entity: 'isinstockbill' | 'osoutstockbill', lines: Line[]) => {
    const answer = await api.submit(entity, {
      billNo: nextBillNo(entity === 'isinstockbill' ? 'IN' : 'OUT'),
      billDate: '2026-05-01',
      customerCode: 'C1',
      type: '2',
      outTransferType: '1',
      details: lines.map((line, index) => ({ lineNumber: index + 1, ...line })),
    });
    if (!answer.success) throw new Error(answer.msg);
    return answer.data as Row;
  };

  it('20 concurrent outbound reviews of 1 unit from a balance of 10: exactly 10 succeed', async () => {
    const inbound = await bill('isinstockbill', [
      { materialCode: 'M1', batchNo: 'RACE', warehousePlaceCode: 'P1', qty: '10' },
    ]);
    expect((await api.action('isinstockbill', 'review', [inbound.id])).success).toBe(true);
    const outs = [];
    for (let i = 0; i < 20; i++)
      outs.push(await bill('osoutstockbill', [{ materialCode: 'M1', batchNo: 'RACE', qty: '1' }]));
    const answers = await Promise.all(
      outs.map((out) => api.action('osoutstockbill', 'review', [out.id], 'en')),
    );
    expect(answers.filter((a) => a.success)).toHaveLength(10);
    const failures = answers.filter((a) => !a.success);
    expect(failures).toHaveLength(10);
    for (const failure of failures)
      expect(failure.msg).toMatch(/not enough stock of material M1 物料 M1 \(batch: RACE, place: any\)/);
    const [balance] = await queryRows<{ qty: string }>(
      test.database.db,
      sql`select qty::text qty from bl_stock where material_code = 'M1' and batch_no = 'RACE'`,
    );
    expect(balance?.qty).toBe('0.0000');
    const [posted] = await queryRows<{ n: number }>(
      test.database.db,
      sql`select count(*)::int n from bl_osoutstockbill where stream_status = '1'`,
    );
    expect(posted?.n).toBe(10);
    expect(await ledgerProblems(test.database)).toEqual([]);
  });

  it('a bill reviewed by 8 requests at once posts exactly once', async () => {
    const inbound = await bill('isinstockbill', [
      { materialCode: 'M3', batchNo: 'ONCE', warehousePlaceCode: 'P3', qty: '4' },
    ]);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => api.action('isinstockbill', 'review', [inbound.id], 'en')),
    );
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    for (const refused of answers.filter((a) => !a.success))
      expect(refused.msg).toBe(
        `Bill ${inbound.billNo} has already been posted to stock; it cannot be posted twice`,
      );
    const [balance] = await queryRows<{ qty: string }>(
      test.database.db,
      sql`select qty::text qty from bl_stock where batch_no = 'ONCE'`,
    );
    expect(balance?.qty).toBe('4.0000');
    expect(await ledgerProblems(test.database)).toEqual([]);
  });

  it('postings touching the same keys in opposite orders all finish, without deadlock', async () => {
    // Three keys; a line cannot name the same material and batch twice, so they differ by material.
    const keys = ['M1', 'M2', 'M3'].map((materialCode) => ({
      materialCode,
      batchNo: 'X',
      warehousePlaceCode: 'P2',
    }));
    const stock = await bill(
      'isinstockbill',
      keys.map((key) => ({ ...key, qty: '100' })),
    );
    expect((await api.action('isinstockbill', 'review', [stock.id])).success).toBe(true);
    const forward = keys.map((key) => ({ ...key, qty: '1' }));
    const backward = [...forward].reverse();
    const rounds = 8;
    const bills: { entity: 'isinstockbill' | 'osoutstockbill'; id: string }[] = [];
    for (let i = 0; i < rounds; i++) {
      for (const entity of ['isinstockbill', 'osoutstockbill'] as const) {
        bills.push({ entity, id: (await bill(entity, forward)).id });
        bills.push({ entity, id: (await bill(entity, backward)).id });
      }
    }
    const answers = await Promise.all(bills.map((b) => api.action(b.entity, 'review', [b.id], 'en')));
    expect(answers.filter((a) => !a.success).map((a) => a.msg)).toEqual([]);
    const totals = await queryRows<{ material: string; qty: string }>(
      test.database.db,
      sql`select material_code material, qty::text qty from bl_stock
          where batch_no = 'X' order by 1`,
    );
    // Each key: 100 in, then 16 bills in and 16 out of one unit each.
    expect(totals).toEqual(['M1', 'M2', 'M3'].map((material) => ({ material, qty: '100.0000' })));
    expect(await ledgerProblems(test.database)).toEqual([]);
  });
});
