import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datePart, dayOf } from '../src/modules/system/serials.ts';
import { body, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

type Row = Record<string, unknown> & { id: string; version: number };

describe.each(testDrivers())('serial numbers on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let other: Tokens;
  const today = datePart('yyyyMMdd', dayOf(new Date()));
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    admin = await tokensOf(app, '000000');
    other = await tokensOf(app, '100000');
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const call = (
    method: 'GET' | 'POST',
    url: string,
    options: { query?: Record<string, string>; payload?: unknown; language?: string; as?: Tokens } = {},
  ) =>
    app.inject({
      method,
      url,
      query: options.query,
      payload: options.payload as never,
      headers: {
        'blade-auth': `bearer ${(options.as ?? admin).accessToken}`,
        'blade-language': options.language ?? 'en',
      },
    });
  const next = (seqCode: string, as?: Tokens) =>
    call('POST', '/api/bl-system/syscode/next', { query: { seqCode }, ...(as && { as }) });

  it('draws numbers of prefix, date and padded value, one after another', async () => {
    const saved = await call('POST', '/api/bl-system/syscode/submit', {
      payload: {
        seqCode: 'isinstockbill',
        seqName: '入库单号',
        prefixValue: 'RK',
        datePattern: 'yyyyMMdd',
        seqLength: 4,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body<{ value: string }>(await next('isinstockbill')).data.value).toBe(`RK${today}0001`);
    expect(body<{ value: string }>(await next('isinstockbill')).data.value).toBe(`RK${today}0002`);
    expect(
      body(await call('GET', '/api/bl-system/syscode/has', { query: { seqCode: 'isinstockbill' } })).data,
    ).toBe(true);
  });

  it('numbers a new bill saved with a blank bill number, and keeps a typed one', async () => {
    await call('POST', '/api/bl-wms/unit/submit', { payload: { code: 'CTN', name: '箱', defaultRate: '1' } });
    await call('POST', '/api/bl-wms/material/submit', {
      payload: { code: 'M01', name: '饼干', unitCode: 'CTN' },
    });
    const bill = (billNo: string) => ({
      billNo,
      billDate: '2026-11-22',
      type: '2',
      details: [{ lineNumber: 1, materialCode: 'M01', qty: '1' }],
    });
    const drawn = await call('POST', '/api/bl-wms/isinstockbill/submit', { payload: bill('') });
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect(body<Row>(drawn).data.billNo).toBe(`RK${today}0003`);
    const typed = await call('POST', '/api/bl-wms/isinstockbill/submit', { payload: bill('MANUAL-1') });
    expect(body<Row>(typed).data.billNo).toBe('MANUAL-1');
    // Without a sequence for the entity, a blank number is still "please input".
    const unnumbered = await call('POST', '/api/bl-wms/orderisinstockbill/submit', {
      payload: { ...bill(''), type: '1' },
    });
    expect(unnumbered.statusCode).toBe(400);
    expect(body(unnumbered).msg).toContain('please input Bill no.');
  });

  it('keeps sequences per tenant and says when one is missing or used up', async () => {
    const missing = await next('isinstockbill', other);
    expect(missing.statusCode).toBe(400);
    expect(body(missing).msg).toBe('There is no serial sequence "isinstockbill"');
    await call('POST', '/api/bl-system/syscode/submit', {
      payload: { seqCode: 'small', seqName: 'Small', seqLength: 1, maxValue: 2 },
    });
    expect(body<{ value: string }>(await next('small')).data.value).toBe('1');
    expect(body<{ value: string }>(await next('small')).data.value).toBe('2');
    const exhausted = await next('small');
    expect(exhausted.statusCode).toBe(400);
    expect(body(exhausted).msg).toBe(
      'The serial sequence "Small" reached its highest value 2; raise it or set a reset cycle',
    );
  });

  // Concurrency shows on PostgreSQL only: PGlite runs one transaction at a time.
  if (driver === 'postgres')
    it('gives 50 concurrent requests 50 distinct numbers', async () => {
      await call('POST', '/api/bl-system/syscode/submit', {
        payload: { seqCode: 'busy', seqName: 'Busy', prefixValue: 'B', seqLength: 6 },
      });
      const answers = await Promise.all(Array.from({ length: 50 }, () => next('busy')));
      const values = answers.map((a) => body<{ value: string }>(a).data.value);
      expect(new Set(values).size).toBe(50);
      expect([...values].sort()).toEqual(
        Array.from({ length: 50 }, (_, i) => `B${String(i + 1).padStart(6, '0')}`),
      );
    });
});
