import { sql } from 'drizzle-orm';
import { numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Freight price list (spec 02 §3.7 basicgoodsforpay): for each kind of goods a price per
 * kilogram (spec 02 §9), per piece and per cubic metre, each optional; a consignment's charging
 * basis picks the one its freight is computed with (ADR 0025). A line prices one material, a
 * material category (and the categories beneath it), or is the tenant's default line; a line
 * that names none of them prices the material whose code is its goods code (how lists were
 * kept before). A consignment line's rate is looked up in that order: its material, its
 * category and then the parent categories, the default line (issue 29).
 */
export const basicgoodsforpayTable = pgTable(
  'bl_basicgoodsforpay',
  {
    ...entityColumns(),
    goodsCode: varchar({ length: 64 }).notNull(),
    goodsName: varchar({ length: 128 }).notNull(),
    price: numeric({ precision: 18, scale: 4 }),
    piecePrice: numeric({ precision: 18, scale: 4 }),
    volumePrice: numeric({ precision: 18, scale: 4 }),
    materialCode: varchar({ length: 64 }),
    categoryCode: varchar({ length: 64 }),
    isDefault: varchar({ length: 1 }).notNull().default('0'),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_basicgoodsforpay_goods_code_uq').on(t.tenantId, t.goodsCode).where(sql`is_deleted = 0`),
    // One price line per material, per category, and one default line per tenant.
    uniqueIndex('bl_basicgoodsforpay_material_uq')
      .on(t.tenantId, t.materialCode)
      .where(sql`is_deleted = 0 and material_code is not null`),
    uniqueIndex('bl_basicgoodsforpay_category_uq')
      .on(t.tenantId, t.categoryCode)
      .where(sql`is_deleted = 0 and category_code is not null`),
    uniqueIndex('bl_basicgoodsforpay_default_uq')
      .on(t.tenantId)
      .where(sql`is_deleted = 0 and is_default = '1'`),
  ],
);

export const basicgoodsforpay = defineEntity({
  name: 'basicgoodsforpay',
  service: 'bl-tms',
  area: 'transport',
  label: label('货物运价', '貨物運價', 'Freight price list'),
  table: basicgoodsforpayTable,
  titleField: 'goodsName',
  fields: {
    ...commonFields,
    goodsCode: f.text(label('货物编码', '貨物編碼', 'Goods code'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    goodsName: f.text(label('货物名称', '貨物名稱', 'Goods name'), { required: true, maxLength: 128 }),
    materialCode: f.ref(label('适用物料', '適用物料', 'For material'), 'material', { unique: true }),
    categoryCode: f.ref(label('适用物料分类', '適用物料分類', 'For material category'), 'category', {
      unique: true,
    }),
    isDefault: f.flag(label('默认运价', '預設運價', 'Default price'), { defaultValue: '0' }),
    price: f.money(label('运价（每公斤）', '運價（每公斤）', 'Price per kg'), {
      scale: 4,
      min: 0,
      sortable: true,
    }),
    piecePrice: f.money(label('运价（每件）', '運價（每件）', 'Price per piece'), { scale: 4, min: 0 }),
    volumePrice: f.money(label('运价（每立方米）', '運價（每立方米）', 'Price per m³'), { scale: 4, min: 0 }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
