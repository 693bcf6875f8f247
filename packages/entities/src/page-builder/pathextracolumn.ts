import { index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import { placeColumns, placeFields, tableIdField } from './common.ts';

/**
 * Extra columns of a route (spec 02 §3.3 pathextracolumn): a field of `tableId` shown on the
 * route's screen beyond its usual columns, under a condition, in `sort` order.
 */
export const pathExtraColumnTable = pgTable(
  'bl_pathextracolumn',
  {
    ...entityColumns(),
    ...placeColumns(),
    tableId: varchar({ length: 64 }).notNull(),
    columnName: varchar({ length: 64 }).notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('bl_pathextracolumn_path_idx').on(t.tenantId, t.path)],
);

export const pathextracolumn = defineEntity({
  name: 'pathextracolumn',
  service: 'bl-develop',
  area: 'develop',
  label: label('路由扩展列', '路由擴展欄', 'Route extra column'),
  table: pathExtraColumnTable,
  titleField: 'columnName',
  defaultSort: { field: 'sort', order: 'asc' },
  fields: {
    ...commonFields,
    ...placeFields,
    tableId: tableIdField(true),
    columnName: f.text(label('字段名', '欄位名', 'Field'), { required: true, maxLength: 64 }),
    sort: f.integer(label('排序', '排序', 'Sort order'), {
      required: true,
      min: 0,
      max: 99999,
      defaultValue: 0,
      sortable: true,
    }),
  },
});
