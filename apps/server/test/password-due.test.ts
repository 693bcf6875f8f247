import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordChangeDue } from '../src/db/schema/index.ts';
import { markPasswordDue } from '../src/modules/auth/password-due.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';
import { body, md5, signIn, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

type Answer = Tokens & { userId: string; passwordChangeDue?: boolean };

/** Issue 13, defect 7: a password others know is changed before anything else is done. */
describe.each(testDrivers())('password change due on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database, { DEFAULT_PASSWORD: 'Reset-2026' });
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown, language = 'en') =>
    app.inject({
      method,
      url,
      payload: payload as never,
      headers: { 'blade-auth': `bearer ${token}`, 'blade-language': language },
    });
  const changePassword = (token: string, from: string, to: string) =>
    call('POST', '/api/bl-system/user/update-password', token, {
      oldPassword: md5(from),
      newPassword: md5(to),
      newPassword1: md5(to),
    });

  it('asks the demo admin for a new password and refuses everything else until then', async () => {
    const first = body<Answer>(await signIn(app, { tenantId: '100000' })).data;
    expect(first.passwordChangeDue).toBe(false);
    // As seeded (the test databases clear the mark so that other suites can work).
    await test.database.withTenant('100000', (tx) => markPasswordDue(tx, '100000', [first.userId]));
    const answer = body<Answer>(await signIn(app, { tenantId: '100000' })).data;
    expect(answer.passwordChangeDue).toBe(true);
    const token = answer.accessToken;

    const refused = await call('GET', '/api/bl-system/menu/routes', token);
    expect(refused.statusCode).toBe(403);
    expect(body(refused).msg).toBe(
      'Please change your password first: it is an initial or reset password that others may know',
    );
    expect(body(await call('GET', '/api/bl-system/menu/routes', token, undefined, 'zh')).msg).toBe(
      '请先修改密码：当前密码为初始或重置密码，他人可能知晓',
    );
    expect((await call('GET', '/api/bl-system/user/list', token)).statusCode).toBe(403);
    // Only that account: everyone else works on.
    const other = await tokensOf(app, '000000');
    expect((await call('GET', '/api/bl-system/menu/routes', other.accessToken)).statusCode).toBe(200);
    // What the change dialog needs still answers.
    expect((await call('GET', '/api/bl-system/user/getUserInfo', token)).statusCode).toBe(200);
    // A wrong current password changes nothing.
    expect((await changePassword(token, 'nope', 'Warehouse-2026')).statusCode).toBe(400);
    expect((await call('GET', '/api/bl-system/menu/routes', token)).statusCode).toBe(403);

    // Nor does "changing" it to itself: the known password must be left behind.
    const same = await changePassword(token, 'admin', 'admin');
    expect(same.statusCode).toBe(400);
    expect(body(same).msg).toBe('The new password must differ from the current one');
    expect((await call('GET', '/api/bl-system/menu/routes', token)).statusCode).toBe(403);

    expect((await changePassword(token, 'admin', 'Warehouse-2026')).statusCode).toBe(200);
    // The same session goes on, now with every call open.
    expect((await call('GET', '/api/bl-system/menu/routes', token)).statusCode).toBe(200);
    const again = body<Answer>(await signIn(app, { tenantId: '100000', password: 'Warehouse-2026' })).data;
    expect(again.passwordChangeDue).toBe(false);
  });

  it('asks again after an administrator resets the password to the default', async () => {
    const admin = await tokensOf(app);
    const demo = body<Answer>(await signIn(app, { tenantId: '000000' })).data;
    const created = await call('POST', '/api/bl-system/user/submit', admin.accessToken, {
      account: 'wang',
      password: 'Dock-door-7',
      confirmPassword: 'Dock-door-7',
      name: 'wang',
      roleId: (
        body<{ roleId: string }>(await call('GET', '/api/bl-system/user/getUserInfo', demo.accessToken)).data
          .roleId as string
      ).split(',')[0],
    });
    expect(created.statusCode, created.body).toBe(200);
    const wang = body<{ id: string }>(created).data;
    const before = body<Answer>(await signIn(app, { account: 'wang', password: 'Dock-door-7' })).data;
    expect(before.passwordChangeDue).toBe(false);
    const reset = await call('POST', `/api/bl-system/user/reset-password?ids=${wang.id}`, admin.accessToken);
    expect(reset.statusCode).toBe(200);
    const after = body<Answer>(await signIn(app, { account: 'wang', password: 'Reset-2026' })).data;
    expect(after.passwordChangeDue).toBe(true);
    expect((await call('GET', '/api/bl-system/menu/buttons', after.accessToken)).statusCode).toBe(403);
    expect((await changePassword(after.accessToken, 'Reset-2026', 'Wang-own-1')).statusCode).toBe(200);
    expect((await call('GET', '/api/bl-system/menu/buttons', after.accessToken)).statusCode).toBe(200);
  });

  it("marks a new tenant's admin, made with the default password", async () => {
    const admin = await tokensOf(app);
    const made = await call('POST', '/api/bl-system/tenant/submit', admin.accessToken, {
      tenantId: '400000',
      tenantName: 'North depot',
    });
    expect(made.statusCode, made.body).toBe(200);
    const first = body<Answer>(await signIn(app, { tenantId: '400000', password: 'Reset-2026' })).data;
    expect(first.passwordChangeDue).toBe(true);
  });
});

/** The seeded demo administrators (admin / admin) are marked on a database seeded from empty. */
describe.each(testDrivers().filter((d) => d === 'postgres'))('demo seed marks admin on %s', (driver) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(driver, { seed: false });
  });
  afterAll(async () => {
    await test.dispose();
  });

  it('marks the admin of each demo tenant', async () => {
    await seedIfEmpty(test.database, { demo: true });
    const marked = await test.database.db.select().from(passwordChangeDue);
    expect(marked.map((m) => m.tenantId).sort()).toEqual(['000000', '100000']);
  });
});
