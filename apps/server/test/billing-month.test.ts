import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specRoutes } from '../../web/src/crud/routes.ts';
import { queryRows } from '../src/db/database.ts';
import { testApp, tokensOf } from './support/app.ts';
import { feeFixtures } from './support/billing.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { client, masterData, nextBillNo } from './support/wms.ts';

type Row = Record<string, unknown> & { id: string };

/**
 * Monthly bills and the settlement report (issue 16, docs/adr/0032). Every expected amount is
 * computed by hand in the comment beside it.
 *
 * Owner C1, agreement AG-M1 (unload 0.50, load 0.30), rule R-M1: 2 free days, tiers of 2 days,
 * 1.00 + 0.25 a tier, at most 2.00. Stage prices: 1.00, 1.25, 1.50, 1.75, 2.00, 2.00 (2.25 capped).
 * Ledger: lot A = 10 × M1 received Feb 25 (4 shipped Mar 6), lot B = 6 × M2 received Mar 4,
 * lot C = 5 × M3 received Mar 9; a handling bill (2 × 3.00) on Mar 7.
 */
describe.each(testDrivers())('monthly bills and settlement reports on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let api: ReturnType<typeof client>;
  const { path, must, receive, ship } = feeFixtures(() => api);

  const monthBill = (customerCode: string, periodStart: string, periodEnd: string) =>
    must('monthbill', {
      billNo: nextBillNo('YJD'),
      billDate: periodEnd,
      customerCode,
      periodStart,
      periodEnd,
    });
  const act = (name: string, ids: string[], language = 'en') =>
    api.call('POST', `${path('monthbill')}/${name}`, { query: { ids: ids.join(',') }, language });
  const lines = async (id: string) => {
    const answer = await api.call('GET', `${path('monthbill')}/detail`, { query: { id } });
    const bill = answer.data as Row & { details: Row[] };
    return {
      bill,
      lines: bill.details.map((l) => [
        l.materialCode,
        l.instockDate,
        l.storageDays,
        Number(l.qtyDays),
        l.stage,
        Number(l.qty),
        Number(l.price),
        l.amount,
      ]),
    };
  };
  const run = async (customerCode: string, start: string, end: string) => {
    const answer = await api.call('POST', '/api/bl-acct/billing/run', {
      payload: { customerCode, start, end },
      language: 'en',
    });
    if (!answer.success) throw new Error(answer.msg);
    const { jobId } = answer.data as { jobId: string };
    for (let i = 0; i < 600; i += 1) {
      const state = await api.call('GET', '/api/bl-jobs/job/detail', { query: { id: jobId } });
      const job = state.data as { status: string; message: string };
      if (job.status === 'done') return job;
      if (job.status === 'failed') throw new Error(job.message);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('billing job did not end');
  };
  /** A spec route's list, as its screen asks for it: the route's entity and fixed filter. */
  const routeList = async (route: string, query: Record<string, string>) => {
    const target = specRoutes[route];
    if (!target) throw new Error(`no route ${route}`);
    const filter = Object.fromEntries(Object.entries(target.filter ?? {}).map(([k, v]) => [`${k}_equal`, v]));
    const answer = await api.call('GET', `${path(target.entity)}/list`, {
      query: { size: '500', ...filter, ...query },
    });
    expect(answer.success, answer.msg).toBe(true);
    return (answer.data as { records: Row[]; total: number }).records;
  };
  const sum = (rows: Row[], field = 'amount') =>
    rows.reduce((n, r) => n + Math.round(Number(r[field]) * 100), 0) / 100;
  const reportRows = () =>
    queryRows<{ n: number; amount: string }>(
      test.database.db,
      sql`select count(*)::int as n, coalesce(sum(amount), 0)::text as amount from bl_costviewreport
          where customer_code = 'C1' and is_deleted = 0`,
    );

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    const admin = await tokensOf(app, '000000');
    api = client(app, () => admin.accessToken);
    await masterData(api.submit);
    await must('customer', { code: 'C3', name: '货主 C3', customerStatus: '1' });
    await must('lgagreement', {
      agreementCode: 'AG-M1',
      customerCode: 'C1',
      startDate: '2026-01-01',
      agreementStatus: '2',
      chargeBasis: '1',
      unloadPrice: '0.5',
      loadPrice: '0.3',
    });
    await must('billingrules', {
      code: 'R-M1',
      name: 'R-M1',
      customerCode: 'C1',
      storageTime: 2,
      isSubsectBill: '1',
      storagePrice: '1',
      storageIncreasePrice: '0.25',
      storageHighestPrice: '2',
    });
    // C2 has no agreement; C3's ended on Feb 28.
    await must('lgagreement', {
      agreementCode: 'AG-M3',
      customerCode: 'C3',
      startDate: '2026-01-01',
      endDate: '2026-02-28',
      agreementStatus: '2',
      storagePrice: '1',
    });
    await receive('C1', '2026-02-25', [{ materialCode: 'M1', qty: '10' }]);
    await receive('C1', '2026-03-04', [{ materialCode: 'M2', qty: '6' }]);
    await ship('C1', '2026-03-06', [{ materialCode: 'M1', qty: '4' }]);
    await receive('C1', '2026-03-09', [{ materialCode: 'M3', qty: '5' }]);
    await receive('C2', '2026-03-01', [{ materialCode: 'M1', qty: '1' }]);
    await must('porter', { code: 'PT1', name: '搬运工 1' });
    const handling = await must('handlingbill', {
      billNo: 'HD-M1',
      billDate: '2026-03-07',
      customerCode: 'C1',
      porterCode: 'PT1',
      handlingType: '1',
      qty: '2',
      price: '3',
    });
    const reviewed = await api.call('POST', `${path('handlingbill')}/review`, {
      query: { ids: handling.id },
    });
    if (!reviewed.success) throw new Error(reviewed.msg);
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('makes a monthly bill from the ledger: one line per lot, stage by age, amount = quantity-days × price', async () => {
    const bill = await monthBill('C1', '2026-03-01', '2026-03-10');
    // Saved without lines; totals from the server.
    expect(Number(bill.totalAmount)).toBe(0);
    const made = await act('make', [bill.id]);
    expect(made.success, made.msg).toBe(true);
    expect(made.data).toEqual({ made: 1, lines: 3 });
    const first = await lines(bill.id);
    // [material, received, days charged, quantity-days, stage, qty held, price, amount]
    expect(first.lines).toEqual([
      // Lot A: Mar 1 is day 5, all 10 days past the 2 free ones; 10 held Mar 1-5, 6 Mar 6-10:
      // 5 × 10 + 5 × 6 = 80 quantity-days. Day 14 on Mar 10: tier ⌊(14 − 2 − 1) / 2⌋ = 5 →
      // stage 6 at 2.00 (capped). 80 × 2.00 = 160.00.
      ['M1', '2026-02-25', 10, 80, '6', 6, 2, '160.00'],
      // Lot B: days 1-2 (Mar 4-5) free, Mar 6-10 charged: 5 × 6 = 30. Day 7 on Mar 10:
      // tier ⌊(7 − 3) / 2⌋ = 2 → stage 3 at 1.50. 30 × 1.50 = 45.00.
      ['M2', '2026-03-04', 5, 30, '3', 6, 1.5, '45.00'],
      // Lot C: Mar 9-10 are its free days 1-2: nothing charged, stage 1.
      ['M3', '2026-03-09', 0, 0, '1', 5, 1, '0.00'],
    ]);
    // 160.00 + 45.00 + 0.00; quantities held 6 + 6 + 5.
    expect(first.bill.totalAmount).toBe('205.00');
    expect(Number(first.bill.totalQty)).toBe(17);
    expect(first.bill.agreementCode).toBe('AG-M1');
    const stages = (first.bill.details[0] as Row) ?? {};
    expect([1, 2, 3, 4, 5, 6].map((k) => Number(stages[`price${k}`]))).toEqual([1, 1.25, 1.5, 1.75, 2, 2]);

    // Made again: the same lines replace the old ones (no duplicates).
    expect((await act('make', [bill.id])).success).toBe(true);
    const again = await lines(bill.id);
    expect(again.lines).toEqual(first.lines);
    expect(again.bill.totalAmount).toBe('205.00');
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
      test.database.db,
      sql`select count(*)::int as n from bl_monthbilldetail where header_id = ${bill.id}::bigint and is_deleted = 0`,
    );
    expect(n).toBe(3);

    // A line's price and amount are computed: a request that sends others changes nothing.
    const tampered = await api.call('POST', `${path('monthbill')}/submit`, {
      payload: {
        ...again.bill,
        details: again.bill.details.map((l) => ({ ...l, price: '9', amount: '999.00' })),
      },
      language: 'en',
    });
    expect(tampered.success, tampered.msg).toBe(true);
    const kept = await lines(bill.id);
    expect(kept.lines).toEqual(first.lines);
    expect(kept.bill.totalAmount).toBe('205.00');

    // Reviewed: it cannot be made again (in every language), nor edited; un-reviewed it can.
    expect((await act('review', [bill.id])).success).toBe(true);
    expect((await act('make', [bill.id])).msg).toBe(
      `Monthly bill ${bill.billNo} is reviewed: un-review it before making its lines again`,
    );
    expect((await act('make', [bill.id], 'zh')).msg).toBe(
      `月结账单 ${bill.billNo} 已审核，不能重新生成明细，请先反审核`,
    );
    expect((await act('make', [bill.id], 'mo')).msg).toBe(
      `月結賬單 ${bill.billNo} 已審核，不能重新生成明細，請先反審核`,
    );
    const edit = await api.call('POST', `${path('monthbill')}/submit`, {
      payload: { id: bill.id, version: kept.bill.version, remark: 'x' },
      language: 'en',
    });
    expect(edit.success).toBe(false);
    expect((await act('unreview', [bill.id])).success).toBe(true);
    expect((await act('make', [bill.id])).success).toBe(true);
  });

  it('refuses an owner without agreement, an expired agreement and an empty review, leaving nothing', async () => {
    const none = await monthBill('C2', '2026-03-01', '2026-03-10');
    const noneAnswer = await act('make', [none.id]);
    expect(noneAnswer.success).toBe(false);
    expect(noneAnswer.msg).toBe(`Owner C2 has no fee agreement: monthly bill ${none.billNo} cannot be made`);
    expect((await act('make', [none.id], 'zh')).msg).toBe(
      `货主 C2 没有费用协议，不能生成月结账单 ${none.billNo}`,
    );
    const expired = await monthBill('C3', '2026-03-01', '2026-03-10');
    expect((await act('make', [expired.id])).msg).toBe(
      `Agreement AG-M3 of owner C3 ended on 2026-02-28: monthly bill ${expired.billNo} cannot be made until it is renewed`,
    );
    expect((await act('make', [expired.id], 'mo')).msg).toBe(
      `貨主 C3 的協議 AG-M3 已於 2026-02-28 到期，不能生成月結賬單 ${expired.billNo}，請先續簽協議`,
    );
    // Made together with a good bill: all or nothing, the good one stays without lines.
    const good = await monthBill('C1', '2026-03-01', '2026-03-05');
    expect((await act('make', [good.id, none.id])).success).toBe(false);
    expect((await lines(good.id)).lines).toEqual([]);
    expect((await act('review', [good.id])).msg).toBe(
      `Monthly bill ${good.billNo} has no lines yet: make its lines first`,
    );
    // A period ending before it starts is refused on save.
    const backwards = await api.call('POST', `${path('monthbill')}/submit`, {
      payload: {
        billNo: nextBillNo('YJD'),
        billDate: '2026-03-01',
        customerCode: 'C1',
        periodStart: '2026-03-05',
        periodEnd: '2026-03-01',
      },
      language: 'en',
    });
    expect(backwards.msg).toBe('The end date cannot be before the start date');
  });

  it('writes settlement report rows with the run, once, and the /acct routes show them', async () => {
    await run('C1', '2026-03-01', '2026-03-10');
    // Storage per day (each lot priced by its own tier that day):
    //   lot A (day n = 5..14): Mar 1-2 1.25 × 10, Mar 3-4 1.50 × 10, Mar 5 1.75 × 10,
    //     Mar 6 1.75 × 6, Mar 7-10 2.00 × 6 → 12.50, 12.50, 15.00, 15.00, 17.50, 10.50, 12 × 4;
    //   lot B (day 3 on Mar 6): Mar 6-7 1.00 × 6, Mar 8-9 1.25 × 6, Mar 10 1.50 × 6
    //     → 6.00, 6.00, 7.50, 7.50, 9.00; lot C free.
    // Day totals: 12.50, 12.50, 15.00, 15.00, 17.50, 16.50, 18.00, 19.50, 19.50, 21.00 = 167.00.
    // Handling: unload 6 × 0.50 = 3.00 (Mar 4), load 4 × 0.30 = 1.20 (Mar 6), unload 5 × 0.50 =
    // 2.50 (Mar 9); the handling bill 2 × 3.00 = 6.00 (Mar 7). All: 167.00 + 12.70 = 179.70.
    const [report] = await reportRows();
    // 10 storage days + 3 bill rows of inbound/outbound + 1 handling bill.
    expect(report).toEqual({ n: 14, amount: '179.70' });
    const ids = () =>
      queryRows<{ id: string; version: number }>(
        test.database.db,
        sql`select id::text as id, version from bl_costviewreport where customer_code = 'C1' order by id`,
      );
    const before = await ids();
    await run('C1', '2026-03-01', '2026-03-10');
    expect(await reportRows()).toEqual([report]);
    // Not rewritten either: the same rows, untouched.
    expect(await ids()).toEqual(before);

    const owner = { customerCode_equal: 'C1' };
    // Per owner per day (cost details): Mar 6 = 16.50 storage + 1.20 load.
    const day = await routeList('/acct/report/costbillDayAcctSum', {
      ...owner,
      costDate_dateequal: '2026-03-06',
    });
    expect(sum(day)).toBe(17.7);
    expect(sum(await routeList('/acct/report/costbilldeatilSum', owner))).toBe(179.7);
    // Inbound work: the two unloads 3.00 + 2.50; outbound work: the load 1.20.
    expect(sum(await routeList('/acct/report/costbilldeatilIn', owner))).toBe(5.5);
    expect(sum(await routeList('/acct/report/costbilldeatilOut', owner))).toBe(1.2);

    const all = await routeList('/acct/lcr/costbilldeatilSum', owner);
    expect(all).toHaveLength(14);
    expect([
      sum(all, 'storageAmount'),
      sum(all, 'handlingAmount'),
      sum(all, 'otherAmount'),
      sum(all),
    ]).toEqual([167, 12.7, 0, 179.7]);
    const inbound = await routeList('/acct/lcr/costbilldeatilIn', owner);
    expect(
      inbound.map((r) => [r.costDate, r.materialCode, Number(r.qty), r.handlingAmount, r.amount]),
    ).toEqual([
      ['2026-03-09', 'M3', 5, '2.50', '2.50'],
      ['2026-03-04', 'M2', 6, '3.00', '3.00'],
    ]);
    const outbound = await routeList('/acct/lcr/costbilldeatilOut', owner);
    expect(outbound.map((r) => [r.costDate, r.handlingAmount])).toEqual([['2026-03-06', '1.20']]);
    expect(sum(await routeList('/acct/lcr/costbillZaFeIn', owner))).toBe(5.5);
    expect(sum(await routeList('/acct/lcr/costbillZaFeOut', owner))).toBe(1.2);
    expect(await routeList('/acct/lcr/costbillZaFeYunshu', owner)).toEqual([]);
    const handling = await routeList('/acct/lcr/costbillZaFeZhuangxie', owner);
    expect(handling.map((r) => [r.billNo, r.costDate, r.handlingAmount])).toEqual([
      ['HD-M1', '2026-03-07', '6.00'],
    ]);
    expect(sum(await routeList('/acct/lcr/inOutSideBoardDetail', owner))).toBe(179.7);
    // Storage rows: one a day, no bill.
    const storage = all.filter((r) => r.workType === '3');
    expect(storage.map((r) => r.storageAmount).sort()).toHaveLength(10);
    expect(storage.find((r) => r.costDate === '2026-03-10')?.storageAmount).toBe('21.00');

    // A cost bill over the period stamps the report rows with its number; removing it frees them.
    const costBill = await must('costbill', {
      costBillNo: 'CB-M1',
      customerCode: 'C1',
      costDate: '2026-03-01',
      costDateEnd: '2026-03-10',
    });
    expect(
      (await routeList('/acct/lcr/costbilldeatilSum', owner)).every((r) => r.costBillNo === 'CB-M1'),
    ).toBe(true);
    const removed = await api.call('POST', `${path('costbill')}/remove`, { query: { ids: costBill.id } });
    expect(removed.success, removed.msg).toBe(true);
    expect((await routeList('/acct/lcr/costbilldeatilSum', owner)).every((r) => r.costBillNo === null)).toBe(
      true,
    );
    expect(await reportRows()).toEqual([report]);
  });
});
