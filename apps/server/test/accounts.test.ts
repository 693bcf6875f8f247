import type { Page } from '@bl/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, md5, signIn, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';

type Row = Record<string, unknown> & { id: string; version: number };

describe.each(testDrivers())('accounts on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let roleId: string;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database, { DEFAULT_PASSWORD: 'Reset-2026' });
    admin = await tokensOf(app, '000000');
    roleId = await createRole(test.database, { roleAlias: 'clerk', buttons: ['material_view'] });
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const call = (
    method: 'GET' | 'POST',
    url: string,
    options: { query?: Record<string, string>; payload?: unknown; token?: string; language?: string } = {},
  ) =>
    app.inject({
      method,
      url: `/api/bl-system/${url}`,
      query: options.query,
      payload: options.payload as never,
      headers: {
        'blade-language': options.language ?? 'en',
        ...(options.token !== '' && { 'blade-auth': `bearer ${options.token ?? admin.accessToken}` }),
      },
    });
  const register = (query: Record<string, string>, language = 'zh') =>
    call('POST', 'register-guest', { query, token: '', language });
  const userNamed = async (account: string) =>
    body<Page<Row>>(await call('GET', 'user/list', { query: { account_equal: account } })).data.records[0];

  it('limits guest registrations per address and hour (429); refused input does not count', async () => {
    const limited = await testApp(test.database, { REGISTER_MAX_PER_HOUR: '2' });
    try {
      const registerFrom = (address: string, account: string) =>
        limited.inject({
          method: 'POST',
          url: '/api/bl-system/register-guest',
          remoteAddress: address,
          headers: { 'blade-language': 'en' },
          query: { tenantId: '000000', account, password: md5('Guest-Pass-1') },
        });
      expect(body(await registerFrom('198.51.100.4', '')).success).toBe(false);
      expect(body(await registerFrom('198.51.100.4', 'flood1')).success).toBe(true);
      expect(body(await registerFrom('198.51.100.4', 'flood2')).success).toBe(true);
      const refused = await registerFrom('198.51.100.4', 'flood3');
      expect(refused.statusCode).toBe(429);
      expect(body(refused).msg).toBe('Too many requests, try again later');
      expect(await userNamed('flood3')).toBeUndefined();
      expect(body(await registerFrom('198.51.100.5', 'flood3')).success).toBe(true);
    } finally {
      await limited.close();
    }
  });

  it('checks a registration in the order of spec 01 §5, in the caller language', async () => {
    expect(body(await register({})).msg).toBe('请先输入租户编号');
    expect(body(await register({ tenantId: '000000' })).msg).toBe('请先输入账号名称');
    expect(body(await register({ tenantId: '000000', account: 'guest' })).msg).toBe('请先输入密码');
    expect(body(await register({ tenantId: '000000', account: 'guest' }, 'en')).msg).toBe(
      'Please enter the password first',
    );
    expect(body(await register({ tenantId: '000000', account: 'admin', password: md5('x') }, 'en')).msg).toBe(
      'The account "admin" already exists; choose another',
    );
    expect((await register({ tenantId: '999999', account: 'guest', password: md5('x') })).statusCode).toBe(
      400,
    );
  });

  it('registers an account that waits for approval, then signs in once approved with a role', async () => {
    const registered = await register(
      { tenantId: '000000', name: '访客', account: 'guest', password: md5('Guest-123') },
      'en',
    );
    expect(registered.statusCode, registered.body).toBe(200);
    expect(body(registered).msg).toBe('Registered; an administrator will approve the account');
    const pending = await signIn(app, { account: 'guest', password: 'Guest-123', language: 'en' });
    expect(body(pending).msg).toBe('This account is waiting for an administrator to approve it');
    const guest = await userNamed('guest');
    expect(guest).toMatchObject({ status: 2, name: '访客' });

    const roleless = await call('POST', 'user/approve', { query: { ids: String(guest?.id) } });
    expect(body(roleless).msg).toBe('Give the account "guest" a role before approving it');
    await call('POST', 'user/submit', { payload: { id: guest?.id, version: guest?.version, roleId } });
    const approved = await call('POST', 'user/approve', { query: { ids: String(guest?.id) } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await signIn(app, { account: 'guest', password: 'Guest-123' })).statusCode).toBe(200);
    expect(body(await call('POST', 'user/approve', { query: { ids: String(guest?.id) } })).msg).toBe(
      'The account "guest" is not waiting for approval',
    );
  });

  it("disables and enables accounts, never one's own", async () => {
    const guest = await userNamed('guest');
    expect((await call('POST', 'user/disable', { query: { ids: String(guest?.id) } })).statusCode).toBe(200);
    expect(body(await signIn(app, { account: 'guest', password: 'Guest-123', language: 'en' })).msg).toBe(
      'This account is disabled; contact the administrator',
    );
    expect((await call('POST', 'user/enable', { query: { ids: String(guest?.id) } })).statusCode).toBe(200);
    expect((await signIn(app, { account: 'guest', password: 'Guest-123' })).statusCode).toBe(200);
    const me = await userNamed('admin');
    expect(body(await call('POST', 'user/disable', { query: { ids: String(me?.id) } })).msg).toBe(
      'You cannot disable the account you are signed in with',
    );
  });

  it('resets passwords to the configured default, all or nothing', async () => {
    const guest = await userNamed('guest');
    const partly = await call('POST', 'user/reset-password', { query: { ids: `${guest?.id},123` } });
    expect(partly.statusCode).toBe(404);
    expect((await signIn(app, { account: 'guest', password: 'Guest-123' })).statusCode).toBe(200);
    expect(
      (await call('POST', 'user/reset-password', { query: { ids: String(guest?.id) } })).statusCode,
    ).toBe(200);
    expect((await signIn(app, { account: 'guest', password: 'Guest-123' })).statusCode).toBe(400);
    expect((await signIn(app, { account: 'guest', password: 'Reset-2026' })).statusCode).toBe(200);
    const [logged] = body<Page<Row>>(
      await call('GET', 'auditlog/list', { query: { entityName: 'user', recordId: String(guest?.id) } }),
    ).data.records;
    expect(JSON.parse(String(logged?.changes))).toEqual({ password: ['******', '******'] });
  });

  it('needs the button of each action', async () => {
    const clerk = await createUserAndSignIn(app, test.database, { account: 'clerk1', roleId });
    const guest = await userNamed('guest');
    for (const path of ['approve', 'enable', 'disable', 'reset-password']) {
      const refused = await call('POST', `user/${path}`, { query: { ids: String(guest?.id) }, token: clerk });
      expect(refused.statusCode, path).toBe(403);
    }
  });
});
