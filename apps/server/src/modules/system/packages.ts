import { ok, ResultCode } from '@bl/contract';
import { idSchema } from '@bl/entities';
import { tenantpackage as packageEntity } from '@bl/entities/system/tenantpackage';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAudit } from '../../audit/audit.ts';
import type { Database, Tx } from '../../db/database.ts';
import { menu, tenant, tenantPackage } from '../../db/schema/index.ts';
import { operatorTenant } from '../../engine/crud.ts';
import { requireButton } from '../../engine/permissions.ts';
import { removeRules, writeRules } from '../../engine/rules.ts';
import { type AuthContext, requireAuth } from '../../http/context.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import { buildMenuTree, requireOperatorAdministrator } from '../access/index.ts';

const id = idSchema;

/** Package screens belong to the platform: other tenants never reach them. */
function requireOperator(auth: AuthContext) {
  if (auth.tenantId !== operatorTenant) throw new AppError(ResultCode.forbidden, 'crud.operatorOnly');
}

/** Refuses ids that are not live menus or buttons; answers them in one comma list. */
async function checkedMenuIds(tx: Tx, ids: string[]): Promise<string> {
  const wanted = [...new Set(ids.filter(Boolean))];
  if (wanted.length === 0) return '';
  const found = await tx
    .select({ id: menu.id })
    .from(menu)
    .where(and(inArray(menu.id, wanted), eq(menu.isDeleted, 0)));
  if (found.length !== wanted.length)
    throw badRequest('tenantPackage.unknownMenus', { count: wanted.length - found.length });
  return wanted.join(',');
}

/**
 * Tenant packages (entity `tenantpackage`): only the operator tenant's administrators change
 * them (a package bounds every right of a tenant), a package in use cannot be deleted, and its
 * menus are real menu ids. What a package allows is applied in engine/permissions.ts (every call)
 * and in the menu routes; see ADR 0009.
 */
export function registerPackageRules() {
  writeRules.tenantpackage = async (tx, values, { auth }) => {
    requireOperatorAdministrator(auth);
    if (typeof values.menuId === 'string') values.menuId = await checkedMenuIds(tx, values.menuId.split(','));
  };
  removeRules.tenantpackage = async (tx, rows, _language, auth) => {
    requireOperatorAdministrator(auth);
    const ids = rows.map((row) => String(row.id));
    const [used] = await tx
      .select({ packageId: tenant.packageId })
      .from(tenant)
      .where(and(inArray(tenant.packageId, ids), eq(tenant.isDeleted, 0)))
      .limit(1);
    if (used) {
      const name = rows.find((row) => String(row.id) === used.packageId)?.packageName;
      throw badRequest('tenantPackage.inUse', { name: String(name ?? '') });
    }
  };
}

/** The package screen's menu tree: every menu and button, and the ones a package holds. */
export function registerPackageRoutes(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/bl-system/tenantpackage/menu-tree',
    { schema: { tags: ['tenantpackage'], summary: 'Every menu and button, as a tree, for a package' } },
    async (request) => {
      const auth = requireAuth(request.auth);
      requireOperator(auth);
      const rows = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'tenantpackage_view');
        return tx
          .select({
            id: menu.id,
            parentId: sql<string>`coalesce(${menu.parentId}::text, '0')`,
            code: menu.code,
            name: menu.name,
            alias: sql<string>`coalesce(${menu.alias}, '')`,
            path: sql<string>`coalesce(${menu.path}, '')`,
            source: sql<string>`coalesce(${menu.source}, '')`,
            sort: menu.sort,
            category: menu.category,
            action: menu.action,
            isOpen: menu.isOpen,
            isShow: menu.isShow,
          })
          .from(menu)
          .where(eq(menu.isDeleted, 0));
      });
      // The tenant registry and the packages themselves stay with the platform.
      const shown = rows.filter((r) => !/^(tenant|tenantpackage)(_|$)/.test(r.code));
      return ok(buildMenuTree(shown), translate('ok', request.language));
    },
  );

  api.get(
    '/api/bl-system/tenantpackage/menus',
    {
      schema: {
        tags: ['tenantpackage'],
        summary: 'The menu and button ids a package holds',
        querystring: z.object({ id }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      requireOperator(auth);
      const found = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'tenantpackage_view');
        const [row] = await tx
          .select({ menuId: tenantPackage.menuId })
          .from(tenantPackage)
          .where(and(eq(tenantPackage.id, request.query.id), eq(tenantPackage.isDeleted, 0)));
        return row;
      });
      if (!found) throw notFound('crud.notFound', { entity: packageEntity.label[request.language] });
      return ok(found.menuId.split(',').filter(Boolean), translate('ok', request.language));
    },
  );

  api.post(
    '/api/bl-system/tenantpackage/grant',
    {
      schema: {
        tags: ['tenantpackage'],
        summary: 'Replace the menus and buttons of a package',
        body: z.object({ id, menuIds: z.array(id).max(5000) }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      requireOperatorAdministrator(auth);
      const { id: packageId, menuIds } = request.body;
      await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'tenantpackage_edit');
        const [row] = await tx
          .select()
          .from(tenantPackage)
          .where(and(eq(tenantPackage.id, packageId), eq(tenantPackage.isDeleted, 0)))
          .for('update');
        if (!row) throw notFound('crud.notFound', { entity: packageEntity.label[request.language] });
        const next = await checkedMenuIds(tx, menuIds);
        const before = row.menuId.split(',').filter(Boolean);
        const after = next.split(',').filter(Boolean);
        await tx
          .update(tenantPackage)
          .set({
            menuId: next,
            version: row.version + 1,
            updateUser: auth.userId,
            updateTime: new Date(),
          })
          .where(eq(tenantPackage.id, packageId));
        await writeAudit(tx, auth, {
          action: 'update',
          entity: packageEntity,
          row: row as Record<string, unknown>,
          changes: {
            menus: [before.filter((m) => !after.includes(m)), after.filter((m) => !before.includes(m))],
          },
          detail: 'grant',
        });
      });
      return ok(null, translate('ok', request.language));
    },
  );
}
