import { sql } from 'drizzle-orm';
import { integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Put-away and pick-down strategies (spec 02 §3.4 strategy): how the warehouse proposes a
 * location to store into (put-away) or take stock from (pick-down). Materials name their
 * default strategies; owners may override them (customstrategy). A smaller priority number is
 * tried first.
 */
export const strategyTable = pgTable(
  'bl_strategy',
  {
    ...entityColumns(),
    code: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 128 }).notNull(),
    type: varchar({ length: 8 }).notNull(),
    rule: varchar({ length: 8 }).notNull(),
    priority: integer().notNull().default(0),
    remark: varchar({ length: 500 }),
  },
  (t) => [uniqueIndex('bl_strategy_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`)],
);

export const strategy = defineEntity({
  name: 'strategy',
  service: 'bl-wms',
  area: 'basicData',
  label: label('上下架策略', '上下架策略', 'Put-away / pick-down strategy'),
  table: strategyTable,
  fields: {
    ...commonFields,
    code: f.text(label('策略编码', '策略編碼', 'Strategy code'), {
      required: true,
      maxLength: 64,
      unique: true,
    }),
    name: f.text(label('策略名称', '策略名稱', 'Strategy name'), { required: true, maxLength: 128 }),
    type: f.dict(label('策略类型', '策略類型', 'Strategy type'), 'strategyType', { required: true }),
    rule: f.dict(label('策略规则', '策略規則', 'Rule'), 'strategyRule', { required: true }),
    priority: f.integer(label('优先级', '優先級', 'Priority'), {
      required: true,
      min: 0,
      max: 9999,
      defaultValue: 0,
      sortable: true,
    }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500, list: true }),
  },
});
