import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';

type Row = Record<string, unknown> & { id: string; version: number };
interface ApiNode {
  id: string;
  code: string;
  name: string;
  url: string;
  children: ApiNode[];
}

describe.each(testDrivers())('interface permissions on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let clerkRole: string;
  let clerk: string;
  let stockApi: Row;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    admin = await tokensOf(app, '000000');
    clerkRole = await createRole(test.database, {
      roleAlias: 'stockclerk',
      buttons: ['stock_view', 'stockstream_view'],
    });
    clerk = await createUserAndSignIn(app, test.database, { account: 'clerk1', roleId: clerkRole });
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
      url,
      query: options.query,
      payload: options.payload as never,
      headers: {
        'blade-language': options.language ?? 'en',
        'blade-auth': `bearer ${options.token ?? admin.accessToken}`,
      },
    });

  it('leaves interfaces nobody guards open to the buttons that allow them', async () => {
    expect((await call('GET', '/api/bl-wms/stock/list', { token: clerk })).statusCode).toBe(200);
  });

  it('refuses a guarded interface to roles without the permission, in the caller’s language', async () => {
    const category = await call('POST', '/api/bl-system/apipermissioncategory/submit', {
      payload: { code: 'stock', name: '库存', sort: 1 },
    });
    expect(category.statusCode, category.body).toBe(200);
    const saved = await call('POST', '/api/bl-system/apipermission/submit', {
      payload: {
        categoryId: 'stock',
        resourceCode: 'stock_api',
        resourceUrl: '/api/bl-wms/stock/**',
        resourceDesc: '库存查询',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    stockApi = body<Row>(saved).data;

    const refused = await call('GET', '/api/bl-wms/stock/list', { token: clerk });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).msg).toBe(
      'You have no permission to call this interface (stock_api); ask an administrator to grant it',
    );
    const zh = await call('GET', '/api/bl-wms/stock/list', { token: clerk, language: 'zh' });
    expect(body(zh).msg).toBe('您没有访问该接口的权限（stock_api），请联系管理员授权');
    // Encoding the path does not get around the pattern.
    expect((await call('GET', '/api/bl-wms/%73tock/list', { token: clerk })).statusCode).toBe(403);
    // The wildcard covers stock/**, not its neighbour stockstream.
    expect((await call('GET', '/api/bl-wms/stockstream/list', { token: clerk })).statusCode).toBe(200);
    // Administrators pass.
    expect((await call('GET', '/api/bl-wms/stock/list')).statusCode).toBe(200);
  });

  it('lets a role through once granted, at once, and shows the grant tree', async () => {
    const tree = body<ApiNode[]>(await call('GET', '/api/bl-system/role/api-tree')).data;
    expect(tree).toEqual([
      {
        id: 'category:stock',
        code: 'stock',
        name: '库存',
        url: '',
        children: [
          { id: stockApi.id, code: 'stock_api', name: '库存查询', url: '/api/bl-wms/stock/**', children: [] },
        ],
      },
    ]);
    const granted = await call('POST', '/api/bl-system/role/grant-api', {
      payload: { roleIds: [clerkRole], apiIds: [stockApi.id] },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(
      body<string[]>(await call('GET', '/api/bl-system/role/granted-api', { query: { roleId: clerkRole } }))
        .data,
    ).toEqual([stockApi.id]);
    expect((await call('GET', '/api/bl-wms/stock/list', { token: clerk })).statusCode).toBe(200);

    const [logged] = body<{ records: Row[] }>(
      await call('GET', '/api/bl-system/auditlog/list', {
        query: { entityName: 'role', recordId: clerkRole, detail: 'grant-api' },
      }),
    ).data.records;
    expect(JSON.parse(String(logged?.changes))).toEqual({ interfaces: [[], ['stock_api']] });

    // Taking it away applies on the next call too.
    await call('POST', '/api/bl-system/role/grant-api', { payload: { roleIds: [clerkRole], apiIds: [] } });
    expect((await call('GET', '/api/bl-wms/stock/list', { token: clerk })).statusCode).toBe(403);
  });

  it('grants only what the granter holds, behind role_grant', async () => {
    const plain = await createUserAndSignIn(app, test.database, {
      account: 'plain2',
      roleId: await createRole(test.database, { roleAlias: 'plain2', buttons: ['stock_view'] }),
    });
    expect((await call('GET', '/api/bl-system/role/api-tree', { token: plain })).statusCode).toBe(403);
    const granterRole = await createRole(test.database, { roleAlias: 'apigranter', buttons: ['role_grant'] });
    const granter = await createUserAndSignIn(app, test.database, {
      account: 'granter2',
      roleId: granterRole,
    });
    expect(
      body<ApiNode[]>(await call('GET', '/api/bl-system/role/api-tree', { token: granter })).data,
    ).toEqual([]);
    const beyond = await call('POST', '/api/bl-system/role/grant-api', {
      token: granter,
      payload: { roleIds: [clerkRole], apiIds: [stockApi.id] },
    });
    expect(beyond.statusCode).toBe(400);
    expect(body(beyond).msg).toBe('1 of the interface permissions do not exist or are not yours to grant');
  });

  it('keeps each tenant’s permissions to itself', async () => {
    const other = await tokensOf(app, '100000');
    const theirRole = await createRole(test.database, {
      roleAlias: 'stockclerk',
      buttons: ['stock_view'],
      tenantId: '100000',
    });
    const theirClerk = await createUserAndSignIn(app, test.database, {
      account: 'clerk9',
      roleId: theirRole,
      tenantId: '100000',
    });
    // Tenant 000000's pattern does not guard tenant 100000's calls.
    expect((await call('GET', '/api/bl-wms/stock/list', { token: theirClerk })).statusCode).toBe(200);
    // Nor can tenant 100000 grant 000000's permission to its roles.
    const cross = await call('POST', '/api/bl-system/role/grant-api', {
      token: other.accessToken,
      payload: { roleIds: [theirRole], apiIds: [stockApi.id] },
    });
    expect(cross.statusCode).toBe(400);
  });

  it('opens the interface again when its permission is deleted', async () => {
    expect((await call('GET', '/api/bl-wms/stock/list', { token: clerk })).statusCode).toBe(403);
    const removed = await call('POST', '/api/bl-system/apipermission/remove', {
      query: { ids: stockApi.id },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('GET', '/api/bl-wms/stock/list', { token: clerk })).statusCode).toBe(200);
  });
});
