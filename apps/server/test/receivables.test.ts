import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { nextId } from '../src/db/ids.ts';
import { testApp, tokensOf } from './support/app.ts';
import { feeFixtures } from './support/billing.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { client, masterData } from './support/wms.ts';

type Row = Record<string, unknown> & { id: string; version: number };
interface Ageing {
  customerCode: string;
  billed: string;
  paid: string;
  deducted: string;
  closing: string;
  notDue: string;
  age0to30: string;
  age31to60: string;
  age61to90: string;
  ageOver90: string;
  overdue: string;
  dueDate: string | null;
  overdueDays: number;
}

/**
 * Receivables (issue 30, docs/adr/0039-receivables-ageing.md): ageing on fixed dates, credit =
 * arrears, monthly-bill payments, no bill over a closed month and the audited reopen. Expected
 * figures are worked by hand in the comments. Dates are in 2024 (every month here has ended).
 */
describe.each(testDrivers())('receivables on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let api: ReturnType<typeof client>;
  let token = '';
  const { path, must, receive } = feeFixtures(() => api);

  const submit = (entity: string, payload: Record<string, unknown>, language = 'en') =>
    api.call('POST', `${path(entity)}/submit`, { payload, language });
  const act = (entity: string, name: string, id: string, language = 'en') =>
    api.call('POST', `${path(entity)}/${name}`, { query: { ids: id }, language });
  const ageing = async (asOf: string, customerCode?: string) => {
    const answer = await api.call('GET', '/api/bl-acct/receivables/ageing', {
      query: { asOf, ...(customerCode && { customerCode }) },
    });
    if (!answer.success) throw new Error(answer.msg);
    return (answer.data as { rows: Ageing[] }).rows;
  };
  const pay = (
    bill: { costBillNo?: string; monthBillNo?: string },
    payAmount: string,
    extra = {},
    language = 'en',
  ) =>
    submit(
      'paydetail',
      { customerCode: 'C1', costDate: '2024-04-10', payAmount, payType: '2', ...bill, ...extra },
      language,
    );
  /** A confirmed cost bill of C2 for one day, charging `amount` (a cost detail of that day). */
  const costBill = async (day: string, amount: string) => {
    await test.database.db.execute(
      sql`insert into bl_costdetail (id, tenant_id, cost_date, customer_code, material_code, cost_type, amount, source_date)
          values (${nextId()}, '000000', ${day}::date, 'C2', 'M1', 'STORAGE', ${amount}::numeric, ${day}::date)`,
    );
    const bill = await must('costbill', {
      costBillNo: `CB-${day}`,
      customerCode: 'C2',
      costDate: day,
      costDateEnd: day,
    });
    expect(bill.amount).toBe(amount);
    const confirmed = await act('costbill', 'confirm', bill.id);
    expect(confirmed.success, confirmed.msg).toBe(true);
    return bill;
  };
  const creditOf = async (customerCode: string) => {
    const [row] = await queryRows<{ used: string }>(
      test.database.db,
      sql`select used_credit::text as used from bl_customercredit where customer_code = ${customerCode}
            and is_deleted = 0`,
    );
    return row?.used;
  };
  const monthBillOf = async (billNo: string) => {
    const [row] = await queryRows<Record<string, string>>(
      test.database.db,
      sql`select total_amount::text as "totalAmount", pay_amount::text as "payAmount",
            unpaid_amount::text as "unpaidAmount", pay_status as "payStatus"
          from bl_monthbill where bill_no = ${billNo} and is_deleted = 0`,
    );
    return row;
  };

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    const admin = await tokensOf(app, '000000');
    token = admin.accessToken;
    api = client(app, () => admin.accessToken);
    await masterData(api.submit);
    // C1: 1.00 a piece a day, no payment terms (so 30 days); C2: due 10 days after a bill's end.
    await must('lgagreement', {
      agreementCode: 'AG-C1',
      customerCode: 'C1',
      startDate: '2024-01-01',
      agreementStatus: '2',
      chargeBasis: '1',
      storagePrice: '1',
    });
    await must('lgagreement', {
      agreementCode: 'AG-C2',
      customerCode: 'C2',
      startDate: '2024-01-01',
      agreementStatus: '2',
      chargeBasis: '1',
      storagePrice: '1',
      paymentDays: 10,
    });
    for (const customerCode of ['C1', 'C2'])
      await must('customercredit', {
        customerCode,
        creditLimit: '100000',
        validFrom: '2024-01-01',
        creditStatus: '1',
      });
    await receive('C1', '2024-03-01', [{ materialCode: 'M1', qty: '10' }]);
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('ages each bill from its due date, on each side of each bucket boundary, as of any day', async () => {
    // As of 2024-06-30, C2's bills are due 10 days after their day (AG-C2), so a bill of day E
    // is (06-30 − E − 10) days past due. Amounts are powers of two, so each sum names its bills.
    const bills: [day: string, age: number, amount: string][] = [
      ['2024-06-25', -5, '256.00'],
      ['2024-06-20', 0, '1.00'],
      ['2024-06-19', 1, '2.00'],
      ['2024-05-21', 30, '4.00'],
      ['2024-05-20', 31, '8.00'],
      ['2024-04-21', 60, '16.00'],
      ['2024-04-20', 61, '32.00'],
      ['2024-03-22', 90, '64.00'],
      ['2024-03-21', 91, '128.00'],
    ];
    for (const [day, , amount] of bills) await costBill(day, amount);
    // 1.50 settled on the 91-day bill on Jun 1, 0.50 of it a bank charge: 1.00 received.
    const part = await pay({ costBillNo: 'CB-2024-03-21' }, '1.50', {
      customerCode: 'C2',
      costDate: '2024-06-01',
      deductionAmount: '0.5',
    });
    expect(part.success, part.msg).toBe(true);
    // 16.00 paid on Jul 5 settles the 60-day bill, but only from Jul 5 on.
    const later = await pay({ costBillNo: 'CB-2024-04-21' }, '16', {
      customerCode: 'C2',
      costDate: '2024-07-05',
    });
    expect(later.success, later.msg).toBe(true);

    const [june] = await ageing('2024-06-30', 'C2');
    // Billed 511.00; paid 1.00, deducted 0.50; closing 509.50. Not due: 256 + 1 (on its due day);
    // 1-30: 2 + 4; 31-60: 8 + 16; 61-90: 32 + 64; over 90: 128 − 1.50.
    expect(june).toEqual({
      customerCode: 'C2',
      customerName: '货主 C2',
      billed: '511.00',
      paid: '1.00',
      deducted: '0.50',
      closing: '509.50',
      notDue: '257.00',
      age0to30: '6.00',
      age31to60: '24.00',
      age61to90: '96.00',
      ageOver90: '126.50',
      overdue: '252.50',
      dueDate: '2024-03-31',
      overdueDays: 91,
    });
    // Jul 10: the 16.00 is paid; every other bill is 10 days older (−5 → 5, 0 → 10, 1 → 11,
    // 30 → 40, 31 → 41, 61 → 71, 90 → 100, 91 → 101).
    const [july] = await ageing('2024-07-10', 'C2');
    expect(july).toMatchObject({
      billed: '511.00',
      paid: '17.00',
      closing: '493.50',
      notDue: '0.00',
      age0to30: '259.00',
      age31to60: '12.00',
      age61to90: '32.00',
      ageOver90: '190.50',
      overdue: '493.50',
      overdueDays: 101,
    });
    // Before a bill's period has ended it is not owed, before a payment's day it has not paid:
    // Apr 1 knows the two March bills only, unpaid.
    expect(await ageing('2024-04-01', 'C2')).toMatchObject([
      { billed: '192.00', paid: '0.00', closing: '192.00' },
    ]);
    // The screen's arrears rows are the same figures, month by month (as of each month's end).
    const refreshed = await api.call('POST', '/api/bl-acct/receivables/refresh', { language: 'en' });
    expect(refreshed.success, refreshed.msg).toBe(true);
    const rows = await queryRows<Record<string, string | number | null>>(
      test.database.db,
      sql`select period, opening_balance::text as opening, billed_amount::text as billed, paid_amount::text as paid,
            deducted_amount::text as deducted, closing_balance::text as closing, age_over90::text as over90,
            overdue_amount::text as overdue, to_char(as_of_date, 'YYYY-MM-DD') as "asOf", overdue_days as days
          from bl_customerarrears where customer_code = 'C2' and is_deleted = 0 and period between '2024-03' and '2024-07'
          order by period`,
    );
    expect(rows.find((r) => r.period === '2024-06')).toEqual({
      period: '2024-06',
      opening: '252.00',
      billed: '259.00',
      paid: '1.00',
      deducted: '0.50',
      closing: '509.50',
      over90: '126.50',
      overdue: '252.50',
      asOf: '2024-06-30',
      days: 91,
    });
    // Each month opens on the month before's close: 192 (Mar) → 240 (Apr) → 252 (May).
    expect(rows.map((r) => [r.period, r.opening, r.closing])).toEqual([
      ['2024-03', '0.00', '192.00'],
      ['2024-04', '192.00', '240.00'],
      ['2024-05', '240.00', '252.00'],
      ['2024-06', '252.00', '509.50'],
      ['2024-07', '509.50', '493.50'],
    ]);
    // A refresh with nothing new changes nothing.
    const again = await api.call('POST', '/api/bl-acct/receivables/refresh', { language: 'en' });
    expect((again.data as { rows: number }).rows).toBe(0);
  });

  it('a monthly bill is paid in part and in full; overpayment and bad payments are refused', async () => {
    const bill = await must('monthbill', {
      billNo: 'MB-1',
      billDate: '2024-03-31',
      customerCode: 'C1',
      periodStart: '2024-03-01',
      periodEnd: '2024-03-31',
    });
    expect((await act('monthbill', 'make', bill.id)).success).toBe(true);
    // 10 pieces × 31 days × 1.00 = 310.00.
    expect(await monthBillOf('MB-1')).toEqual({
      totalAmount: '310.00',
      payAmount: '0.00',
      unpaidAmount: '310.00',
      payStatus: '0',
    });
    expect((await pay({ monthBillNo: 'MB-1' }, '100')).msg).toBe(
      'Monthly bill MB-1 cannot be paid: only a reviewed monthly bill can',
    );
    expect((await act('monthbill', 'review', bill.id)).success).toBe(true);
    // One bill per payment: neither, or both.
    expect((await pay({}, '100')).msg).toBe(
      'A payment settles one bill: choose either a cost bill or a monthly bill',
    );
    expect((await pay({ monthBillNo: 'MB-1', costBillNo: 'CB-2024-06-25' }, '100', {}, 'zh')).msg).toBe(
      '一笔收款须对应一张账单：请选择费用账单或月结账单之一',
    );
    expect((await pay({ monthBillNo: 'MB-1' }, '100', { customerCode: 'C2' })).msg).toBe(
      'Monthly bill MB-1 belongs to owner C1, not to C2',
    );
    expect((await pay({ monthBillNo: 'MB-1' }, '100', { costDate: '2999-01-01' })).msg).toMatch(
      /^The payment date 2999-01-01 is after today \(\d{4}-\d{2}-\d{2}\)/,
    );

    // 100.00 in part: 210.00 unpaid, partly paid.
    const first = await pay({ monthBillNo: 'MB-1' }, '100');
    expect(first.success, first.msg).toBe(true);
    expect(await monthBillOf('MB-1')).toMatchObject({
      payAmount: '100.00',
      unpaidAmount: '210.00',
      payStatus: '1',
    });
    // 250.00 more would make 350.00 > 310.00: refused, in the user's language, nothing written.
    expect((await pay({ monthBillNo: 'MB-1' }, '250')).msg).toBe(
      'Monthly bill MB-1 is for 310.00: payments of 350.00 in all would be more than that; at most 210.00 is left to pay',
    );
    expect((await pay({ monthBillNo: 'MB-1' }, '250', {}, 'zh')).msg).toBe(
      '月结账单 MB-1 应收 310.00，收款合计 350.00 将超出应收，最多还可收 210.00',
    );
    expect((await pay({ monthBillNo: 'MB-1' }, '250', {}, 'mo')).msg).toBe(
      '月結賬單 MB-1 應收 310.00，收款合計 350.00 將超出應收，最多還可收 210.00',
    );
    expect(await monthBillOf('MB-1')).toMatchObject({ payAmount: '100.00', unpaidAmount: '210.00' });
    // Un-review is refused while paid.
    expect((await act('monthbill', 'unreview', bill.id)).msg).toBe(
      'Monthly bill MB-1 has payments: remove them before un-reviewing it',
    );
    // The rest, in full: paid, nothing unpaid; no more payments.
    const rest = await pay({ monthBillNo: 'MB-1' }, '210');
    expect(rest.success, rest.msg).toBe(true);
    expect(await monthBillOf('MB-1')).toMatchObject({
      payAmount: '310.00',
      unpaidAmount: '0.00',
      payStatus: '2',
    });
    expect((await pay({ monthBillNo: 'MB-1' }, '0.01')).msg).toBe(
      'Monthly bill MB-1 is paid in full: it takes no more payments',
    );
    // Removing the second payment reopens it.
    await api.call('POST', `${path('paydetail')}/remove`, { query: { ids: (rest.data as Row).id } });
    expect(await monthBillOf('MB-1')).toMatchObject({
      payAmount: '100.00',
      unpaidAmount: '210.00',
      payStatus: '1',
    });
    // The monthly bill is a receivable: due Apr 30 (30 days without terms); on May 15 it is
    // 15 days overdue, 210.00 open.
    expect(await ageing('2024-05-15', 'C1')).toMatchObject([
      {
        billed: '310.00',
        paid: '100.00',
        closing: '210.00',
        age0to30: '210.00',
        dueDate: '2024-04-30',
        overdueDays: 15,
      },
    ]);
  });

  it('credit used and arrears agree to the cent: one computation', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const rows = await ageing(today);
    expect(rows.map((r) => r.customerCode)).toEqual(['C1', 'C2']);
    for (const row of rows) expect(await creditOf(row.customerCode)).toBe(row.closing);
    // C1: 310.00 − 100.00; C2: 511.00 − 1.50 − 16.00.
    expect(rows.map((r) => r.closing)).toEqual(['210.00', '493.50']);
    // A payment moves both at once.
    const paid = await pay({ costBillNo: 'CB-2024-06-25' }, '56.25', {
      customerCode: 'C2',
      costDate: '2024-07-01',
    });
    expect(paid.success, paid.msg).toBe(true);
    const [c2] = await ageing(today, 'C2');
    expect(c2?.closing).toBe('437.25');
    expect(await creditOf('C2')).toBe('437.25');
  });

  it('no bill is made or changed over a closed month; the reopen needs a reason and is logged', async () => {
    // A draft monthly bill over part of March, saved before the close.
    const draft = await must('monthbill', {
      billNo: 'MB-3',
      billDate: '2024-03-20',
      customerCode: 'C2',
      periodStart: '2024-03-10',
      periodEnd: '2024-03-20',
    });
    expect(
      (await api.call('POST', '/api/bl-acct/billing/close', { payload: { month: '2024-03' } })).success,
    ).toBe(true);
    const c1Bill = {
      costBillNo: 'CB-C1-MAR',
      customerCode: 'C1',
      costDate: '2024-03-15',
      costDateEnd: '2024-04-05',
    };
    expect((await submit('costbill', c1Bill)).msg).toBe(
      'Cost bill CB-C1-MAR covers 2024-03-15 to 2024-04-05, which touches closed month 2024-03: it cannot be made or changed until 2024-03 is reopened (with a reason)',
    );
    expect((await submit('costbill', c1Bill, 'zh')).msg).toBe(
      '费用账单 CB-C1-MAR 的期间 2024-03-15 至 2024-04-05 涉及已月结的 2024-03，不能新建或修改：请先反月结 2024-03（须填写原因）',
    );
    expect((await submit('costbill', c1Bill, 'mo')).msg).toBe(
      '費用帳單 CB-C1-MAR 的期間 2024-03-15 至 2024-04-05 涉及已月結的 2024-03，不能新建或修改：請先反月結 2024-03（須填寫原因）',
    );
    const [none] = await queryRows<{ n: number }>(
      test.database.db,
      sql`select count(*)::int as n from bl_costbill where cost_bill_no = 'CB-C1-MAR'`,
    );
    expect(none?.n).toBe(0);
    // A monthly bill over March: not made, and an existing one neither changed nor made again.
    expect(
      (
        await submit('monthbill', {
          billNo: 'MB-2',
          billDate: '2024-03-31',
          customerCode: 'C2',
          periodStart: '2024-03-01',
          periodEnd: '2024-03-31',
        })
      ).msg,
    ).toBe(
      'Monthly bill MB-2 covers 2024-03-01 to 2024-03-31, which touches closed month 2024-03: it cannot be made or changed until 2024-03 is reopened (with a reason)',
    );
    expect((await act('monthbill', 'make', draft.id, 'mo')).msg).toBe(
      '月結賬單 MB-3 的期間 2024-03-10 至 2024-03-20 涉及已月結的 2024-03，不能新建或修改：請先反月結 2024-03（須填寫原因）',
    );
    expect((await submit('monthbill', { id: draft.id, version: draft.version, remark: 'late' })).msg).toMatch(
      /^Monthly bill MB-3 covers 2024-03-10 to 2024-03-20, which touches closed month 2024-03/,
    );
    const [mb1] = await queryRows<{ id: string }>(
      test.database.db,
      sql`select id::text as id from bl_monthbill where bill_no = 'MB-1' and is_deleted = 0`,
    );
    expect((await act('monthbill', 'unreview', mb1?.id as string)).msg).toBe(
      'Monthly bill MB-1 has payments: remove them before un-reviewing it',
    );
    // A day outside the closed month is open: April alone may be billed.
    const april = await submit('costbill', { ...c1Bill, costBillNo: 'CB-C1-APR', costDate: '2024-04-01' });
    expect(april.success, april.msg).toBe(true);

    // Reopen: a reason is required (refused without, nothing changes), then it is kept and logged.
    const reopen = (reason: string | undefined, language = 'en') =>
      api.call('POST', '/api/bl-acct/billing/reopen', {
        payload: { month: '2024-03', ...(reason !== undefined && { reason }) },
        language,
      });
    expect((await reopen(undefined)).msg).toBe('Reopening a month needs a reason');
    expect((await reopen('   ', 'zh')).msg).toBe('反月结须填写原因');
    const periods = async () =>
      queryRows<{ status: string; reason: string | null }>(
        test.database.db,
        sql`select status, reopen_reason as reason from bl_billing_period where month = '2024-03-01'`,
      );
    expect(await periods()).toEqual([{ status: '1', reason: null }]);
    expect((await reopen('Owner C1 disputes March storage')).success).toBe(true);
    expect(await periods()).toEqual([{ status: '0', reason: 'Owner C1 disputes March storage' }]);
    const log = await queryRows<{ action: string; entity: string; changes: string; detail: string }>(
      test.database.db,
      sql`select action, entity_name as entity, changes, detail from bl_auditlog
          where entity_name = 'monthbegininv' and action in ('monthClose', 'monthReopen') order by create_time, id`,
    );
    expect(log.map((l) => [l.action, l.detail])).toEqual([
      ['monthClose', 'month=2024-03'],
      ['monthReopen', 'month=2024-03'],
    ]);
    expect(JSON.parse(log[1]?.changes ?? '{}')).toEqual({
      month: ['2024-03', '2024-03'],
      reason: [null, 'Owner C1 disputes March storage'],
    });
    // Reopened, March can be billed again.
    await api.call('POST', `${path('costbill')}/remove`, { query: { ids: (april.data as Row).id } });
    const march = await submit('costbill', c1Bill);
    expect(march.success, march.msg).toBe(true);
  });

  it("exports the ageing as of a day as an Excel workbook, labelled in the reader's language", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/bl-acct/receivables/ageing/export',
      query: { asOf: '2024-06-30' },
      headers: { 'blade-auth': `bearer ${token}`, 'blade-language': 'en' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getCell('A1').value).toBe('Receivables ageing as of 2024-06-30');
    expect(sheet?.getRow(2).getCell(11).value).toBe('Over 90 days overdue');
    // C2 as of Jun 30 (the first case): balance 509.50, over 90 days 126.50.
    const c2 = [3, 4].map((n) => sheet?.getRow(n)).find((row) => row?.getCell(1).value === 'C2');
    expect([c2?.getCell(6).value, c2?.getCell(11).value]).toEqual([509.5, 126.5]);
  });
});
