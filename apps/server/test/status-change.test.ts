import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { runStatusChange } from '../src/modules/wms/status-change.ts';
import { body, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

type Answer = { success: boolean; msg: string; data: unknown };

describe.each(testDrivers())('automatic stock status change on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  const failures: unknown[] = [];

  const must = async (entity: string, payload: unknown) => {
    const answer = body(
      await app.inject({
        method: 'POST',
        url: `/api/bl-wms/${entity}/submit`,
        payload: payload as never,
        headers: { 'blade-auth': `bearer ${admin.accessToken}`, 'blade-language': 'en' },
      }),
    ) as Answer;
    if (!answer.success) throw new Error(`${entity}: ${answer.msg}`);
  };
  const receive = (billNo: string, billDate: string, materialCode: string, qty: string, batchNo = '') =>
    must('isinstockbill', {
      billNo,
      billDate,
      customerCode: 'C1',
      warehouseCode: 'W1',
      type: '2',
      isReview: '0',
      details: [{ lineNumber: 1, materialCode, batchNo, warehousePlaceCode: 'P1', qty, qtyWeg: qty }],
    });
  const balances = () =>
    queryRows<{ materialCode: string; stockStatus: string; qty: string; instockDate: string }>(
      test.database.db,
      sql`select material_code "materialCode", stock_status "stockStatus", qty::text qty,
                 to_char(instock_date, 'YYYY-MM-DD') "instockDate"
          from bl_stock where tenant_id = '000000' and qty <> 0 order by material_code, stock_status, qty`,
    );
  const sweep = (day: string) =>
    runStatusChange(test.database, new Date(`${day}T08:00:00Z`), (e) => failures.push(e));

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    admin = await tokensOf(app, '000000');
    await must('unit', { code: 'PCS', name: '件', rate: '1' });
    // Goods of CAT-QI go to quality inspection 30 days after arrival; CAT-OFF never change.
    await must('category', {
      code: 'CAT-QI',
      name: 'QI',
      ifChangeStatus: '1',
      changeStatus: '2',
      changeTime: 30,
    });
    await must('category', {
      code: 'CAT-OFF',
      name: 'Off',
      ifChangeStatus: '0',
      changeStatus: '3',
      changeTime: 1,
    });
    await must('material', { code: 'M1', name: 'M1', unitCode: 'PCS', categoryCode: 'CAT-QI' });
    await must('material', { code: 'M2', name: 'M2', unitCode: 'PCS', categoryCode: 'CAT-OFF' });
    await must('customer', { code: 'C1', name: 'C1', customerStatus: '1' });
    await must('warehouse', { code: 'W1', name: 'W1' });
    await must('warehousearea', { code: 'A1', name: 'A1', warehouseCode: 'W1' });
    await must('warehouseplace', { code: 'P1', name: 'P1', warehouseAreaCode: 'A1', placeStatus: '1' });
    await receive('IN-OLD', '2026-10-01', 'M1', '7.5');
    // Another batch: a balance of its own (one balance keeps the earliest date of its goods).
    await receive('IN-NEW', '2026-11-20', 'M1', '2', 'B-NEW');
    await receive('IN-M2', '2026-01-01', 'M2', '4');
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('moves only what its category has held long enough, as a conversion without fee, once', async () => {
    // 30 days after 2026-10-01 is 2026-10-31: nothing is due the day before.
    expect(await sweep('2026-10-30')).toBe(0);
    expect(await sweep('2026-10-31')).toBe(1);
    expect(await balances()).toEqual([
      { materialCode: 'M1', stockStatus: '1', qty: '2.0000', instockDate: '2026-11-20' },
      // Its arrival date is kept: FIFO and storage fees still see it as received on 10-01.
      { materialCode: 'M1', stockStatus: '2', qty: '7.5000', instockDate: '2026-10-01' },
      // The category's change is off.
      { materialCode: 'M2', stockStatus: '1', qty: '4.0000', instockDate: '2026-01-01' },
    ]);
    const stream = await queryRows<{
      qty: string;
      stockStatus: string;
      instockStatus: string;
      outstockStatus: string;
    }>(
      test.database.db,
      sql`select qty::text qty, stock_status "stockStatus", instock_status "instockStatus", outstock_status "outstockStatus"
          from bl_stockstream where bill_type = 'statuschange' order by qty`,
    );
    expect(stream).toEqual([
      { qty: '-7.5000', stockStatus: '1', instockStatus: null, outstockStatus: '2' },
      { qty: '7.5000', stockStatus: '2', instockStatus: '2', outstockStatus: null },
    ]);
    // Run again (another process, the next hour): nothing left to move.
    expect(await sweep('2026-10-31')).toBe(0);
    expect(await sweep('2026-12-31')).toBe(1);
    expect(
      (await balances()).filter((b) => b.materialCode === 'M1').map((b) => [b.stockStatus, b.qty]),
    ).toEqual([
      ['2', '2.0000'],
      ['2', '7.5000'],
    ]);
    const [stamped] = await queryRows<{ stamped: boolean }>(
      test.database.db,
      sql`select last_change_time is not null as stamped from bl_category where code = 'CAT-QI'`,
    );
    expect(stamped?.stamped).toBe(true);
    expect(failures).toEqual([]);
  });

  it('keeps every balance equal to the sum of its stream', async () => {
    const problems = await queryRows<{ id: string }>(
      test.database.db,
      sql`select s.id::text id from bl_stock s
          left join (select tenant_id, customer_code, material_code, batch_no, customer_batch_no,
                            warehouse_place_code, barcode, packspec_code, stock_status, sum(qty) qty
                     from bl_stockstream group by 1, 2, 3, 4, 5, 6, 7, 8, 9) t
            using (tenant_id, customer_code, material_code, batch_no, customer_batch_no,
                   warehouse_place_code, barcode, packspec_code, stock_status)
          where s.qty <> coalesce(t.qty, 0)`,
    );
    expect(problems).toEqual([]);
  });
});
