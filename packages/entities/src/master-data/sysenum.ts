import { sql } from 'drizzle-orm';
import { integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Tenant enumerations (spec 02 §3.4 sysenum): small value lists a tenant maintains itself
 * (e.g. transport types, reasons), one row per item, grouped by `enumType`. Unlike the fixed
 * dictionaries in dicts.ts they differ per tenant. A code is unique within its type; the
 * engine checks single-field uniqueness only, so the pair is guarded by the index alone.
 */
export const sysEnumTable = pgTable(
  'bl_sysenum',
  {
    ...entityColumns(),
    enumType: varchar({ length: 64 }).notNull(),
    code: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 128 }).notNull(),
    value: varchar({ length: 255 }),
    sort: integer().notNull().default(0),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_sysenum_type_code_uq').on(t.tenantId, t.enumType, t.code).where(sql`is_deleted = 0`),
  ],
);

export const sysenum = defineEntity({
  name: 'sysenum',
  service: 'bl-wms',
  area: 'basicData',
  label: label('系统枚举', '系統枚舉', 'Enumeration'),
  table: sysEnumTable,
  defaultSort: { field: 'enumType', order: 'asc' },
  uniqueKeys: [['enumType', 'code']],
  fields: {
    ...commonFields,
    enumType: f.text(label('枚举类型', '枚舉類型', 'Enumeration type'), {
      required: true,
      maxLength: 64,
      search: 'equal',
    }),
    code: f.text(label('枚举编码', '枚舉編碼', 'Item code'), { required: true, maxLength: 64 }),
    name: f.text(label('枚举名称', '枚舉名稱', 'Item name'), { required: true, maxLength: 128 }),
    value: f.text(label('枚举值', '枚舉值', 'Value'), { maxLength: 255 }),
    sort: f.integer(label('排序', '排序', 'Sort order'), {
      required: true,
      min: 0,
      max: 99999,
      defaultValue: 0,
      sortable: true,
    }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500, list: true }),
  },
});
