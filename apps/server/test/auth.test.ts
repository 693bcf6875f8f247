import type { MenuNode, UserInfo } from '@bl/contract';
import { count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { authSession, loginFailure } from '../src/db/schema/index.ts';
import { TokenService } from '../src/modules/auth/tokens.ts';
import { basic, body, md5, signIn, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

describe.each(testDrivers())('sign-in on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const sessions = async () => (await test.database.db.select({ n: count() }).from(authSession))[0]?.n;
  const get = (url: string, token?: string, language = 'zh') =>
    app.inject({
      method: 'GET',
      url,
      headers: { 'blade-language': language, ...(token ? { 'blade-auth': `bearer ${token}` } : {}) },
    });

  it('signs admin in with the password grant and answers the token of the contract', async () => {
    const response = await signIn(app);
    expect(response.statusCode).toBe(200);
    const answer = body<Tokens & Record<string, unknown>>(response);
    expect(answer).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    expect(answer.data).toMatchObject({
      tokenType: 'bearer',
      expiresIn: 3600,
      tenantId: '000000',
      account: 'admin',
      userName: '管理员',
      authority: 'administrator',
      roleName: '超级管理员',
      openCodeCheck: '0',
    });
    expect(answer.data.userId).toMatch(/^\d{15,19}$/);
    expect(answer.data.accessToken.split('.')).toHaveLength(3);
  });

  it('answers the user info with roles, in the tenant of the token', async () => {
    for (const [tenantId, name] of [
      ['000000', '管理员'],
      ['100000', '演示管理员'],
    ] as const) {
      const { accessToken } = await tokensOf(app, tenantId);
      const info = body<UserInfo>(await get('/api/bl-system/user/getUserInfo', accessToken));
      expect(info.data).toMatchObject({
        tenantId,
        account: 'admin',
        userName: name,
        roles: ['administrator'],
      });
    }
  });

  it('serves the menu tree and the button codes', async () => {
    const { accessToken } = await tokensOf(app);
    const routes = body<MenuNode[]>(await get('/api/bl-system/menu/routes', accessToken));
    expect(routes.data.map((m) => m.code)).toContain('warehousingManagement');
    const inbound = routes.data.find((m) => m.code === 'warehousingManagement');
    expect(inbound?.children.map((c) => c.path)).toContain('/warehousingManagement/isinstockbillForm');
    expect(JSON.stringify(routes.data)).not.toContain('"category":2');
    const buttons = body<{ code: string; children: unknown[] }[]>(
      await get('/api/bl-system/menu/buttons', accessToken),
    );
    expect(JSON.stringify(buttons.data)).toContain('isinstockbill_add');
  });

  it('refuses a wrong password, an unknown account and an unknown tenant, in the caller language, writing no session', async () => {
    const before = await sessions();
    const wrong = await signIn(app, { account: 'admin', password: 'nope', language: 'en' });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong)).toEqual({ code: 400, success: false, data: null, msg: 'Wrong account or password' });
    const unknownAccount = await signIn(app, { account: 'ghost', language: 'mo' });
    expect(body(unknownAccount).msg).toBe('帳號或密碼錯誤');
    const unknownTenant = await signIn(app, { tenantId: '999999' });
    expect(body(unknownTenant)).toMatchObject({ code: 400, msg: '租户信息错误：租户不存在' });
    const empty = await signIn(app, { account: '' });
    expect(body(empty).code).toBe(400);
    expect(await sessions()).toBe(before);
  });

  it('needs the client credential on the token call', async () => {
    const missing = await app.inject({
      method: 'POST',
      url: '/api/bl-auth/token',
      query: { grantType: 'password', tenantId: '000000', account: 'admin', password: md5('admin') },
    });
    expect(missing.statusCode).toBe(401);
    expect(body(missing)).toMatchObject({ code: 401, success: false });
    const wrongSecret = await app.inject({
      method: 'POST',
      url: '/api/bl-auth/token',
      headers: { authorization: `Basic ${Buffer.from('saber:guess').toString('base64')}` },
      query: { grantType: 'password', tenantId: '000000', account: 'admin', password: md5('admin') },
    });
    expect(wrongSecret.statusCode).toBe(401);
    const badGrant = await app.inject({
      method: 'POST',
      url: '/api/bl-auth/token',
      headers: { authorization: basic, 'blade-language': 'en' },
      query: { grantType: 'implicit', tenantId: '000000' },
    });
    expect(body(badGrant)).toMatchObject({ code: 400, msg: 'Unsupported grant type: implicit' });
  });

  it('reads the sign-in fields from a form body too', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/bl-auth/token',
      headers: {
        authorization: basic,
        'content-type': 'application/x-www-form-urlencoded',
        'tenant-id': '100000',
      },
      payload: `grantType=password&username=admin&password=${md5('admin')}`,
    });
    expect(body<Tokens>(response).data.userName).toBe('演示管理员');
  });

  it('guards every API route with the bearer token: missing, tampered or expired is a 401', async () => {
    const none = await get('/api/bl-system/menu/routes', undefined, 'en');
    expect(none.statusCode).toBe(401);
    expect(body(none)).toEqual({ code: 401, success: false, data: null, msg: 'Please sign in first' });
    const { accessToken } = await tokensOf(app);
    const [head, payload, signature] = accessToken.split('.') as [string, string, string];
    const forged = Buffer.from(payload, 'base64url').toString().replace('"administrator"', '"nobody"');
    const tampered = `${head}.${Buffer.from(forged).toString('base64url')}.${signature}`;
    expect((await get('/api/bl-system/menu/routes', tampered)).statusCode).toBe(401);
    expect((await get('/api/bl-system/menu/routes', 'not-a-jwt')).statusCode).toBe(401);
    const tokens = await TokenService.create(test.database, undefined);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const expired = await tokens.signAccess(claims.sub, claims, -60);
    const late = await get('/api/bl-system/menu/routes', expired);
    expect(late.statusCode).toBe(401);
    expect(body(late).msg).toBe('登录已失效，请重新登录');
    // Signed with the real key but without an expiry: it would never end, so it is refused.
    const [secret] = await queryRows<{ value: string }>(
      test.database.db,
      sql`select value from sys_secret where name = 'jwt'`,
    );
    const sign = (withExpiry: boolean) => {
      const jwt = new SignJWT({ ...claims, exp: undefined, iat: undefined })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(claims.iss)
        .setSubject(claims.sub)
        .setJti(claims.jti)
        .setIssuedAt();
      if (withExpiry) jwt.setExpirationTime('1h');
      return jwt.sign(new TextEncoder().encode(secret?.value));
    };
    expect((await get('/api/bl-system/menu/routes', await sign(true))).statusCode).toBe(200);
    expect((await get('/api/bl-system/menu/routes', await sign(false))).statusCode).toBe(401);
    expect((await get('/api/bl-system/menu/routes', accessToken)).statusCode).toBe(200);
  });

  it('rotates the refresh token: a used one is refused and ends the session', async () => {
    const first = await tokensOf(app);
    const refresh = (refreshToken: string, url = '/api/bl-auth/token') =>
      app.inject({
        method: 'POST',
        url,
        headers: { authorization: basic, 'tenant-id': '000000' },
        query: { grantType: 'refresh_token', tenantId: '000000', refreshToken, scope: 'all' },
      });
    const second = await refresh(first.refreshToken);
    expect(second.statusCode).toBe(200);
    const renewed = body<Tokens>(second).data;
    expect(renewed.refreshToken).not.toBe(first.refreshToken);
    const third = await refresh(renewed.refreshToken, '/api/bl-auth/refreshToken');
    expect(third.statusCode).toBe(200);
    const latest = body<Tokens>(third).data;
    const reused = await refresh(first.refreshToken);
    expect(reused.statusCode).toBe(401);
    expect(body(reused).msg).toContain('刷新令牌已被使用');
    // Reuse ends the session: the newest tokens stop working as well.
    expect((await get('/api/bl-system/menu/routes', latest.accessToken)).statusCode).toBe(401);
    expect((await refresh(latest.refreshToken)).statusCode).toBe(401);
    expect((await refresh('garbage')).statusCode).toBe(401);
    expect((await refresh(first.accessToken)).statusCode).toBe(401);
  });

  it('logs out: the access and refresh tokens of that session stop working', async () => {
    const { accessToken, refreshToken } = await tokensOf(app);
    const out = await get('/api/bl-auth/logout', accessToken);
    expect(body(out)).toMatchObject({ code: 200, success: true });
    expect((await get('/api/bl-system/user/getUserInfo', accessToken)).statusCode).toBe(401);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/bl-auth/token',
      headers: { authorization: basic },
      query: { grantType: 'refresh_token', refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it('locks an account after repeated wrong passwords, and only that account', async () => {
    const tenantId = '100000';
    for (let i = 0; i < 4; i++)
      expect((await signIn(app, { tenantId, password: 'wrong' })).statusCode).toBe(400);
    const fifth = await signIn(app, { tenantId, password: 'wrong', language: 'en' });
    expect(fifth.statusCode).toBe(400);
    const locked = await signIn(app, { tenantId, language: 'en' });
    expect(locked.statusCode).toBe(429);
    expect(body(locked).msg).toMatch(/locked, try again in \d+ minutes/);
    // The same account name in the other tenant is a different account.
    expect((await signIn(app, { tenantId: '000000' })).statusCode).toBe(200);
    await test.database.withTenant(tenantId, (tx) => tx.delete(loginFailure));
    expect((await signIn(app, { tenantId })).statusCode).toBe(200);
  });
});

describe.each(testDrivers())('API core on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database, { BODY_LIMIT: '1024' });
    app.get('/api/test/boom', { config: { public: true } }, async () => {
      throw new Error('database password is hunter2');
    });
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('answers unexpected errors with a request id and no stack or detail', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { 'blade-language': 'en' },
    });
    expect(response.statusCode).toBe(500);
    const answer = body(response);
    expect(answer.msg).toMatch(/^Unknown system error, please report it to the administrator \(req-/);
    expect(answer.msg).toContain(response.headers['x-request-id'] as string);
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('at ');
  });

  it('answers malformed JSON, oversized bodies and unknown routes with envelopes', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/bl-auth/token',
      headers: { authorization: basic, 'content-type': 'application/json' },
      payload: '{"account": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(body(malformed).msg).toBe('请求内容不是有效的 JSON');
    const huge = await app.inject({
      method: 'POST',
      url: '/api/bl-auth/token',
      headers: { authorization: basic, 'content-type': 'application/json', 'blade-language': 'en' },
      payload: JSON.stringify({ account: 'x'.repeat(4000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(body(huge).msg).toContain('too large');
    const missing = await app.inject({
      method: 'GET',
      url: '/api/nothing/here',
      headers: { 'blade-language': 'mo' },
    });
    expect(missing.statusCode).toBe(404);
    expect(body(missing)).toMatchObject({
      code: 404,
      success: false,
      msg: '接口不存在：GET /api/nothing/here',
    });
  });

  it('validates parameters with a readable message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/bl-auth/token',
      headers: { authorization: basic, 'blade-language': 'en' },
      query: { tenantId: '0'.repeat(40) },
    });
    expect(response.statusCode).toBe(400);
    expect(body(response).msg).toMatch(/^Invalid request: .*tenantId/);
  });

  it('serves health, readiness and the OpenAPI document', async () => {
    expect(body(await app.inject({ method: 'GET', url: '/healthz' })).success).toBe(true);
    expect(body<{ driver: string }>(await app.inject({ method: 'GET', url: '/readyz' })).data.driver).toBe(
      driver,
    );
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/bl-auth/token',
        '/api/bl-system/menu/routes',
        '/api/bl-system/user/getUserInfo',
      ]),
    );
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});
