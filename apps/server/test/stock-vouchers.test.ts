import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../src/db/database.ts';
import { type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { client, masterData, nextBillNo } from './support/wms.ts';

type Row = Record<string, unknown> & { id: string };
type Line = Record<string, unknown>;

/**
 * Stock vouchers (issue 30, docs/adr/0040-stock-vouchers.md): every posting writes its voucher,
 * one item per stream row; reversal from the voucher screen un-posts through the bill's own
 * un-review; vouchers and the ledger agree on any sequence of postings.
 */

/** Stream rows and voucher items that do not match one to one (key, amounts, direction, bill). */
async function disagreements(database: Database) {
  return queryRows<Record<string, unknown>>(
    database.db,
    sql`select s.id::text stream, i.id::text item, s.bill_no, s.qty::text, i.qty::text item_qty
        from (select * from bl_stockstream where is_deleted = 0) s
        full join (select i.*, v.apply_no, v.source_bill_type from bl_voucheritem i
                   join bl_voucherbill v on v.id = i.header_id where i.is_deleted = 0) i on i.stream_id = s.id
        where s.id is null or i.id is null
           or s.qty <> i.qty or s.weg <> i.weg or s.qty_weg <> i.qty_weg or s.board <> i.board
           or s.volume <> i.volume or s.direction <> i.direction or s.customer_code <> i.customer_code
           or s.material_code <> i.material_code or s.batch_no <> i.batch_no
           or s.customer_batch_no <> i.customer_batch_no or s.warehouse_place_code <> i.warehouse_place_code
           or s.barcode <> i.barcode or s.packspec_code <> i.packspec_code or s.stock_status <> i.stock_status
           or s.bill_no <> i.apply_no or s.bill_type <> i.source_bill_type or s.tenant_id <> i.tenant_id`,
  );
}

/** Per key, Σ voucher items = Σ stream rows = the balance. */
async function sumsOff(database: Database) {
  return queryRows<Record<string, unknown>>(
    database.db,
    sql`with i as (select tenant_id, customer_code, material_code, batch_no, warehouse_place_code, stock_status,
                          sum(qty) qty from bl_voucheritem where is_deleted = 0 group by 1, 2, 3, 4, 5, 6),
             s as (select tenant_id, customer_code, material_code, batch_no, warehouse_place_code, stock_status,
                          sum(qty) qty from bl_stockstream where is_deleted = 0 group by 1, 2, 3, 4, 5, 6),
             b as (select tenant_id, customer_code, material_code, batch_no, warehouse_place_code, stock_status,
                          sum(qty) qty from bl_stock where is_deleted = 0 group by 1, 2, 3, 4, 5, 6)
        select * from i full join s using (tenant_id, customer_code, material_code, batch_no, warehouse_place_code, stock_status)
          full join b using (tenant_id, customer_code, material_code, batch_no, warehouse_place_code, stock_status)
        where coalesce(i.qty, 0) <> coalesce(s.qty, 0) or coalesce(s.qty, 0) <> coalesce(b.qty, 0)`,
  );
}

/** A small seeded generator (mulberry32): the same sequence on every run and driver. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(testDrivers())('stock vouchers on %s', (driver) => {
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
    // Prices to value the finance export at.
    for (const [code, price] of [
      ['M1', '2.5'],
      ['M2', '10'],
      ['M3', '0.3333'],
    ]) {
      const [material] = await queryRows<Row>(
        test.database.db,
        sql`select id::text id from bl_material where code = ${code} and tenant_id = '000000'`,
      );
      const found = await api.call('GET', '/api/bl-wms/material/detail', {
        query: { id: String(material?.id) },
      });
      const saved = await api.submit('material', { ...(found.data as Row), price });
      if (!saved.success) throw new Error(saved.msg);
    }
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });
  afterEach(async () => {
    expect(await disagreements(test.database)).toEqual([]);
    expect(await sumsOff(test.database)).toEqual([]);
  });

  const must = async (entity: string, payload: Line) => {
    const answer = await api.submit(entity, payload);
    if (!answer.success) throw new Error(`${entity}: ${answer.msg}`);
    return answer.data as Row;
  };
  const numbered = (lines: Line[]) => lines.map((line, index) => ({ lineNumber: index + 1, ...line }));
  const inbound = (lines: Line[], owner = 'C1') =>
    must('isinstockbill', {
      billNo: nextBillNo('VIN'),
      billDate: '2026-03-01',
      customerCode: owner,
      warehouseCode: 'W1',
      type: '2',
      isReview: '1',
      details: numbered(lines),
    });
  const outbound = (lines: Line[], owner = 'C1') =>
    must('osoutstockbill', {
      billNo: nextBillNo('VOUT'),
      billDate: '2026-03-02',
      customerCode: owner,
      warehouseCode: 'W1',
      outTransferType: '1',
      isReview: '1',
      details: numbered(lines),
    });
  const transfer = (lines: Line[], owner = 'C1') =>
    must('warehousetransferbill', {
      billNo: nextBillNo('VTR'),
      billDate: '2026-03-02',
      customerCode: owner,
      details: numbered(lines),
    });
  const act = (entity: string, action: string, ids: string[], language = 'zh', payload?: unknown) =>
    api.call('POST', `/api/bl-wms/${entity}/${action}`, {
      query: { ids: ids.join(',') },
      payload: payload ?? {},
      language,
    });
  const ok = async (entity: string, action: string, ids: string[], payload?: unknown) => {
    const answer = await act(entity, action, ids, 'zh', payload);
    if (!answer.success) throw new Error(`${entity}.${action}: ${answer.msg}`);
    return answer.data;
  };
  const vouchersOf = (billNo: string) =>
    queryRows<Row>(
      test.database.db,
      sql`select id::text id, bill_no "billNo", apply_no "applyNo", source_bill_type "sourceBillType",
                 voucher_type "voucherType", voucher_off_state "offState", voucher_off_remark "offRemark",
                 voucher_off_user "offUser", voucher_off_time is not null "offTimed", remark,
                 total_qty::text "totalQty", to_char(bill_date, 'YYYY-MM-DD') "billDate"
          from bl_voucherbill where apply_no = ${billNo} order by id`,
    );
  const itemsOf = (voucherId: string) =>
    queryRows<Row>(
      test.database.db,
      sql`select line_number "lineNumber", apply_line_number "sourceLine", customer_code owner,
                 material_code material, batch_no batch, warehouse_place_code place, stock_status status,
                 qty::text qty, direction, voucher_off_state "offState", voucher_off_remark "offRemark",
                 voucher_off_time is not null "offTimed"
          from bl_voucheritem where header_id = ${voucherId}::bigint order by line_number`,
    );
  const balance = async (material: string, batch: string, place: string, owner = 'C1') => {
    const [row] = await queryRows<{ qty: string }>(
      test.database.db,
      sql`select qty::text qty from bl_stock where material_code = ${material} and batch_no = ${batch}
          and warehouse_place_code = ${place} and customer_code = ${owner} and is_deleted = 0`,
    );
    return row?.qty ?? null;
  };

  it('a review writes one voucher naming its bill and movement, one item per stream row', async () => {
    const bill = await inbound([
      { materialCode: 'M1', batchNo: 'VB1', warehousePlaceCode: 'P1', qty: '10', qtyWeg: '20' },
      { materialCode: 'M2', batchNo: 'VB1', warehousePlaceCode: 'P2', qty: '3' },
    ]);
    expect(await vouchersOf(String(bill.billNo))).toEqual([]);
    await ok('isinstockbill', 'review', [bill.id]);
    const [voucher, ...more] = await vouchersOf(String(bill.billNo));
    expect(more).toEqual([]);
    expect(voucher).toMatchObject({
      applyNo: bill.billNo,
      sourceBillType: 'isinstockbill',
      voucherType: '1',
      offState: '0',
      offRemark: null,
      totalQty: '13.0000',
    });
    expect(String(voucher?.billNo)).toMatch(/^PZ\d+$/);
    expect(await itemsOf(String(voucher?.id))).toEqual([
      {
        lineNumber: 1,
        sourceLine: 1,
        owner: 'C1',
        material: 'M1',
        batch: 'VB1',
        place: 'P1',
        status: '1',
        qty: '10.0000',
        direction: '1',
        offState: '0',
        offRemark: null,
        offTimed: false,
      },
      expect.objectContaining({ lineNumber: 2, material: 'M2', place: 'P2', qty: '3.0000', direction: '1' }),
    ]);

    // An outbound review is an issue (type 2), a move a transfer (3): signed items, out of the places taken.
    const out = await outbound([{ materialCode: 'M1', batchNo: 'VB1', qty: '4' }]);
    await ok('osoutstockbill', 'review', [out.id]);
    const [issue] = await vouchersOf(String(out.billNo));
    expect(issue).toMatchObject({ voucherType: '2', totalQty: '4.0000' });
    expect(await itemsOf(String(issue?.id))).toEqual([
      expect.objectContaining({ material: 'M1', place: 'P1', qty: '-4.0000', direction: '2' }),
    ]);
    const move = await transfer([
      {
        materialCode: 'M1',
        batchNo: 'VB1',
        warehousePlaceCode: 'P1',
        targetWarehousePlaceCode: 'P3',
        qty: '2',
      },
    ]);
    await ok('warehousetransferbill', 'review', [move.id]);
    const [moved] = await vouchersOf(String(move.billNo));
    expect(moved).toMatchObject({ voucherType: '3', totalQty: '2.0000' });
    expect((await itemsOf(String(moved?.id))).map((i) => [i.place, i.qty, i.direction])).toEqual([
      ['P1', '-2.0000', '2'],
      ['P3', '2.0000', '1'],
    ]);
  });

  it('reversal un-reviews the bill, writes the mirror voucher and marks the voucher; twice is refused', async () => {
    const bill = await inbound([{ materialCode: 'M2', batchNo: 'VR1', warehousePlaceCode: 'P1', qty: '6' }]);
    await ok('isinstockbill', 'review', [bill.id]);
    const [voucher] = await vouchersOf(String(bill.billNo));
    expect(await balance('M2', 'VR1', 'P1')).toBe('6.0000');

    // The remark is asked: without one the reversal is refused and nothing moves.
    const bare = await act('voucherbill', 'reverse', [String(voucher?.id)], 'en');
    expect(bare.success).toBe(false);
    expect(bare.msg).toContain('Reversal remark');
    expect(await balance('M2', 'VR1', 'P1')).toBe('6.0000');

    expect(
      await ok('voucherbill', 'reverse', [String(voucher?.id)], { voucherOffRemark: '数量录错' }),
    ).toEqual({ reversed: 1, unreviewed: 1 });
    expect(await balance('M2', 'VR1', 'P1')).toBe('0.0000');
    const header = (await api.call('GET', '/api/bl-wms/isinstockbill/detail', { query: { id: bill.id } }))
      .data as Row;
    expect(header.isReview).toBe('1');
    const [reversed, mirror, ...more] = await vouchersOf(String(bill.billNo));
    expect(more).toEqual([]);
    expect(reversed).toMatchObject({ offState: '1', offRemark: '数量录错', offTimed: true });
    expect(String(reversed?.offUser)).not.toBe('');
    expect(mirror).toMatchObject({
      voucherType: '6',
      offState: '0',
      remark: voucher?.billNo,
      totalQty: '6.0000',
    });
    expect(await itemsOf(String(reversed?.id))).toEqual([
      expect.objectContaining({
        qty: '6.0000',
        direction: '1',
        offState: '1',
        offRemark: '数量录错',
        offTimed: true,
      }),
    ]);
    expect(await itemsOf(String(mirror?.id))).toEqual([
      expect.objectContaining({ qty: '-6.0000', direction: '2', offState: '0' }),
    ]);
    const detail = (
      await api.call('GET', '/api/bl-wms/voucherbill/detail', { query: { id: String(reversed?.id) } })
    ).data as Row;
    expect(detail).toMatchObject({ voucherOffState: '1', voucherOffRemark: '数量录错' });

    // Reversed once: refused in every language, and a mirror voucher is not reversed either.
    const twice = {
      zh: await act('voucherbill', 'reverse', [String(reversed?.id)], 'zh', { voucherOffRemark: 'x' }),
      mo: await act('voucherbill', 'reverse', [String(reversed?.id)], 'mo', { voucherOffRemark: 'x' }),
      en: await act('voucherbill', 'reverse', [String(reversed?.id)], 'en', { voucherOffRemark: 'x' }),
    };
    expect(Object.values(twice).map((a) => a.success)).toEqual([false, false, false]);
    expect(twice.zh.msg).toBe(`凭证 ${reversed?.billNo} 已冲销，不能再次冲销`);
    expect(twice.mo.msg).toBe(`憑證 ${reversed?.billNo} 已沖銷，不能再次沖銷`);
    expect(twice.en.msg).toBe(
      `Voucher ${reversed?.billNo} is already reversed; a voucher is reversed only once`,
    );
    const mirrored = await act('voucherbill', 'reverse', [String(mirror?.id)], 'en', {
      voucherOffRemark: 'x',
    });
    expect(mirrored.msg).toContain('is a reversal voucher');

    // Reviewed again: a new live voucher, which an un-review on the bill's screen reverses too.
    await ok('isinstockbill', 'review', [bill.id]);
    await ok('isinstockbill', 'unreview', [bill.id]);
    const after = await vouchersOf(String(bill.billNo));
    expect(after.map((v) => [v.voucherType, v.offState])).toEqual([
      ['1', '1'],
      ['6', '0'],
      ['1', '1'],
      ['6', '0'],
    ]);
    expect(after[2]).toMatchObject({ offRemark: '反审核', offTimed: true });
  });

  it('is refused where un-review is, with the same message, leaving nothing', async () => {
    const bill = await inbound([{ materialCode: 'M3', batchNo: 'VU1', warehousePlaceCode: 'P2', qty: '5' }]);
    await ok('isinstockbill', 'review', [bill.id]);
    const out = await outbound([{ materialCode: 'M3', batchNo: 'VU1', qty: '5' }]);
    await ok('osoutstockbill', 'review', [out.id]);
    const [voucher] = await vouchersOf(String(bill.billNo));
    for (const language of ['zh', 'mo', 'en']) {
      const unreview = await act('isinstockbill', 'unreview', [bill.id], language);
      const reverse = await act('voucherbill', 'reverse', [String(voucher?.id)], language, {
        voucherOffRemark: 'r',
      });
      expect(unreview.success).toBe(false);
      expect(reverse.success).toBe(false);
      expect(reverse.msg).toBe(unreview.msg);
    }
    expect((await vouchersOf(String(bill.billNo))).map((v) => v.offState)).toEqual(['0']);
    // A voucher item is not reversed on its own.
    const [item] = await queryRows<Row>(
      test.database.db,
      sql`select id::text id from bl_voucheritem where header_id = ${String(voucher?.id)}::bigint`,
    );
    const single = await api.call('POST', '/api/bl-wms/voucheritem/reverse', {
      query: { ids: String(item?.id) },
      language: 'en',
    });
    expect(single.success).toBe(false);
    expect(single.msg).toBe(
      `A voucher item is not reversed on its own: ${bill.billNo} is un-reviewed as a whole; reverse voucher ${voucher?.billNo}`,
    );
  });

  it('agrees with the ledger on a seeded random sequence of reviews, un-reviews, moves and counts', async () => {
    const random = seeded(30);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
    const places = ['P1', 'P2', 'P3'];
    const materials = ['M1', 'M2'];
    const batch = 'VX';
    const reviewed: { entity: string; id: string }[] = [];
    const counts = { review: 0, unreview: 0, viaVoucher: 0, counted: 0, refused: 0 };
    const held = async (owner: string) =>
      queryRows<{ material: string; place: string; qty: string }>(
        test.database.db,
        sql`select material_code material, warehouse_place_code place, qty::text qty from bl_stock
            where tenant_id = '000000' and customer_code = ${owner} and batch_no = ${batch} and qty > 0 and is_deleted = 0
              and stock_status = '1' order by material_code, warehouse_place_code`,
      );
    for (let step = 0; step < 40; step++) {
      const owner = pick(['C1', 'C2']);
      const roll = random();
      const stock = await held(owner);
      let made: { entity: string; id: string } | undefined;
      if (roll < 0.35 || stock.length === 0) {
        const bill = await inbound(
          [
            {
              materialCode: pick(materials),
              batchNo: batch,
              warehousePlaceCode: pick(places),
              qty: String(1 + Math.floor(random() * 9)),
            },
          ],
          owner,
        );
        made = { entity: 'isinstockbill', id: bill.id };
      } else if (roll < 0.55) {
        const from = pick(stock);
        const bill = await outbound(
          [
            {
              materialCode: from.material,
              batchNo: batch,
              qty: String(Math.max(1, Math.floor(Number(from.qty) / 2))),
            },
          ],
          owner,
        );
        made = { entity: 'osoutstockbill', id: bill.id };
      } else if (roll < 0.7) {
        const from = pick(stock);
        const bill = await transfer(
          [
            {
              materialCode: from.material,
              batchNo: batch,
              warehousePlaceCode: from.place,
              targetWarehousePlaceCode: pick(places),
              qty: '1',
            },
          ],
          owner,
        );
        made = { entity: 'warehousetransferbill', id: bill.id };
      } else if (roll < 0.82) {
        // A count of the owner's stock: each counted line off the book by -1, 0 or +1.
        const bill = await must('wmstockcheckbill', {
          billNo: nextBillNo('VCK'),
          billDate: '2026-03-05',
          checkType: '1',
          warehouseCode: 'W1',
          customerCode: owner,
        });
        await ok('wmstockcheckbill', 'snapshot', [bill.id]);
        const lines = (
          (await api.call('GET', '/api/bl-wms/wmstockcheckbill/detail', { query: { id: bill.id } }))
            .data as Row
        ).details as Row[];
        for (const line of lines)
          await must('wmstockcheckbilldetail', {
            ...line,
            qty: String(Math.max(0, Number(line.bookQty) + Math.floor(random() * 3) - 1)),
          });
        made = { entity: 'wmstockcheckbill', id: bill.id };
      } else if (reviewed.length > 0) {
        // An un-review, half of them through the voucher screen.
        const target = pick(reviewed);
        const viaVoucher = random() < 0.5;
        let answer: Awaited<ReturnType<typeof act>>;
        if (viaVoucher) {
          const [row] = await queryRows<{ id: string }>(
            test.database.db,
            sql`select v.id::text id from bl_voucherbill v
                join ${sql.identifier(`bl_${target.entity}`)} b on b.bill_no = v.apply_no and b.id = ${target.id}::bigint
                where v.source_bill_type = ${target.entity} and v.voucher_off_state = '0' and v.voucher_type <> '6'
                order by v.id desc limit 1`,
          );
          answer = row
            ? await act('voucherbill', 'reverse', [row.id], 'zh', { voucherOffRemark: `step ${step}` })
            : await act(target.entity, 'unreview', [target.id]);
        } else answer = await act(target.entity, 'unreview', [target.id]);
        if (answer.success) {
          counts.unreview += 1;
          if (viaVoucher) counts.viaVoucher += 1;
          reviewed.splice(reviewed.indexOf(target), 1);
        } else counts.refused += 1;
      }
      if (made) {
        const answer = await act(made.entity, 'review', [made.id]);
        if (answer.success) {
          counts.review += 1;
          if (made.entity === 'wmstockcheckbill') counts.counted += 1;
          reviewed.push(made);
        } else counts.refused += 1;
      }
      expect(await disagreements(test.database), `step ${step}`).toEqual([]);
    }
    expect(counts.review).toBeGreaterThan(15);
    expect(counts.unreview).toBeGreaterThan(2);
    expect(counts.viaVoucher).toBeGreaterThan(0);
    expect(counts.counted).toBeGreaterThan(0);
  }, 120_000);

  it('exports a period of vouchers item by item, valued at the material price', async () => {
    const bill = await inbound([{ materialCode: 'M3', batchNo: 'VE1', warehousePlaceCode: 'P3', qty: '3' }]);
    await ok('isinstockbill', 'review', [bill.id]);
    const [voucher] = await vouchersOf(String(bill.billNo));
    const day = String(voucher?.billDate);
    const bad = await api.call('GET', '/api/bl-wms/voucherbill/finance-export', {
      query: { start: day, end: '2020-01-01' },
      language: 'en',
    });
    expect(bad.msg).toContain('Give the period');
    const response = await app.inject({
      method: 'GET',
      url: '/api/bl-wms/voucherbill/finance-export',
      query: { start: day, end: day },
      headers: { 'blade-auth': `bearer ${admin.accessToken}`, 'blade-language': 'en' },
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Voucher no.');
    expect(header).toContain('Amount');
    const rows: Record<string, unknown>[] = [];
    sheet.eachRow((row, index) => {
      if (index === 1) return;
      const values = (row.values as unknown[]).slice(1);
      rows.push(Object.fromEntries(header.map((h, i) => [String(h), values[i]])));
    });
    const [expected] = await queryRows<{ n: number; amount: string }>(
      test.database.db,
      sql`select count(*)::int n, sum(round(i.qty * m.price, 2))::text amount
          from bl_voucheritem i join bl_voucherbill v on v.id = i.header_id
          join bl_material m on m.code = i.material_code and m.tenant_id = i.tenant_id
          where v.tenant_id = '000000' and v.bill_date = ${day}::date`,
    );
    expect(rows).toHaveLength(expected?.n ?? -1);
    const mine = rows.find((r) => r['Voucher no.'] === voucher?.billNo);
    expect(mine).toMatchObject({ 'Source bill no.': bill.billNo, Material: 'M3', Quantity: 3, Amount: 1 });
    const sum = rows.reduce((total, r) => total + Math.round(Number(r.Amount) * 100), 0);
    expect(sum).toBe(Math.round(Number(expected?.amount) * 100));
  });
});
