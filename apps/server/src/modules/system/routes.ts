import { ok, type UserInfo } from '@bl/contract';
import { entities } from '@bl/entities/registry';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, Tx } from '../../db/database.ts';
import { menu, role, roleMenu, user } from '../../db/schema/index.ts';
import { operatorTenant } from '../../engine/crud.ts';
import { type AuthContext, requireAuth } from '../../http/context.ts';
import { unauthorized } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import { isAllPowerful } from '../auth/sign-in.ts';
import { buildButtonTree, buildMenuTree, withAncestors } from './menu-tree.ts';

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
  const rows = shown.map((r) => ({
    ...r,
    parentId: r.parentId ?? '0',
    alias: r.alias ?? '',
    path: r.path ?? '',
    source: r.source ?? '',
  }));
  if (isAllPowerful(auth.roleAliases)) {
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

const menuNode: z.ZodType = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string(),
    code: z.string(),
    name: z.string(),
    alias: z.string(),
    path: z.string(),
    source: z.string(),
    sort: z.number(),
    category: z.number(),
    action: z.number(),
    isOpen: z.number(),
    isShow: z.number(),
    children: z.array(menuNode),
  }),
);

export function registerSystemRoutes(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/bl-system/user/getUserInfo',
    { schema: { tags: ['system'], summary: 'The signed-in user with their roles' } },
    async (request) => {
      const auth = requireAuth(request.auth);
      const info = await database.withTenant(auth.tenantId, async (tx): Promise<UserInfo | undefined> => {
        const [found] = await tx
          .select()
          .from(user)
          .where(and(eq(user.id, auth.userId), eq(user.isDeleted, 0)));
        if (!found) return undefined;
        const roleIds = (found.roleId ?? '').split(',').filter(Boolean);
        const roles = roleIds.length
          ? await tx
              .select()
              .from(role)
              .where(and(inArray(role.id, roleIds), eq(role.isDeleted, 0)))
          : [];
        return {
          userId: found.id,
          tenantId: found.tenantId,
          account: found.account,
          userName: found.name,
          realName: found.realName ?? '',
          avatar: found.avatar ?? '',
          email: found.email ?? '',
          phone: found.phone ?? '',
          deptId: found.deptId ?? '',
          postId: found.postId ?? '',
          roleId: found.roleId ?? '',
          roleName: roles.map((r) => r.roleName).join(','),
          roles: roles.map((r) => r.roleAlias),
        };
      });
      if (!info) throw unauthorized('auth.tokenInvalid');
      return ok(info, translate('ok', request.language));
    },
  );

  api.get(
    '/api/bl-system/menu/routes',
    {
      schema: {
        tags: ['system'],
        summary: 'The side-menu tree of the signed-in user',
        response: {
          200: z.object({ code: z.number(), success: z.boolean(), msg: z.string(), data: z.array(menuNode) }),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const rows = await database.withTenant(auth.tenantId, (tx) => grantedMenuRows(tx, auth, 1));
      return ok(buildMenuTree(rows), translate('ok', request.language));
    },
  );

  api.get(
    '/api/bl-system/menu/buttons',
    { schema: { tags: ['system'], summary: 'The button-permission code tree of the signed-in user' } },
    async (request) => {
      const auth = requireAuth(request.auth);
      const rows = await database.withTenant(auth.tenantId, (tx) => grantedMenuRows(tx, auth, 2));
      return ok(buildButtonTree(buildMenuTree(rows)), translate('ok', request.language));
    },
  );
}
