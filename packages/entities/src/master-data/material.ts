import { sql } from 'drizzle-orm';
import { integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/** Materials (SKUs) of the owners whose goods the warehouse keeps (spec 02 §3.4 material). */
export const materialTable = pgTable(
  'bl_material',
  {
    ...entityColumns(),
    code: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 128 }).notNull(),
    custCode: varchar({ length: 64 }),
    categoryCode: varchar({ length: 64 }),
    type: varchar({ length: 8 }),
    spec: varchar({ length: 128 }),
    model: varchar({ length: 128 }),
    unitCode: varchar({ length: 32 }),
    purchaseUnitCode: varchar({ length: 32 }),
    produceUnitCode: varchar({ length: 32 }),
    price: numeric({ precision: 18, scale: 4 }),
    barMark: varchar({ length: 64 }),
    shelfLife: integer(),
    warningType: varchar({ length: 8 }),
    batchFlag: varchar({ length: 1 }).notNull().default('0'),
    internalReleaseFlag: varchar({ length: 1 }).notNull().default('0'),
    snFlag: varchar({ length: 1 }).notNull().default('0'),
    barcodeManage: varchar({ length: 1 }).notNull().default('0'),
    maxVolume: numeric({ precision: 18, scale: 4 }),
    minVolume: numeric({ precision: 18, scale: 4 }),
    warningVolume: numeric({ precision: 18, scale: 4 }),
    gross: numeric({ precision: 18, scale: 4 }),
    suttle: numeric({ precision: 18, scale: 4 }),
    gramWeight: numeric({ precision: 18, scale: 4 }),
    lengthSpec: numeric({ precision: 18, scale: 4 }),
    upshelfStrategyCode: varchar({ length: 64 }),
    downshelfStrategyCode: varchar({ length: 64 }),
    remark: varchar({ length: 500 }),
  },
  (t) => [uniqueIndex('bl_material_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`)],
);

export const material = defineEntity({
  name: 'material',
  service: 'bl-wms',
  area: 'basicData',
  label: label('物料', '物料', 'Material'),
  table: materialTable,
  // A material no owner claims (blank owner) serves every owner.
  owned: { field: 'custCode', shared: true },
  fields: {
    ...commonFields,
    code: f.text(label('物料编码', '物料編碼', 'Material code'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    name: f.text(label('物料名称', '物料名稱', 'Material name'), { required: true, maxLength: 128 }),
    custCode: f.ref(label('货主', '貨主', 'Owner'), 'customer'),
    categoryCode: f.ref(label('物料分类', '物料分類', 'Category'), 'category'),
    type: f.dict(label('物料类型', '物料類型', 'Material type'), 'materialType'),
    spec: f.text(label('规格', '規格', 'Specification'), { maxLength: 128 }),
    model: f.text(label('型号', '型號', 'Model'), { maxLength: 128 }),
    unitCode: f.ref(label('基本单位', '基本單位', 'Base unit'), 'unit', { required: true }),
    purchaseUnitCode: f.ref(label('采购单位', '採購單位', 'Purchase unit'), 'unit', { list: false }),
    produceUnitCode: f.ref(label('生产单位', '生產單位', 'Production unit'), 'unit', { list: false }),
    price: f.money(label('单价', '單價', 'Unit price'), { scale: 4, min: 0 }),
    barMark: f.text(label('条码标识', '條碼標識', 'Barcode mark'), { maxLength: 64, list: false }),
    shelfLife: f.integer(label('保质期（天）', '保質期（天）', 'Shelf life (days)'), { min: 0, max: 36500 }),
    warningType: f.dict(label('预警类型', '預警類型', 'Warning type'), 'warningType', { list: false }),
    batchFlag: f.flag(label('批次管理', '批次管理', 'Batch managed'), { defaultValue: '0' }),
    internalReleaseFlag: f.flag(label('内部放行', '內部放行', 'Internal release'), {
      defaultValue: '0',
      list: false,
    }),
    snFlag: f.flag(label('序列号管理', '序號管理', 'Serial numbers'), { defaultValue: '0', list: false }),
    barcodeManage: f.flag(label('条码管理', '條碼管理', 'Barcode managed'), {
      defaultValue: '0',
      list: false,
    }),
    maxVolume: f.decimal(label('最大库存', '最大庫存', 'Maximum stock'), 4, { min: 0, list: false }),
    minVolume: f.decimal(label('最小库存', '最小庫存', 'Minimum stock'), 4, { min: 0, list: false }),
    warningVolume: f.decimal(label('预警库存', '預警庫存', 'Warning stock'), 4, { min: 0, list: false }),
    gross: f.decimal(label('毛重（KG）', '毛重（KG）', 'Gross weight (kg)'), 4, { min: 0 }),
    suttle: f.decimal(label('净重（KG）', '淨重（KG）', 'Net weight (kg)'), 4, { min: 0 }),
    gramWeight: f.decimal(label('克重（g）', '克重（g）', 'Gram weight (g)'), 4, { min: 0, list: false }),
    lengthSpec: f.decimal(label('长度规格', '長度規格', 'Length'), 4, { min: 0, list: false }),
    upshelfStrategyCode: f.ref(label('上架策略', '上架策略', 'Put-away strategy'), 'strategy', {
      list: false,
    }),
    downshelfStrategyCode: f.ref(label('下架策略', '下架策略', 'Pick-down strategy'), 'strategy', {
      list: false,
    }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
