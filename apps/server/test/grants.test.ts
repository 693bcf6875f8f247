import type { MenuNode } from '@bl/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';

type Row = Record<string, unknown> & { id: string; version: number };

const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe.each(testDrivers())('role configuration on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let tree: MenuNode[];
  const idOf = (code: string) => {
    const found = flatten(tree).find((n) => n.code === code);
    if (!found) throw new Error(`no menu ${code}`);
    return found.id;
  };
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    admin = await tokensOf(app, '000000');
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
      url,
      query: options.query,
      payload: options.payload as never,
      headers: { 'blade-language': 'en', 'blade-auth': `bearer ${options.token ?? admin.accessToken}` },
    });
  const menuCodes = async (token: string) =>
    flatten(body<MenuNode[]>(await call('GET', '/api/bl-system/menu/routes', { token })).data).map(
      (n) => n.code,
    );

  it('serves the grantable tree of menus and buttons', async () => {
    tree = body<MenuNode[]>(await call('GET', '/api/bl-system/role/grant-tree')).data;
    const codes = flatten(tree).map((n) => n.code);
    expect(codes).toEqual(
      expect.arrayContaining(['basicData', 'material', 'material_view', 'material_add', 'role_grant']),
    );
  });

  it('grants a role exactly the menus and buttons chosen: its users see and may do only those', async () => {
    const role = body<Row>(
      await call('POST', '/api/bl-system/role/submit', {
        payload: { roleName: '查看员', roleAlias: 'viewer' },
      }),
    ).data;
    const granted = await call('POST', '/api/bl-system/role/grant', {
      payload: { roleIds: [role.id], menuIds: [idOf('material'), idOf('material_view')] },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(
      body<string[]>(
        await call('GET', '/api/bl-system/role/granted', { query: { roleId: role.id } }),
      ).data.sort(),
    ).toEqual([idOf('material'), idOf('material_view')].sort());
    const token = await createUserAndSignIn(app, test.database, { account: 'viewer1', roleId: role.id });
    expect(await menuCodes(token)).toEqual(['basicData', 'material']);
    expect((await call('GET', '/api/bl-wms/material/list', { token })).statusCode).toBe(200);
    expect((await call('POST', '/api/bl-wms/material/submit', { token, payload: {} })).statusCode).toBe(403);
    expect((await call('GET', '/api/bl-wms/unit/list', { token })).statusCode).toBe(403);

    // A new grant replaces the old one.
    await call('POST', '/api/bl-system/role/grant', {
      payload: { roleIds: [role.id], menuIds: [idOf('unit'), idOf('unit_view')] },
    });
    expect(await menuCodes(token)).toEqual(['basicData', 'unit']);
    expect((await call('GET', '/api/bl-wms/material/list', { token })).statusCode).toBe(403);
    const [logged] = body<{ records: Row[] }>(
      await call('GET', '/api/bl-system/auditlog/list', { query: { entityName: 'role', recordId: role.id } }),
    ).data.records;
    expect(JSON.parse(String(logged?.changes))).toEqual({
      grants: [
        ['material', 'material_view'],
        ['unit', 'unit_view'],
      ],
    });
  });

  it('grants only what exists and what the granter holds', async () => {
    const role = body<Row>(
      await call('POST', '/api/bl-system/role/submit', { payload: { roleName: '组长', roleAlias: 'lead' } }),
    ).data;
    const unknown = await call('POST', '/api/bl-system/role/grant', {
      payload: { roleIds: [role.id], menuIds: ['12345'] },
    });
    expect(body(unknown).msg).toBe('1 of the menus or buttons do not exist or are not yours to grant');
    const granterRole = await createRole(test.database, {
      roleAlias: 'granter',
      buttons: ['role_grant', 'material_view'],
    });
    const granter = await createUserAndSignIn(app, test.database, {
      account: 'granter1',
      roleId: granterRole,
    });
    const within = await call('POST', '/api/bl-system/role/grant', {
      token: granter,
      payload: { roleIds: [role.id], menuIds: [idOf('material_view')] },
    });
    expect(within.statusCode, within.body).toBe(200);
    const beyond = await call('POST', '/api/bl-system/role/grant', {
      token: granter,
      payload: { roleIds: [role.id], menuIds: [idOf('unit_view')] },
    });
    expect(beyond.statusCode).toBe(400);
    const viewerOnly = await createUserAndSignIn(app, test.database, {
      account: 'plain1',
      roleId: await createRole(test.database, { roleAlias: 'plain', buttons: ['material_view'] }),
    });
    expect((await call('GET', '/api/bl-system/role/grant-tree', { token: viewerOnly })).statusCode).toBe(403);
  });

  it('keeps roles of other tenants out of reach', async () => {
    const other = await tokensOf(app, '100000');
    const [theirRole] = body<{ records: Row[] }>(
      await call('GET', '/api/bl-system/role/list', { token: other.accessToken }),
    ).data.records;
    const cross = await call('POST', '/api/bl-system/role/grant', {
      payload: { roleIds: [String(theirRole?.id)], menuIds: [] },
    });
    expect(cross.statusCode).toBe(404);
  });
});
