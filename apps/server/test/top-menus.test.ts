import type { MenuNode, TopMenuItem } from '@bl/contract';
import { topmenusettingTable, topmenuTable } from '@bl/entities/system/topmenu';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../src/seed/seed.ts';
import { body, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';

const codes = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children)]);

/** Top menus (spec 01 §4): each shows its part of the caller's side menu, per tenant. */
describe.each(testDrivers())('top menus on %s', (driver) => {
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

  const call = (
    method: 'GET' | 'POST',
    url: string,
    token: string,
    options: { query?: Record<string, string>; payload?: unknown } = {},
  ) =>
    app.inject({
      method,
      url,
      query: options.query,
      payload: options.payload as never,
      headers: { 'blade-language': 'en', 'blade-auth': `bearer ${token}` },
    });
  const topMenus = async (token: string, filter = '1') =>
    body<TopMenuItem[]>(
      await call('GET', '/api/bl-system/topmenu/listByParams', token, { query: { filter } }),
    );
  const routes = async (token: string, topMenuId?: string) =>
    body<MenuNode[]>(
      await call('GET', '/api/bl-system/menu/routes', token, { query: topMenuId ? { topMenuId } : {} }),
    );
  const idOf = (items: TopMenuItem[], code: string) => items.find((i) => i.menuCode === code)?.id as string;

  it("answers the demo tenant's top menus in order, as the shell reads them", async () => {
    const answer = await topMenus(operator.accessToken);
    expect(answer.success, answer.msg).toBe(true);
    expect(answer.data.map((i) => i.menuCode)).toEqual([
      'warehouse',
      'transport',
      'billing',
      'masterData',
      'system',
    ]);
    expect(answer.data[0]).toMatchObject({
      menuName: '仓储作业',
      icon: 'DatabaseOutlined',
      source: 'DatabaseOutlined',
      path: '',
      sort: 1,
      meta: { i18n: 'topMenuName.warehouse' },
    });
    expect(answer.data[0]?.id).toMatch(/^\d+$/);
  });

  it('loads only the side menu a top menu names, with what lies beneath and above it', async () => {
    const items = (await topMenus(operator.accessToken)).data;
    const warehouse = (await routes(operator.accessToken, idOf(items, 'warehouse'))).data;
    expect(warehouse.map((n) => n.code)).toEqual([
      'warehousingManagement',
      'outWarehouseManagement',
      'inWarehouseManagement',
      'loadHandle',
      'secondaryProcessing',
      'reportManagement',
      'device',
    ]);
    expect(codes(warehouse)).toContain('isinstockbill');
    expect(codes(warehouse)).not.toContain('user');

    const billing = (await routes(operator.accessToken, idOf(items, 'billing'))).data;
    expect(billing.map((n) => n.code)).toEqual(['otherBill', 'acct', 'basicData']);
    // Master data contributes the agreement screens only, under their usual group.
    const basic = billing.find((n) => n.code === 'basicData') as MenuNode;
    expect(new Set(basic.children.map((n) => n.code))).toEqual(
      new Set(['lgagreement', 'agreementdistribution', 'billingrules', 'costtype']),
    );

    // Without a top menu: the whole tree, as before top menus existed.
    const whole = (await routes(operator.accessToken)).data;
    expect(whole.map((n) => n.code)).toEqual(
      expect.arrayContaining(['warehousingManagement', 'transport', 'system']),
    );
  });

  it('answers an empty side menu for a top menu with nothing assigned, and refuses unknown entries', async () => {
    const created = await call('POST', '/api/bl-system/topmenu/submit', operator.accessToken, {
      payload: { menuCode: 'quality', menuName: 'Quality', sort: 9 },
    });
    expect(body(created).success, created.body).toBe(true);
    const items = (await topMenus(operator.accessToken)).data;
    expect(items.map((i) => i.menuCode).at(-1)).toBe('quality');
    const empty = await routes(operator.accessToken, idOf(items, 'quality'));
    expect(empty.success, empty.msg).toBe(true);
    expect(empty.data).toEqual([]);

    const typo = await call('POST', '/api/bl-system/topmenu/submit', operator.accessToken, {
      payload: { menuCode: 'claims', menuName: 'Claims', menus: [{ menuCode: 'isinstockbil', sort: 1 }] },
    });
    expect(body(typo).msg).toBe('These menu codes name no existing menu: isinstockbil');
    expect((await topMenus(operator.accessToken)).data.map((i) => i.menuCode)).not.toContain('claims');
  });

  it("keeps to what the caller's roles are granted", async () => {
    const roleId = await createRole(test.database, {
      roleAlias: 'receiver',
      buttons: ['isinstockbill_view'],
    });
    const receiver = await createUserAndSignIn(app, test.database, { account: 'receiver1', roleId });
    // Top menus naming nothing the receiver may open are left out; the empty one stays.
    const items = (await topMenus(receiver)).data;
    expect(items.map((i) => i.menuCode)).toEqual(['warehouse', 'quality']);
    expect((await topMenus(receiver, '0')).data).toHaveLength(6);

    const warehouse = (await routes(receiver, idOf(items, 'warehouse'))).data;
    expect(codes(warehouse).filter((c) => !c.includes('_'))).toEqual([
      'warehousingManagement',
      'isinstockbill',
    ]);
    const all = (await topMenus(operator.accessToken)).data;
    expect((await routes(receiver, idOf(all, 'system'))).data).toEqual([]);
  });

  it("keeps each tenant to its own top menus: another tenant's id is refused", async () => {
    const own = (await topMenus(demo.accessToken)).data;
    const operatorItems = (await topMenus(operator.accessToken)).data;
    expect(own.map((i) => i.menuCode)).toEqual(['warehouse', 'transport', 'billing', 'masterData', 'system']);
    expect(own.some((i) => operatorItems.some((o) => o.id === i.id))).toBe(false);

    for (const code of ['warehouse', 'quality']) {
      const foreign = await routes(demo.accessToken, idOf(operatorItems, code));
      expect(foreign.success).toBe(false);
      expect(foreign.code).toBe(404);
      expect(foreign.msg).toBe('The top menu does not exist or is disabled');
    }
    expect((await routes(demo.accessToken, '123')).msg).toBe('The top menu does not exist or is disabled');
    const bad = await call('GET', '/api/bl-system/menu/routes', demo.accessToken, {
      query: { topMenuId: 'x;1' },
    });
    expect(body(bad).success).toBe(false);
  });

  it('gives a database seeded before top menus existed its demo top menus, once', async () => {
    // The demo tenant as an older database holds it: no top menu rows at all.
    await test.database.withTenant('100000', async (tx) => {
      await tx.delete(topmenusettingTable).where(eq(topmenusettingTable.tenantId, '100000'));
      await tx.delete(topmenuTable).where(eq(topmenuTable.tenantId, '100000'));
    });
    expect((await topMenus(demo.accessToken)).data).toEqual([]);
    await seedIfEmpty(test.database, { demo: true });
    const seeded = (await topMenus(demo.accessToken)).data;
    expect(seeded.map((i) => i.menuCode)).toEqual([
      'warehouse',
      'transport',
      'billing',
      'masterData',
      'system',
    ]);
    expect((await routes(demo.accessToken, idOf(seeded, 'transport'))).data.map((n) => n.code)).toEqual([
      'loadHandle',
      'transport',
    ]);

    // An administrator who deleted them all keeps that choice across restarts.
    const removed = await call('POST', '/api/bl-system/topmenu/remove', demo.accessToken, {
      query: { ids: seeded.map((i) => i.id).join(',') },
    });
    expect(body(removed).success, removed.body).toBe(true);
    await seedIfEmpty(test.database, { demo: true });
    expect((await topMenus(demo.accessToken)).data).toEqual([]);
    // With no top menus the caller still has the whole side menu.
    expect(codes((await routes(demo.accessToken)).data)).toContain('user');
  });
});
