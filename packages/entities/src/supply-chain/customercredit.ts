import { sql } from 'drizzle-orm';
import { date, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

const money = () => numeric({ precision: 18, scale: 2 });

/**
 * Customer credit (spec 02 §3.10): how much an owner may owe the warehouse from `validFrom` to
 * `validTo`. `usedCredit` is what the owner owes now (billed and unpaid), kept by billing and
 * payments; `availableCredit` is the limit less what is used. A frozen line stops new work for
 * the owner until it is released.
 */
export const customerCreditTable = pgTable(
  'bl_customercredit',
  {
    ...entityColumns(),
    customerCode: varchar({ length: 64 }).notNull(),
    levelCode: varchar({ length: 64 }),
    creditLimit: money().notNull(),
    usedCredit: money(),
    availableCredit: money(),
    validFrom: date().notNull(),
    validTo: date(),
    creditStatus: varchar({ length: 8 }).notNull().default('1'),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_customercredit_customer_from_uq')
      .on(t.tenantId, t.customerCode, t.validFrom)
      .where(sql`is_deleted = 0`),
  ],
);

export const customercredit = defineEntity({
  name: 'customercredit',
  service: 'bl-scm',
  area: 'supplyChain',
  label: label('客户信用', '客戶信用', 'Customer credit'),
  table: customerCreditTable,
  titleField: 'customerCode',
  defaultSort: { field: 'validFrom', order: 'desc' },
  uniqueKeys: [['customerCode', 'validFrom']],
  fields: {
    ...commonFields,
    customerCode: f.ref(label('货主', '貨主', 'Owner'), 'customer', { required: true }),
    levelCode: f.ref(label('客户等级', '客戶等級', 'Customer level'), 'customerlevel'),
    creditLimit: f.money(label('信用额度', '信用額度', 'Credit limit'), { required: true, min: 0 }),
    usedCredit: f.money(label('已用额度', '已用額度', 'Credit used'), { form: 'readonly' }),
    availableCredit: f.money(label('可用额度', '可用額度', 'Credit available'), { form: 'readonly' }),
    validFrom: f.date(label('生效日期', '生效日期', 'Valid from'), { required: true, sortable: true }),
    validTo: f.date(label('失效日期', '失效日期', 'Valid to'), { sortable: true }),
    creditStatus: f.dict(label('信用状态', '信用狀態', 'Credit status'), 'scmCreditStatus', {
      required: true,
      defaultValue: '1',
    }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
