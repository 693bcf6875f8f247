import { sql } from 'drizzle-orm';
import { numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/** Units of measure (spec 02 §3.4 unit): piece, box, kg… with a rate to the benchmark unit. */
export const unitTable = pgTable(
  'bl_unit',
  {
    ...entityColumns(),
    code: varchar({ length: 32 }).notNull(),
    name: varchar({ length: 64 }).notNull(),
    type: varchar({ length: 8 }),
    rate: numeric({ precision: 18, scale: 6 }),
    benchmarkUnitFlag: varchar({ length: 1 }).notNull().default('0'),
    costingFlag: varchar({ length: 1 }).notNull().default('0'),
    defaultUnitFlag: varchar({ length: 1 }).notNull().default('0'),
    floatUnitFlag: varchar({ length: 1 }).notNull().default('0'),
    remark: varchar({ length: 500 }),
  },
  (t) => [uniqueIndex('bl_unit_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`)],
);

export const unit = defineEntity({
  name: 'unit',
  service: 'bl-wms',
  area: 'basicData',
  label: label('计量单位', '計量單位', 'Unit'),
  table: unitTable,
  fields: {
    ...commonFields,
    code: f.text(label('单位编码', '單位編碼', 'Unit code'), {
      required: true,
      maxLength: 32,
      unique: true,
      sortable: true,
    }),
    name: f.text(label('单位名称', '單位名稱', 'Unit name'), { required: true, maxLength: 64 }),
    type: f.dict(label('单位类型', '單位類型', 'Unit type'), 'unitType'),
    rate: f.decimal(label('换算率', '換算率', 'Conversion rate'), 6, { min: 0 }),
    benchmarkUnitFlag: f.flag(label('基准单位', '基準單位', 'Benchmark unit'), { defaultValue: '0' }),
    costingFlag: f.flag(label('计费单位', '計費單位', 'Costing unit'), { defaultValue: '0' }),
    defaultUnitFlag: f.flag(label('默认单位', '預設單位', 'Default unit'), { defaultValue: '0' }),
    floatUnitFlag: f.flag(label('浮动单位', '浮動單位', 'Floating unit'), { defaultValue: '0' }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
