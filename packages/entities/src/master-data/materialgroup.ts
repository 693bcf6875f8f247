import { sql } from 'drizzle-orm';
import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/** Material groups (spec 02 §3.4 materialgroup): groupings of materials for reports and billing. */
export const materialGroupTable = pgTable(
  'bl_materialgroup',
  {
    ...entityColumns(),
    code: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 128 }).notNull(),
    remark: varchar({ length: 500 }),
  },
  (t) => [uniqueIndex('bl_materialgroup_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`)],
);

export const materialgroup = defineEntity({
  name: 'materialgroup',
  service: 'bl-wms',
  area: 'basicData',
  label: label('物料组', '物料組', 'Material group'),
  table: materialGroupTable,
  fields: {
    ...commonFields,
    code: f.text(label('物料组编码', '物料組編碼', 'Group code'), {
      required: true,
      maxLength: 64,
      unique: true,
    }),
    name: f.text(label('物料组名称', '物料組名稱', 'Group name'), { required: true, maxLength: 128 }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500, list: true }),
  },
});
