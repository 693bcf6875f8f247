import { sql } from 'drizzle-orm';
import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/** Packing methods (spec 02 §3.7 basicpackge, spelt as in the spec): cartons, pallets, crates… */
export const basicpackgeTable = pgTable(
  'bl_basicpackge',
  {
    ...entityColumns(),
    packgeCode: varchar({ length: 64 }).notNull(),
    packgeName: varchar({ length: 64 }).notNull(),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_basicpackge_packge_code_uq').on(t.tenantId, t.packgeCode).where(sql`is_deleted = 0`),
  ],
);

export const basicpackge = defineEntity({
  name: 'basicpackge',
  service: 'bl-tms',
  area: 'transport',
  label: label('包装方式', '包裝方式', 'Packing method'),
  table: basicpackgeTable,
  titleField: 'packgeName',
  fields: {
    ...commonFields,
    packgeCode: f.text(label('包装方式编码', '包裝方式編碼', 'Packing method code'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    packgeName: f.text(label('包装方式名称', '包裝方式名稱', 'Packing method name'), {
      required: true,
      maxLength: 64,
    }),
    remark: f.text(label('备注', '備註', 'Remark'), { maxLength: 500, search: 'none' }),
  },
});
