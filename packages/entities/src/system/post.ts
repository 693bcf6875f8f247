import { sql } from 'drizzle-orm';
import { integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Posts (spec 02 §3.2 post): the job positions users and staff hold, e.g. warehouse keeper,
 * forklift driver, billing clerk, grouped by SpringBlade's post categories.
 */
export const postTable = pgTable(
  'bl_post',
  {
    ...entityColumns(),
    category: varchar({ length: 8 }).notNull().default('3'),
    postCode: varchar({ length: 64 }).notNull(),
    postName: varchar({ length: 64 }).notNull(),
    sort: integer().notNull().default(0),
    remark: varchar({ length: 500 }),
  },
  (t) => [uniqueIndex('bl_post_post_code_uq').on(t.tenantId, t.postCode).where(sql`is_deleted = 0`)],
);

export const post = defineEntity({
  name: 'post',
  service: 'bl-system',
  area: 'system',
  label: label('岗位管理', '崗位管理', 'Posts'),
  table: postTable,
  titleField: 'postName',
  defaultSort: { field: 'sort', order: 'asc' },
  fields: {
    ...commonFields,
    category: f.dict(label('岗位类型', '崗位類型', 'Post category'), 'postCategory', {
      required: true,
      defaultValue: '3',
    }),
    postCode: f.text(label('岗位编号', '崗位編號', 'Post code'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    postName: f.text(label('岗位名称', '崗位名稱', 'Post name'), { required: true, maxLength: 64 }),
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
