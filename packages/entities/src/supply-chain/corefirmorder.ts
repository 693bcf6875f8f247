import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns, id } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

const qty = () => numeric({ precision: 18, scale: 4 });

/** Lines of a core-firm order: a product, how many, at what price, and how many arrived. */
export const coreFirmOrderLineTable = pgTable(
  'bl_corefirmorderline',
  {
    ...entityColumns(),
    headerId: id().notNull(),
    lineNumber: integer(),
    productCode: varchar({ length: 64 }).notNull(),
    unitCode: varchar({ length: 32 }),
    qty: qty().notNull(),
    price: numeric({ precision: 18, scale: 4 }),
    amount: numeric({ precision: 18, scale: 2 }),
    deliveredQty: qty(),
    remark: varchar({ length: 500 }),
  },
  (t) => [index('bl_corefirmorderline_header_idx').on(t.tenantId, t.headerId)],
);

export const corefirmorderline = defineEntity({
  name: 'corefirmorderline',
  service: 'bl-scm',
  area: 'supplyChain',
  parent: 'corefirmorder',
  label: label('核心企业订单明细', '核心企業訂單明細', 'Core-firm order line'),
  table: coreFirmOrderLineTable,
  unfilled: {
    amount: 'issue 31: supplier order lines are priced',
    deliveredQty: 'issue 31: received through inbound reservations',
  },
  titleField: 'productCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    headerId: f.parentId(label('所属订单', '所屬訂單', 'Order')),
    lineNumber: f.integer(label('行号', '行號', 'Line no.'), { min: 1 }),
    productCode: f.ref(label('商品', '商品', 'Product'), 'corefirmproduct', {
      required: true,
      valueField: 'productCode',
      labelField: 'productName',
    }),
    unitCode: f.ref(label('单位', '單位', 'Unit'), 'unit', { maxLength: 32 }),
    qty: f.decimal(label('数量', '數量', 'Quantity'), 4, { required: true, min: 0 }),
    price: f.money(label('单价', '單價', 'Unit price'), { scale: 4, min: 0 }),
    amount: f.money(label('金额', '金額', 'Amount'), { form: 'readonly' }),
    deliveredQty: f.decimal(label('已到货数量', '已到貨數量', 'Quantity delivered'), 4, { form: 'readonly' }),
    remark: f.text(label('备注', '備註', 'Remark'), { maxLength: 500, list: false, search: 'none' }),
  },
});

/**
 * Core-firm orders (spec 02 §3.10 core-firm supply): what the core firm orders from a
 * supplier for delivery into the warehouse, with its lines. Totals are the sums of the lines;
 * the status moves by the place, confirm, receive and cancel actions.
 */
export const coreFirmOrderTable = pgTable(
  'bl_corefirmorder',
  {
    ...entityColumns(),
    orderNo: varchar({ length: 64 }).notNull(),
    supplierCode: varchar({ length: 64 }).notNull(),
    orderDate: date().notNull(),
    deliveryDate: date(),
    warehouseCode: varchar({ length: 64 }),
    deliveryAddress: varchar({ length: 255 }),
    contactPerson: varchar({ length: 64 }),
    contactPhone: varchar({ length: 32 }),
    orderStatus: varchar({ length: 8 }).notNull().default('1'),
    totalQty: qty(),
    totalAmount: numeric({ precision: 18, scale: 2 }),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_corefirmorder_order_no_uq').on(t.tenantId, t.orderNo).where(sql`is_deleted = 0`),
    index('bl_corefirmorder_supplier_idx').on(t.tenantId, t.supplierCode, t.orderDate),
  ],
);

export const corefirmorder = defineEntity({
  name: 'corefirmorder',
  service: 'bl-scm',
  area: 'supplyChain',
  label: label('核心企业订单', '核心企業訂單', 'Core-firm order'),
  table: coreFirmOrderTable,
  unfilled: {
    totalQty: 'issue 31: supplier orders total their lines',
    totalAmount: 'issue 31: supplier orders total their lines',
  },
  titleField: 'orderNo',
  // Numbered like every bill: a blank number takes the next of its serial sequence (issue 29, 12).
  numberField: 'orderNo',
  defaultSort: { field: 'orderDate', order: 'desc' },
  children: [
    {
      key: 'details',
      entity: () => corefirmorderline,
      parentField: 'headerId',
      minLines: 1,
      distinctBy: ['productCode'],
    },
  ],
  fields: {
    ...commonFields,
    orderNo: f.text(label('订单编号', '訂單編號', 'Order no.'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    supplierCode: f.ref(label('供应商', '供應商', 'Supplier'), 'supplier', { required: true }),
    orderDate: f.date(label('下单日期', '下單日期', 'Order date'), { required: true, sortable: true }),
    deliveryDate: f.date(label('要求到货日期', '要求到貨日期', 'Delivery date'), { sortable: true }),
    warehouseCode: f.ref(label('收货仓库', '收貨倉庫', 'Receiving warehouse'), 'warehouse'),
    deliveryAddress: f.text(label('收货地址', '收貨地址', 'Delivery address'), {
      maxLength: 255,
      list: false,
      search: 'none',
    }),
    contactPerson: f.text(label('收货联系人', '收貨聯絡人', 'Contact person'), {
      maxLength: 64,
      list: false,
    }),
    contactPhone: f.text(label('联系电话', '聯絡電話', 'Contact phone'), {
      maxLength: 32,
      list: false,
      search: 'none',
    }),
    orderStatus: f.dict(label('订单状态', '訂單狀態', 'Order status'), 'scmOrderStatus', {
      defaultValue: '1',
      form: 'readonly',
    }),
    totalQty: f.decimal(label('总数量', '總數量', 'Total quantity'), 4, { form: 'readonly' }),
    totalAmount: f.money(label('总金额', '總金額', 'Total amount'), { form: 'readonly' }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
