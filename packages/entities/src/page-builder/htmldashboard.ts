import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * HTML dashboards (spec 02 §3.3 htmldashboard): a dashboard page written as an HTML template
 * (`hdTemplate`), known by its key `hdId` (the dashboard route names it), refreshed every
 * `refreshInterval` seconds. The default one opens on /wel/dashboard.
 */
export const htmlDashboardTable = pgTable(
  'bl_htmldashboard',
  {
    ...entityColumns(),
    hdId: varchar({ length: 64 }).notNull(),
    hdName: varchar({ length: 128 }).notNull(),
    hdTemplate: text(),
    description: varchar({ length: 500 }),
    isDefault: varchar({ length: 1 }).notNull().default('0'),
    refreshInterval: integer(),
    sort: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('bl_htmldashboard_hd_id_uq').on(t.tenantId, t.hdId).where(sql`is_deleted = 0`)],
);

export const htmldashboard = defineEntity({
  name: 'htmldashboard',
  service: 'bl-develop',
  area: 'develop',
  label: label('HTML 看板', 'HTML 看板', 'HTML dashboard'),
  table: htmlDashboardTable,
  titleField: 'hdName',
  defaultSort: { field: 'sort', order: 'asc' },
  fields: {
    ...commonFields,
    hdId: f.text(label('看板标识', '看板標識', 'Dashboard key'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    hdName: f.text(label('看板名称', '看板名稱', 'Dashboard name'), { required: true, maxLength: 128 }),
    hdTemplate: f.textarea(label('看板模板', '看板範本', 'Template (HTML)'), { maxLength: 1_000_000 }),
    description: f.text(label('说明', '說明', 'Description'), { maxLength: 500, search: 'none' }),
    isDefault: f.flag(label('默认看板', '預設看板', 'Default'), { defaultValue: '0' }),
    refreshInterval: f.integer(label('刷新间隔（秒）', '重新整理間隔（秒）', 'Refresh every (s)'), {
      min: 0,
      max: 86400,
    }),
    sort: f.integer(label('排序', '排序', 'Sort order'), {
      required: true,
      min: 0,
      max: 99999,
      defaultValue: 0,
      sortable: true,
    }),
  },
});
