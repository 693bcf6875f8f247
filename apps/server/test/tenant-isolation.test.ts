import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { nextId } from '../src/db/ids.ts';
import { role, user } from '../src/db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

describe.each(testDrivers())('tenant isolation on %s', (driver) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
  });
  afterAll(() => test.dispose());

  it('forces row-level security on every table with a tenant_id (partitioned ones and their partitions too), except the tenant registry', async () => {
    const rows = await queryRows<{ table_name: string; rls: boolean; forced: boolean }>(
      test.database.db,
      sql`select c.relname as table_name, c.relrowsecurity as rls, c.relforcerowsecurity as forced
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p')
            and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id')`,
    );
    const tenantTables = rows.filter((r) => r.table_name !== 'blade_tenant');
    expect(tenantTables.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['blade_user', 'blade_role', 'auth_session']),
    );
    for (const table of tenantTables)
      expect(table, table.table_name).toMatchObject({ rls: true, forced: true });
  });

  it('runs requests as a role that is no superuser and does not bypass row-level security', async () => {
    const [who] = await test.database.withTenant('000000', (tx) =>
      queryRows<{ name: string; super: boolean; bypass: boolean; tenant: string }>(
        tx,
        sql`select current_user as name, r.rolsuper as super, r.rolbypassrls as bypass,
                   current_setting('app.tenant_id') as tenant
            from pg_roles r where r.rolname = current_user`,
      ),
    );
    expect(who).toEqual({ name: 'bl_app', super: false, bypass: false, tenant: '000000' });
  });

  it('a query that forgets its tenant filter still sees only its own tenant', async () => {
    const all = await test.database.db.select({ tenantId: user.tenantId }).from(user);
    expect(new Set(all.map((u) => u.tenantId))).toEqual(new Set(['000000', '100000']));
    for (const tenantId of ['000000', '100000']) {
      const seen = await test.database.withTenant(tenantId, (tx) => tx.select().from(user));
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((u) => u.tenantId === tenantId)).toBe(true);
      const raw = await test.database.withTenant(tenantId, (tx) =>
        queryRows<{ tenant_id: string }>(tx, sql`select tenant_id from blade_user`),
      );
      expect(raw.every((u) => u.tenant_id === tenantId)).toBe(true);
    }
  });

  it('cannot insert into, update or delete from another tenant', async () => {
    const before = await test.database.db.select().from(role).where(eq(role.tenantId, '100000'));
    await expect(
      test.database.withTenant('000000', (tx) =>
        tx
          .insert(role)
          .values({ id: nextId(), tenantId: '100000', roleName: 'intruder', roleAlias: 'intruder' }),
      ),
    ).rejects.toThrow();
    const moved = await test.database.withTenant('000000', (tx) =>
      tx.update(role).set({ roleName: 'hijacked' }).where(eq(role.tenantId, '100000')).returning(),
    );
    expect(moved).toEqual([]);
    const removed = await test.database.withTenant('000000', (tx) =>
      tx.delete(role).where(eq(role.tenantId, '100000')).returning(),
    );
    expect(removed).toEqual([]);
    // Moving an own row into the other tenant is refused too.
    await expect(
      test.database.withTenant('000000', (tx) =>
        tx.update(role).set({ tenantId: '100000' }).where(eq(role.tenantId, '000000')),
      ),
    ).rejects.toThrow();
    const after = await test.database.db.select().from(role).where(eq(role.tenantId, '100000'));
    expect(after).toEqual(before);
  });

  it('sees nothing at all when no tenant is set', async () => {
    const rows = await test.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'bl_app', true)`);
      return tx.select().from(user);
    });
    expect(rows).toEqual([]);
  });
});
