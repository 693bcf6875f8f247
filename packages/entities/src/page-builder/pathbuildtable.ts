import { index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import { placeColumns, placeFields, tableIdField } from './common.ts';

/**
 * Route tables (spec 02 §3.3 pathbuildtable): which table a route's generic screen shows, by
 * catalogue entity name (`tableId`), under a condition (`whereOption`).
 */
export const pathBuildTableTable = pgTable(
  'bl_pathbuildtable',
  {
    ...entityColumns(),
    ...placeColumns(),
    tableId: varchar({ length: 64 }).notNull(),
    remark: varchar({ length: 500 }),
  },
  (t) => [index('bl_pathbuildtable_path_idx').on(t.tenantId, t.path)],
);

export const pathbuildtable = defineEntity({
  name: 'pathbuildtable',
  service: 'bl-develop',
  area: 'develop',
  label: label('路由绑定表', '路由綁定表', 'Route table'),
  table: pathBuildTableTable,
  titleField: 'path',
  defaultSort: { field: 'path', order: 'asc' },
  fields: {
    ...commonFields,
    ...placeFields,
    tableId: tableIdField(true),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
