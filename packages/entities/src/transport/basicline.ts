import { sql } from 'drizzle-orm';
import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Transport routes (spec 02 §3.7 basicline). `citys` (spelt as in the spec) lists the cities
 * the route serves, in running order, separated by commas.
 */
export const basiclineTable = pgTable(
  'bl_basicline',
  {
    ...entityColumns(),
    lineCode: varchar({ length: 64 }).notNull(),
    lineName: varchar({ length: 128 }).notNull(),
    citys: varchar({ length: 500 }),
    remark: varchar({ length: 500 }),
  },
  (t) => [uniqueIndex('bl_basicline_line_code_uq').on(t.tenantId, t.lineCode).where(sql`is_deleted = 0`)],
);

export const basicline = defineEntity({
  name: 'basicline',
  service: 'bl-tms',
  area: 'transport',
  label: label('线路', '線路', 'Route'),
  table: basiclineTable,
  titleField: 'lineName',
  fields: {
    ...commonFields,
    lineCode: f.text(label('线路编码', '線路編碼', 'Route code'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    lineName: f.text(label('线路名称', '線路名稱', 'Route name'), { required: true, maxLength: 128 }),
    citys: f.text(label('途经城市', '途經城市', 'Cities served'), { maxLength: 500 }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
