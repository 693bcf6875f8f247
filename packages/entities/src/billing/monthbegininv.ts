import { sql } from 'drizzle-orm';
import { date, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

const qty = () => numeric({ precision: 18, scale: 4 });

/**
 * Month-start inventory (spec 02 §3.9 monthbegininv): each owner's stock per warehouse and
 * material on the first day of a billing month (`costDate`), carried forward by the month
 * close or entered when a tenant starts; the monthly reports and storage charges open from it.
 * One row per owner, warehouse, material and month. `warehouseName` keeps the warehouse's name
 * as it was that month.
 */
export const monthBeginInvTable = pgTable(
  'bl_monthbegininv',
  {
    ...entityColumns(),
    customerCode: varchar({ length: 64 }).notNull(),
    warehouseCode: varchar({ length: 64 }).notNull(),
    warehouseName: varchar({ length: 128 }),
    costDate: date().notNull(),
    materialCode: varchar({ length: 64 }).notNull(),
    qty: qty(),
    qtyWeg: qty(),
    weg: qty(),
    boardQty: qty(),
    volume: qty(),
    costType: varchar({ length: 64 }),
  },
  (t) => [
    uniqueIndex('bl_monthbegininv_uq')
      .on(t.tenantId, t.customerCode, t.warehouseCode, t.costDate, t.materialCode)
      .where(sql`is_deleted = 0`),
  ],
);

export const monthbegininv = defineEntity({
  name: 'monthbegininv',
  service: 'bl-acct',
  area: 'acct',
  label: label('月初库存', '月初庫存', 'Month-start stock'),
  table: monthBeginInvTable,
  titleField: 'materialCode',
  defaultSort: { field: 'costDate', order: 'desc' },
  uniqueKeys: [['customerCode', 'warehouseCode', 'costDate', 'materialCode']],
  // The month close and its reopening (modules/billing/period-close.ts, ADR 0031): `close`
  // writes the next month's rows from the ledger, `reopen` undoes the latest close.
  actions: ['close', 'reopen'],
  fields: {
    ...commonFields,
    customerCode: f.ref(label('货主', '貨主', 'Owner'), 'customer', { required: true }),
    warehouseCode: f.ref(label('仓库', '倉庫', 'Warehouse'), 'warehouse', { required: true }),
    warehouseName: f.text(label('仓库名称', '倉庫名稱', 'Warehouse name'), {
      maxLength: 128,
      form: 'readonly',
      list: false,
      search: 'none',
      // The period close writes it; a typed record gets it from the warehouse (issue 29, 12).
      nameOf: 'warehouseCode',
    }),
    costDate: f.date(label('月初日期', '月初日期', 'Month start'), { required: true, sortable: true }),
    materialCode: f.ref(label('物料', '物料', 'Material'), 'material', { required: true }),
    qty: f.decimal(label('数量', '數量', 'Quantity'), 4, { min: 0 }),
    qtyWeg: f.decimal(label('重量（KG）', '重量（KG）', 'Weight (kg)'), 4, { min: 0, list: false }),
    weg: f.decimal(label('重量（吨）', '重量（噸）', 'Weight (t)'), 4, { min: 0 }),
    boardQty: f.decimal(label('板数', '板數', 'Pallets'), 4, { min: 0 }),
    volume: f.decimal(label('体积（立方米）', '體積（立方米）', 'Volume (m³)'), 4, { min: 0 }),
    costType: f.ref(label('费用类型', '費用類型', 'Cost type'), 'costtype'),
  },
});
