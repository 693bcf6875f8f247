import type { MenuNode } from '@bl/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, signIn, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { skipPasswordChange } from './support/users.ts';

type Row = Record<string, unknown> & { id: string; version: number };

const codes = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children ?? [])]);
const ids = (nodes: MenuNode[]): Record<string, string> =>
  Object.fromEntries(nodes.flatMap((n) => [[n.code, n.id], ...Object.entries(ids(n.children ?? []))]));

/** Tenant packages bound what a tenant may see, grant and call, its administrator included. */
describe.each(testDrivers())('tenant packages on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let operator: Tokens;
  let menuIds: Record<string, string>;
  let pack: Row;
  let tenantAdmin: string;

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
      url,
      query: options.query,
      payload: options.payload as never,
      headers: { 'blade-language': 'en', 'blade-auth': `bearer ${options.token ?? operator.accessToken}` },
    });

  it('keeps a package to the menus chosen for it, refusing ids that are not menus', async () => {
    const tree = body<MenuNode[]>(await call('GET', '/api/bl-system/tenantpackage/menu-tree'));
    expect(tree.success, tree.msg).toBe(true);
    menuIds = ids(tree.data);
    expect(codes(tree.data)).toContain('material_view');
    expect(codes(tree.data)).not.toContain('tenant');
    const created = body<Row>(
      await call('POST', '/api/bl-system/tenantpackage/submit', { payload: { packageName: 'Storage only' } }),
    );
    expect(created.success, created.msg).toBe(true);
    pack = created.data;
    const wanted = [
      'basicData',
      'material',
      'material_view',
      'material_add',
      'unit',
      'unit_view',
      'unit_add',
      'user',
      'user_view',
    ].map((code) => menuIds[code] as string);
    const unknown = await call('POST', '/api/bl-system/tenantpackage/grant', {
      payload: { id: pack.id, menuIds: [...wanted, '999999999'] },
    });
    expect(body(unknown).msg).toBe('1 of the menus or buttons do not exist');
    const granted = await call('POST', '/api/bl-system/tenantpackage/grant', {
      payload: { id: pack.id, menuIds: wanted },
    });
    expect(body(granted).success, granted.body).toBe(true);
    const held = body<string[]>(
      await call('GET', '/api/bl-system/tenantpackage/menus', { query: { id: pack.id } }),
    );
    expect(new Set(held.data)).toEqual(new Set(wanted));
  });

  it("bounds the new tenant's administrator: menus, buttons and calls", async () => {
    const created = await call('POST', '/api/bl-system/tenant/submit', {
      payload: { tenantId: '300000', tenantName: 'Bonded store', packageId: pack.id },
    });
    expect(body(created).success, created.body).toBe(true);
    await skipPasswordChange(test.database, '300000');
    const signedIn = await signIn(app, { tenantId: '300000', account: 'admin', password: 'Start-2026' });
    tenantAdmin = body<Tokens>(signedIn).data.accessToken;

    const routes = body<MenuNode[]>(
      await call('GET', '/api/bl-system/menu/routes', { token: tenantAdmin }),
    ).data;
    expect(codes(routes).sort()).toEqual(['basicData', 'material', 'unit', 'system', 'user'].sort());
    const grantable = body<MenuNode[]>(
      await call('GET', '/api/bl-system/role/grant-tree', { token: tenantAdmin }),
    );
    // The administrator may not even open role configuration: role_grant is outside the package.
    expect(grantable.success).toBe(false);

    expect((await call('GET', '/api/bl-wms/material/list', { token: tenantAdmin })).statusCode).toBe(200);
    for (const [entity, payload] of [
      ['unit', { code: 'PCS', name: 'Piece', defaultRate: '1' }],
      ['material', { code: 'PK-1', name: 'Pallet wrap', unitCode: 'PCS' }],
    ] as const) {
      const added = await call('POST', `/api/bl-wms/${entity}/submit`, { token: tenantAdmin, payload });
      expect(body(added).success, added.body).toBe(true);
    }
    const outside = await call('GET', '/api/bl-wms/warehouse/list', { token: tenantAdmin });
    expect(outside.statusCode).toBe(403);
    expect(
      (await call('POST', '/api/bl-wms/material/remove', { token: tenantAdmin, query: { ids: '1' } }))
        .statusCode,
    ).toBe(403);
  });

  it('takes effect at once when the package changes, and refuses to delete a package in use', async () => {
    const wider = ['basicData', 'material', 'material_view', 'warehouse', 'warehouse_view'].map(
      (code) => menuIds[code] as string,
    );
    await call('POST', '/api/bl-system/tenantpackage/grant', { payload: { id: pack.id, menuIds: wider } });
    expect((await call('GET', '/api/bl-wms/warehouse/list', { token: tenantAdmin })).statusCode).toBe(200);
    expect((await call('GET', '/api/bl-wms/unit/list', { token: tenantAdmin })).statusCode).toBe(403);
    expect((await call('GET', '/api/bl-system/user/list', { token: tenantAdmin })).statusCode).toBe(403);

    const removal = await call('POST', '/api/bl-system/tenantpackage/remove', { query: { ids: pack.id } });
    expect(body(removal).msg).toBe(
      'The package "Storage only" is still used by a tenant and cannot be deleted',
    );
    const still = await call('GET', '/api/bl-system/tenantpackage/detail', { query: { id: pack.id } });
    expect(body<Row>(still).data.packageName).toBe('Storage only');
  });

  it('stays with the platform: other tenants reach neither packages nor their menu tree', async () => {
    const other = await tokensOf(app, '100000');
    for (const url of ['/api/bl-system/tenantpackage/list', '/api/bl-system/tenantpackage/menu-tree'])
      expect((await call('GET', url, { token: other.accessToken })).statusCode).toBe(403);
    const grant = await call('POST', '/api/bl-system/tenantpackage/grant', {
      token: other.accessToken,
      payload: { id: pack.id, menuIds: [] },
    });
    expect(grant.statusCode).toBe(403);
    // A tenant without a package keeps every menu.
    const routes = body<MenuNode[]>(
      await call('GET', '/api/bl-system/menu/routes', { token: other.accessToken }),
    ).data;
    expect(codes(routes)).toContain('unit');
  });
});
