import type { UserInfo } from '@bl/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, md5, signIn, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

interface Figures {
  users: number;
  signInsToday: number;
  registrationsToday: number;
  usersSignedInToday: number;
  errorsReportedToday: number;
}

describe.each(testDrivers())("a user's own info and password on %s", (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let demo: Tokens;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    demo = await tokensOf(app, '100000');
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, language = 'en') =>
    app.inject({
      method,
      url: `/api/bl-system/user/${url}`,
      payload: payload as never,
      headers: { 'blade-auth': `bearer ${demo.accessToken}`, 'blade-language': language },
    });

  it('changes name, real name, phone and email of the caller only', async () => {
    const saved = await call('POST', 'update-info', {
      name: ' 演示仓管 ',
      realName: '李四',
      phone: '13800138000',
      email: 'li@example.com',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const info = body<UserInfo>(await call('GET', 'getUserInfo')).data;
    expect(info).toMatchObject({
      userName: '演示仓管',
      realName: '李四',
      phone: '13800138000',
      email: 'li@example.com',
    });
    // The other tenant's administrator keeps their name.
    const operator = await tokensOf(app, '000000');
    expect(operator.userName).toBe('管理员');
  });

  it('refuses a blank name and a malformed email', async () => {
    expect(body(await call('POST', 'update-info', { name: '  ' })).code).toBe(400);
    expect(body(await call('POST', 'update-info', { name: 'x', email: 'not-an-email' })).code).toBe(400);
  });

  it('changes the password only with the current one and the new one typed twice', async () => {
    const mismatch = await call('POST', 'update-password', {
      oldPassword: md5('admin'),
      newPassword: md5('Warehouse-2'),
      newPassword1: md5('Warehouse-3'),
    });
    expect(body(mismatch)).toMatchObject({ code: 400, msg: 'The two passwords do not match' });
    const wrongOld = await call('POST', 'update-password', {
      oldPassword: md5('not-it'),
      newPassword: md5('Warehouse-2'),
      newPassword1: md5('Warehouse-2'),
    });
    expect(body(wrongOld)).toMatchObject({ code: 400, msg: 'The current password is wrong' });
    expect((await signIn(app, { tenantId: '100000', password: 'admin' })).statusCode).toBe(200);

    const changed = await call('POST', 'update-password', {
      oldPassword: md5('admin'),
      newPassword: md5('Warehouse-2'),
      newPassword1: md5('Warehouse-2'),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(body(await signIn(app, { tenantId: '100000', password: 'admin' })).code).toBe(400);
    expect(body(await signIn(app, { tenantId: '100000', password: 'Warehouse-2' })).code).toBe(200);
  });

  it("counts the home page's figures per tenant since the caller's midnight", async () => {
    const since = new Date(Date.now() - 60_000).toISOString();
    const before = body<Figures>(await call('GET', `../statistics?since=${encodeURIComponent(since)}`)).data;
    // The password test above left the demo administrator with 'Warehouse-2'.
    expect((await signIn(app, { tenantId: '100000', password: 'Warehouse-2' })).statusCode).toBe(200);
    await tokensOf(app, '000000');
    const after = body<Figures>(await call('GET', `../statistics?since=${encodeURIComponent(since)}`)).data;
    expect(after.users).toBeGreaterThanOrEqual(1);
    // The other tenant's sign-in is not counted here.
    expect(after.signInsToday).toBe(before.signInsToday + 1);
    expect(after.usersSignedInToday).toBe(1);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const none = body<Figures>(await call('GET', `../statistics?since=${encodeURIComponent(future)}`)).data;
    expect(none).toMatchObject({
      signInsToday: 0,
      usersSignedInToday: 0,
      errorsReportedToday: 0,
      registrationsToday: 0,
    });
    // The demo tenants' accounts were made when the database was seeded, moments ago.
    const seeded = new Date(Date.now() - 3_600_000).toISOString();
    const made = body<Figures>(await call('GET', `../statistics?since=${encodeURIComponent(seeded)}`)).data;
    expect(made.registrationsToday).toBe(made.users);
    expect(body(await call('GET', '../statistics')).code).toBe(400);
  });
});
