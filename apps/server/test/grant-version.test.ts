import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { testApp } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';

/**
 * The token guard keeps each process's answers of the grants per tenant, roles and button,
 * stamped with `bl_grant_version` (migration 0068, ADR 0019): any change to a table the grants
 * are read from must move the version in its own transaction, whoever makes it.
 */
describe.each(testDrivers())('grant version on %s', (driver) => {
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

  const version = async () =>
    BigInt(
      (
        await queryRows<{ v: string }>(test.database.db, sql`select version::text as v from bl_grant_version`)
      )[0]?.v ?? '0',
    );

  it('moves with every change to what the grants are read from, and not with a change undone', async () => {
    // Statements that change nothing still count: a statement-level trigger, cheap and certain.
    const tables = [
      'blade_role',
      'blade_role_menu',
      'blade_role_api',
      'bl_apipermission',
      'blade_menu',
      'blade_tenant',
      'blade_tenant_package',
    ];
    for (const table of tables) {
      const before = await version();
      await test.database.db.execute(sql`update ${sql.identifier(table)} set id = id where false`);
      expect(await version(), table).toBe(before + 1n);
    }
    const before = await version();
    await expect(
      test.database.db.transaction(async (tx) => {
        await tx.execute(sql`update blade_role set id = id where false`);
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    expect(await version()).toBe(before);
  });

  it('refuses at once what a grant no longer allows, however the grant was taken away', async () => {
    const roleId = await createRole(test.database, { roleAlias: 'versioned', buttons: ['material_view'] });
    const token = await createUserAndSignIn(app, test.database, { account: 'versioned1', roleId });
    const list = async () =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/bl-wms/material/list',
          headers: { 'blade-auth': `bearer ${token}` },
        })
      ).statusCode;
    expect(await list()).toBe(200);
    expect(await list()).toBe(200); // answered from the kept grants
    // Not through the API: straight in the table, as another process or an operator would.
    await test.database.withTenant('000000', (tx) =>
      tx.execute(sql`delete from blade_role_menu where role_id = ${roleId}`),
    );
    expect(await list()).toBe(403);
    await test.database.withTenant('000000', (tx) =>
      tx.execute(sql`insert into blade_role_menu (id, tenant_id, role_id, menu_id)
        select ${roleId}::bigint + 1, '000000', ${roleId}, id from blade_menu where code = 'material_view'`),
    );
    expect(await list()).toBe(200);
  });
});
