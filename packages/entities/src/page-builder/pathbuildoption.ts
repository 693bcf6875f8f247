import { index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import { placeColumns, placeFields } from './common.ts';

/**
 * Route options (spec 02 §3.3 pathbuildoption): the conditions (`whereOption`) a route is
 * known to be opened with, offered when its tables, columns, buttons and methods are set up.
 */
export const pathBuildOptionTable = pgTable(
  'bl_pathbuildoption',
  {
    ...entityColumns(),
    ...placeColumns(),
    remark: varchar({ length: 500 }),
  },
  (t) => [index('bl_pathbuildoption_path_idx').on(t.tenantId, t.path)],
);

export const pathbuildoption = defineEntity({
  name: 'pathbuildoption',
  service: 'bl-develop',
  area: 'develop',
  label: label('路由条件', '路由條件', 'Route option'),
  table: pathBuildOptionTable,
  titleField: 'path',
  defaultSort: { field: 'path', order: 'asc' },
  fields: {
    ...commonFields,
    ...placeFields,
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500, list: true }),
  },
});
