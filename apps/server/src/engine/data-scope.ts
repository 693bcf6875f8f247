import type { EntityDefinition } from '@bl/entities/registry';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../http/context.ts';

/** FROM and WHERE of the data scopes of the caller's roles on `entity`. */
function scopesOf(entity: EntityDefinition, auth: AuthContext): SQL {
  // Scopes name roles by alias; the aliases are read now, not from the token, so renaming a
  // role (which carries its scopes along, system/rules.ts) cannot shake its scopes off.
  const roleIds = auth.roleIds.length > 0 ? auth.roleIds : ['0'];
  const roles = sql`(select r.role_alias from blade_role r where r.tenant_id = ${auth.tenantId}
    and r.is_deleted = 0 and r.id in (${sql.join(
      roleIds.map((id) => sql`${id}`),
      sql`, `,
    )}))`;
  return sql`from bl_datascope s where s.tenant_id = ${auth.tenantId} and s.is_deleted = 0
    and s.resource_code = ${entity.name} and s.role_alias in ${roles}`;
}

/**
 * Whether any data scope applies to the caller on `entity` (none for the all-powerful): a
 * summary that does not carry the rows' creators (ADR 0019) may answer only when none does.
 */
export function scopesApply(entity: EntityDefinition, auth: AuthContext): SQL | undefined {
  if (auth.allPowerful) return undefined;
  return sql`exists (select 1 ${scopesOf(entity, auth)})`;
}

/**
 * The rows of `entity` the caller may see under the data scopes of their roles (spec 01 §6,
 * spec 02 §3.11; entity `datascope`), as one SQL condition added to every list, detail,
 * export, edit and delete. A role with no scope for the entity sees everything; several
 * scopes add up. Administrators see everything. The subqueries that do not depend on the row
 * are computed once by PostgreSQL, so an entity without scopes costs nothing per row.
 */
export function scopeCondition(entity: EntityDefinition, auth: AuthContext): SQL | undefined {
  if (auth.allPowerful) return undefined;
  const columns = getTableColumns(entity.table) as Record<string, PgColumn>;
  const createUser = columns.createUser as PgColumn;
  const createDept = columns.createDept as PgColumn;
  const dept = auth.deptId || null;
  const scopes = scopesOf(entity, auth);
  return sql`(not exists (select 1 ${scopes}) or exists (select 1 ${scopes} and (
      s.scope_type = '1'
      or (s.scope_type = '2' and ${createUser} = ${auth.userId})
      or (s.scope_type = '3' and ${createDept} = ${dept})
      or (s.scope_type = '4' and ${createDept} in (
        with recursive tree as (
          select d.id, d.code from bl_dept d
          where d.tenant_id = ${auth.tenantId} and d.id = ${dept} and d.is_deleted = 0
          union all
          select c.id, c.code from bl_dept c join tree on c.parent_code = tree.code
          where c.tenant_id = ${auth.tenantId} and c.is_deleted = 0)
        select id from tree))
      or (s.scope_type = '5' and ${createDept} in (
        select d.id from bl_dept d where d.tenant_id = ${auth.tenantId} and d.is_deleted = 0
          and d.code = any(string_to_array(coalesce(s.scope_value, ''), ',')))))))`;
}
