import { sql } from 'drizzle-orm';
import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Bill types (spec 02 §3.4 billtype): the kinds of inbound, outbound and internal bills a
 * tenant uses (purchase receipt, return, sales delivery…), whether their bills need review
 * by default, and the prefix of their bill numbers.
 */
export const billTypeTable = pgTable(
  'bl_billtype',
  {
    ...entityColumns(),
    code: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 128 }).notNull(),
    direction: varchar({ length: 8 }).notNull(),
    isReview: varchar({ length: 1 }).notNull().default('0'),
    prefix: varchar({ length: 16 }),
    remark: varchar({ length: 500 }),
  },
  (t) => [uniqueIndex('bl_billtype_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`)],
);

export const billtype = defineEntity({
  name: 'billtype',
  service: 'bl-wms',
  area: 'basicData',
  label: label('单据类型', '單據類型', 'Bill type'),
  table: billTypeTable,
  fields: {
    ...commonFields,
    code: f.text(label('类型编码', '類型編碼', 'Type code'), { required: true, maxLength: 64, unique: true }),
    name: f.text(label('类型名称', '類型名稱', 'Type name'), { required: true, maxLength: 128 }),
    direction: f.dict(label('单据方向', '單據方向', 'Direction'), 'billDirection', { required: true }),
    isReview: f.flag(label('需要审核', '需要審核', 'Review required'), { defaultValue: '0' }),
    prefix: f.text(label('单号前缀', '單號前綴', 'Bill number prefix'), { maxLength: 16, search: 'none' }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500, list: true }),
  },
});
