import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns, id } from '../columns.ts';
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

/**
 * Floating units of a unit (spec 02 §3.4 "Also unitfloat"): alternative units whose rate to
 * the unit varies by batch, e.g. a box of 10-12 kg, with the allowed range of the rate.
 */
export const unitFloatTable = pgTable(
  'bl_unitfloat',
  {
    ...entityColumns(),
    unitId: id().notNull(),
    floatUnitCode: varchar({ length: 32 }).notNull(),
    minRate: numeric({ precision: 18, scale: 6 }),
    maxRate: numeric({ precision: 18, scale: 6 }),
    defaultRate: numeric({ precision: 18, scale: 6 }).notNull(),
    remark: varchar({ length: 500 }),
  },
  (t) => [index('bl_unitfloat_unit_idx').on(t.tenantId, t.unitId)],
);

export const unitfloat = defineEntity({
  name: 'unitfloat',
  service: 'bl-wms',
  area: 'basicData',
  parent: 'unit',
  label: label('浮动单位', '浮動單位', 'Floating unit'),
  table: unitFloatTable,
  titleField: 'floatUnitCode',
  defaultSort: { field: 'id', order: 'asc' },
  fields: {
    ...commonFields,
    unitId: f.parentId(label('所属单位', '所屬單位', 'Unit')),
    floatUnitCode: f.text(label('浮动单位编码', '浮動單位編碼', 'Floating unit code'), {
      required: true,
      maxLength: 32,
    }),
    minRate: f.decimal(label('最小换算率', '最小換算率', 'Lowest rate'), 6, { min: 0 }),
    maxRate: f.decimal(label('最大换算率', '最大換算率', 'Highest rate'), 6, { min: 0 }),
    defaultRate: f.decimal(label('默认换算率', '預設換算率', 'Default rate'), 6, { required: true, min: 0 }),
    remark: f.text(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});

export const unit = defineEntity({
  name: 'unit',
  service: 'bl-wms',
  area: 'basicData',
  label: label('计量单位', '計量單位', 'Unit'),
  table: unitTable,
  children: [
    { key: 'floats', entity: () => unitfloat, parentField: 'unitId', distinctBy: ['floatUnitCode'] },
  ],
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
