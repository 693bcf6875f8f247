import type { MenuNode, Page } from '@bl/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, signIn, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { skipPasswordChange } from './support/users.ts';

type Row = Record<string, unknown> & { id: string; version: number };

describe.each(testDrivers())('tenants on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let operator: Tokens;
  let created: Row;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database, { DEFAULT_PASSWORD: 'Start-2026' });
    operator = await tokensOf(app, '000000');
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const call = (
    method: 'GET' | 'POST',
    url: string,
    options: { query?: Record<string, string>; payload?: unknown; token?: string } = {},
  ) =>
    app.inject({
      method,
      url: `/api/bl-system/${url}`,
      query: options.query,
      payload: options.payload as never,
      headers: { 'blade-language': 'en', 'blade-auth': `bearer ${options.token ?? operator.accessToken}` },
    });

  it('creates a tenant with its administrator, who signs in with the default password', async () => {
    const bad = await call('POST', 'tenant/submit', { payload: { tenantId: 'ABC', tenantName: 'Bad' } });
    expect(body(bad).msg).toContain('Tenant ID must be six digits');
    const response = await call('POST', 'tenant/submit', {
      payload: { tenantId: '200000', tenantName: '华南仓', linkman: '陈经理', accountNumber: 2 },
    });
    expect(response.statusCode, response.body).toBe(200);
    created = body<Row>(response).data;
    expect(created).toMatchObject({ tenantId: '200000', status: 1, accountNumber: 2 });
    await skipPasswordChange(test.database, '200000');
    const admin = await signIn(app, { tenantId: '200000', account: 'admin', password: 'Start-2026' });
    expect(admin.statusCode, admin.body).toBe(200);
    const token = body<Tokens>(admin).data.accessToken;
    const users = body<Page<Row>>(await call('GET', 'user/list', { token })).data.records;
    expect(users.map((u) => [u.account, u.tenantId])).toEqual([['admin', '200000']]);
  });

  it('keeps the registry to the platform tenant, screens and menus alike', async () => {
    const other = await tokensOf(app, '100000');
    expect((await call('GET', 'tenant/list', { token: other.accessToken })).statusCode).toBe(403);
    expect(
      (await call('GET', 'tenant/detail', { query: { id: created.id }, token: other.accessToken }))
        .statusCode,
    ).toBe(403);
    const codes = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children ?? [])]);
    const theirs = codes(
      body<MenuNode[]>(await call('GET', 'menu/routes', { token: other.accessToken })).data,
    );
    expect(theirs).toContain('user');
    expect(theirs).not.toContain('tenant');
    expect(codes(body<MenuNode[]>(await call('GET', 'menu/routes')).data)).toContain('tenant');
  });

  it('caps the accounts of a tenant at its limit', async () => {
    const token = body<Tokens>(
      await signIn(app, { tenantId: '200000', account: 'admin', password: 'Start-2026' }),
    ).data.accessToken;
    const [role] = body<Page<Row>>(await call('GET', 'role/list', { token })).data.records;
    const user = (account: string) =>
      call('POST', 'user/submit', {
        token,
        payload: {
          account,
          name: account,
          password: 'Clerk-001',
          confirmPassword: 'Clerk-001',
          roleId: role?.id,
        },
      });
    expect((await user('clerk1')).statusCode).toBe(200);
    const over = await user('clerk2');
    expect(body(over).msg).toBe(
      'The tenant has reached its limit of 2 accounts; ask the platform to raise it',
    );
  });

  it('stops a disabled or expired tenant from signing in', async () => {
    let current = body<Row>(await call('GET', 'tenant/detail', { query: { id: created.id } })).data;
    const disabled = await call('POST', 'tenant/submit', {
      payload: { id: created.id, version: current.version, status: '0' },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const refused = await signIn(app, {
      tenantId: '200000',
      account: 'admin',
      password: 'Start-2026',
      language: 'en',
    });
    expect(refused.statusCode).toBe(400);
    current = body<Row>(disabled).data;
    const expired = await call('POST', 'tenant/submit', {
      payload: {
        id: created.id,
        version: current.version,
        status: '1',
        expireTime: '2020-01-01T00:00:00.000Z',
      },
    });
    expect(expired.statusCode, expired.body).toBe(200);
    expect(
      (await signIn(app, { tenantId: '200000', account: 'admin', password: 'Start-2026' })).statusCode,
    ).toBe(400);
    current = body<Row>(expired).data;
    const renewed = await call('POST', 'tenant/submit', {
      payload: { id: created.id, version: current.version, expireTime: '2099-01-01T00:00:00.000Z' },
    });
    expect(renewed.statusCode).toBe(200);
    expect(
      (await signIn(app, { tenantId: '200000', account: 'admin', password: 'Start-2026' })).statusCode,
    ).toBe(200);
    created = body<Row>(renewed).data;
  });

  it("never changes a tenant code, and keeps the platform and one's own tenant", async () => {
    const moved = await call('POST', 'tenant/submit', {
      payload: { id: created.id, version: created.version, tenantId: '300000' },
    });
    expect(body(moved).msg).toBe('A tenant ID cannot change once the tenant exists');
    const listed = await call('GET', 'tenant/list', { query: { tenantId: '000000' } });
    expect(listed.statusCode, listed.body).toBe(200);
    const platform = body<Page<Row>>(listed).data.records.find((t) => t.tenantId === '000000');
    const own = await call('POST', 'tenant/remove', { query: { ids: String(platform?.id) } });
    expect(body(own).msg).toBe('The platform tenant and your own tenant (000000) cannot be deleted');
    expect((await call('POST', 'tenant/remove', { query: { ids: created.id } })).statusCode).toBe(200);
    expect(
      (await signIn(app, { tenantId: '200000', account: 'admin', password: 'Start-2026' })).statusCode,
    ).toBe(400);
  });
});
