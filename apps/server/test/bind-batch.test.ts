import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { body, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

type Answer = { success: boolean; msg: string; data: unknown };
interface BalanceRow {
  id: string;
  batchNo: string;
  customerBatchNo: string;
  qty: string;
  qtyWeg: string;
  validityDate: string | null;
  instockDate: string | null;
}

describe.each(testDrivers())('bind batch on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let demo: Tokens;

  const call = async (tokens: Tokens, url: string, payload: unknown, language = 'en') =>
    body(
      await app.inject({
        method: 'POST',
        url,
        payload: payload as never,
        headers: { 'blade-auth': `bearer ${tokens.accessToken}`, 'blade-language': language },
      }),
    ) as Answer;
  const must = async (entity: string, payload: unknown) => {
    const answer = await call(admin, `/api/bl-wms/${entity}/submit`, payload);
    if (!answer.success) throw new Error(`${entity}: ${answer.msg}`);
  };
  const bind = (payload: unknown, tokens = admin, language = 'en') =>
    call(tokens, '/api/bl-wms/stock/bind-batch', payload, language);
  const balances = () =>
    queryRows<BalanceRow>(
      test.database.db,
      sql`select id::text id, batch_no "batchNo", customer_batch_no "customerBatchNo", qty::text qty,
                 qty_weg::text "qtyWeg", to_char(validity_date, 'YYYY-MM-DD') "validityDate",
                 to_char(instock_date, 'YYYY-MM-DD') "instockDate"
          from bl_stock where tenant_id = '000000' and qty <> 0 order by batch_no`,
    );
  const streamCount = async () =>
    (
      await queryRows<{ n: number }>(
        test.database.db,
        sql`select count(*)::int n from bl_stockstream where bill_type = 'bindbatch'`,
      )
    )[0]?.n;

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    admin = await tokensOf(app, '000000');
    demo = await tokensOf(app, '100000');
    await must('unit', { code: 'PCS', name: '件', rate: '1' });
    await must('material', { code: 'M1', name: 'M1', unitCode: 'PCS' });
    await must('customer', { code: 'C1', name: 'C1', customerStatus: '1' });
    await must('warehouse', { code: 'W1', name: 'W1' });
    await must('warehousearea', { code: 'A1', name: 'A1', warehouseCode: 'W1' });
    await must('warehouseplace', { code: 'P1', name: 'P1', warehouseAreaCode: 'A1', placeStatus: '1' });
    await must('isinstockbill', {
      billNo: 'IN-1',
      billDate: '2026-11-01',
      customerCode: 'C1',
      warehouseCode: 'W1',
      type: '2',
      isReview: '0',
      details: [{ lineNumber: 1, materialCode: 'M1', warehousePlaceCode: 'P1', qty: '10', qtyWeg: '25' }],
    });
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('binds part of a balance to a batch with its dates; weight follows in proportion; arrival kept', async () => {
    const [unbatched] = await balances();
    const answer = await bind({
      id: unbatched?.id,
      qty: '4',
      batchNo: 'B1',
      customerBatchNo: 'LOT-7',
      validityDate: '2027-05-01',
    });
    expect(answer.success, answer.msg).toBe(true);
    expect(answer.data).toEqual({ qty: '4.0000' });
    expect((await balances()).map(({ id: _, ...rest }) => rest)).toEqual([
      {
        batchNo: '',
        customerBatchNo: '',
        qty: '6.0000',
        qtyWeg: '15.0000',
        validityDate: null,
        instockDate: '2026-11-01',
      },
      {
        batchNo: 'B1',
        customerBatchNo: 'LOT-7',
        qty: '4.0000',
        qtyWeg: '10.0000',
        validityDate: '2027-05-01',
        instockDate: '2026-11-01',
      },
    ]);
    expect(await streamCount()).toBe(2);
  });

  it('refuses more than the balance, nothing to change, a gone balance, and another tenant — writing nothing', async () => {
    const [unbatched] = await balances();
    const tooMuch = await bind({ id: unbatched?.id, qty: '6.0001', batchNo: 'B2' }, admin, 'zh');
    expect(tooMuch).toMatchObject({ success: false, msg: '绑定数量 6.0001 超过该库存的数量 6' });
    const zero = await bind({ id: unbatched?.id, qty: '0', batchNo: 'B2' });
    expect(zero.success).toBe(false);
    const unchanged = await bind({ id: unbatched?.id });
    expect(unchanged).toMatchObject({
      success: false,
      msg: 'Neither the batch numbers nor the dates change',
    });
    const gone = await bind({ id: '123', batchNo: 'B2' });
    expect(gone.success).toBe(false);
    const foreign = await bind({ id: unbatched?.id, batchNo: 'B2' }, demo);
    expect(foreign.success).toBe(false);
    expect(await streamCount()).toBe(2);
    expect((await balances()).map((b) => b.qty)).toEqual(['6.0000', '4.0000']);
  });

  it('binds the whole balance when no quantity is given', async () => {
    const [unbatched] = await balances();
    expect((await bind({ id: unbatched?.id, batchNo: 'B1', customerBatchNo: 'LOT-7' })).success).toBe(true);
    expect((await balances()).map((b) => [b.batchNo, b.qty])).toEqual([['B1', '10.0000']]);
  });
});
