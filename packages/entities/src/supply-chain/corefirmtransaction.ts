import { sql } from 'drizzle-orm';
import { date, index, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Core-firm transactions (spec 02 §3.10 core-firm supply): the money between the core firm and
 * a supplier: payments, refunds and invoices, each against an order where there is one.
 */
export const coreFirmTransactionTable = pgTable(
  'bl_corefirmtransaction',
  {
    ...entityColumns(),
    transactionNo: varchar({ length: 64 }).notNull(),
    supplierCode: varchar({ length: 64 }).notNull(),
    orderNo: varchar({ length: 64 }),
    type: varchar({ length: 8 }).notNull(),
    amount: numeric({ precision: 18, scale: 2 }).notNull(),
    transactionDate: date().notNull(),
    invoiceNo: varchar({ length: 64 }),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_corefirmtransaction_no_uq').on(t.tenantId, t.transactionNo).where(sql`is_deleted = 0`),
    index('bl_corefirmtransaction_supplier_idx').on(t.tenantId, t.supplierCode, t.transactionDate),
  ],
);

export const corefirmtransaction = defineEntity({
  name: 'corefirmtransaction',
  service: 'bl-scm',
  area: 'supplyChain',
  label: label('核心企业交易记录', '核心企業交易記錄', 'Core-firm transaction'),
  table: coreFirmTransactionTable,
  titleField: 'transactionNo',
  // Numbered like every bill: a blank number takes the next of its serial sequence (issue 29, 12).
  numberField: 'transactionNo',
  defaultSort: { field: 'transactionDate', order: 'desc' },
  fields: {
    ...commonFields,
    transactionNo: f.text(label('交易编号', '交易編號', 'Transaction no.'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    supplierCode: f.ref(label('供应商', '供應商', 'Supplier'), 'supplier', { required: true }),
    orderNo: f.ref(label('订单编号', '訂單編號', 'Order no.'), 'corefirmorder', {
      valueField: 'orderNo',
      labelField: 'orderNo',
    }),
    type: f.dict(label('交易类型', '交易類型', 'Type'), 'scmTransactionType', { required: true }),
    amount: f.money(label('金额', '金額', 'Amount'), { required: true, min: 0 }),
    transactionDate: f.date(label('交易日期', '交易日期', 'Date'), { required: true, sortable: true }),
    invoiceNo: f.text(label('发票号', '發票號', 'Invoice no.'), { maxLength: 64 }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
