import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { nextId } from '../src/db/ids.ts';
import { testApp, tokensOf } from './support/app.ts';
import { feeFixtures } from './support/billing.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { client, masterData } from './support/wms.ts';

type Line = Record<string, unknown>;
type Row = Record<string, unknown> & { id: string };

/**
 * Payments settle cost bills; the month close writes month-start stock and keeps charges out of
 * the closed month (issue 16, docs/adr/0031-billing-settlement-and-period-close.md). Expected
 * amounts are computed by hand in the comments. Dates are in 2024 so that every month closed
 * here has ended, whatever day the tests run.
 */
describe.each(testDrivers())('billing settlement and period close on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let api: ReturnType<typeof client>;
  const { path, must, receive, ship } = feeFixtures(() => api);

  const submit = (entity: string, payload: Line, language = 'en') =>
    api.call('POST', `${path(entity)}/submit`, { payload, language });
  const ran = async (customerCode: string, start: string, end: string) => {
    const answer = await api.call('POST', '/api/bl-acct/billing/run', {
      payload: { customerCode, start, end },
      language: 'en',
    });
    if (!answer.success) throw new Error(answer.msg);
    const { jobId } = answer.data as { jobId: string };
    for (let i = 0; i < 600; i += 1) {
      const job = (await api.call('GET', '/api/bl-jobs/job/detail', { query: { id: jobId } })).data as {
        status: string;
        result: { rows: number; amount: string };
      };
      if (job.status === 'done') return job.result;
      if (job.status === 'failed') throw new Error(JSON.stringify(job));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('billing job did not end');
  };
  const billOf = async (costBillNo: string) => {
    const [bill] = await queryRows<{ amount: string; payAmount: string | null; payStatus: string }>(
      test.database.db,
      sql`select amount::text as amount, pay_amount::text as "payAmount", pay_status as "payStatus"
          from bl_costbill where cost_bill_no = ${costBillNo} and is_deleted = 0`,
    );
    return bill;
  };
  const pay = (costBillNo: string, payAmount: string, extra: Line = {}, language = 'en') =>
    submit(
      'paydetail',
      { customerCode: 'C1', costBillNo, costDate: '2024-04-10', payAmount, payType: '2', ...extra },
      language,
    );
  const act = (entity: string, name: string, id: string) =>
    api.call('POST', `${path(entity)}/${name}`, { query: { ids: id }, language: 'en' });
  const close = (month: string, language = 'en') =>
    api.call('POST', '/api/bl-acct/billing/close', { payload: { month }, language });
  // A reopen gives its reason (issue 30); the refusal without one is tested in receivables.test.ts.
  const reopen = (month: string, language = 'en') =>
    api.call('POST', '/api/bl-acct/billing/reopen', { payload: { month, reason: 'late posting' }, language });
  const monthStart = async (costDate: string) =>
    queryRows<{ id: string; customerCode: string; warehouseCode: string; materialCode: string; qty: string }>(
      test.database.db,
      sql`select id::text as id, customer_code as "customerCode", warehouse_code as "warehouseCode",
            material_code as "materialCode", qty::float8::text as qty
          from bl_monthbegininv where cost_date = ${costDate}::date and is_deleted = 0
          order by customer_code, material_code`,
    );

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    const admin = await tokensOf(app, '000000');
    api = client(app, () => admin.accessToken);
    await masterData(api.submit);
    // C1: 1.00 a piece a day from the first day (no rule: no free days, no tiers), unload 0.50.
    await must('lgagreement', {
      agreementCode: 'AG-C1',
      customerCode: 'C1',
      startDate: '2024-01-01',
      agreementStatus: '2',
      chargeBasis: '1',
      storagePrice: '1',
      unloadPrice: '0.5',
    });
    await receive('C1', '2024-03-01', [{ materialCode: 'M1', qty: '10' }]);
    await ship('C1', '2024-03-20', [{ materialCode: 'M1', qty: '4' }]);
    await receive('C2', '2024-03-10', [
      { materialCode: 'M2', qty: '5', weg: '0.5', qtyWeg: '500', board: '1', volume: '2.25' },
    ]);
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('payments settle a confirmed cost bill; bad payments are refused and leave no trace', async () => {
    const march = await ran('C1', '2024-03-01', '2024-03-31');
    // Storage Mar 1-19: 10 × 1.00 × 19 = 190.00; Mar 20-31: 6 × 1.00 × 12 = 72.00; unload
    // 10 × 0.50 = 5.00 (no load price: no load fee). 267.00.
    expect(march?.amount).toBe('267.00');
    const bill = await must('costbill', {
      costBillNo: 'CB-1',
      customerCode: 'C1',
      costDate: '2024-03-01',
      costDateEnd: '2024-03-31',
      discountAmount: '17',
    });
    // 267.00 − 17.00 discount = 250.00 due.
    expect(bill.amount).toBe('250.00');

    // A draft bill cannot be paid.
    expect((await pay('CB-1', '100')).msg).toBe(
      'Cost bill CB-1 cannot be paid: only a confirmed or sent bill can, not a draft',
    );
    expect((await pay('CB-1', '100', {}, 'zh')).msg).toBe(
      '账单 CB-1 尚未确认，不能收款：只有已确认或已发送的账单可以收款',
    );
    expect((await act('costbill', 'confirm', bill.id)).success).toBe(true);
    // Non-positive amounts, a deduction above the amount, another owner's payment.
    expect((await pay('CB-1', '0')).msg).toBe('The amount settled must be more than 0');
    expect((await pay('CB-1', '10', { deductionAmount: '12' })).msg).toBe(
      'The deduction 12.00 cannot be more than the amount settled 10.00',
    );
    expect((await pay('CB-1', '10', { customerCode: 'C2' })).msg).toBe(
      'Cost bill CB-1 belongs to owner C1, not to C2',
    );
    expect((await pay('CB-1', '10', { customerCode: 'C2' }, 'mo')).msg).toBe(
      '帳單 CB-1 屬於貨主 C1，不能記在貨主 C2 名下',
    );

    // 100.00 with a 5.00 bank charge: 95.00 received; the bill is partly paid.
    const first = await pay('CB-1', '100', { deductionAmount: '5' });
    expect(first.success, first.msg).toBe(true);
    expect((first.data as Row).realityAmount).toBe('95.00');
    expect(await billOf('CB-1')).toEqual({ amount: '250.00', payAmount: '100.00', payStatus: '1' });
    // Un-confirm is refused while anything is paid.
    expect((await act('costbill', 'unconfirm', bill.id)).msg).toBe(
      'Cost bill CB-1 cannot be un-confirmed: it is not confirmed, or something is paid',
    );
    // 100.00 + 200.00 = 300.00 > 250.00: refused, nothing written.
    expect((await pay('CB-1', '200')).msg).toBe(
      'Cost bill CB-1 is for 250.00: payments of 300.00 in all would be more than that',
    );
    const [count] = await queryRows<{ n: number }>(
      test.database.db,
      sql`select count(*)::int as n from bl_paydetail where cost_bill_no = 'CB-1' and is_deleted = 0`,
    );
    expect(count?.n).toBe(1);
    expect((await billOf('CB-1'))?.payAmount).toBe('100.00');
    // Editing the deduction refills what was received: 100.00 − 2.50.
    const firstRow = first.data as Row;
    const edited = await submit('paydetail', {
      id: firstRow.id,
      version: firstRow.version,
      deductionAmount: '2.5',
    });
    expect(edited.success, edited.msg).toBe(true);
    expect((edited.data as Row).realityAmount).toBe('97.50');

    // 100.00 + 150.00 = 250.00: paid in full; a settled bill takes no more payments.
    const second = await pay('CB-1', '150');
    expect(second.success, second.msg).toBe(true);
    expect(await billOf('CB-1')).toEqual({ amount: '250.00', payAmount: '250.00', payStatus: '2' });
    expect((await pay('CB-1', '0.01')).msg).toBe('Cost bill CB-1 is paid in full: it takes no more payments');

    // Removing a payment reopens the status: 100.00 left, partly paid; then none, unpaid.
    const removed = await api.call('POST', `${path('paydetail')}/remove`, {
      query: { ids: (second.data as Row).id },
    });
    expect(removed.success, removed.msg).toBe(true);
    expect(await billOf('CB-1')).toEqual({ amount: '250.00', payAmount: '100.00', payStatus: '1' });
    await api.call('POST', `${path('paydetail')}/remove`, { query: { ids: firstRow.id } });
    expect(await billOf('CB-1')).toEqual({ amount: '250.00', payAmount: '0.00', payStatus: '0' });
    // Nothing paid: un-confirm is allowed again; the bill is confirmed again for what follows.
    expect((await act('costbill', 'unconfirm', bill.id)).success).toBe(true);
    expect((await act('costbill', 'confirm', bill.id)).success).toBe(true);
  });

  it('closes a month: refusals, month-start stock from the ledger, the close buttons seeded', async () => {
    // A draft cost bill over March is named.
    const draft = await must('costbill', {
      costBillNo: 'CB-2',
      customerCode: 'C2',
      costDate: '2024-03-01',
      costDateEnd: '2024-03-31',
    });
    expect((await close('2024-03')).msg).toBe(
      '2024-03 still has cost bills awaiting confirmation: CB-2. Confirm or delete them first',
    );
    expect((await close('2024-03', 'zh')).msg).toBe('2024-03 还有待确认的账单：CB-2，请先确认或删除');
    expect((await api.call('POST', `${path('costbill')}/remove`, { query: { ids: draft.id } })).success).toBe(
      true,
    );
    // A billing run going.
    const jobId = nextId();
    await test.database.db.execute(
      sql`insert into bl_job (id, tenant_id, kind, target, status, auth, create_user)
          values (${jobId}, '000000', 'billing', 'C2|2024-04-01|2024-04-30', 'running', '{}'::jsonb, 1)`,
    );
    expect((await close('2024-03')).msg).toBe(
      'A billing run is under way (owner C2, 2024-04-01 to 2024-04-30): wait for it to finish before closing',
    );
    await test.database.db.execute(sql`update bl_job set status = 'done' where id = ${jobId}`);
    // A month not yet ended.
    expect((await close('2999-01')).msg).toBe('2999-01 has not ended yet: it cannot be closed');

    const closed = await close('2024-03');
    expect(closed.success, closed.msg).toBe(true);
    expect(closed.msg).toBe('2024-03 closed: 2 month-start stock row(s) for 2024-04-01');
    // End of March: C1 M1 10 in − 4 out = 6; C2 M2 5; both in W1 (place P1 → area A1 → W1).
    expect(
      (await monthStart('2024-04-01')).map((r) => [r.customerCode, r.warehouseCode, r.materialCode, r.qty]),
    ).toEqual([
      ['C1', 'W1', 'M1', '6'],
      ['C2', 'W1', 'M2', '5'],
    ]);
    // C2's M2 with its weight (t and kg), pallets and volume as received.
    const [c2] = await queryRows<Record<string, string>>(
      test.database.db,
      sql`select weg::float8::text as weg, qty_weg::float8::text as "qtyWeg", board_qty::float8::text as board,
            volume::float8::text as volume, warehouse_name as "warehouseName"
          from bl_monthbegininv where customer_code = 'C2' and cost_date = '2024-04-01' and is_deleted = 0`,
    );
    expect(c2).toEqual({ weg: '0.5', qtyWeg: '500', board: '1', volume: '2.25', warehouseName: '一号仓' });
    // The report route's entity lists them.
    const listed = await api.call('GET', `${path('monthbegininv')}/list`, {
      query: { current: '1', size: '20' },
    });
    expect((listed.data as { total: number }).total).toBe(2);

    // Order: closed again, a later month before the one between, an earlier one.
    expect((await close('2024-03')).msg).toBe('2024-03 is already closed');
    expect((await close('2024-05')).msg).toBe('Close 2024-04 first: months are closed in order');
    expect((await close('2024-02')).msg).toBe('2024-03 is closed: reopen 2024-03 first');
    expect((await reopen('2024-02')).msg).toBe('2024-02 is not closed');

    // The buttons of the close and the reopen are seeded under the month-start stock entry.
    const buttons = await queryRows<{ code: string; name: string }>(
      test.database.db,
      sql`select code, name from blade_menu where code in ('monthbegininv_close', 'monthbegininv_reopen')
            and is_deleted = 0 order by code`,
    );
    expect(buttons).toEqual([
      { code: 'monthbegininv_close', name: '月结' },
      { code: 'monthbegininv_reopen', name: '反月结' },
    ]);
    const periods = await api.call('GET', '/api/bl-acct/billing/periods');
    expect((periods.data as { month: string; status: string }[]).map((p) => [p.month, p.status])).toEqual([
      ['2024-03', '1'],
    ]);
  });

  it('a late posting into a closed month is charged on the first open day, naming its day', async () => {
    // Posted now, dated Mar 25 in closed March: 2 pieces of M3.
    await receive('C1', '2024-03-25', [{ materialCode: 'M3', qty: '2' }]);
    // Re-running March finds the late posting; nothing may be dated inside March.
    const rerun = await ran('C1', '2024-03-01', '2024-03-31');
    // Unload 2 × 0.50 = 1.00 (Mar 25); storage 2 × 1.00 on each of Mar 25-31 = 14.00. 15.00.
    expect(rerun?.amount).toBe('15.00');
    const late = await queryRows<{ costType: string; costDate: string; sourceDate: string; amount: string }>(
      test.database.db,
      sql`select cost_type as "costType", to_char(cost_date, 'YYYY-MM-DD') as "costDate",
            to_char(source_date, 'YYYY-MM-DD') as "sourceDate", amount::text as amount
          from bl_costdetail where customer_code = 'C1' and is_deleted = 0 and cost_bill_no is null
          order by source_date, cost_type`,
    );
    expect(late).toEqual([
      { costType: 'STORAGE', costDate: '2024-04-01', sourceDate: '2024-03-25', amount: '2.00' },
      { costType: 'UNLOAD', costDate: '2024-04-01', sourceDate: '2024-03-25', amount: '1.00' },
      ...['26', '27', '28', '29', '30', '31'].map((d) => ({
        costType: 'STORAGE',
        costDate: '2024-04-01',
        sourceDate: `2024-03-${d}`,
        amount: '2.00',
      })),
    ]);
    // Run again: nothing more (idempotent under the close too).
    expect((await ran('C1', '2024-03-01', '2024-03-31'))?.rows).toBe(0);
    // April's bill gathers the corrections dated on its first day: 15.00.
    const april = await must('costbill', {
      costBillNo: 'CB-3',
      customerCode: 'C1',
      costDate: '2024-04-01',
      costDateEnd: '2024-04-30',
    });
    expect(april.amount).toBe('15.00');
  });

  it('reopens the latest closed month only; closing again rewrites, never duplicates', async () => {
    const before = await monthStart('2024-04-01');
    expect((await reopen('2024-03')).success).toBe(true);
    expect((await close('2024-03')).success).toBe(true);
    const after = await monthStart('2024-04-01');
    // Now with the late M3 lot: C1 M1 6, C1 M3 2, C2 M2 5; the M1 and M2 rows are the same rows.
    expect(after.map((r) => [r.customerCode, r.materialCode, r.qty])).toEqual([
      ['C1', 'M1', '6'],
      ['C1', 'M3', '2'],
      ['C2', 'M2', '5'],
    ]);
    expect(after.find((r) => r.materialCode === 'M1')?.id).toBe(
      before.find((r) => r.materialCode === 'M1')?.id,
    );
    // April: CB-3 is a draft over it.
    expect((await close('2024-04')).msg).toBe(
      '2024-04 still has cost bills awaiting confirmation: CB-3. Confirm or delete them first',
    );
    const [cb3] = await queryRows<{ id: string }>(
      test.database.db,
      sql`select id::text as id from bl_costbill where cost_bill_no = 'CB-3' and is_deleted = 0`,
    );
    expect((await act('costbill', 'confirm', cb3?.id as string)).success).toBe(true);
    expect((await close('2024-04')).success).toBe(true);
    // May 1: the same three balances.
    expect((await monthStart('2024-05-01')).map((r) => r.qty)).toEqual(['6', '2', '5']);
    expect((await reopen('2024-03')).msg).toBe('2024-04 is closed: reopen 2024-04 first');
    // A confirmed bill over a closed month cannot go back to draft.
    expect((await act('costbill', 'unconfirm', cb3?.id as string)).msg).toBe(
      'Cost bill CB-3 lies in closed month 2024-04: reopen the month before un-confirming it',
    );
    expect((await reopen('2024-04', 'zh')).msg).toBe('2024-04 已反月结');
    expect((await reopen('2024-03')).success).toBe(true);
    // A removed balance goes on the next close: ship C1's 2 M3 on Mar 28 (March open again).
    await ship('C1', '2024-03-28', [{ materialCode: 'M3', qty: '2' }]);
    expect((await close('2024-03')).success).toBe(true);
    expect((await monthStart('2024-04-01')).map((r) => [r.customerCode, r.materialCode, r.qty])).toEqual([
      ['C1', 'M1', '6'],
      ['C2', 'M2', '5'],
    ]);
    const [live] = await queryRows<{ n: number }>(
      test.database.db,
      sql`select count(*)::int as n from bl_monthbegininv where cost_date = '2024-04-01' and is_deleted = 0`,
    );
    expect(live?.n).toBe(2);
  });
  it('a payment moved to another bill is given back to the first; a refused move changes nothing', async () => {
    const moved = await pay('CB-1', '10');
    expect(moved.success, moved.msg).toBe(true);
    const other = await pay('CB-1', '20');
    expect(await billOf('CB-1')).toEqual({ amount: '250.00', payAmount: '30.00', payStatus: '1' });
    const row = moved.data as Row;
    const edit = await submit('paydetail', { id: row.id, version: row.version, costBillNo: 'CB-3' });
    expect(edit.success, edit.msg).toBe(true);
    // CB-1 keeps the 20.00; CB-3 (15.00 due) has 10.00 of it.
    expect(await billOf('CB-1')).toEqual({ amount: '250.00', payAmount: '20.00', payStatus: '1' });
    expect(await billOf('CB-3')).toEqual({ amount: '15.00', payAmount: '10.00', payStatus: '1' });
    // 10.00 + 20.00 > 15.00: the move is refused and both bills stay as they were.
    const otherRow = other.data as Row;
    const refused = await submit('paydetail', {
      id: otherRow.id,
      version: otherRow.version,
      costBillNo: 'CB-3',
    });
    expect(refused.msg).toBe('Cost bill CB-3 is for 15.00: payments of 30.00 in all would be more than that');
    expect(await billOf('CB-1')).toEqual({ amount: '250.00', payAmount: '20.00', payStatus: '1' });
    expect(await billOf('CB-3')).toEqual({ amount: '15.00', payAmount: '10.00', payStatus: '1' });
  });
});
