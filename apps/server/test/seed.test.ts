import { specMenuPaths } from '@bl/entities';
import { entities } from '@bl/entities/registry';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/database.ts';
import { nextId } from '../src/db/ids.ts';
import { client, menu, role, tenant, user } from '../src/db/schema/index.ts';
import { modules } from '../src/modules/index.ts';
import { entityMenuPath, syncCatalogueMenus } from '../src/seed/catalogue-menus.ts';
import { retiredMenuCodes } from '../src/seed/menus.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

describe.each(testDrivers())('seeding on %s', (driver) => {
  let test: TestDatabase;
  beforeAll(async () => {
    // PGlite databases come from the seeded template; PostgreSQL gives an empty one.
    test = await createTestDatabase(driver, { seed: driver === 'pglite' });
  });
  afterAll(() => test.dispose());

  const n = async (table: typeof tenant | typeof client | typeof menu) =>
    (await test.database.db.select({ n: count() }).from(table))[0]?.n;

  async function expectOneSet() {
    expect(await n(tenant)).toBe(2);
    expect(await n(client)).toBe(1);
    const codes = await test.database.db.select({ code: menu.code }).from(menu);
    expect(new Set(codes.map((c) => c.code)).size).toBe(codes.length);
    for (const tenantId of ['000000', '100000']) {
      const users = await test.database.withTenant(tenantId, (tx) => tx.select().from(user));
      expect(users.map((u) => u.account)).toEqual(['admin']);
      const roles = await test.database.withTenant(tenantId, (tx) => tx.select().from(role));
      expect(roles.map((r) => r.roleAlias)).toEqual(['administrator']);
    }
  }

  // Only PostgreSQL runs two server processes side by side on one database.
  if (driver === 'postgres') {
    it('two server processes seeding one empty database at once make one set of rows', async () => {
      const other = openPostgres(test.url as string, 5);
      try {
        await Promise.all([seedIfEmpty(test.database, { demo: true }), seedIfEmpty(other, { demo: true })]);
      } finally {
        await other.close();
      }
      await expectOneSet();
    });
  }

  it('seeding again on every start adds nothing', async () => {
    if (driver === 'postgres') await seedIfEmpty(test.database, { demo: true });
    const menus = await n(menu);
    await seedIfEmpty(test.database, { demo: true });
    await seedIfEmpty(test.database, { demo: true });
    expect(await n(menu)).toBe(menus);
    await expectOneSet();
  });

  it('puts each entity at its spec route, one live entry per code whatever its case', async () => {
    if (driver === 'postgres') await seedIfEmpty(test.database, { demo: true });
    const live = await test.database.db
      .select({ code: menu.code, path: menu.path, category: menu.category })
      .from(menu)
      .where(eq(menu.isDeleted, 0));
    const lower = live.map((m) => m.code.toLowerCase());
    expect(new Set(lower).size).toBe(lower.length);
    const pathOf = new Map(live.map((m) => [m.code, m.path]));
    for (const entity of entities.filter((e) => !e.parent))
      expect(pathOf.get(entity.name), entity.name).toBe(entityMenuPath(entity));
    for (const [name, path] of Object.entries(specMenuPaths)) expect(pathOf.get(name), name).toBe(path);
    for (const extra of modules.flatMap((module) => module.seed?.menus ?? []))
      expect(pathOf.get(extra.code), extra.code).toBe(extra.path);
    // Screens are reached once: no two entries of the menu open one path.
    const paths = live.filter((m) => m.category === 1 && m.path).map((m) => m.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('brings the menu of an earlier version in step, keeping what an administrator changed', async () => {
    if (driver === 'postgres') await seedIfEmpty(test.database, { demo: true });
    const db = test.database.db;
    // As earlier versions left it: the catalogue entry at /{area}/{entity}, duplicate seeded entries.
    await db.update(menu).set({ path: '/basicData/lgagreement' }).where(eq(menu.code, 'lgagreement'));
    await db.update(menu).set({ path: '/custom/packs' }).where(eq(menu.code, 'packspec'));
    await db.insert(menu).values(
      ['orderIsinstockbill', 'orderOsoutstockbill'].map((code) => ({
        id: nextId(),
        code,
        name: code,
        path: `/old/${code}`,
        category: 1,
      })),
    );
    await syncCatalogueMenus(test.database, modules);
    const rows = await db
      .select({ code: menu.code, path: menu.path, isDeleted: menu.isDeleted })
      .from(menu)
      .where(inArray(menu.code, ['lgagreement', 'packspec', ...retiredMenuCodes]));
    const byCode = new Map(rows.map((r) => [r.code, r]));
    expect(byCode.get('lgagreement')).toEqual({
      code: 'lgagreement',
      path: '/basicData/lgagreementView',
      isDeleted: 0,
    });
    expect(byCode.get('packspec')?.path).toBe('/custom/packs');
    expect(rows.filter((r) => retiredMenuCodes.includes(r.code)).map((r) => r.isDeleted)).toEqual([1, 1]);
    await db
      .update(menu)
      .set({ path: specMenuPaths.packspec })
      .where(and(eq(menu.code, 'packspec'), eq(menu.isDeleted, 0)));
  });
});
