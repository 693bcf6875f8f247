import { ok, ResultCode } from '@bl/contract';
import { idSchema } from '@bl/entities';
import { apipermissionTable } from '@bl/entities/system/apipermission';
import { apipermissioncategoryTable } from '@bl/entities/system/apipermissioncategory';
import { role as roleEntity, roleTable } from '@bl/entities/system/role';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAudit } from '../../audit/audit.ts';
import type { Database, Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import { roleApi } from '../../db/schema/index.ts';
import { requireButton } from '../../engine/permissions.ts';
import { removeRules } from '../../engine/rules.ts';
import { type AuthContext, requireAuth } from '../../http/context.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import { requireAdministratorFor, requireLiveRole } from './holdings.ts';
import { matchesPattern, requestPath } from './patterns.ts';

const id = idSchema;
const idList = z.array(id).max(5000);

/**
 * A live interface permission of the tenant, and whether the caller's roles hold it: read by the
 * token guard's session check (`bl_request_check`, migrations 0067 and 0068), which costs no round
 * trip of its own, and kept by the guard until the grant version moves, so a grant or a new
 * pattern applies from the next request on.
 */
export interface GuardedInterface {
  code: string;
  url: string;
  granted: boolean;
}

/**
 * The refusal for a call to `path`, or undefined when it may pass: an interface nobody
 * guards is open (menus and buttons still apply); a guarded one needs one of its matching
 * permissions granted to one of the caller's roles.
 */
export function refusedInterface(path: string, guarded: GuardedInterface[]): string | undefined {
  const matching = guarded.filter((g) => matchesPattern(g.url, path));
  if (matching.length === 0 || matching.some((g) => g.granted)) return undefined;
  return matching.map((g) => g.code).join(', ');
}

/**
 * Interface permissions (spec 02 §6; ARCHITECTURE.md: permissions are checked on the server):
 * every signed-in API call is checked against the tenant's URL patterns, by the token guard
 * with what its session check read. Administrators pass, as they hold every button.
 */
export function refuseInterface(auth: AuthContext, url: string, guarded: GuardedInterface[]): void {
  if (auth.allPowerful) return;
  const refused = refusedInterface(requestPath(url), guarded);
  if (refused !== undefined) throw new AppError(ResultCode.forbidden, 'api.forbidden', { code: refused });
}

/** A category with its interface permissions, as the role screen's checkable tree shows them. */
interface ApiTreeNode {
  id: string;
  code: string;
  name: string;
  url: string;
  children: ApiTreeNode[];
}

/** The interface permissions a caller may hand out: all for administrators, else their own. */
async function grantableApis(tx: Tx, auth: AuthContext) {
  const rows = await tx
    .select({
      id: apipermissionTable.id,
      categoryId: apipermissionTable.categoryId,
      resourceCode: apipermissionTable.resourceCode,
      resourceUrl: apipermissionTable.resourceUrl,
      resourceDesc: apipermissionTable.resourceDesc,
    })
    .from(apipermissionTable)
    .where(and(eq(apipermissionTable.tenantId, auth.tenantId), eq(apipermissionTable.isDeleted, 0)))
    .orderBy(apipermissionTable.resourceCode);
  if (auth.allPowerful) return rows;
  if (auth.roleIds.length === 0) return [];
  const held = await tx
    .select({ apiId: roleApi.apiId })
    .from(roleApi)
    .where(and(eq(roleApi.tenantId, auth.tenantId), inArray(roleApi.roleId, auth.roleIds)));
  const heldIds = new Set(held.map((h) => h.apiId));
  return rows.filter((r) => heldIds.has(r.id));
}

/**
 * Granting interface permissions to roles (the role screen's second tree), behind the same
 * `role_grant` button as menus: a grant replaces the roles' sets in one transaction and is
 * logged; a caller may grant only what they hold.
 */
export function registerApiGrants(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // A permission in use leaves its grants behind when deleted (they would match nothing).
  removeRules.apipermission = async (tx, rows) => {
    const ids = rows.map((row) => String(row.id));
    if (ids.length > 0) await tx.delete(roleApi).where(inArray(roleApi.apiId, ids));
  };

  api.get(
    '/api/bl-system/role/api-tree',
    {
      schema: {
        tags: ['role'],
        summary: 'The interface permissions the caller may grant, under their categories',
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const tree = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'role_grant');
        const apis = await grantableApis(tx, auth);
        const categories = await tx
          .select({
            code: apipermissioncategoryTable.code,
            name: apipermissioncategoryTable.name,
            id: apipermissioncategoryTable.id,
          })
          .from(apipermissioncategoryTable)
          .where(
            and(
              eq(apipermissioncategoryTable.tenantId, auth.tenantId),
              eq(apipermissioncategoryTable.isDeleted, 0),
            ),
          )
          .orderBy(apipermissioncategoryTable.sort, apipermissioncategoryTable.code);
        const known = new Set(categories.map((c) => c.code));
        // A permission whose category is gone is still grantable, under its stored code.
        const orphans = [...new Set(apis.map((a) => a.categoryId).filter((c) => !known.has(c)))];
        const groups = [
          ...categories.map((c) => ({ key: c.code, name: c.name })),
          ...orphans.map((c) => ({ key: c, name: c })),
        ];
        return groups
          .map(
            (group): ApiTreeNode => ({
              id: `category:${group.key}`,
              code: group.key,
              name: group.name,
              url: '',
              children: apis
                .filter((a) => a.categoryId === group.key)
                .map((a) => ({
                  id: a.id,
                  code: a.resourceCode,
                  name: a.resourceDesc ?? a.resourceCode,
                  url: a.resourceUrl,
                  children: [],
                })),
            }),
          )
          .filter((group) => group.children.length > 0);
      });
      return ok(tree, translate('ok', request.language));
    },
  );

  api.get(
    '/api/bl-system/role/granted-api',
    {
      schema: {
        tags: ['role'],
        summary: 'The interface permission ids a role is granted',
        querystring: z.object({ roleId: id }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const ids = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'role_grant');
        await requireLiveRole(tx, auth, request.query.roleId, request.language);
        const rows = await tx
          .select({ apiId: roleApi.apiId })
          .from(roleApi)
          .where(and(eq(roleApi.tenantId, auth.tenantId), eq(roleApi.roleId, request.query.roleId)));
        return rows.map((r) => r.apiId);
      });
      return ok(ids, translate('ok', request.language));
    },
  );

  api.post(
    '/api/bl-system/role/grant-api',
    {
      schema: {
        tags: ['role'],
        summary: 'Replace the interface permissions of roles (roleIds) with apiIds',
        body: z.object({ roleIds: idList.min(1), apiIds: idList }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { roleIds } = request.body;
      const wanted = [...new Set(request.body.apiIds)];
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
        const grantable = new Map((await grantableApis(tx, auth)).map((a) => [a.id, a.resourceCode]));
        const outside = wanted.filter((apiId) => !grantable.has(apiId));
        if (outside.length > 0) throw badRequest('role.grantApiOutside', { count: outside.length });
        for (const role of roles) {
          const before = (
            await tx
              .select({ apiId: roleApi.apiId })
              .from(roleApi)
              .where(and(eq(roleApi.tenantId, auth.tenantId), eq(roleApi.roleId, role.id)))
          ).map((r) => r.apiId);
          await tx
            .delete(roleApi)
            .where(and(eq(roleApi.tenantId, auth.tenantId), eq(roleApi.roleId, role.id)));
          if (wanted.length > 0)
            await tx
              .insert(roleApi)
              .values(
                wanted.map((apiId) => ({ id: nextId(), tenantId: auth.tenantId, roleId: role.id, apiId })),
              );
          const name = (apiId: string) => grantable.get(apiId) ?? apiId;
          await writeAudit(tx, auth, {
            action: 'update',
            entity: roleEntity,
            row: role as Record<string, unknown>,
            changes: {
              interfaces: [
                before.filter((a) => !wanted.includes(a)).map(name),
                wanted.filter((a) => !before.includes(a)).map(name),
              ],
            },
            detail: 'grant-api',
          });
        }
      });
      return ok(null, translate('ok', request.language));
    },
  );
}
