import { sql } from 'drizzle-orm';
import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Tenant field aliases (spec 02 §3.3 alternatefieldbuildtenanttable): a tenant's own name
 * (`alternateFieldName`) for a field (`associatedField`) of a table, e.g. "Store" for a
 * customer's spare field. The tenant is the row's own `tenantId`, so one alias per table field
 * and tenant.
 */
export const alternateFieldBuildTenantTableTable = pgTable(
  'bl_alternatefieldbuildtenanttable',
  {
    ...entityColumns(),
    alternateFieldName: varchar({ length: 128 }).notNull(),
    tableName: varchar({ length: 64 }).notNull(),
    associatedField: varchar({ length: 64 }).notNull(),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_alternatefieldbuildtenanttable_field_uq')
      .on(t.tenantId, t.tableName, t.associatedField)
      .where(sql`is_deleted = 0`),
  ],
);

export const alternatefieldbuildtenanttable = defineEntity({
  name: 'alternatefieldbuildtenanttable',
  service: 'bl-develop',
  area: 'develop',
  label: label('租户字段别名', '租戶欄位別名', 'Tenant field alias'),
  table: alternateFieldBuildTenantTableTable,
  titleField: 'alternateFieldName',
  defaultSort: { field: 'tableName', order: 'asc' },
  uniqueKeys: [['tableName', 'associatedField']],
  fields: {
    ...commonFields,
    alternateFieldName: f.text(label('别名', '別名', 'Alias'), { required: true, maxLength: 128 }),
    tableName: f.text(label('数据表', '資料表', 'Table'), { required: true, maxLength: 64, search: 'equal' }),
    associatedField: f.text(label('关联字段', '關聯欄位', 'Field'), { required: true, maxLength: 64 }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
