import { sql } from 'drizzle-orm';
import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Porters (spec 02 §3.4 porter): the stevedores who load and unload, often hired per team;
 * handling bills name them so handling labour can be paid and charged.
 */
export const porterTable = pgTable(
  'bl_porter',
  {
    ...entityColumns(),
    code: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 64 }).notNull(),
    phone: varchar({ length: 32 }),
    team: varchar({ length: 64 }),
    remark: varchar({ length: 500 }),
  },
  (t) => [uniqueIndex('bl_porter_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`)],
);

export const porter = defineEntity({
  name: 'porter',
  service: 'bl-wms',
  area: 'basicData',
  label: label('装卸工', '裝卸工', 'Porter'),
  table: porterTable,
  fields: {
    ...commonFields,
    code: f.text(label('工号', '工號', 'Porter no.'), { required: true, maxLength: 64, unique: true }),
    name: f.text(label('姓名', '姓名', 'Name'), { required: true, maxLength: 64 }),
    phone: f.text(label('手机', '手機', 'Mobile'), { format: 'mobile', maxLength: 32 }),
    team: f.text(label('班组', '班組', 'Team'), { maxLength: 64 }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500, list: true }),
  },
});
