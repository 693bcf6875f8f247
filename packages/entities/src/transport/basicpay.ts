import { sql } from 'drizzle-orm';
import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Payment methods (spec 02 §3.7 basicpay). One of the product's label sets spells the fields
 * packgeCode / packgeName, copied from the packing methods; the fields are payCode / payName.
 */
export const basicpayTable = pgTable(
  'bl_basicpay',
  {
    ...entityColumns(),
    payCode: varchar({ length: 64 }).notNull(),
    payName: varchar({ length: 64 }).notNull(),
    remark: varchar({ length: 500 }),
  },
  (t) => [uniqueIndex('bl_basicpay_pay_code_uq').on(t.tenantId, t.payCode).where(sql`is_deleted = 0`)],
);

export const basicpay = defineEntity({
  name: 'basicpay',
  service: 'bl-tms',
  area: 'transport',
  label: label('付款方式', '付款方式', 'Payment method'),
  table: basicpayTable,
  titleField: 'payName',
  fields: {
    ...commonFields,
    payCode: f.text(label('付款方式编码', '付款方式編碼', 'Payment method code'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    payName: f.text(label('付款方式名称', '付款方式名稱', 'Payment method name'), {
      required: true,
      maxLength: 64,
    }),
    remark: f.text(label('备注', '備註', 'Remark'), { maxLength: 500, search: 'none' }),
  },
});
