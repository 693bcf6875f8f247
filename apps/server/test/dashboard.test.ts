import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

type Answer = { success: boolean; msg: string; data: unknown };

interface Dashboard {
  awaitingReview: { inbound: number; outbound: number };
  stock: { owners: number; qty: string; qtyWeg: string };
  topOwners: { customerCode: string; qty: string; qtyWeg: string }[];
  days: { day: number; inQty: string; outQty: string }[];
}

/** The visitor's midnight `days` days ago. */
function midnightDaysAgo(days: number): string {
  const at = new Date();
  at.setHours(0, 0, 0, 0);
  at.setDate(at.getDate() - days);
  return at.toISOString();
}

describe.each(testDrivers())('the operations dashboard on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let operator: Tokens;
  let demo: Tokens;

  const call = async (tokens: Tokens, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    body(
      await app.inject({
        method,
        url,
        payload: payload as never,
        headers: { 'blade-auth': `bearer ${tokens.accessToken}`, 'blade-language': 'en' },
      }),
    ) as Answer;
  const must = async (tokens: Tokens, entity: string, payload: unknown) => {
    const answer = await call(tokens, 'POST', `/api/bl-wms/${entity}/submit`, payload);
    if (!answer.success) throw new Error(`${entity}: ${answer.msg}`);
    return answer.data as { id: string };
  };
  const dashboard = async (tokens: Tokens) => {
    const answer = await call(
      tokens,
      'GET',
      `/api/bl-wms/dashboard?since=${encodeURIComponent(midnightDaysAgo(6))}`,
    );
    expect(answer.success, answer.msg).toBe(true);
    return answer.data as Dashboard;
  };

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    operator = await tokensOf(app, '000000');
    demo = await tokensOf(app, '100000');
    await must(operator, 'unit', { code: 'PCS', name: '件', rate: '1' });
    await must(operator, 'material', { code: 'M1', name: 'M1', unitCode: 'PCS' });
    for (const code of ['C1', 'C2'])
      await must(operator, 'customer', { code, name: code, customerStatus: '1' });
    await must(operator, 'warehouse', { code: 'W1', name: 'W1' });
    await must(operator, 'warehousearea', { code: 'A1', name: 'A1', warehouseCode: 'W1' });
    await must(operator, 'warehouseplace', {
      code: 'P1',
      name: 'P1',
      warehouseAreaCode: 'A1',
      placeStatus: '1',
    });
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const bill = (entity: string, billNo: string, customerCode: string, qty: string, isReview: string) =>
    must(operator, entity, {
      billNo,
      billDate: '2026-11-01',
      customerCode,
      warehouseCode: 'W1',
      type: '2',
      outTransferType: '1',
      isReview,
      details: [{ lineNumber: 1, materialCode: 'M1', warehousePlaceCode: 'P1', qty, qtyWeg: qty }],
    });

  it('counts bills awaiting review, stock per owner and what moved today, in decimals', async () => {
    const empty = await dashboard(operator);
    expect(empty.stock).toEqual({ owners: 0, qty: '0', qtyWeg: '0' });
    expect(empty.days).toHaveLength(7);
    expect(empty.days.every((day) => day.inQty === '0' && day.outQty === '0')).toBe(true);

    // Posted at once (no review needed): 10.5 for C1, 3 for C2; one more inbound waits.
    await bill('isinstockbill', 'IN-1', 'C1', '10.5', '0');
    await bill('isinstockbill', 'IN-2', 'C2', '3', '0');
    await bill('isinstockbill', 'IN-3', 'C2', '1', '1');
    // 2.25 of C1 leaves; one outbound waits.
    await bill('osoutstockbill', 'OUT-1', 'C1', '2.25', '0');
    await bill('osoutstockbill', 'OUT-2', 'C1', '1', '1');

    const figures = await dashboard(operator);
    expect(figures.awaitingReview).toEqual({ inbound: 1, outbound: 1 });
    expect(Number(figures.stock.qty)).toBe(11.25);
    expect(figures.stock.owners).toBe(2);
    expect(figures.topOwners.map((o) => [o.customerCode, Number(o.qty)])).toEqual([
      ['C1', 8.25],
      ['C2', 3],
    ]);
    const today = figures.days.at(-1);
    expect(Number(today?.inQty)).toBe(13.5);
    expect(Number(today?.outQty)).toBe(2.25);
    expect(figures.days.slice(0, -1).every((day) => day.inQty === '0' && day.outQty === '0')).toBe(true);
  });

  it('shows a tenant only its own figures', async () => {
    const theirs = await dashboard(demo);
    expect(theirs.awaitingReview).toEqual({ inbound: 0, outbound: 0 });
    expect(theirs.stock.owners).toBe(0);
  });

  it('refuses a bad date and a caller without a session', async () => {
    const bad = await call(operator, 'GET', '/api/bl-wms/dashboard?since=yesterday');
    expect(bad.success).toBe(false);
    const anonymous = await app.inject({
      method: 'GET',
      url: `/api/bl-wms/dashboard?since=${midnightDaysAgo(6)}`,
    });
    expect((body(anonymous) as Answer).success).toBe(false);
  });
});
