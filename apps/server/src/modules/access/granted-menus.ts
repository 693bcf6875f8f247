import { entities } from '@bl/entities/registry';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { menu, roleMenu } from '../../db/schema/index.ts';
import { operatorTenant } from '../../engine/crud.ts';
import { packageMenuIds } from '../../engine/permissions.ts';
import type { AuthContext } from '../../http/context.ts';
import { withAncestors } from './menu-tree.ts';

/** Entities only the operator tenant may open: their menus and buttons are left out for others. */
const operatorOnly = entities.filter((e) => e.operatorOnly).map((e) => e.name);

/** The menu rows (category 1 menus, 2 buttons) this caller's roles are granted. */
export async function grantedMenuRows(tx: Tx, auth: AuthContext, category: 1 | 2) {
  const stored = await tx
    .select({
      id: menu.id,
      parentId: menu.parentId,
      code: menu.code,
      name: menu.name,
      alias: menu.alias,
      path: menu.path,
      source: menu.source,
      sort: menu.sort,
      category: menu.category,
      action: menu.action,
      isOpen: menu.isOpen,
      isShow: menu.isShow,
    })
    .from(menu)
    .where(eq(menu.isDeleted, 0));
  // Screens of the platform (the tenant registry) are not shown to other tenants at all.
  const shown =
    auth.tenantId === operatorTenant
      ? stored
      : stored.filter((r) => !operatorOnly.some((name) => r.code === name || r.code.startsWith(`${name}_`)));
  // The wire keeps SpringBlade's shapes: roots under parent 0, blanks as ''.
  const wire = shown.map((r) => ({
    ...r,
    parentId: r.parentId ?? '0',
    alias: r.alias ?? '',
    path: r.path ?? '',
    source: r.source ?? '',
  }));
  // The tenant's package bounds what anyone there sees, administrators included.
  const packaged = await packageMenuIds(tx, auth.tenantId);
  const rows = packaged ? withAncestors(wire, packaged) : wire;
  if (auth.allPowerful) {
    return category === 1 ? rows.filter((r) => r.category === 1) : rows;
  }
  const granted =
    auth.roleIds.length === 0
      ? []
      : await tx
          .select({ menuId: roleMenu.menuId })
          .from(roleMenu)
          .where(inArray(roleMenu.roleId, auth.roleIds));
  const grantedIds = new Set(granted.map((g) => g.menuId));
  const visible = withAncestors(rows, grantedIds);
  return category === 1 ? visible.filter((r) => r.category === 1) : visible;
}
