import { sql } from 'drizzle-orm';
import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Quantity statuses of stock-stream rows (spec 02 §3.4 streamqtystatus, §4): the values of a
 * stream row's instockStatus and outstockStatus, and whether movements in that status count
 * toward storage fees (1 counts toward fee; 2, a conversion, does not).
 */
export const streamQtyStatusTable = pgTable(
  'bl_streamqtystatus',
  {
    ...entityColumns(),
    code: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 128 }).notNull(),
    countsTowardFee: varchar({ length: 1 }).notNull().default('1'),
    remark: varchar({ length: 500 }),
  },
  (t) => [uniqueIndex('bl_streamqtystatus_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`)],
);

export const streamqtystatus = defineEntity({
  name: 'streamqtystatus',
  service: 'bl-wms',
  area: 'basicData',
  label: label('流水数量状态', '流水數量狀態', 'Stock-stream quantity status'),
  table: streamQtyStatusTable,
  fields: {
    ...commonFields,
    code: f.text(label('状态编码', '狀態編碼', 'Status code'), {
      required: true,
      maxLength: 64,
      unique: true,
    }),
    name: f.text(label('状态名称', '狀態名稱', 'Status name'), { required: true, maxLength: 128 }),
    countsTowardFee: f.flag(label('计入费用', '計入費用', 'Counts toward fee'), { defaultValue: '1' }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500, list: true }),
  },
});
