import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Pack specifications (spec 02 §3.4 packspec): up to five packing levels of a material, e.g.
 * piece → inner box → carton → pallet. Level n has a unit and a rate: how many of level n-1
 * make one of level n (level 1 is the base, rate 1). `qtyWeg` is the weight in kg of one base
 * unit and `boardQty` how many base units fit on one pallet (board).
 */
export const packSpecTable = pgTable(
  'bl_packspec',
  {
    ...entityColumns(),
    code: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 128 }).notNull(),
    materialCode: varchar({ length: 64 }),
    qtyWeg: numeric({ precision: 18, scale: 4 }),
    boardQty: numeric({ precision: 18, scale: 4 }),
    defaultLevel: varchar({ length: 8 }),
    unitCode1: varchar({ length: 32 }).notNull(),
    rate1: numeric({ precision: 18, scale: 6 }).notNull().default('1'),
    unitCode2: varchar({ length: 32 }),
    rate2: numeric({ precision: 18, scale: 6 }),
    unitCode3: varchar({ length: 32 }),
    rate3: numeric({ precision: 18, scale: 6 }),
    unitCode4: varchar({ length: 32 }),
    rate4: numeric({ precision: 18, scale: 6 }),
    unitCode5: varchar({ length: 32 }),
    rate5: numeric({ precision: 18, scale: 6 }),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_packspec_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`),
    index('bl_packspec_material_idx').on(t.tenantId, t.materialCode),
  ],
);

const level = (n: 1 | 2 | 3 | 4 | 5, zh: string, mo: string) => ({
  unit: label(`${zh}级单位`, `${mo}級單位`, `Level ${n} unit`),
  rate: label(`${zh}级换算率`, `${mo}級換算率`, `Level ${n} rate`),
});
const levels = {
  1: level(1, '一', '一'),
  2: level(2, '二', '二'),
  3: level(3, '三', '三'),
  4: level(4, '四', '四'),
  5: level(5, '五', '五'),
};

export const packspec = defineEntity({
  name: 'packspec',
  service: 'bl-wms',
  area: 'basicData',
  label: label('包装规格', '包裝規格', 'Pack specification'),
  table: packSpecTable,
  fields: {
    ...commonFields,
    code: f.text(label('规格编码', '規格編碼', 'Pack spec code'), {
      required: true,
      maxLength: 64,
      unique: true,
    }),
    name: f.text(label('规格名称', '規格名稱', 'Pack spec name'), { required: true, maxLength: 128 }),
    materialCode: f.ref(label('物料', '物料', 'Material'), 'material'),
    qtyWeg: f.decimal(label('单位重量（KG）', '單位重量（KG）', 'Unit weight (kg)'), 4, { min: 0 }),
    boardQty: f.decimal(label('每板数量', '每板數量', 'Quantity per pallet'), 4, { min: 0 }),
    defaultLevel: f.dict(label('默认层级', '預設層級', 'Default level'), 'packLevel', { list: false }),
    unitCode1: f.ref(levels[1].unit, 'unit', { required: true, maxLength: 32 }),
    rate1: f.decimal(levels[1].rate, 6, { required: true, min: 0, defaultValue: '1', list: false }),
    unitCode2: f.ref(levels[2].unit, 'unit', { maxLength: 32 }),
    rate2: f.decimal(levels[2].rate, 6, { min: 0 }),
    unitCode3: f.ref(levels[3].unit, 'unit', { maxLength: 32 }),
    rate3: f.decimal(levels[3].rate, 6, { min: 0 }),
    unitCode4: f.ref(levels[4].unit, 'unit', { maxLength: 32, list: false }),
    rate4: f.decimal(levels[4].rate, 6, { min: 0, list: false }),
    unitCode5: f.ref(levels[5].unit, 'unit', { maxLength: 32, list: false }),
    rate5: f.decimal(levels[5].rate, 6, { min: 0, list: false }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
