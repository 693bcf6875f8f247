import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Core-firm products (spec 02 §3.10 core-firm supply): what a supplier offers the core firm,
 * at what price, in what unit and from what order size, and the warehouse material it is
 * received as.
 */
export const coreFirmProductTable = pgTable(
  'bl_corefirmproduct',
  {
    ...entityColumns(),
    productCode: varchar({ length: 64 }).notNull(),
    productName: varchar({ length: 128 }).notNull(),
    supplierCode: varchar({ length: 64 }).notNull(),
    materialCode: varchar({ length: 64 }),
    spec: varchar({ length: 128 }),
    unitCode: varchar({ length: 32 }),
    price: numeric({ precision: 18, scale: 4 }),
    minOrderQty: numeric({ precision: 18, scale: 4 }),
    leadTimeDays: integer(),
    productStatus: varchar({ length: 8 }).notNull().default('1'),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_corefirmproduct_code_uq').on(t.tenantId, t.productCode).where(sql`is_deleted = 0`),
    index('bl_corefirmproduct_supplier_idx').on(t.tenantId, t.supplierCode),
  ],
);

export const corefirmproduct = defineEntity({
  name: 'corefirmproduct',
  service: 'bl-scm',
  area: 'supplyChain',
  label: label('核心企业商品', '核心企業商品', 'Core-firm product'),
  table: coreFirmProductTable,
  titleField: 'productName',
  defaultSort: { field: 'productCode', order: 'asc' },
  fields: {
    ...commonFields,
    productCode: f.text(label('商品编码', '商品編碼', 'Product code'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    productName: f.text(label('商品名称', '商品名稱', 'Product name'), { required: true, maxLength: 128 }),
    supplierCode: f.ref(label('供应商', '供應商', 'Supplier'), 'supplier', { required: true }),
    materialCode: f.ref(label('对应物料', '對應物料', 'Material'), 'material'),
    spec: f.text(label('规格', '規格', 'Specification'), { maxLength: 128, list: false }),
    unitCode: f.ref(label('单位', '單位', 'Unit'), 'unit', { maxLength: 32 }),
    price: f.money(label('单价', '單價', 'Unit price'), { scale: 4, min: 0 }),
    minOrderQty: f.decimal(label('最小起订量', '最小起訂量', 'Minimum order quantity'), 4, { min: 0 }),
    leadTimeDays: f.integer(label('供货周期（天）', '供貨週期（天）', 'Lead time (days)'), {
      min: 0,
      max: 3650,
      list: false,
    }),
    productStatus: f.dict(label('启用状态', '啟用狀態', 'Enabled'), 'enabled', {
      required: true,
      defaultValue: '1',
    }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
