import { date, index, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

const money = () => numeric({ precision: 18, scale: 2 });

/**
 * Pay details (spec 02 §3.9 paydetail): the payments an owner makes against a cost bill or a
 * monthly bill (exactly one of `costBillNo`, `monthBillNo`, ADR 0039), one row per payment, on `costDate` (the day the payment is booked). `payAmount` is what the
 * payment settles on the bill, `deductionAmount` what is deducted from it (bank charges, a
 * claim, an agreed rebate) and `realityAmount` the money actually received. They stand apart
 * from the cost bill because they arrive over time, after the bill is made and confirmed.
 */
export const payDetailTable = pgTable(
  'bl_paydetail',
  {
    ...entityColumns(),
    customerCode: varchar({ length: 64 }).notNull(),
    costBillNo: varchar({ length: 64 }),
    monthBillNo: varchar({ length: 64 }),
    costDate: date().notNull(),
    payAmount: money().notNull(),
    deductionAmount: money(),
    realityAmount: money(),
    payType: varchar({ length: 8 }),
    invoiceNo: varchar({ length: 64 }),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    index('bl_paydetail_cost_bill_idx').on(t.tenantId, t.costBillNo),
    index('bl_paydetail_month_bill_idx').on(t.tenantId, t.monthBillNo),
    index('bl_paydetail_customer_idx').on(t.tenantId, t.customerCode, t.costDate),
  ],
);

export const paydetail = defineEntity({
  name: 'paydetail',
  service: 'bl-acct',
  area: 'acct',
  label: label('收款明细', '收款明細', 'Payment'),
  table: payDetailTable,
  titleField: 'costBillNo',
  defaultSort: { field: 'costDate', order: 'desc' },
  fields: {
    ...commonFields,
    customerCode: f.ref(label('货主', '貨主', 'Owner'), 'customer', { required: true }),
    // One of the two bills, never both (modules/billing/settlement.ts refuses otherwise).
    costBillNo: f.ref(label('账单编号', '帳單編號', 'Cost bill no.'), 'costbill', {
      valueField: 'costBillNo',
      labelField: 'costBillNo',
    }),
    monthBillNo: f.ref(label('月结账单编号', '月結賬單編號', 'Monthly bill no.'), 'monthbill', {
      valueField: 'billNo',
      labelField: 'billNo',
    }),
    costDate: f.date(label('收款日期', '收款日期', 'Payment date'), { required: true, sortable: true }),
    payAmount: f.money(label('核销金额', '核銷金額', 'Amount settled'), { required: true, min: 0 }),
    deductionAmount: f.money(label('扣款金额', '扣款金額', 'Deduction'), { min: 0 }),
    // payAmount − deductionAmount, filled by the server (modules/billing/settlement.ts).
    realityAmount: f.money(label('实收金额', '實收金額', 'Amount received'), { form: 'readonly' }),
    payType: f.dict(label('收款方式', '收款方式', 'Payment method'), 'acctPayType'),
    invoiceNo: f.text(label('发票号', '發票號', 'Invoice no.'), { maxLength: 64 }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
