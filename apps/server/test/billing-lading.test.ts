import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import type { AuthContext } from '../src/http/context.ts';
import { costUuid, writeCostDetails } from '../src/modules/billing/cost-details.ts';
import { ladingCharges } from '../src/modules/billing/lading.ts';
import { testApp, tokensOf } from './support/app.ts';
import { feeFixtures } from './support/billing.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { client, masterData, nextBillNo } from './support/wms.ts';

type Line = Record<string, unknown>;
type Row = Record<string, unknown> & { id: string };

/**
 * Ladings (issue 16, docs/adr/0024-fee-engine.md "Addendum: lading accrual"): release, pick-ups
 * in trips, the LADING accrual of each trip. Amounts are computed by hand beside them.
 */
describe.each(testDrivers())('lading pick-ups and accrual on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let api: ReturnType<typeof client>;
  const { path, must } = feeFixtures(() => api);
  const today = new Date().toISOString().slice(0, 10);

  const act = (action: string, id: string, payload?: unknown, language = 'en') =>
    api.call('POST', `${path('ladingbill')}/${action}`, { query: { ids: id }, payload, language });
  const ok = async (action: string, id: string, payload?: unknown) => {
    const answer = await act(action, id, payload);
    if (!answer.success) throw new Error(`${action}: ${answer.msg}`);
    return answer.data as Record<string, unknown>;
  };
  const detail = async (id: string) =>
    (await api.call('GET', `${path('ladingbill')}/detail`, { query: { id } })).data as Row & {
      details: Row[];
    };
  const lading = (extra: Line = {}, lines: Line[] = []) =>
    must('ladingbill', {
      billNo: nextBillNo('TD'),
      billDate: today,
      customerCode: 'L1',
      pickupCompany: '买方一号',
      validUntil: '2099-12-31',
      ...extra,
      details: lines.map((line, index) => ({ lineNumber: index + 1, ...line })),
    });
  const accrued = (billNo: string) =>
    queryRows<{
      costType: string;
      costDate: string;
      qty: string;
      price: string;
      amount: string;
      key: string;
      uuid: string;
    }>(
      test.database.db,
      sql`select cost_type "costType", to_char(cost_date, 'YYYY-MM-DD') "costDate", reality_qty::float8::text qty,
            unit_price::float8::text price, amount::text amount, source_key "key", uuid
          from bl_costdetail where is_deleted = 0 and bill_no = ${billNo} order by id`,
    );

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    const admin = await tokensOf(app, '000000');
    api = client(app, () => admin.accessToken);
    await masterData(api.submit);
    await must('customer', { code: 'L1', name: '货主 L1', customerStatus: '1' });
    // The agreement's load price is 0.30, the rule's 0.45: the rule's wins (as for load fees).
    await must('lgagreement', {
      agreementCode: 'AG-L1',
      customerCode: 'L1',
      startDate: '2026-01-01',
      agreementStatus: '2',
      chargeBasis: '1',
      loadPrice: '0.3',
    });
    await must('billingrules', { code: 'R-L1', name: 'R-L1', customerCode: 'L1', loadPrice: '0.45' });
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('is released, picked up in trips with its accrual, refused over, expired or un-reviewed after use', async () => {
    // A lading is saved with lines; one whose only line is void has none to release.
    const empty = await lading({}, [{ materialCode: 'M1', qty: '1', invalid: '1' }]);
    expect((await act('review', empty.id)).msg).toBe(
      `Lading ${empty.billNo} has no valid lines: it cannot be reviewed`,
    );

    const bill = await lading({}, [
      { materialCode: 'M1', qty: '10' },
      { materialCode: 'M2', qty: '4' },
    ]);
    // Not released yet: no pick-up.
    expect((await act('pickup', bill.id)).msg).toBe(
      `Bill ${bill.billNo} cannot be given "Pick up": its Status is "New"`,
    );
    await ok('review', bill.id);
    const [m1, m2] = (await detail(bill.id)).details as [Row, Row];
    // Released: the lines are locked.
    const edit = await api.call('POST', `${path('ladingbilldetail')}/submit`, {
      payload: { ...m1, qty: '11' },
      language: 'en',
    });
    expect(edit.msg).toMatch(/locked|cannot/i);

    // Trip 1: M1 3 × 0.45 = 1.35; M2 1.5 × 0.45 = 0.675 → 0.68. Total 2.03.
    const first = await ok('pickup', bill.id, {
      lines: [
        { id: m1.id, pickQty: '3' },
        { id: m2.id, pickQty: '1.5' },
      ],
    });
    expect(first).toEqual({ pickedUp: 1, accrualAmount: '2.03' });
    let stored = await detail(bill.id);
    expect(stored).toMatchObject({ state: '2', accrualAmount: '2.03' });
    expect(stored.details.map((d) => d.pickedQty)).toEqual(['3.0000', '1.5000']);

    // Over what is left (7 of M1): refused, nothing written.
    const over = await act('pickup', bill.id, { lines: [{ id: m1.id, pickQty: '8' }] });
    expect(over.msg).toBe(`Lading ${bill.billNo} line 1: material M1 picking up 8, more than the 7 left`);
    const overZh = await act('pickup', bill.id, { lines: [{ id: m1.id, pickQty: '8' }] }, 'zh');
    expect(overZh.msg).toBe(`提单 ${bill.billNo} 第 1 行：物料 M1 本次提货 8，超过剩余可提数量 7`);
    expect((await act('pickup', bill.id, { lines: [{ id: m1.id, pickQty: 'x' }] })).msg).toBe(
      'The quantities picked up are not readable: give a quantity per line of the lading',
    );
    expect((await accrued(bill.billNo as string)).length).toBe(2);

    // Un-review after a pick-up: refused.
    expect((await act('unreview', bill.id)).msg).toBe(
      `Lading ${bill.billNo} has 4.5 picked up already: it cannot be un-reviewed`,
    );

    // Trip 2: M1 7 × 0.45 = 3.15. Total 5.18; M2 still open.
    await ok('pickup', bill.id, { lines: [{ id: m1.id, pickQty: '7' }] });
    expect(await detail(bill.id)).toMatchObject({ state: '2', accrualAmount: '5.18' });

    // Trip 3 without quantities takes the rest: M2 2.5 × 0.45 = 1.125 → 1.13. Total 6.31; done.
    await ok('pickup', bill.id);
    stored = await detail(bill.id);
    expect(stored).toMatchObject({ state: '3', accrualAmount: '6.31' });
    expect(stored.details.map((d) => d.pickedQty)).toEqual(['10.0000', '4.0000']);
    expect((await act('pickup', bill.id)).msg).toBe(
      `Bill ${bill.billNo} cannot be given "Pick up": its Status is "Completed"`,
    );

    const rows = await accrued(bill.billNo as string);
    expect(rows.map((r) => [r.costType, r.costDate, r.qty, r.price, r.amount])).toEqual([
      ['LADING', today, '3', '0.45', '1.35'],
      ['LADING', today, '1.5', '0.45', '0.68'],
      ['LADING', today, '7', '0.45', '3.15'],
      ['LADING', today, '2.5', '0.45', '1.13'],
    ]);
    expect(rows.map((r) => r.key)).toEqual([
      `LADINGPICK|${bill.id}|${m1.id}|1`,
      `LADINGPICK|${bill.id}|${m2.id}|1`,
      `LADINGPICK|${bill.id}|${m1.id}|2`,
      `LADINGPICK|${bill.id}|${m2.id}|3`,
    ]);
    expect(rows[0]?.uuid).toBe(costUuid('000000', `LADINGPICK|${bill.id}|${m1.id}|1`, 0));

    // Idempotent: writing trip 1's accrual again writes nothing.
    const auth = { tenantId: '000000', userId: '1', deptId: '' } as unknown as AuthContext;
    const again = await test.database.db.transaction(async (tx) => {
      const charges = await ladingCharges(tx, auth, stored, 1, today, [
        { id: m1.id, lineNumber: 1, materialCode: 'M1', qty: '3' },
        { id: m2.id, lineNumber: 2, materialCode: 'M2', qty: '1.5' },
      ]);
      return writeCostDetails(
        tx,
        auth,
        { customerCode: 'L1', kinds: [], from: today, to: today, runStart: today },
        charges,
      );
    });
    expect(again).toEqual({ rows: 0, amount: '0.00' });
    // A billing run over the day leaves the accrual as it is (its scope does not name LADINGPICK).
    const run = await api.call('POST', '/api/bl-acct/billing/run', {
      payload: { customerCode: 'L1', start: today, end: today },
      language: 'en',
    });
    expect(run.success).toBe(true);
    const { jobId } = run.data as { jobId: string };
    for (let i = 0; i < 600; i += 1) {
      const state = (await api.call('GET', '/api/bl-jobs/job/detail', { query: { id: jobId } })).data as {
        status: string;
      };
      if (state.status === 'done' || state.status === 'failed') {
        expect(state.status).toBe('done');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await accrued(bill.billNo as string)).map((r) => r.amount)).toEqual([
      '1.35',
      '0.68',
      '3.15',
      '1.13',
    ]);
  }, 120_000);

  it('refuses a pick-up past the valid date; un-review before any pick-up reopens the lines', async () => {
    const expired = await lading({ validUntil: '2020-06-30' }, [{ materialCode: 'M1', qty: '2' }]);
    await ok('review', expired.id);
    expect((await act('pickup', expired.id)).msg).toBe(
      `Lading ${expired.billNo} expired on 2020-06-30: nothing can be picked up`,
    );
    expect((await act('pickup', expired.id, undefined, 'mo')).msg).toBe(
      `提單 ${expired.billNo} 已於 2020-06-30 過期，不能提貨`,
    );
    expect(await accrued(expired.billNo as string)).toEqual([]);
    expect(await detail(expired.id)).toMatchObject({ state: '1', accrualAmount: null });
    await ok('unreview', expired.id);
    expect(await detail(expired.id)).toMatchObject({ state: '0' });
  });
});
