import { index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Strategies configured per owner (spec 02 §3.4 customstrategy): an owner's own put-away or
 * pick-down strategy, optionally only for one material or one storage area. A smaller
 * priority number is tried first (as in strategy).
 */
export const customStrategyTable = pgTable(
  'bl_customstrategy',
  {
    ...entityColumns(),
    customerCode: varchar({ length: 64 }).notNull(),
    strategyCode: varchar({ length: 64 }).notNull(),
    materialCode: varchar({ length: 64 }),
    warehouseAreaCode: varchar({ length: 64 }),
    priority: integer().notNull().default(0),
    remark: varchar({ length: 500 }),
  },
  (t) => [index('bl_customstrategy_customer_idx').on(t.tenantId, t.customerCode)],
);

export const customstrategy = defineEntity({
  name: 'customstrategy',
  service: 'bl-wms',
  area: 'basicData',
  label: label('货主策略', '貨主策略', 'Owner strategy'),
  table: customStrategyTable,
  titleField: 'customerCode',
  fields: {
    ...commonFields,
    customerCode: f.ref(label('货主', '貨主', 'Owner'), 'customer', { required: true }),
    strategyCode: f.ref(label('策略', '策略', 'Strategy'), 'strategy', { required: true }),
    materialCode: f.ref(label('物料', '物料', 'Material'), 'material'),
    warehouseAreaCode: f.ref(label('库区', '庫區', 'Storage area'), 'warehousearea'),
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
