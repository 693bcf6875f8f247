import { date, index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Customer black and white lists (spec 02 §3.10): a blacklisted owner gets no new orders or
 * credit; a whitelisted one skips the credit check. An entry holds from `effectiveDate` until
 * `expiryDate` (open-ended when blank).
 */
export const customerBlackWhiteTable = pgTable(
  'bl_customerblackwhite',
  {
    ...entityColumns(),
    customerCode: varchar({ length: 64 }).notNull(),
    blackOrWhite: varchar({ length: 8 }).notNull(),
    reason: varchar({ length: 500 }),
    effectiveDate: date().notNull(),
    expiryDate: date(),
    remark: varchar({ length: 500 }),
  },
  (t) => [index('bl_customerblackwhite_customer_idx').on(t.tenantId, t.customerCode)],
);

export const customerblackwhite = defineEntity({
  name: 'customerblackwhite',
  service: 'bl-scm',
  area: 'supplyChain',
  label: label('客户黑白名单', '客戶黑白名單', 'Customer black/white list'),
  table: customerBlackWhiteTable,
  titleField: 'customerCode',
  defaultSort: { field: 'effectiveDate', order: 'desc' },
  fields: {
    ...commonFields,
    customerCode: f.ref(label('货主', '貨主', 'Owner'), 'customer', { required: true }),
    blackOrWhite: f.dict(label('名单类型', '名單類型', 'List'), 'scmBlackWhite', { required: true }),
    reason: f.text(label('原因', '原因', 'Reason'), { maxLength: 500 }),
    effectiveDate: f.date(label('生效日期', '生效日期', 'Effective from'), {
      required: true,
      sortable: true,
    }),
    expiryDate: f.date(label('失效日期', '失效日期', 'Expires on'), { sortable: true }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
