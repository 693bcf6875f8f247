import { sql } from 'drizzle-orm';
import { index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Interface permissions (spec 02 §3.2 apipermission, spec 02 §6): one guarded interface, by
 * resource code, route and description, grouped by category. Roles are granted resource codes
 * ("resource allocation"); the server checks them per call. `categoryId` keeps the spec's name
 * but holds the category's code (picked by its name): lists, exports and imports show the
 * stored value, and a code reads there where an id would not.
 * `resourceUrl` is a route pattern such as `/api/bl-wms/isinstockbill/**`.
 */
export const apipermissionTable = pgTable(
  'bl_apipermission',
  {
    ...entityColumns(),
    categoryId: varchar({ length: 64 }).notNull(),
    resourceCode: varchar({ length: 128 }).notNull(),
    resourceUrl: varchar({ length: 255 }).notNull(),
    resourceDesc: varchar({ length: 255 }),
  },
  (t) => [
    uniqueIndex('bl_apipermission_resource_code_uq')
      .on(t.tenantId, t.resourceCode)
      .where(sql`is_deleted = 0`),
    index('bl_apipermission_category_idx').on(t.tenantId, t.categoryId),
  ],
);

export const apipermission = defineEntity({
  name: 'apipermission',
  service: 'bl-system',
  area: 'system',
  label: label('接口权限', '介面權限', 'Interface permissions'),
  table: apipermissionTable,
  titleField: 'resourceCode',
  defaultSort: { field: 'resourceCode', order: 'asc' },
  fields: {
    ...commonFields,
    categoryId: f.ref(label('权限分类', '權限分類', 'Category'), 'apipermissioncategory', {
      required: true,
    }),
    resourceCode: f.text(label('资源编码', '資源編碼', 'Resource code'), {
      required: true,
      maxLength: 128,
      unique: true,
      sortable: true,
    }),
    resourceUrl: f.text(label('接口地址', '介面地址', 'Route'), { required: true, maxLength: 255 }),
    resourceDesc: f.text(label('资源描述', '資源描述', 'Description'), { maxLength: 255, search: 'none' }),
  },
});
