import { index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Print templates of a route (spec 02 §3.3 blpathbuildtemp): the template (`tempUrl`, a link
 * to the stored template file) the route's print button uses; `tempName` tells several apart.
 */
export const blPathBuildTempTable = pgTable(
  'bl_blpathbuildtemp',
  {
    ...entityColumns(),
    path: varchar({ length: 255 }).notNull(),
    tempName: varchar({ length: 128 }),
    tempUrl: varchar({ length: 500 }).notNull(),
    remark: varchar({ length: 500 }),
  },
  (t) => [index('bl_blpathbuildtemp_path_idx').on(t.tenantId, t.path)],
);

export const blpathbuildtemp = defineEntity({
  name: 'blpathbuildtemp',
  service: 'bl-develop',
  area: 'develop',
  label: label('路由打印模板', '路由列印範本', 'Route print template'),
  table: blPathBuildTempTable,
  titleField: 'path',
  defaultSort: { field: 'path', order: 'asc' },
  fields: {
    ...commonFields,
    path: f.text(label('路由路径', '路由路徑', 'Route path'), {
      required: true,
      maxLength: 255,
      sortable: true,
    }),
    tempName: f.text(label('模板名称', '範本名稱', 'Template name'), { maxLength: 128 }),
    tempUrl: f.text(label('模板地址', '範本位址', 'Template URL'), { required: true, maxLength: 500 }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
