import { createHash } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { nextId } from '../db/ids.ts';
import { client, menu, role, roleMenu, systemSecret, tenant, user } from '../db/schema/index.ts';
import type { TenantSeeder } from '../engine/module.ts';
import { hashPassword, markPasswordDue, passwordDigest } from '../modules/auth/index.ts';
import { modules } from '../modules/index.ts';
import { syncCatalogueMenus } from './catalogue-menus.ts';
import { seedDemoTopMenus } from './top-menus.ts';

/** A new tenant's first rows: every module's, in the order of the module list. */
export const seedTenant: TenantSeeder = async (tx, tenantId, userId) => {
  for (const module of modules) await module.seed?.tenant?.(tx, tenantId, userId);
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The web app's client (`saber` / `saber_secret`, as Saber ships it). */
async function seedClients(database: Database) {
  const [{ value } = { value: 0 }] = await database.db.select({ value: count() }).from(client);
  if (value > 0) return;
  await database.db
    .insert(client)
    .values({
      id: nextId(),
      clientId: 'saber',
      clientSecretHash: sha256('saber_secret'),
      authorizedGrantTypes: 'refresh_token,password,captcha,social,phone,dynamic_code,domain',
      accessTokenValidity: 3600,
      refreshTokenValidity: 604800,
    })
    .onConflictDoNothing();
}

const demoTenants = [
  { tenantId: '000000', tenantName: '管理组', userName: '管理员' },
  { tenantId: '100000', tenantName: '演示仓储', userName: '演示管理员' },
];

/**
 * Idempotent, so several server processes may start on one empty database at once: every
 * insert yields to a row another process made first.
 *
 * On every start the menu tree is brought in step with the catalogue (catalogue-menus.ts).
 * On an empty database: the web client, and two tenants (000000, the operator,
 * and 100000, a demo tenant), each with an administrator role and user admin / admin, and
 * the demo top menus of top-menus.ts and every bill's default numbering rule.
 */
export async function seedIfEmpty(database: Database, options: { demo: boolean }) {
  await seedClients(database);
  await syncCatalogueMenus(database, modules);
  if (options.demo) {
    const [{ value } = { value: 0 }] = await database.db.select({ value: count() }).from(tenant);
    if (value === 0) await seedDemoTenants(database);
    await syncDemoTopMenus(database);
  }
  // What each module keeps in step (its report menus, the demo tenants' leave process...).
  const demos = options.demo ? demoTenants.map((d) => d.tenantId) : [];
  for (const module of modules) await module.seed?.start?.(database, demos);
}

/** The demo tenants' top menus, also for databases seeded before top menus existed. */
async function syncDemoTopMenus(database: Database) {
  const present = await database.db
    .select({ tenantId: tenant.tenantId })
    .from(tenant)
    .where(
      inArray(
        tenant.tenantId,
        demoTenants.map((d) => d.tenantId),
      ),
    );
  for (const { tenantId } of present) await seedDemoTopMenus(database, tenantId);
}

async function seedDemoTenants(database: Database) {
  const menuIds = (await database.db.select({ id: menu.id }).from(menu)).map((m) => m.id);
  const password = await hashPassword(passwordDigest('admin'));
  for (const demo of demoTenants) {
    // The tenant and its first rows in one transaction: a crash leaves both or neither.
    await database.withTenant(demo.tenantId, async (tx) => {
      const created = await tx
        .insert(tenant)
        .values({ id: nextId(), tenantId: demo.tenantId, tenantName: demo.tenantName })
        .onConflictDoNothing()
        .returning({ id: tenant.id });
      if (created.length === 0) return; // another server process starting at once seeded it
      const roleId = nextId();
      await tx.insert(role).values({
        id: roleId,
        tenantId: demo.tenantId,
        roleName: '超级管理员',
        roleAlias: 'administrator',
        isAdministrator: true,
      });
      const adminId = nextId();
      await tx.insert(user).values({
        id: adminId,
        tenantId: demo.tenantId,
        code: 'admin',
        account: 'admin',
        password,
        name: demo.userName,
        realName: demo.userName,
        roleId,
      });
      // `admin` is shorter than the product's own minimum and known to all: changed at first sign-in.
      await markPasswordDue(tx, demo.tenantId, [adminId]);
      await tx
        .insert(roleMenu)
        .values(menuIds.map((menuId) => ({ id: nextId(), tenantId: demo.tenantId, roleId, menuId })));
      await seedTenant(tx, demo.tenantId);
    });
  }
}

/**
 * A database copied from the build's template (db/template.ts) shares the template's contents
 * with every other install: what must be this install's own is made anew before it serves.
 * The stored keys (token signing, directory passwords) are dropped, so they are generated on
 * first use; the demo admins get their password hashed again (a salt of their own) and must
 * change it at their first sign-in, as on a database seeded here.
 */
export async function freshenCopiedDemo(database: Database): Promise<void> {
  await database.db.delete(systemSecret).where(sql`true`);
  const password = await hashPassword(passwordDigest('admin'));
  for (const demo of demoTenants) {
    await database.withTenant(demo.tenantId, async (tx) => {
      const admins = await tx
        .update(user)
        .set({ password })
        .where(and(eq(user.tenantId, demo.tenantId), eq(user.account, 'admin')))
        .returning({ id: user.id });
      await markPasswordDue(
        tx,
        demo.tenantId,
        admins.map((a) => a.id),
      );
    });
  }
}
