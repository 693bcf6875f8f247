import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uiErrorLog } from '../src/db/schema/index.ts';
import { body, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

const entry = (message: string) => ({
  type: 'error',
  url: 'http://localhost/wel/index',
  message,
  stack: `Error: ${message}\n    at app.js:1:1`,
  info: 'app.js:1:1',
  time: '2026-11-22T08:00:00.000Z',
});

describe.each(testDrivers())('the uploaded UI error log on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let operator: Tokens;
  let demo: Tokens;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    operator = await tokensOf(app, '000000');
    demo = await tokensOf(app, '100000');
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const upload = (payload: unknown, as?: Tokens) =>
    app.inject({
      method: 'POST',
      url: '/api/bl-system/error-log/save',
      payload: payload as never,
      headers: {
        ...(as && { 'blade-auth': `bearer ${as.accessToken}` }),
        'blade-language': 'en',
      },
    });

  it('stores each entry under the uploader and their tenant', async () => {
    const saved = await upload([entry('first'), entry('second')], operator);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body<{ saved: number }>(saved).data).toEqual({ saved: 2 });
    await upload([entry('demo tenant')], demo);

    const mine = await test.database.withTenant('000000', (tx) => tx.select().from(uiErrorLog));
    expect(mine.map((r) => r.message).sort()).toEqual(['first', 'second']);
    expect(mine[0]).toMatchObject({
      tenantId: '000000',
      account: 'admin',
      type: 'error',
      info: 'app.js:1:1',
    });
    expect(mine[0]?.errorTime.toISOString()).toBe('2026-11-22T08:00:00.000Z');
    // Row-level security: the demo tenant's upload is invisible to the operator, and back.
    const theirs = await test.database.withTenant('100000', (tx) => tx.select().from(uiErrorLog));
    expect(theirs.map((r) => r.message)).toEqual(['demo tenant']);
  });

  it('needs a signed-in caller', async () => {
    const refused = await upload([entry('anonymous')]);
    expect(body(refused).code).toBe(401);
  });

  it('refuses an empty upload, one too large, and entries without a time', async () => {
    expect(body(await upload([], operator)).code).toBe(400);
    const many = Array.from({ length: 201 }, (_, i) => entry(String(i)));
    expect(body(await upload(many, operator)).code).toBe(400);
    const { time: _time, ...timeless } = entry('timeless');
    expect(body(await upload([timeless], operator)).code).toBe(400);
  });
});
