import { ok } from '@bl/contract';
import { idSchema } from '@bl/entities';
import { role as roleEntity, roleTable } from '@bl/entities/system/role';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAudit } from '../../audit/audit.ts';
import type { Database } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import { menu, roleMenu } from '../../db/schema/index.ts';
import { requireButton } from '../../engine/permissions.ts';
import { requireAuth } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import { buildMenuTree, grantedMenuRows, requireAdministratorFor, requireLiveRole } from '../access/index.ts';

const idList = z.array(idSchema).max(5000);

/**
 * Role configuration (spec 02 §6): which menus and buttons a role is granted. A caller may
 * grant only what they hold themselves (administrators hold everything their tenant may see),
 * and a grant replaces the role's set in one transaction, logged with what was added and
 * removed. Sign-in tokens carry role ids, so new grants apply on the next call.
 */
export function registerGrants(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/bl-system/role/grant-tree',
    { schema: { tags: ['role'], summary: 'The menus and buttons the caller may grant, as a tree' } },
    async (request) => {
      const auth = requireAuth(request.auth);
      const rows = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'role_grant');
        return grantedMenuRows(tx, auth, 2);
      });
      return ok(buildMenuTree(rows), translate('ok', request.language));
    },
  );

  api.get(
    '/api/bl-system/role/granted',
    {
      schema: {
        tags: ['role'],
        summary: 'The menu and button ids a role is granted',
        querystring: z.object({ roleId: idSchema }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const ids = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'role_grant');
        await requireLiveRole(tx, auth, request.query.roleId, request.language);
        const rows = await tx
          .select({ menuId: roleMenu.menuId })
          .from(roleMenu)
          .where(and(eq(roleMenu.tenantId, auth.tenantId), eq(roleMenu.roleId, request.query.roleId)));
        return rows.map((r) => r.menuId);
      });
      return ok(ids, translate('ok', request.language));
    },
  );

  api.post(
    '/api/bl-system/role/grant',
    {
      schema: {
        tags: ['role'],
        summary: 'Replace the menus and buttons of roles (roleIds) with menuIds',
        body: z.object({ roleIds: idList.min(1), menuIds: idList }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { roleIds, menuIds } = request.body;
      const wanted = [...new Set(menuIds)];
      await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'role_grant');
        const roles = await tx
          .select()
          .from(roleTable)
          .where(
            and(
              eq(roleTable.tenantId, auth.tenantId),
              eq(roleTable.isDeleted, 0),
              inArray(roleTable.id, roleIds),
            ),
          )
          .for('update');
        if (roles.length !== new Set(roleIds).size)
          throw notFound('crud.notFound', { entity: roleEntity.label[request.language] });
        // The resulting set is within the caller's own; the administrator role is not theirs to touch.
        for (const role of roles) requireAdministratorFor(auth, role);
        const grantable = new Map((await grantedMenuRows(tx, auth, 2)).map((r) => [r.id, r.code]));
        const outside = wanted.filter((id) => !grantable.has(id));
        if (outside.length > 0) throw badRequest('role.grantOutside', { count: outside.length });
        const codeOf = new Map(
          (await tx.select({ id: menu.id, code: menu.code }).from(menu)).map((m) => [m.id, m.code]),
        );
        for (const role of roles) {
          const before = (
            await tx
              .select({ menuId: roleMenu.menuId })
              .from(roleMenu)
              .where(and(eq(roleMenu.tenantId, auth.tenantId), eq(roleMenu.roleId, role.id)))
          ).map((r) => r.menuId);
          await tx
            .delete(roleMenu)
            .where(and(eq(roleMenu.tenantId, auth.tenantId), eq(roleMenu.roleId, role.id)));
          if (wanted.length > 0)
            await tx
              .insert(roleMenu)
              .values(
                wanted.map((menuId) => ({ id: nextId(), tenantId: auth.tenantId, roleId: role.id, menuId })),
              );
          const removed = before.filter((id) => !wanted.includes(id)).map((id) => codeOf.get(id) ?? id);
          const added = wanted.filter((id) => !before.includes(id)).map((id) => codeOf.get(id) ?? id);
          await writeAudit(tx, auth, {
            action: 'update',
            entity: roleEntity,
            row: role as Record<string, unknown>,
            changes: { grants: [removed, added] },
            detail: 'grant',
          });
        }
      });
      return ok(null, translate('ok', request.language));
    },
  );
}
