import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, body, md5, testApp } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

/** Redis of the machine (the CI machine runs one); the counts of this run live under fresh addresses. */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const stores = testDrivers().flatMap((driver) => [
  { driver, store: 'database' as const },
  ...(driver === 'pglite' ? [{ driver, store: 'redis' as const }] : []),
]);

describe.each(stores)('sign-in limit per address on $driver, counted in the $store', ({ driver, store }) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database, {
      LOGIN_ADDRESS_MAX_FAILURES: '3',
      LOGIN_MAX_FAILURES: '100',
      ...(store === 'redis' && { REDIS_URL: redisUrl }),
    });
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const signInFrom = (address: string, account: string, password: string, language = 'en') =>
    app.inject({
      method: 'POST',
      url: '/api/bl-auth/token',
      remoteAddress: address,
      headers: { authorization: basic, 'blade-language': language },
      query: { grantType: 'password', tenantId: '000000', account, password: md5(password) },
    });

  it('makes an address wait after repeated failures, whatever accounts it tried', async () => {
    const attacker = `10.${Math.floor(Math.random() * 250)}.0.${Math.floor(Math.random() * 250)}`;
    for (const account of ['admin', 'alice', 'bob']) {
      expect((await signInFrom(attacker, account, `wrong-${randomUUID()}`)).statusCode).toBe(400);
    }
    const blocked = await signInFrom(attacker, 'admin', 'admin');
    expect(blocked.statusCode).toBe(429);
    expect(body(blocked).msg).toBe('Too many failed sign-ins from this address; try again in 15 minutes');
    expect(body(await signInFrom(attacker, 'admin', 'admin', 'zh')).msg).toBe(
      '该地址登录失败次数过多，请15分钟后再试',
    );
    // Another address, and the account itself, are not held back.
    expect((await signInFrom('192.0.2.77', 'admin', 'admin')).statusCode).toBe(200);
  });

  it('counts only failures', async () => {
    const office = `172.16.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 5; i += 1) expect((await signInFrom(office, 'admin', 'admin')).statusCode).toBe(200);
  });
});
