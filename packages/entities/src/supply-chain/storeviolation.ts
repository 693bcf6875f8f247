import { date, index, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Store violations (spec 02 §3.10 store settlement): a breach by a store (an expired licence,
 * a food-safety problem, late payment…), the penalty charged for it and whether it has been
 * dealt with. Stores are named by code and name as text, as in storecredential.
 */
export const storeViolationTable = pgTable(
  'bl_storeviolation',
  {
    ...entityColumns(),
    storeCode: varchar({ length: 64 }).notNull(),
    storeName: varchar({ length: 128 }),
    violationDate: date().notNull(),
    violationType: varchar({ length: 8 }).notNull(),
    description: varchar({ length: 2000 }),
    penaltyAmount: numeric({ precision: 18, scale: 2 }),
    handled: varchar({ length: 1 }).notNull().default('0'),
    handleResult: varchar({ length: 500 }),
  },
  (t) => [index('bl_storeviolation_store_idx').on(t.tenantId, t.storeCode, t.violationDate)],
);

export const storeviolation = defineEntity({
  name: 'storeviolation',
  service: 'bl-scm',
  area: 'supplyChain',
  label: label('门店违规', '門店違規', 'Store violation'),
  table: storeViolationTable,
  titleField: 'storeCode',
  defaultSort: { field: 'violationDate', order: 'desc' },
  fields: {
    ...commonFields,
    storeCode: f.text(label('门店编码', '門店編碼', 'Store code'), {
      required: true,
      maxLength: 64,
      search: 'equal',
    }),
    storeName: f.text(label('门店名称', '門店名稱', 'Store name'), { maxLength: 128 }),
    violationDate: f.date(label('违规日期', '違規日期', 'Date'), { required: true, sortable: true }),
    violationType: f.dict(label('违规类型', '違規類型', 'Violation type'), 'scmViolationType', {
      required: true,
    }),
    description: f.textarea(label('违规描述', '違規描述', 'Description'), { maxLength: 2000 }),
    penaltyAmount: f.money(label('罚款金额', '罰款金額', 'Penalty'), { min: 0 }),
    handled: f.flag(label('已处理', '已處理', 'Handled'), { defaultValue: '0' }),
    handleResult: f.text(label('处理结果', '處理結果', 'Outcome'), { maxLength: 500, list: false }),
  },
});
