import { boolean, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { entityColumns, id } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f, systemField } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Roles (spec 02 §3.2 role, §6): roleName, roleAlias and a parent role, granted menus and
 * buttons through `blade_role_menu`. The table keeps SpringBlade's name; the server's sign-in
 * and permission checks read it directly. A root role has no parent (null, SpringBlade's 0).
 */
export const roleTable = pgTable(
  'blade_role',
  {
    ...entityColumns(),
    parentId: id('parent_id'),
    roleName: varchar('role_name', { length: 64 }).notNull(),
    roleAlias: varchar('role_alias', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    /**
     * The tenant's administrator role, which holds every right of its tenant (spec 01 §6). Set
     * only by the system (the seed, a new tenant); not a field of the entity below, so no
     * submit, import or alias can write it (ADR 0009, "Who may grant what").
     */
    isAdministrator: boolean('is_administrator').notNull().default(false),
  },
  (t) => [index('blade_role_tenant_idx').on(t.tenantId, t.roleAlias)],
);

export const role = defineEntity({
  name: 'role',
  service: 'bl-system',
  area: 'system',
  label: label('角色管理', '角色管理', 'Roles'),
  table: roleTable,
  titleField: 'roleName',
  actions: ['grant'],
  defaultSort: { field: 'sort', order: 'asc' },
  fields: {
    ...commonFields,
    parentId: f.ref(label('上级角色', '上級角色', 'Parent role'), 'role', {
      valueField: 'id',
      labelField: 'roleName',
      maxLength: undefined,
    }),
    roleName: f.text(label('角色名称', '角色名稱', 'Role name'), { required: true, maxLength: 64 }),
    roleAlias: f.text(label('角色别名', '角色別名', 'Role alias'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    sort: f.integer(label('排序', '排序', 'Sort order'), {
      required: true,
      min: 0,
      max: 99999,
      defaultValue: 0,
      sortable: true,
    }),
    // Written by the system only: a system field is never read from a form or a spreadsheet.
    isAdministrator: systemField(label('超级管理员角色', '超級管理員角色', 'Administrator role'), 'flag'),
  },
});
