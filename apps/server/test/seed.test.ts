import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/database.ts';
import { client, menu, role, tenant, user } from '../src/db/schema/index.ts';
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
});
