import { sql } from 'drizzle-orm';
import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Data scopes (spec 01 §6, spec 02 §3.11): which rows of an entity the users of a role see.
 * 1 all; 2 own data (created by the user); 3 own department; 4 own department and its
 * sub-departments; 5 custom (the departments listed by code). A role without a scope for an
 * entity sees all its rows; several scopes of a user's roles add up.
 */
export const dataScopeTable = pgTable(
  'bl_datascope',
  {
    ...entityColumns(),
    scopeName: varchar({ length: 64 }).notNull(),
    resourceCode: varchar({ length: 64 }).notNull(),
    roleAlias: varchar({ length: 64 }).notNull(),
    scopeType: varchar({ length: 1 }).notNull(),
    scopeValue: varchar({ length: 2000 }),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_datascope_resource_role_uq')
      .on(t.tenantId, t.resourceCode, t.roleAlias)
      .where(sql`is_deleted = 0`),
  ],
);

export const datascope = defineEntity({
  name: 'datascope',
  service: 'bl-system',
  area: 'system',
  label: label('数据权限', '資料權限', 'Data scopes'),
  table: dataScopeTable,
  titleField: 'scopeName',
  uniqueKeys: [['resourceCode', 'roleAlias']],
  fields: {
    ...commonFields,
    scopeName: f.text(label('权限名称', '權限名稱', 'Scope name'), { required: true, maxLength: 64 }),
    resourceCode: f.text(label('资源编号（实体）', '資源編號（實體）', 'Resource (entity)'), {
      required: true,
      maxLength: 64,
      search: 'equal',
    }),
    roleAlias: f.text(label('角色别名', '角色別名', 'Role alias'), {
      required: true,
      maxLength: 64,
      search: 'equal',
    }),
    scopeType: f.dict(label('数据范围', '資料範圍', 'Scope'), 'dataScopeType', { required: true }),
    scopeValue: f.text(label('自定义部门编码', '自訂部門編碼', 'Custom department codes'), {
      maxLength: 2000,
      list: false,
    }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
