import { sql } from 'drizzle-orm';
import { numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Customer levels (spec 02 §3.10, "level"): grades such as VIP, key account or standard, each
 * with the credit limit a new credit line of that grade starts from and the discount its
 * members get, as a whole percentage 0 to 100 (10 means 10 percent off).
 */
export const customerLevelTable = pgTable(
  'bl_customerlevel',
  {
    ...entityColumns(),
    code: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 128 }).notNull(),
    creditLimit: numeric({ precision: 18, scale: 2 }),
    discountRate: numeric({ precision: 18, scale: 4 }),
    remark: varchar({ length: 500 }),
  },
  (t) => [uniqueIndex('bl_customerlevel_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`)],
);

export const customerlevel = defineEntity({
  name: 'customerlevel',
  service: 'bl-scm',
  area: 'supplyChain',
  label: label('客户等级', '客戶等級', 'Customer level'),
  table: customerLevelTable,
  defaultSort: { field: 'code', order: 'asc' },
  fields: {
    ...commonFields,
    code: f.text(label('等级编码', '等級編碼', 'Level code'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    name: f.text(label('等级名称', '等級名稱', 'Level name'), { required: true, maxLength: 128 }),
    creditLimit: f.money(label('默认信用额度', '預設信用額度', 'Default credit limit'), { min: 0 }),
    discountRate: f.decimal(label('折扣率（%）', '折扣率（%）', 'Discount (%)'), 4, { min: 0, max: 100 }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500, list: true }),
  },
});
