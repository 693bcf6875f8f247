import { sql } from 'drizzle-orm';
import { numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Freight price list (spec 02 §3.7 basicgoodsforpay): for each kind of goods a price per
 * kilogram (spec 02 §9), per piece and per cubic metre, each optional; a consignment's charging
 * basis picks the one its freight is computed with (ADR 0025).
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
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_basicgoodsforpay_goods_code_uq').on(t.tenantId, t.goodsCode).where(sql`is_deleted = 0`),
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
