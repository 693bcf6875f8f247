import { sql } from 'drizzle-orm';
import { date, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

const money = () => numeric({ precision: 18, scale: 2 });

/**
 * Customer arrears accounts (spec 02 §3.10 "customer arrears account"): per owner and month
 * (`period`, yyyy-MM), the balance brought forward, what was billed, paid and deducted in the
 * month and the balance carried forward, with the open amount by age past each bill's due date
 * and how many days the oldest unpaid amount is past `dueDate`. Every figure is computed, as of
 * the month's last day (today for the month under way), from the one receivables computation
 * (`bl_receivables`, docs/adr/0039-receivables-ageing.md) that credit reads too: the rows are
 * written by the server's refresh (on opening the screen, and nightly), never typed.
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
    deductedAmount: money(),
    notDueAmount: money(),
    age0to30: money(),
    age31to60: money(),
    age61to90: money(),
    ageOver90: money(),
    overdueAmount: money(),
    asOfDate: date(),
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
  // Written by the receivables refresh only (modules/billing/receivables.ts).
  readOnly: true,
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
    openingBalance: f.money(label('期初欠款', '期初欠款', 'Opening balance'), { form: 'readonly' }),
    billedAmount: f.money(label('本期账单', '本期帳單', 'Billed'), { form: 'readonly' }),
    paidAmount: f.money(label('本期收款', '本期收款', 'Paid'), { form: 'readonly' }),
    deductedAmount: f.money(label('本期扣款', '本期扣款', 'Deducted'), { form: 'readonly' }),
    closingBalance: f.money(label('期末欠款', '期末欠款', 'Closing balance'), { form: 'readonly' }),
    notDueAmount: f.money(label('未到期', '未到期', 'Not yet due'), { form: 'readonly' }),
    age0to30: f.money(label('逾期0-30天', '逾期0-30天', '0-30 days overdue'), { form: 'readonly' }),
    age31to60: f.money(label('逾期31-60天', '逾期31-60天', '31-60 days overdue'), { form: 'readonly' }),
    age61to90: f.money(label('逾期61-90天', '逾期61-90天', '61-90 days overdue'), { form: 'readonly' }),
    ageOver90: f.money(label('逾期90天以上', '逾期90天以上', 'Over 90 days overdue'), { form: 'readonly' }),
    overdueAmount: f.money(label('逾期金额', '逾期金額', 'Overdue'), { form: 'readonly', sortable: true }),
    asOfDate: f.date(label('截止日期', '截止日期', 'As of'), { form: 'readonly' }),
    dueDate: f.date(label('最早到期日', '最早到期日', 'Earliest due date'), { form: 'readonly' }),
    overdueDays: f.integer(label('逾期天数', '逾期天數', 'Days overdue'), {
      form: 'readonly',
      sortable: true,
    }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500, list: false }),
  },
});
