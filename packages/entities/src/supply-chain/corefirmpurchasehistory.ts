import { date, index, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Core-firm purchase history (spec 02 §3.10 core-firm supply): what was bought from which
 * supplier, when, how much and at what price; written as orders are received, or imported
 * from before the system. `orderNo` is text because imported history predates the orders.
 */
export const coreFirmPurchaseHistoryTable = pgTable(
  'bl_corefirmpurchasehistory',
  {
    ...entityColumns(),
    supplierCode: varchar({ length: 64 }).notNull(),
    materialCode: varchar({ length: 64 }).notNull(),
    orderNo: varchar({ length: 64 }),
    purchaseDate: date().notNull(),
    unitCode: varchar({ length: 32 }),
    qty: numeric({ precision: 18, scale: 4 }).notNull(),
    price: numeric({ precision: 18, scale: 4 }),
    amount: numeric({ precision: 18, scale: 2 }),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    index('bl_corefirmpurchasehistory_supplier_idx').on(t.tenantId, t.supplierCode, t.purchaseDate),
    index('bl_corefirmpurchasehistory_material_idx').on(t.tenantId, t.materialCode),
  ],
);

export const corefirmpurchasehistory = defineEntity({
  name: 'corefirmpurchasehistory',
  service: 'bl-scm',
  area: 'supplyChain',
  label: label('核心企业采购历史', '核心企業採購歷史', 'Core-firm purchase history'),
  table: coreFirmPurchaseHistoryTable,
  titleField: 'materialCode',
  defaultSort: { field: 'purchaseDate', order: 'desc' },
  fields: {
    ...commonFields,
    supplierCode: f.ref(label('供应商', '供應商', 'Supplier'), 'supplier', { required: true }),
    materialCode: f.ref(label('物料', '物料', 'Material'), 'material', { required: true }),
    orderNo: f.text(label('订单编号', '訂單編號', 'Order no.'), { maxLength: 64 }),
    purchaseDate: f.date(label('采购日期', '採購日期', 'Purchase date'), { required: true, sortable: true }),
    unitCode: f.ref(label('单位', '單位', 'Unit'), 'unit', { maxLength: 32, list: false }),
    qty: f.decimal(label('数量', '數量', 'Quantity'), 4, { required: true, min: 0 }),
    price: f.money(label('单价', '單價', 'Unit price'), { scale: 4, min: 0 }),
    amount: f.money(label('金额', '金額', 'Amount'), { min: 0 }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
