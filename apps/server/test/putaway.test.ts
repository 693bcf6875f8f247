import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

type Answer = { success: boolean; msg: string; data: unknown };
type Proposal = { lineNumber: number; warehousePlaceCode: string | null; rule: string; kept: boolean };

describe.each(testDrivers())('put-away proposals on %s', (driver) => {
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
  const propose = (payload: unknown, tokens = admin, language = 'en') =>
    call(tokens, '/api/bl-wms/isinstockbill/putaway', payload, language);

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    admin = await tokensOf(app, '000000');
    demo = await tokensOf(app, '100000');
    await must('unit', { code: 'PCS', name: '件', rate: '1' });
    await must('strategy', { code: 'NEAR', name: 'Nearest', type: '1', rule: '4', priority: 1 });
    await must('strategy', { code: 'ROOM', name: 'Roomiest', type: '1', rule: '6', priority: 1 });
    await must('material', { code: 'M1', name: 'M1', unitCode: 'PCS', upshelfStrategyCode: 'NEAR' });
    await must('material', { code: 'M2', name: 'M2', unitCode: 'PCS' });
    for (const code of ['C1', 'C2']) await must('customer', { code, name: code, customerStatus: '1' });
    await must('warehouse', { code: 'W1', name: 'W1' });
    await must('warehouse', { code: 'W2', name: 'W2' });
    await must('warehousearea', { code: 'A1', name: 'A1', warehouseCode: 'W1' });
    await must('warehousearea', { code: 'B1', name: 'B1', warehouseCode: 'W2' });
    // P1 is nearest but half of its 10 m³ is usable; P2 is roomy; P9 is in the other warehouse.
    await must('warehouseplace', {
      code: 'P1',
      name: 'P1',
      warehouseAreaCode: 'A1',
      placeStatus: '1',
      volume: '10',
      capacityRatio: 50,
      rowNo: 1,
      columnNo: 1,
      layerNo: 1,
    });
    await must('warehouseplace', {
      code: 'P2',
      name: 'P2',
      warehouseAreaCode: 'A1',
      placeStatus: '1',
      volume: '30',
      rowNo: 5,
      columnNo: 1,
      layerNo: 1,
    });
    await must('warehouseplace', {
      code: 'P3',
      name: 'P3',
      warehouseAreaCode: 'A1',
      placeStatus: '3',
      volume: '99',
    });
    await must('warehouseplace', {
      code: 'P9',
      name: 'P9',
      warehouseAreaCode: 'B1',
      placeStatus: '1',
      volume: '99',
    });
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it("follows the material's strategy within the location's usable volume and the chosen warehouse", async () => {
    const answer = await propose({
      customerCode: 'C1',
      warehouseCode: 'W1',
      details: [
        { lineNumber: 1, materialCode: 'M1', volume: '4' },
        // P1 has 1 m³ left after line 1; the next nearest with room is P2.
        { lineNumber: 2, materialCode: 'M1', volume: '3' },
      ],
    });
    expect(answer.success, answer.msg).toBe(true);
    expect((answer.data as Proposal[]).map((p) => [p.warehousePlaceCode, p.rule])).toEqual([
      ['P1', '4'],
      ['P2', '4'],
    ]);
  });

  it("an owner's custom strategy wins, and another owner's location is never proposed", async () => {
    // C2 now stores 1 m³ in P2.
    await must('isinstockbill', {
      billNo: 'IN-C2',
      billDate: '2026-11-01',
      customerCode: 'C2',
      warehouseCode: 'W1',
      type: '2',
      isReview: '0',
      details: [{ lineNumber: 1, materialCode: 'M2', warehousePlaceCode: 'P2', qty: '1', volume: '1' }],
    });
    await must('customstrategy', { customerCode: 'C2', strategyCode: 'ROOM', priority: 1 });
    const mine = await propose({
      customerCode: 'C2',
      warehouseCode: 'W1',
      details: [{ lineNumber: 1, materialCode: 'M1', volume: '1' }],
    });
    expect((mine.data as Proposal[])[0]).toMatchObject({ warehousePlaceCode: 'P2', rule: '6' });
    // For C1, P2 holds C2's goods: only P1 (usable 5) is left, and 6 m³ fit nowhere.
    const theirs = await propose(
      {
        customerCode: 'C1',
        warehouseCode: 'W1',
        details: [{ lineNumber: 3, materialCode: 'M2', volume: '6' }],
      },
      admin,
      'zh',
    );
    expect(theirs.success).toBe(true);
    expect((theirs.data as Proposal[])[0]).toMatchObject({ warehousePlaceCode: null });
    expect(theirs.msg).toBe('第 3 行没有容量足够的可用库位，请手工指定');
  });

  it('refuses bad amounts with a message, and another tenant sees none of these locations', async () => {
    const bad = await propose({
      customerCode: 'C1',
      details: [{ lineNumber: 1, materialCode: 'M1', volume: '-1' }],
    });
    expect(bad.success).toBe(false);
    const empty = await propose({ customerCode: 'C1', details: [] });
    expect(empty.success).toBe(false);
    const other = await propose(
      { customerCode: 'C1', details: [{ lineNumber: 1, materialCode: 'M1', volume: '1' }] },
      demo,
    );
    expect(other.success).toBe(true);
    expect((other.data as Proposal[])[0]?.warehousePlaceCode).toBeNull();
  });
});
