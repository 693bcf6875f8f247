import { ResultCode } from '@bl/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/database.ts';
import { menu, roleMenu, tenant, tenantPackage } from '../db/schema/index.ts';
import type { AuthContext } from '../http/context.ts';
import { AppError } from '../http/errors.ts';
import { operatorTenant } from './crud.ts';

/** The actions of the generic screens; the button code is `{entity}_{action}`. */
export const crudActions = ['view', 'add', 'edit', 'delete', 'export', 'import'] as const;
export type CrudAction = (typeof crudActions)[number];

export const buttonCode = (entity: string, action: CrudAction) => `${entity}_${action}`;

/**
 * The button that lets one read an entity's records (view, export): a detail line has no menu
 * entry of its own, so whoever may read its bill may read its lines.
 */
export const readButton = (entity: { name: string; parent?: string }, action: 'view' | 'export') =>
  buttonCode(entity.parent ?? entity.name, action);

/**
 * The menu and button ids the tenant's package allows (entity `tenantpackage`), or undefined
 * when nothing bounds the tenant: the operator tenant, or a tenant without a package.
 */
export async function packageMenuIds(tx: Tx, tenantId: string): Promise<Set<string> | undefined> {
  if (tenantId === operatorTenant) return undefined;
  const [found] = await tx
    .select({ menuIds: tenantPackage.menuId })
    .from(tenant)
    .innerJoin(tenantPackage, eq(tenantPackage.id, tenant.packageId))
    .where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0), eq(tenantPackage.isDeleted, 0)));
  return found ? new Set(found.menuIds.split(',').filter(Boolean)) : undefined;
}

/**
 * Refuses the call unless the tenant's package holds the button and one of the caller's roles
 * is granted it (spec 01 §6: administrators hold every button of their tenant). Checked on the
 * server for every action.
 */
export async function requireButton(tx: Tx, auth: AuthContext, code: string): Promise<void> {
  // The route declared this button and the token guard checked it in its session statement.
  if (auth.grantedButton === code) return;
  // The package bounds everyone in the tenant, its administrators included.
  const packaged = await packageMenuIds(tx, auth.tenantId);
  if (packaged) {
    const buttons = await tx
      .select({ id: menu.id })
      .from(menu)
      .where(and(eq(menu.code, code), eq(menu.isDeleted, 0)));
    if (!buttons.some((b) => packaged.has(b.id)))
      throw new AppError(ResultCode.forbidden, 'crud.forbidden', { code });
  }
  if (auth.allPowerful) return;
  if (auth.roleIds.length > 0) {
    const granted = await tx
      .select({ id: menu.id })
      .from(roleMenu)
      .innerJoin(menu, eq(menu.id, roleMenu.menuId))
      .where(and(inArray(roleMenu.roleId, auth.roleIds), eq(menu.code, code), eq(menu.isDeleted, 0)))
      .limit(1);
    if (granted.length > 0) return;
  }
  throw new AppError(ResultCode.forbidden, 'crud.forbidden', { code });
}
