import { sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Material categories (spec 02 §3.4 category), a tree by `parentCode`. A category may turn the
 * stock status of its goods automatically (§4): when `ifChangeStatus` is on, stock received
 * `changeTime` days ago becomes `changeStatus` (available, quality inspection or frozen); the
 * job that does it stamps `lastChangeTime`.
 */
export const categoryTable = pgTable(
  'bl_category',
  {
    ...entityColumns(),
    code: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 128 }).notNull(),
    parentCode: varchar({ length: 64 }),
    ifChangeStatus: varchar({ length: 1 }).notNull().default('0'),
    changeStatus: varchar({ length: 8 }),
    changeTime: integer(),
    lastChangeTime: timestamp({ withTimezone: true }),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_category_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`),
    index('bl_category_parent_idx').on(t.tenantId, t.parentCode),
  ],
);

export const category = defineEntity({
  name: 'category',
  service: 'bl-wms',
  area: 'basicData',
  label: label('物料分类', '物料分類', 'Material category'),
  table: categoryTable,
  unfilled: {
    lastChangeTime: 'by nature: stamped when a due status change (the sweep) moves its stock',
  },
  fields: {
    ...commonFields,
    code: f.text(label('分类编码', '分類編碼', 'Category code'), {
      required: true,
      maxLength: 64,
      unique: true,
    }),
    name: f.text(label('分类名称', '分類名稱', 'Category name'), { required: true, maxLength: 128 }),
    parentCode: f.ref(label('上级分类', '上級分類', 'Parent category'), 'category'),
    ifChangeStatus: f.flag(
      label('自动转换库存状态', '自動轉換庫存狀態', 'Change stock status automatically'),
      {
        defaultValue: '0',
      },
    ),
    changeStatus: f.dict(label('转换后状态', '轉換後狀態', 'Status after change'), 'stockStatus'),
    changeTime: f.integer(label('转换天数', '轉換天數', 'Change after (days)'), { min: 0, max: 36500 }),
    lastChangeTime: f.datetime(label('上次转换时间', '上次轉換時間', 'Last changed at'), {
      form: 'readonly',
      sortable: true,
    }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
