import { sql } from 'drizzle-orm';
import { integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Workflow categories (spec 02 §3.2 wfcategory, fields not shown): the groups process models
 * and deployments are filed under, e.g. leave, purchase approval. The code is what a
 * deployment's category keeps.
 */
export const wfcategoryTable = pgTable(
  'bl_wfcategory',
  {
    ...entityColumns(),
    code: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 64 }).notNull(),
    sort: integer().notNull().default(0),
    remark: varchar({ length: 500 }),
  },
  (t) => [uniqueIndex('bl_wfcategory_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`)],
);

export const wfcategory = defineEntity({
  name: 'wfcategory',
  service: 'bl-system',
  area: 'system',
  label: label('流程分类', '流程分類', 'Workflow categories'),
  table: wfcategoryTable,
  defaultSort: { field: 'sort', order: 'asc' },
  fields: {
    ...commonFields,
    code: f.text(label('分类编码', '分類編碼', 'Category code'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    name: f.text(label('分类名称', '分類名稱', 'Category name'), { required: true, maxLength: 64 }),
    sort: f.integer(label('排序', '排序', 'Sort order'), {
      required: true,
      min: 0,
      max: 99999,
      defaultValue: 0,
      sortable: true,
    }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
