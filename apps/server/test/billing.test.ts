import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { nextId } from '../src/db/ids.ts';
import { staleAfterSeconds } from '../src/jobs/queue.ts';
import { costUuid } from '../src/modules/billing/cost-details.ts';
import { testApp, tokensOf } from './support/app.ts';
import { feeFixtures } from './support/billing.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { client, masterData, nextBillNo } from './support/wms.ts';

type Line = Record<string, unknown>;
type Row = Record<string, unknown> & { id: string };
interface Job {
  status: string;
  message: string;
  result: {
    rows: number;
    amount: string;
    owners: { customerCode: string; rows: number; amount: string; skipped: string[] }[];
  } | null;
}

/**
 * The fee engine (issue 16, docs/adr/0024-fee-engine.md). Every expected amount below is
 * computed by hand in the comment beside it.
 */
describe.each(testDrivers())('billing on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let api: ReturnType<typeof client>;
  const { path, must, numbered, receive, ship } = feeFixtures(() => api);
  let adminToken = '';

  const owner = (code: string) => must('customer', { code, name: `货主 ${code}`, customerStatus: '1' });
  const agreement = (code: string, customerCode: string, extra: Line = {}) =>
    must('lgagreement', {
      agreementCode: code,
      customerCode,
      startDate: '2026-01-01',
      agreementStatus: '2',
      chargeBasis: '1',
      ...extra,
    });
  const rule = (code: string, customerCode: string, extra: Line) =>
    must('billingrules', { code, name: code, customerCode, ...extra });

  /** Starts a run through the API and waits for its job to end. */
  const run = async (
    customerCode: string,
    start: string,
    end: string,
    language = 'en',
  ): Promise<{ refused: string } | { job: Job }> => {
    const answer = await api.call('POST', '/api/bl-acct/billing/run', {
      payload: { customerCode, start, end },
      language,
    });
    if (!answer.success) return { refused: answer.msg };
    const { jobId } = answer.data as { jobId: string };
    for (let i = 0; i < 600; i += 1) {
      const state = await api.call('GET', '/api/bl-jobs/job/detail', { query: { id: jobId } });
      const job = state.data as Job;
      if (job.status === 'done' || job.status === 'failed') return { job };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('billing job did not end');
  };
  const ran = async (customerCode: string, start: string, end: string): Promise<Job> => {
    const outcome = await run(customerCode, start, end);
    if (!('job' in outcome) || outcome.job.status !== 'done')
      throw new Error(`run failed: ${JSON.stringify(outcome)}`);
    return outcome.job;
  };
  const details = (customerCode: string) =>
    queryRows<{
      costType: string;
      costDate: string;
      sourceDate: string;
      realityQty: string;
      unitPrice: string;
      amount: string;
      stage: number | null;
      billNo: string | null;
      uuid: string;
    }>(
      test.database.db,
      sql`select cost_type as "costType", to_char(cost_date, 'YYYY-MM-DD') as "costDate",
            to_char(source_date, 'YYYY-MM-DD') as "sourceDate", reality_qty::float8::text as "realityQty",
            unit_price::float8::text as "unitPrice", amount::text as amount, stage, bill_no as "billNo", uuid
          from bl_costdetail where customer_code = ${customerCode} and is_deleted = 0
          order by cost_date, source_date, cost_type, id`,
    );
  const total = async (customerCode: string, where = sql`true`) => {
    const [row] = await queryRows<{ amount: string }>(
      test.database.db,
      sql`select coalesce(sum(amount), 0)::text as amount from bl_costdetail
          where customer_code = ${customerCode} and is_deleted = 0 and ${where}`,
    );
    return row?.amount;
  };

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    const admin = await tokensOf(app, '000000');
    adminToken = admin.accessToken;
    api = client(app, () => admin.accessToken);
    await masterData(api.submit);
    for (const code of ['C3', 'C4', 'C5', 'C6', 'C7']) await owner(code);
    // C1: 3 free days, tiers of 3 days, 1.00 + 0.50 per tier, at most 1.80; unload 0.50, load 0.30.
    await agreement('AG-C1', 'C1', { unloadPrice: '0.5', loadPrice: '0.3' });
    await rule('R-C1', 'C1', {
      storageTime: 3,
      isSubsectBill: '1',
      storagePrice: '1',
      storageIncreasePrice: '0.5',
      storageHighestPrice: '1.8',
    });
    // C2: no free days, 0.25 a piece a day, unload 1.00.
    await agreement('AG-C2', 'C2', { storagePrice: '0.25', unloadPrice: '1' });
    await rule('R-C2', 'C2', { storageTime: 0, isSubsectBill: '0' });
    // C3 by weight (t) at 10.00, C4 by volume at 1.00, C5 by pallets at 7.50 with factor 2.
    await agreement('AG-C3', 'C3', { chargeBasis: '2', storagePrice: '10' });
    await agreement('AG-C4', 'C4', { chargeBasis: '3', storagePrice: '1' });
    await agreement('AG-C5', 'C5', { chargeBasis: '4', storagePrice: '7.5' });
    await rule('R-C5', 'C5', { storageTime: 0, billingModulus: '2' });
    // C7's agreement ended before March.
    await agreement('AG-C7', 'C7', { endDate: '2026-02-28', storagePrice: '1' });
    // About thirty saves: generous on a 2-core machine shared with other runs.
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('free days, tiers, the increase and the cap, handling fees; a re-run changes nothing', async () => {
    await receive('C1', '2026-03-01', [{ materialCode: 'M1', qty: '10' }]);
    await ship('C1', '2026-03-08', [{ materialCode: 'M1', qty: '4' }]);
    const job = await ran('C1', '2026-03-01', '2026-03-12');
    const rows = await details('C1');
    const storage = rows.filter((r) => r.costType === 'STORAGE');
    // Days 1-3 (Mar 1-3) free; Mar 4-6 tier 0 at 1.00 × 10; Mar 7 tier 1 at 1.50 × 10;
    // Mar 8-9 tier 1 at 1.50 × 6 (4 shipped on the 8th); Mar 10-12 tier 2 = 2.00, capped 1.80 × 6.
    expect(storage.map((r) => [r.sourceDate, r.unitPrice, r.realityQty, r.amount, r.stage])).toEqual([
      ['2026-03-04', '1', '10', '10.00', 1],
      ['2026-03-05', '1', '10', '10.00', 1],
      ['2026-03-06', '1', '10', '10.00', 1],
      ['2026-03-07', '1.5', '10', '15.00', 2],
      ['2026-03-08', '1.5', '6', '9.00', 2],
      ['2026-03-09', '1.5', '6', '9.00', 2],
      ['2026-03-10', '1.8', '6', '10.80', 3],
      ['2026-03-11', '1.8', '6', '10.80', 3],
      ['2026-03-12', '1.8', '6', '10.80', 3],
    ]);
    // Unload 10 × 0.50 on Mar 1; load 4 × 0.30 on Mar 8.
    expect(
      rows.filter((r) => r.costType !== 'STORAGE').map((r) => [r.costType, r.sourceDate, r.amount]),
    ).toEqual([
      ['UNLOAD', '2026-03-01', '5.00'],
      ['LOAD', '2026-03-08', '1.20'],
    ]);
    // 95.40 storage + 6.20 handling.
    expect(job.result?.amount).toBe('101.60');
    expect(await total('C1')).toBe('101.60');
    expect(job.result?.rows).toBe(11);
    // The uuid is the name-based id of its source and sequence.
    expect(storage[0]?.uuid).toBe(costUuid('000000', 'STORAGE|C1|2026-03-04|t0', 0));

    const again = await ran('C1', '2026-03-01', '2026-03-12');
    expect(again.result?.rows).toBe(0);
    expect(await details('C1')).toHaveLength(11);
  });

  it('a late posting into charged days is charged in the next run, naming its day', async () => {
    // Posted now, dated Mar 5 (after the Mar 1-12 run charged that day): 2 pieces of M3.
    await receive('C1', '2026-03-05', [{ materialCode: 'M3', qty: '2' }]);
    await ran('C1', '2026-03-13', '2026-03-13');
    const late = (await details('C1')).filter((r) => r.sourceDate < '2026-03-13');
    const corrections = late.filter((r) => r.costDate === '2026-03-13');
    // M3 lot of Mar 5: days 1-3 (Mar 5-7) free; Mar 8-10 tier 0: 2 × 1.00; Mar 11-12 tier 1: 2 × 1.50;
    // unload 2 × 0.50. Dated the run's first day, naming their own day.
    expect(corrections.map((r) => [r.costType, r.sourceDate, r.amount])).toEqual([
      ['UNLOAD', '2026-03-05', '1.00'],
      ['STORAGE', '2026-03-08', '2.00'],
      ['STORAGE', '2026-03-09', '2.00'],
      ['STORAGE', '2026-03-10', '2.00'],
      ['STORAGE', '2026-03-11', '3.00'],
      ['STORAGE', '2026-03-12', '3.00'],
    ]);
    // Mar 13: M1 day 13 (tier 3, capped 1.80) × 6 = 10.80; M3 day 9 (tier 1) × 2 at 1.50 = 3.00.
    expect(await total('C1', sql`source_date = '2026-03-13'`)).toBe('13.80');
    const rerun = await ran('C1', '2026-03-13', '2026-03-13');
    expect(rerun.result?.rows).toBe(0);
  });

  it('an un-review inside a billed period is reversed in the next run', async () => {
    const bill = await receive('C2', '2026-03-02', [{ materialCode: 'M1', qty: '8' }], '1');
    const reviewed = await api.action('isinstockbill', 'review', [bill.id], 'en');
    expect(reviewed.success, reviewed.msg).toBe(true);
    await ran('C2', '2026-03-01', '2026-03-05');
    // Mar 2-5: 8 × 0.25 = 2.00 a day; unload 8 × 1.00.
    expect(await total('C2')).toBe('16.00');
    const unreviewed = await api.action('isinstockbill', 'unreview', [bill.id], 'en');
    expect(unreviewed.success, unreviewed.msg).toBe(true);
    await ran('C2', '2026-03-06', '2026-03-06');
    const rows = await details('C2');
    const reversed = rows.filter((r) => r.costDate === '2026-03-06');
    expect(reversed.map((r) => [r.costType, r.sourceDate, r.amount])).toEqual([
      ['STORAGE', '2026-03-02', '-2.00'],
      ['UNLOAD', '2026-03-02', '-8.00'],
      ['STORAGE', '2026-03-03', '-2.00'],
      ['STORAGE', '2026-03-04', '-2.00'],
      ['STORAGE', '2026-03-05', '-2.00'],
    ]);
    expect(await total('C2')).toBe('0.00');
    // Reviewed again: charged again, once.
    expect((await api.action('isinstockbill', 'review', [bill.id], 'en')).success).toBe(true);
    await ran('C2', '2026-03-07', '2026-03-07');
    // Mar 2-6 back (5 × 2.00) and unload 8.00, plus Mar 7 (2.00).
    expect(await total('C2')).toBe('20.00');
  });

  it('charges by weight, volume or pallets as the agreement says, rounding once', async () => {
    await receive('C3', '2026-03-01', [{ materialCode: 'M1', qty: '4', weg: '2.5' }]);
    await receive('C4', '2026-03-01', [{ materialCode: 'M1', qty: '4', volume: '0.125' }]);
    await receive('C5', '2026-03-01', [{ materialCode: 'M1', qty: '4', board: '3' }]);
    await ran('', '2026-03-01', '2026-03-01');
    // 2.5 t × 10.00 = 25.00; 0.125 m³ × 1.00 = 0.125 → 0.13; 3 pallets × factor 2 × 7.50 = 45.00.
    expect((await details('C3')).map((r) => [r.realityQty, r.amount])).toEqual([['2.5', '25.00']]);
    expect((await details('C4')).map((r) => [r.realityQty, r.amount])).toEqual([['0.125', '0.13']]);
    expect((await details('C5')).map((r) => [r.realityQty, r.amount])).toEqual([['6', '45.00']]);
  });

  it('an owner without an agreement, or with an expired one, is skipped with the reason', async () => {
    await receive('C6', '2026-03-01', [{ materialCode: 'M2', qty: '1' }]);
    await receive('C7', '2026-03-01', [{ materialCode: 'M2', qty: '1' }]);
    const none = await ran('C6', '2026-03-01', '2026-03-02');
    expect(none.result?.owners[0]?.skipped).toEqual(['Owner C6 has no fee agreement: nothing charged']);
    const expired = await ran('C7', '2026-03-01', '2026-03-02');
    expect(expired.result?.owners[0]?.skipped).toEqual([
      'Agreement AG-C7 of owner C7 ended on 2026-02-28: 2 day(s) not charged',
    ]);
    expect(await details('C6')).toEqual([]);
    expect(await details('C7')).toEqual([]);
  });

  it('refuses overlapping agreements, a bad period and a second run of the same owner and period', async () => {
    const overlap = await api.submit(
      'lgagreement',
      { agreementCode: 'AG-C1-B', customerCode: 'C1', startDate: '2026-06-01', agreementStatus: '2' },
      'en',
    );
    expect(overlap.success).toBe(false);
    expect(overlap.msg).toContain('AG-C1');
    expect(overlap.msg).toContain('overlaps');
    // Nothing of the refused save is left.
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
      test.database.db,
      sql`select count(*)::int as n from bl_lgagreement where agreement_code = 'AG-C1-B'`,
    );
    expect(n).toBe(0);
    const zh = await api.submit(
      'lgagreement',
      { agreementCode: 'AG-C1-C', customerCode: 'C1', startDate: '2025-06-01', agreementStatus: '2' },
      'zh',
    );
    expect(zh.msg).toContain('重叠');

    const backwards = await run('C1', '2026-03-05', '2026-03-01');
    expect(backwards).toEqual({
      refused: 'Invalid billing period: the start must not be after the end, and at most 366 days',
    });

    // A run of C1 over March is going: a second one over an overlapping period is refused.
    await test.database.withTenant('000000', (tx) =>
      tx.execute(
        sql`insert into bl_job (id, tenant_id, kind, target, status, auth, create_user)
            values (1, '000000', 'billing', 'C1|2026-03-01|2026-03-31', 'running', '{}'::jsonb, 1)`,
      ),
    );
    const busy = await run('C1', '2026-03-10', '2026-04-10');
    expect(busy).toEqual({
      refused:
        'A billing run for C1 from 2026-03-01 to 2026-03-31 is already under way: wait for it to finish',
    });
    const all = await run('', '2026-03-10', '2026-03-10');
    expect('refused' in all).toBe(true);
    // Its worker is killed (kill -9): the row stays 'running' but its heartbeat stops. Once it
    // is older than the stale limit, the next run sees the run as gone and goes ahead, and the
    // dead run reads as interrupted (not 'running' for the next 30 minutes).
    const age = (seconds: number) =>
      test.database.withTenant('000000', (tx) =>
        tx.execute(
          sql`update bl_job set update_time = now() - make_interval(secs => ${seconds}) where id = 1`,
        ),
      );
    await age(staleAfterSeconds - 15);
    expect('refused' in (await run('C1', '2026-03-10', '2026-03-10'))).toBe(true);
    await age(staleAfterSeconds + 5);
    const after = await run('C1', '2026-03-10', '2026-03-10');
    expect('job' in after && after.job.status).toBe('done');
    const [dead] = await test.database.withTenant('000000', (tx) =>
      queryRows<{ status: string; message: string }>(
        tx,
        sql`select status, message from bl_job where id = 1`,
      ),
    );
    // In the language of whoever started it (this row's: the default, Simplified Chinese).
    expect(dead).toEqual({
      status: 'failed',
      message: '该任务已中断（处理它的服务进程已停止），可以重新运行',
    });
    await test.database.withTenant('000000', (tx) =>
      tx.execute(sql`update bl_job set status = 'running', update_time = now() where id = 1`),
    );
    // Another owner, or a period after it, runs.
    expect('job' in (await run('C2', '2026-03-10', '2026-03-10'))).toBe(true);
    expect('job' in (await run('C1', '2026-04-01', '2026-04-01'))).toBe(true);
    await test.database.withTenant('000000', (tx) => tx.execute(sql`delete from bl_job where id = 1`));
  });

  it('computes service, rent and price-difference amounts on save and charges reviewed bills', async () => {
    await owner('C8');
    await agreement('AG-C8', 'C8', { storagePrice: '1' });
    await must('porter', { code: 'PT1', name: '搬运工 1' });
    await must('warehousearea', { code: 'A9', name: 'R 区', warehouseCode: 'W1' });
    // Handling 3 × 2.5 = 7.50; service 4 × 1.125 = 4.50; rent 10 m² × 0.3333 × 31 days = 103.323 → 103.32.
    const handling = await must('handlingbill', {
      billNo: nextBillNo('HD'),
      billDate: '2026-03-03',
      customerCode: 'C8',
      porterCode: 'PT1',
      handlingType: '1',
      qty: '3',
      price: '2.5',
    });
    expect(handling.amount).toBe('7.50');
    const service = await must('valueaddservicebill', {
      billNo: nextBillNo('VA'),
      billDate: '2026-03-03',
      customerCode: 'C8',
      serviceType: '1',
      qty: '4',
      price: '1.125',
    });
    expect(service.amount).toBe('4.50');
    const rent = await must('rentwarehousebill', {
      billNo: nextBillNo('RT'),
      billDate: '2026-03-01',
      customerCode: 'C8',
      warehouseAreaCode: 'A9',
      rentArea: '10',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      dayPrice: '0.3333',
    });
    expect([rent.rentDays, rent.amount]).toEqual([31, '103.32']);
    const backwards = await api.call('POST', `${path('rentwarehousebill')}/submit`, {
      payload: { ...rent, id: undefined, billNo: nextBillNo('RT'), endDate: '2026-02-01' },
      language: 'en',
    });
    expect(backwards.msg).toBe('The end date cannot be before the start date');
    // (1.20 − 1.00) × 7 = 1.40; (0.90 − 1.00) × 5 = −0.50.
    const adjust = await must('adjustpricebill', {
      billNo: nextBillNo('AP'),
      billDate: '2026-03-03',
      customerCode: 'C8',
      costTypeCode: 'STORAGE',
      effectiveDate: '2026-03-01',
      details: numbered([
        { materialCode: 'M1', price: '1', newPrice: '1.2', qty: '7' },
        { materialCode: 'M2', price: '1', newPrice: '0.9', qty: '5' },
      ]),
    });
    expect(adjust.totalAmount).toBe('0.90');

    // Only reviewed bills are charged: none yet.
    await ran('C8', '2026-03-01', '2026-03-03');
    expect(await details('C8')).toEqual([]);
    for (const [entity, bill] of [
      ['handlingbill', handling],
      ['valueaddservicebill', service],
      ['rentwarehousebill', rent],
    ] as const) {
      const answer = await api.call('POST', `${path(entity)}/review`, { query: { ids: bill.id } });
      expect(answer.success, answer.msg).toBe(true);
    }
    await ran('C8', '2026-03-01', '2026-03-03');
    expect((await details('C8')).map((r) => [r.costType, r.sourceDate, r.amount])).toEqual([
      ['RENT', '2026-03-01', '103.32'],
      ['HANDLING', '2026-03-03', '7.50'],
      ['SERVICE', '2026-03-03', '4.50'],
    ]);
    // Un-reviewed after it was charged: reversed by the next run.
    await api.call('POST', `${path('handlingbill')}/unreview`, { query: { ids: handling.id } });
    // The price adjustment, reviewed after its effective day (Mar 1) was charged: its lines
    // land in the next run as corrections dated Mar 4, naming Mar 1, under its cost type.
    const reviewedAdjust = await api.call('POST', `${path('adjustpricebill')}/review`, {
      query: { ids: adjust.id },
    });
    expect(reviewedAdjust.success, reviewedAdjust.msg).toBe(true);
    await ran('C8', '2026-03-04', '2026-03-04');
    expect(await total('C8', sql`cost_type = 'HANDLING'`)).toBe('0.00');
    const adjusted = (await details('C8')).filter((r) => r.billNo === adjust.billNo);
    expect(
      adjusted.map((r) => [r.costType, r.costDate, r.sourceDate, r.realityQty, r.unitPrice, r.amount]),
    ).toEqual([
      ['STORAGE', '2026-03-04', '2026-03-01', '7', '0.2', '1.40'],
      ['STORAGE', '2026-03-04', '2026-03-01', '5', '-0.1', '-0.50'],
    ]);
    // 103.32 rent + 4.50 service + 0.90 adjustments.
    expect(await total('C8')).toBe('108.72');
    // A reviewed adjustment is locked; un-reviewed, the next run takes its lines back.
    const locked = await api.call('POST', `${path('adjustpricebill')}/submit`, {
      payload: { id: adjust.id, version: adjust.version, adjustReason: 'x' },
      language: 'en',
    });
    expect(locked.success).toBe(false);
    await api.call('POST', `${path('adjustpricebill')}/unreview`, { query: { ids: adjust.id } });
    await ran('C8', '2026-03-05', '2026-03-05');
    expect(await total('C8', sql`bill_no = ${String(adjust.billNo)}`)).toBe('0.00');
    expect(await total('C8')).toBe('107.82');
  });

  it('seeds the cost types the engine charges under; only the engine writes cost details', async () => {
    const types = await queryRows<{ code: string; category: string }>(
      test.database.db,
      sql`select code, category from bl_costtype where tenant_id = '000000' and is_deleted = 0 order by code`,
    );
    expect(types.map((t) => t.code)).toEqual(
      expect.arrayContaining([
        'FREIGHT',
        'HANDLING',
        'LADING',
        'LOAD',
        'PKGWH',
        'RENT',
        'SERVICE',
        'STORAGE',
        'UNLOAD',
      ]),
    );
    // A new tenant gets them too.
    const tenant = await api.call('POST', `${path('tenant')}/submit`, {
      payload: { tenantId: '700001', tenantName: '计费租户' },
      language: 'en',
    });
    expect(tenant.success, tenant.msg).toBe(true);
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      test.database.db,
      sql`select count(*)::int as n from bl_costtype where tenant_id = '700001' and is_deleted = 0`,
    );
    expect(n).toBe(9);
    // No generic writes on cost details: the route does not exist.
    const add = await api.call('POST', `${path('costdetail')}/submit`, {
      payload: { costDate: '2026-03-01', customerCode: 'C1', materialCode: 'M1', amount: '1' },
      language: 'en',
    });
    expect(add.success).toBe(false);
    const remove = await api.call('POST', `${path('costdetail')}/remove`, { query: { ids: '1' } });
    expect(remove.success).toBe(false);
  });

  it('charges the freight of a signed consignment note once, on its sign-off day', async () => {
    await owner('C9');
    await agreement('AG-C9', 'C9', { storagePrice: '1' });
    // A note of C9 as shipper with its computed freight (transport's freight.ts), loaded on a
    // departure whose arrival was delivered and signed off on Mar 3 (UTC), not yet fully.
    const note = async (billNo: string, freight: string, state: string, signed: string) =>
      test.database.withTenant('000000', async (tx) => {
        await tx.execute(
          sql`insert into bl_consignmentbill (id, tenant_id, bill_no, bill_type, shipper_customer,
                consignee_customer, state, freight)
              values (${nextId()}, '000000', ${billNo}, '2', 'C9', 'C1', ${state}, ${freight}::numeric)`,
        );
        await tx.execute(
          sql`insert into bl_loadingbilldetail (id, tenant_id, header_id, line_number, material_code,
                apply_code, arrival_bill_no, qty)
              values (${nextId()}, '000000', 1, 1, 'M1', ${billNo}, ${`AR-${billNo}`}, 1)`,
        );
        await tx.execute(
          sql`insert into bl_deliverybill (id, tenant_id, bill_no, bill_type, apply_code, sign_time)
              values (${nextId()}, '000000', ${`DL-${billNo}`}, '1', ${`AR-${billNo}`}, ${signed}::timestamptz)`,
        );
      });
    await note('TY-C9-1', '123.45', '6', '2026-03-03T20:00:00Z');
    await note('TY-C9-2', '10.00', '8', '2026-03-03T09:00:00Z');
    await ran('C9', '2026-03-01', '2026-03-04');
    // Partly delivered and refused notes carry no freight yet.
    expect(await details('C9')).toEqual([]);
    // The rest signed for on Mar 5 (a second delivery): the note is delivered (state 7).
    await test.database.withTenant('000000', async (tx) => {
      await tx.execute(
        sql`insert into bl_deliverybill (id, tenant_id, bill_no, bill_type, apply_code, sign_time)
            values (${nextId()}, '000000', 'DL-TY-C9-1b', '1', 'AR-TY-C9-1', '2026-03-05T01:00:00Z')`,
      );
      await tx.execute(
        sql`update bl_consignmentbill set state = '7', update_time = now() where bill_no = 'TY-C9-1'`,
      );
    });
    await ran('C9', '2026-03-05', '2026-03-06');
    expect((await details('C9')).map((r) => [r.costType, r.sourceDate, r.billNo, r.amount])).toEqual([
      ['FREIGHT', '2026-03-05', 'TY-C9-1', '123.45'],
    ]);
    // Once: a re-run (and a later run) add nothing.
    expect((await ran('C9', '2026-03-05', '2026-03-06')).result?.rows).toBe(0);
    await ran('C9', '2026-03-07', '2026-03-07');
    expect(await total('C9')).toBe('123.45');
  });

  it('a cost bill gathers the unbilled charges of its period; confirmed, it is locked', async () => {
    const march = sql`cost_date between '2026-03-01' and '2026-03-31'`;
    const expected = await total('C1', march);
    const bill = await must('costbill', {
      costBillNo: 'CB-C1-2026-03',
      customerCode: 'C1',
      costDate: '2026-03-01',
      costDateEnd: '2026-03-31',
    });
    expect(bill.amount).toBe(expected);
    expect(bill.customerName).toBe('货主 C1');
    const stored = (await api.call('GET', `${path('costbill')}/detail`, { query: { id: bill.id } }))
      .data as Row & {
      details: Row[];
      packs: Row[];
    };
    // Storage lines by price stage: stage 1 (1.00) Mar 4-6 and Mar 8-10 (M3), realityDay = days.
    const stage1 = stored.details.find((d) => d.costType === 'STORAGE' && d.unitPrice === '1.0000');
    expect(stage1?.realityDay).toBe(6);
    expect(stage1?.amount).toBe('36.00');
    expect(
      stored.packs.map((p) => [
        p.materialCode,
        Number(p.beginQty),
        Number(p.inQty),
        Number(p.outQty),
        Number(p.endQty),
      ]),
    ).toEqual([
      ['M1', 0, 10, 4, 6],
      ['M3', 0, 2, 0, 2],
    ]);
    // Drill-down: the stage-1 line gathers the six storage days behind it (Mar 4-6 of M1's lot,
    // Mar 8-10 of M3's), each with its own day, adding up to the line; each day drills on to
    // its lots through /billing/stock-days.
    const sources = await api.call('GET', '/api/bl-acct/billing/line-sources', {
      query: { lineId: String(stage1?.id) },
    });
    expect(sources.success, sources.msg).toBe(true);
    const behind = sources.data as Row[];
    expect(behind.map((r) => [r.sourceDate, r.amount, r.stage])).toEqual([
      ['2026-03-04', '10.00', 1],
      ['2026-03-05', '10.00', 1],
      ['2026-03-06', '10.00', 1],
      ['2026-03-08', '2.00', 1],
      ['2026-03-09', '2.00', 1],
      ['2026-03-10', '2.00', 1],
    ]);
    // A handling line drills to its bill line.
    const unload = stored.details.find((d) => d.costType === 'UNLOAD' && d.amount === '5.00');
    const unloadSources = (
      await api.call('GET', '/api/bl-acct/billing/line-sources', { query: { lineId: String(unload?.id) } })
    ).data as Row[];
    expect(unloadSources.map((r) => [r.billNo, r.lineNumber, r.amount])).toEqual([
      [unload?.billNo, 1, '5.00'],
    ]);
    // The owner's statement as Excel: header, lines and stock summary, in the user's language.
    const file = await app.inject({
      method: 'GET',
      url: '/api/bl-acct/billing/statement',
      query: { id: bill.id },
      headers: { 'blade-auth': `bearer ${adminToken}`, 'blade-language': 'en' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const cells = (sheet?.getSheetValues() ?? []).map((row) => (Array.isArray(row) ? row.slice(1) : []));
    expect(cells[1]).toEqual(['Cost bill', 'CB-C1-2026-03']);
    expect(cells).toContainEqual(['Billed amount', Number(expected)]);
    expect(cells).toContainEqual(['Owner name', '货主 C1']);
    expect(cells.some((row) => row[0] === 'STORAGE 仓储费' && row[7] === 36)).toBe(true);
    expect(cells).toContainEqual(['M3', 0, 2, 0, 0, 2]);
    // Every charge of March is on it, once.
    expect(await total('C1', sql`${march} and cost_bill_no is null`)).toBe('0');
    const overlap = await api.call('POST', `${path('costbill')}/submit`, {
      payload: {
        costBillNo: 'CB-C1-X',
        customerCode: 'C1',
        costDate: '2026-03-15',
        costDateEnd: '2026-04-15',
      },
      language: 'en',
    });
    expect(overlap.msg).toBe(
      'Owner C1 already has cost bill CB-C1-2026-03 (2026-03-01 to 2026-03-31) over this period',
    );
    // A line typed in the form is priced as the fee engine prices its lines (issue 28): billed
    // quantity × unit price, and that over its billed days.
    const typed = await must('costbill', {
      costBillNo: 'CB-C1-2026-06',
      customerCode: 'C1',
      costDate: '2026-06-01',
      costDateEnd: '2026-06-30',
      details: [{ materialCode: 'M1', costType: 'UNLOAD', realityQty: '3', realityDay: 2, unitPrice: '2.5' }],
    });
    const typedLines = (await api.call('GET', `${path('costbill')}/detail`, { query: { id: typed.id } }))
      .data as Row & { details: Row[] };
    expect(typedLines.details.find((d) => d.realityQty === '3.0000')).toMatchObject({
      amount: '7.50',
      dayAmout: '3.7500',
    });
    expect(Number(typedLines.amount)).toBeGreaterThanOrEqual(7.5);

    const act = (name: string) =>
      api.call('POST', `${path('costbill')}/${name}`, { query: { ids: bill.id }, language: 'en' });
    expect((await act('confirm')).success).toBe(true);
    const edit = await api.call('POST', `${path('costbill')}/submit`, {
      payload: { id: bill.id, version: (stored.version as number) + 1, discountAmount: '5' },
      language: 'en',
    });
    expect(edit.success).toBe(false);
    expect((await act('unconfirm')).success).toBe(true);
    expect((await act('confirm')).success).toBe(true);
    expect((await act('send')).success).toBe(true);
    const unconfirm = await act('unconfirm');
    expect(unconfirm.msg).toBe(
      'Cost bill CB-C1-2026-03 cannot be un-confirmed: it is not confirmed, or something is paid',
    );
  });

  it('drills a storage charge down to the lots held that day', async () => {
    const answer = await api.call('GET', '/api/bl-acct/billing/stock-days', {
      query: { customerCode: 'C1', day: '2026-03-08' },
    });
    expect(answer.success, answer.msg).toBe(true);
    // M1 lot of Mar 1 (day 8): 6 left; M3 lot of Mar 5 (day 4): 2.
    expect(
      (answer.data as Row[]).map((r) => [r.materialCode, r.instockDate, r.dayNo, Number(r.qty)]),
    ).toEqual([
      ['M1', '2026-03-01', 8, 6],
      ['M3', '2026-03-05', 4, 2],
    ]);
  });
});
