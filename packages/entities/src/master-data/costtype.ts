import { sql } from 'drizzle-orm';
import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Cost types (spec 02 §3.4 costtype): the charges that appear on cost bills and employee
 * costs (storage, loading, labelling, freight…), grouped in categories, with the unit they
 * are charged by.
 */
export const costTypeTable = pgTable(
  'bl_costtype',
  {
    ...entityColumns(),
    code: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 128 }).notNull(),
    category: varchar({ length: 8 }).notNull(),
    unitCode: varchar({ length: 32 }),
    remark: varchar({ length: 500 }),
  },
  (t) => [uniqueIndex('bl_costtype_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`)],
);

export const costtype = defineEntity({
  name: 'costtype',
  service: 'bl-wms',
  area: 'basicData',
  label: label('费用类型', '費用類型', 'Cost type'),
  table: costTypeTable,
  fields: {
    ...commonFields,
    code: f.text(label('费用编码', '費用編碼', 'Cost type code'), {
      required: true,
      maxLength: 64,
      unique: true,
    }),
    name: f.text(label('费用名称', '費用名稱', 'Cost type name'), { required: true, maxLength: 128 }),
    category: f.dict(label('费用大类', '費用大類', 'Cost category'), 'costCategory', { required: true }),
    unitCode: f.ref(label('计费单位', '計費單位', 'Charging unit'), 'unit', { maxLength: 32 }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500, list: true }),
  },
});
