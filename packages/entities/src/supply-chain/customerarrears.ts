import { sql } from 'drizzle-orm';
import { date, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

const money = () => numeric({ precision: 18, scale: 2 });

/**
 * Customer arrears accounts (spec 02 §3.10 "customer arrears account"): per owner and month
 * (`period`, yyyy-MM), the balance brought forward, what was billed and paid in the month and
 * the balance carried forward, with how many days the oldest unpaid amount is past `dueDate`.
 * Billing and payments keep billed, paid, closing balance and overdue days; the opening balance
 * is carried from the month before, or entered when a tenant starts.
 */
export const customerArrearsTable = pgTable(
  'bl_customerarrears',
  {
    ...entityColumns(),
    customerCode: varchar({ length: 64 }).notNull(),
    period: varchar({ length: 7 }).notNull(),
    openingBalance: money(),
    billedAmount: money(),
    paidAmount: money(),
    closingBalance: money(),
    dueDate: date(),
    overdueDays: integer(),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_customerarrears_customer_period_uq')
      .on(t.tenantId, t.customerCode, t.period)
      .where(sql`is_deleted = 0`),
  ],
);

export const customerarrears = defineEntity({
  name: 'customerarrears',
  service: 'bl-scm',
  area: 'supplyChain',
  label: label('客户欠款台账', '客戶欠款台帳', 'Customer arrears'),
  table: customerArrearsTable,
  unfilled: {
    billedAmount: 'issue 30: receivables ageing computes it',
    paidAmount: 'issue 30: receivables ageing computes it',
    closingBalance: 'issue 30: receivables ageing computes it',
    overdueDays: 'issue 30: receivables ageing computes it',
  },
  titleField: 'customerCode',
  defaultSort: { field: 'period', order: 'desc' },
  uniqueKeys: [['customerCode', 'period']],
  fields: {
    ...commonFields,
    customerCode: f.ref(label('货主', '貨主', 'Owner'), 'customer', { required: true }),
    period: f.text(label('期间（yyyy-MM）', '期間（yyyy-MM）', 'Period (yyyy-MM)'), {
      required: true,
      maxLength: 7,
      search: 'equal',
      sortable: true,
    }),
    openingBalance: f.money(label('期初欠款', '期初欠款', 'Opening balance')),
    billedAmount: f.money(label('本期账单', '本期帳單', 'Billed'), { form: 'readonly' }),
    paidAmount: f.money(label('本期收款', '本期收款', 'Paid'), { form: 'readonly' }),
    closingBalance: f.money(label('期末欠款', '期末欠款', 'Closing balance'), { form: 'readonly' }),
    dueDate: f.date(label('到期日', '到期日', 'Due date')),
    overdueDays: f.integer(label('逾期天数', '逾期天數', 'Days overdue'), {
      form: 'readonly',
      sortable: true,
    }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
