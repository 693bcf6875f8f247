import type { Language } from '@bl/contract';
import { dataScopeTable } from '@bl/entities/system/datascope';
import { role as roleEntity, roleTable } from '@bl/entities/system/role';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { menu, roleApi, roleMenu } from '../../db/schema/index.ts';
import { operatorTenant } from '../../engine/crud.ts';
import type { AuthContext } from '../../http/context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { grantedMenuRows } from './granted-menus.ts';

/**
 * What a set of roles lets its holder do (ADR 0009, "Who may grant what"): the administrator
 * role holds everything of its tenant; any other role holds its menus and buttons, its
 * interface permissions, and, per entity, the data scope rules that bound what it sees.
 */
export interface Rights {
  administrator: boolean;
  menuIds: Set<string>;
  apiIds: Set<string>;
  /**
   * Per entity that at least one of the roles scopes: its rules as `type:value` keys. An entity
   * left out is seen whole (a role without a scope sees everything, spec 02 §3.11).
   */
  scopes: Map<string, Set<string>>;
}

/** The key of one data scope rule: the custom type (5) depends on its department list. */
export function scopeKey(scopeType: string, scopeValue: string | null | undefined): string {
  if (scopeType !== '5') return `${scopeType}:`;
  const codes = (scopeValue ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  return `5:${[...new Set(codes)].sort().join(',')}`;
}

/** "All rows" as a rule is the same as no rule: the entity is seen whole. */
const allRows = scopeKey('1', null);

/** The data scope rules of these role aliases, per entity. */
async function scopesOfAliases(tx: Tx, tenantId: string, aliases: string[]) {
  const scopes = new Map<string, Set<string>>();
  if (aliases.length === 0) return scopes;
  const rows = await tx
    .select({
      resourceCode: dataScopeTable.resourceCode,
      scopeType: dataScopeTable.scopeType,
      scopeValue: dataScopeTable.scopeValue,
    })
    .from(dataScopeTable)
    .where(
      and(
        eq(dataScopeTable.tenantId, tenantId),
        eq(dataScopeTable.isDeleted, 0),
        inArray(dataScopeTable.roleAlias, aliases),
      ),
    );
  for (const row of rows) {
    const rules = scopes.get(row.resourceCode) ?? new Set<string>();
    rules.add(scopeKey(row.scopeType, row.scopeValue));
    scopes.set(row.resourceCode, rules);
  }
  return scopes;
}

/** The live roles among `roleIds`, with their administrator flag and alias. */
async function liveRoles(tx: Tx, tenantId: string, roleIds: string[]) {
  if (roleIds.length === 0) return [];
  return tx
    .select({ id: roleTable.id, alias: roleTable.roleAlias, administrator: roleTable.isAdministrator })
    .from(roleTable)
    .where(and(eq(roleTable.tenantId, tenantId), eq(roleTable.isDeleted, 0), inArray(roleTable.id, roleIds)));
}

/** The rights a user holding exactly `roleIds` would have. */
export async function rightsOfRoles(tx: Tx, tenantId: string, roleIds: string[]): Promise<Rights> {
  const roles = await liveRoles(tx, tenantId, roleIds);
  const ids = roles.map((r) => r.id);
  const menus =
    ids.length === 0
      ? []
      : await tx
          .select({ id: roleMenu.menuId })
          .from(roleMenu)
          .innerJoin(menu, eq(menu.id, roleMenu.menuId))
          .where(and(eq(roleMenu.tenantId, tenantId), inArray(roleMenu.roleId, ids), eq(menu.isDeleted, 0)));
  const apis =
    ids.length === 0
      ? []
      : await tx
          .select({ id: roleApi.apiId })
          .from(roleApi)
          .where(and(eq(roleApi.tenantId, tenantId), inArray(roleApi.roleId, ids)));
  return {
    administrator: roles.some((r) => r.administrator),
    menuIds: new Set(menus.map((m) => m.id)),
    apiIds: new Set(apis.map((a) => a.id)),
    scopes: await scopesOfAliases(
      tx,
      tenantId,
      roles.map((r) => r.alias),
    ),
  };
}

/**
 * The caller's own rights. Menus are the ones the role screen offers them to grant (their
 * grants with the menus above them, within the tenant's package), as `role/grant` checks.
 */
export async function rightsOf(tx: Tx, auth: AuthContext): Promise<Rights> {
  const own = await rightsOfRoles(tx, auth.tenantId, auth.roleIds);
  return {
    ...own,
    administrator: auth.allPowerful,
    menuIds: new Set([...own.menuIds, ...(await grantedMenuRows(tx, auth, 2)).map((r) => r.id)]),
  };
}

/** Whether the holder of `rights` sees every row of `entity` (no rule, or a rule "all"). */
export function seesAll(rights: Rights, entity: string): boolean {
  const rules = rights.scopes.get(entity);
  return rules === undefined || rules.has(allRows);
}

/** Whether a data scope rule on `entity` is one the holder of `rights` holds. */
export function holdsScope(rights: Rights, entity: string, key: string): boolean {
  return rights.administrator || seesAll(rights, entity) || (rights.scopes.get(entity)?.has(key) ?? false);
}

/** Why `target` is more than `granter` holds, or undefined when it is within. */
export type Excess =
  | { key: 'access.administratorOnly' }
  | { key: 'access.menusBeyond'; count: number }
  | { key: 'access.apisBeyond'; count: number }
  | { key: 'access.scopeBeyond'; resource: string };

export function excessOf(granter: Rights, target: Rights): Excess | undefined {
  if (granter.administrator) return undefined;
  if (target.administrator) return { key: 'access.administratorOnly' };
  const menus = [...target.menuIds].filter((id) => !granter.menuIds.has(id)).length;
  if (menus > 0) return { key: 'access.menusBeyond', count: menus };
  const apis = [...target.apiIds].filter((id) => !granter.apiIds.has(id)).length;
  if (apis > 0) return { key: 'access.apisBeyond', count: apis };
  // Where the granter is bounded, the target must be bounded by rules the granter holds.
  for (const [resource, rules] of granter.scopes) {
    if (seesAll(granter, resource)) continue;
    const theirs = target.scopes.get(resource);
    if (theirs === undefined || [...theirs].some((rule) => !rules.has(rule)))
      return { key: 'access.scopeBeyond', resource };
  }
  return undefined;
}

/**
 * Refuses (403, naming `name`) when `target` holds more than the caller: whoever is given
 * roles, and whoever is changed, must end up within what the caller holds themselves.
 */
export async function requireWithinOwn(tx: Tx, auth: AuthContext, target: Rights, name: string) {
  if (auth.allPowerful) return;
  const excess = excessOf(await rightsOf(tx, auth), target);
  if (!excess) return;
  const { key, ...params } = excess;
  throw forbidden(key, { name, ...params });
}

/** Refuses (as above) when a user holding `roleId` (a comma list) is more than the caller. */
export async function requireUserWithinOwn(tx: Tx, auth: AuthContext, roleId: unknown, account: unknown) {
  if (auth.allPowerful) return;
  await requireWithinOwn(
    tx,
    auth,
    await rightsOfRoles(tx, auth.tenantId, roleIdsOf(roleId)),
    String(account),
  );
}

/** Refuses a caller who is not an administrator when the role is the administrator role. */
export function requireAdministratorFor(
  auth: AuthContext,
  role: { isAdministrator: boolean; roleName: string },
) {
  if (role.isAdministrator && !auth.allPowerful)
    throw forbidden('access.administratorOnly', { name: role.roleName });
}

/** Refuses a caller who is not an administrator of the operator tenant. */
export function requireOperatorAdministrator(auth: AuthContext) {
  if (auth.tenantId !== operatorTenant || !auth.allPowerful) throw forbidden('access.operatorAdministrators');
}

/** The role ids of a user's comma list. */
export const roleIdsOf = (list: unknown): string[] =>
  typeof list === 'string' ? [...new Set(list.split(',').map((id) => id.trim()))].filter(Boolean) : [];

/**
 * Refuses, as not found, a role id that is not a live role of the caller's tenant: a read of
 * its grants would otherwise answer an empty list for any id, another tenant's included.
 */
export async function requireLiveRole(tx: Tx, auth: AuthContext, roleId: string, language: Language) {
  const [found] = await tx
    .select({ id: roleTable.id })
    .from(roleTable)
    .where(and(eq(roleTable.tenantId, auth.tenantId), eq(roleTable.isDeleted, 0), eq(roleTable.id, roleId)));
  if (!found) throw notFound('crud.notFound', { entity: roleEntity.label[language] });
}
