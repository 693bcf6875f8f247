import { roleTable } from '@bl/entities/system/role';
import { tenantTable } from '@bl/entities/system/tenant';
import { userTable } from '@bl/entities/system/user';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import { menu, roleMenu, tenantPackage } from '../../db/schema/index.ts';
import { operatorTenant } from '../../engine/crud.ts';
import type { TenantSeeder } from '../../engine/module.ts';
import { afterWriteRules, removeRules, writeRules } from '../../engine/rules.ts';
import { badRequest } from '../../http/errors.ts';
import { requireOperatorAdministrator } from '../access/index.ts';
import { hashPassword, markPasswordDue, passwordDigest, revokeTenantSessions } from '../auth/index.ts';

/** The role every tenant's administrator holds; spec 01 §6 gives it every right. */
export const administratorAlias = 'administrator';

/** Runs `work` with row-level security keyed on another tenant, then returns to the caller's. */
async function asTenant<T>(tx: Tx, tenantId: string, back: string, work: () => Promise<T>): Promise<T> {
  await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
  const result = await work();
  await tx.execute(sql`select set_config('app.tenant_id', ${back}, true)`);
  return result;
}

/** Refuses a new account past the tenant's account limit (`accountNumber`, -1 for none). */
export async function checkAccountLimit(tx: Tx, tenantId: string) {
  const [found] = await tx
    .select({ limit: tenantTable.accountNumber })
    .from(tenantTable)
    .where(eq(tenantTable.tenantId, tenantId));
  if (!found || found.limit < 0) return;
  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(userTable)
    .where(and(eq(userTable.tenantId, tenantId), eq(userTable.isDeleted, 0)));
  if (n >= found.limit) throw badRequest('tenant.accountLimit', { limit: found.limit });
}

/**
 * The rules of tenants: codes (six digits, format `tenantId`) that never change; a new tenant gets its
 * administrator role (granted every menu) and an `admin` account with the default password in
 * the same transaction, with every module's first rows (`seedTenant`: numbering rules, cost types); the operator tenant and
 * one's own cannot be deleted.
 */
export function registerTenantRules(config: Config, seedTenant: TenantSeeder) {
  // A tenant's record sets its package and limits, and a new one gets an administrator: only
  // the operator tenant's administrators write tenants (ADR 0009, "Who may grant what").
  writeRules.tenant = async (tx, values, { auth, id }) => {
    requireOperatorAdministrator(auth);
    if (id === undefined || values.tenantId === undefined) return;
    const [current] = await tx
      .select({ tenantId: tenantTable.tenantId })
      .from(tenantTable)
      .where(eq(tenantTable.id, id));
    if (current && current.tenantId !== values.tenantId) throw badRequest('tenant.idFixed');
  };

  afterWriteRules.tenant = async (tx, saved, { auth, id }) => {
    if (id !== undefined) {
      // Sign-in refuses a disabled or expired tenant; its open sessions end with it.
      const expire = saved.expireTime ? new Date(String(saved.expireTime)) : undefined;
      if (saved.status !== 1 || (expire && expire.getTime() < Date.now()))
        await asTenant(tx, String(saved.tenantId), auth.tenantId, () => revokeTenantSessions(tx));
      return;
    }
    const tenantId = String(saved.tenantId);
    const password = await hashPassword(passwordDigest(config.defaultPassword));
    // The administrator gets every menu the tenant may use: its package's, or all of them.
    const all = await tx.select({ id: menu.id }).from(menu).where(eq(menu.isDeleted, 0));
    const packageId = saved.packageId ? String(saved.packageId) : undefined;
    const [chosen] = packageId
      ? await tx
          .select({ menuIds: tenantPackage.menuId })
          .from(tenantPackage)
          .where(eq(tenantPackage.id, packageId))
      : [];
    const inPackage = chosen ? new Set(chosen.menuIds.split(',')) : undefined;
    const menus = inPackage ? all.filter((m) => inPackage.has(m.id)) : all;
    await asTenant(tx, tenantId, auth.tenantId, async () => {
      const roleId = nextId();
      await tx.insert(roleTable).values({
        id: roleId,
        tenantId,
        roleName: '超级管理员',
        roleAlias: administratorAlias,
        isAdministrator: true,
      });
      const adminId = nextId();
      await tx.insert(userTable).values({
        id: adminId,
        tenantId,
        code: 'admin',
        account: 'admin',
        password,
        name: String(saved.tenantName),
        roleId,
        createUser: auth.userId,
        updateUser: auth.userId,
      });
      // DEFAULT_PASSWORD is known to whoever knows the product: changed at first sign-in.
      await markPasswordDue(tx, tenantId, [adminId]);
      if (menus.length > 0)
        await tx
          .insert(roleMenu)
          .values(menus.map((m) => ({ id: nextId(), tenantId, roleId, menuId: m.id })));
      // Every module's first rows (numbering rules, cost types...), as for the demo tenants.
      await seedTenant(tx, tenantId, auth.userId);
    });
  };

  removeRules.tenant = async (tx, rows, _language, auth) => {
    requireOperatorAdministrator(auth);
    for (const row of rows) {
      if (row.tenantId === operatorTenant || row.tenantId === auth.tenantId)
        throw badRequest('tenant.removeOwn', { tenantId: String(row.tenantId) });
    }
    for (const row of rows)
      await asTenant(tx, String(row.tenantId), auth.tenantId, () => revokeTenantSessions(tx));
  };
}
