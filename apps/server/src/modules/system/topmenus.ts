import { ok, type TopMenuItem } from '@bl/contract';
import { topmenusettingTable, topmenuTable } from '@bl/entities/system/topmenu';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, Tx } from '../../db/database.ts';
import { menu } from '../../db/schema/index.ts';
import { afterWriteRules } from '../../engine/rules.ts';
import { requireAuth } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';

/**
 * The side-menu codes a top menu of the caller's tenant names, or a refusal when the tenant
 * has no such top menu (another tenant's id reads the same as an unknown one).
 */
export async function topMenuCodes(tx: Tx, tenantId: string, topMenuId: string): Promise<Set<string>> {
  const [found] = await tx
    .select({ id: topmenuTable.id })
    .from(topmenuTable)
    .where(
      and(
        eq(topmenuTable.id, topMenuId),
        eq(topmenuTable.tenantId, tenantId),
        eq(topmenuTable.isDeleted, 0),
        eq(topmenuTable.status, 1),
      ),
    );
  if (!found) throw notFound('topMenu.notFound');
  const entries = await tx
    .select({ menuCode: topmenusettingTable.menuCode })
    .from(topmenusettingTable)
    .where(
      and(
        eq(topmenusettingTable.headerId, topMenuId),
        eq(topmenusettingTable.tenantId, tenantId),
        eq(topmenusettingTable.isDeleted, 0),
      ),
    );
  return new Set(entries.map((e) => e.menuCode));
}

/**
 * The tenant's live top menus in their order, each with the side-menu codes it names.
 * `grantedCodes` (the caller's side menu) drops the top menus whose entries are all out of the
 * caller's reach; one with no entries at all stays, so its emptiness is told, not hidden.
 */
async function tenantTopMenus(
  tx: Tx,
  tenantId: string,
  grantedCodes: ReadonlySet<string> | undefined,
): Promise<TopMenuItem[]> {
  const heads = await tx
    .select()
    .from(topmenuTable)
    .where(
      and(eq(topmenuTable.tenantId, tenantId), eq(topmenuTable.isDeleted, 0), eq(topmenuTable.status, 1)),
    )
    .orderBy(asc(topmenuTable.sort), asc(topmenuTable.id));
  const entries =
    heads.length === 0
      ? []
      : await tx
          .select({ headerId: topmenusettingTable.headerId, menuCode: topmenusettingTable.menuCode })
          .from(topmenusettingTable)
          .where(
            and(
              inArray(
                topmenusettingTable.headerId,
                heads.map((h) => h.id),
              ),
              eq(topmenusettingTable.tenantId, tenantId),
              eq(topmenusettingTable.isDeleted, 0),
            ),
          );
  return heads
    .filter((head) => {
      if (!grantedCodes) return true;
      const codes = entries.filter((e) => e.headerId === head.id).map((e) => e.menuCode);
      return codes.length === 0 || codes.some((code) => grantedCodes.has(code));
    })
    .map((head) => ({
      id: head.id,
      menuCode: head.menuCode,
      menuName: head.menuName,
      icon: head.icon ?? '',
      // SpringBlade names a menu's icon `source`: both spellings, so either client reads it.
      source: head.icon ?? '',
      path: head.path ?? '',
      sort: head.sort,
      meta: { i18n: `topMenuName.${head.menuCode}` },
    }));
}

const topMenuItem = z.object({
  id: z.string(),
  menuCode: z.string(),
  menuName: z.string(),
  icon: z.string(),
  source: z.string(),
  path: z.string(),
  sort: z.number(),
  meta: z.object({ i18n: z.string() }),
});

/**
 * Top menu entries must name side-menu entries that exist: a typing slip would otherwise
 * leave a top menu silently empty.
 */
export function registerTopMenuRules() {
  afterWriteRules.topmenu = async (tx, saved) => {
    const entries = await tx
      .select({ menuCode: topmenusettingTable.menuCode })
      .from(topmenusettingTable)
      .where(and(eq(topmenusettingTable.headerId, String(saved.id)), eq(topmenusettingTable.isDeleted, 0)));
    const codes = [...new Set(entries.map((e) => e.menuCode))];
    if (codes.length === 0) return;
    const known = await tx
      .select({ code: menu.code })
      .from(menu)
      .where(and(inArray(menu.code, codes), eq(menu.category, 1), eq(menu.isDeleted, 0)));
    const unknown = codes.filter((code) => !known.some((k) => k.code === code));
    if (unknown.length > 0) throw badRequest('topMenu.unknownMenus', { codes: unknown.join(', ') });
  };
}

export function registerTopMenuRoutes(
  app: FastifyInstance,
  database: Database,
  grantedCodes: (tx: Tx, auth: ReturnType<typeof requireAuth>) => Promise<Set<string>>,
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/bl-system/topmenu/listByParams',
    {
      schema: {
        tags: ['system'],
        summary:
          "The top menus of the caller's tenant; filter=1 leaves out those whose entries the caller may not open",
        querystring: z.object({ filter: z.enum(['0', '1']).default('0') }),
        response: {
          200: z.object({
            code: z.number(),
            success: z.boolean(),
            msg: z.string(),
            data: z.array(topMenuItem),
          }),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const items = await database.withTenant(auth.tenantId, async (tx) =>
        tenantTopMenus(
          tx,
          auth.tenantId,
          request.query.filter === '1' ? await grantedCodes(tx, auth) : undefined,
        ),
      );
      return ok(items, translate('ok', request.language));
    },
  );
}
