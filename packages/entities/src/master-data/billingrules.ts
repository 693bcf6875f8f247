import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Billing rules (spec 02 §3.4 billingrules), with exactly the spec's fields: storage is billed
 * per period of `storageTime` days; when `isSubsectBill` is on, each further period costs
 * `storageIncreasePrice` more, up to `storageHighestPrice`. Handling is billed per load and
 * unload; the moduli scale billed and processing quantities.
 */
export const billingRulesTable = pgTable(
  'bl_billingrules',
  {
    ...entityColumns(),
    code: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 128 }).notNull(),
    customerCode: varchar({ length: 64 }),
    storageTime: integer(),
    isSubsectBill: varchar({ length: 1 }).notNull().default('0'),
    storagePrice: numeric({ precision: 18, scale: 4 }),
    loadPrice: numeric({ precision: 18, scale: 4 }),
    unloadPrice: numeric({ precision: 18, scale: 4 }),
    storageIncreasePrice: numeric({ precision: 18, scale: 4 }),
    storageHighestPrice: numeric({ precision: 18, scale: 4 }),
    billingModulus: numeric({ precision: 18, scale: 6 }),
    machiningModulus: numeric({ precision: 18, scale: 6 }),
  },
  (t) => [
    uniqueIndex('bl_billingrules_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`),
    index('bl_billingrules_customer_idx').on(t.tenantId, t.customerCode),
  ],
);

export const billingrules = defineEntity({
  name: 'billingrules',
  service: 'bl-wms',
  area: 'basicData',
  label: label('计费规则', '計費規則', 'Billing rule'),
  table: billingRulesTable,
  // A rule without an owner is the default every owner is billed by.
  owned: { field: 'customerCode', shared: true },
  fields: {
    ...commonFields,
    code: f.text(label('规则编码', '規則編碼', 'Rule code'), { required: true, maxLength: 64, unique: true }),
    name: f.text(label('规则名称', '規則名稱', 'Rule name'), { required: true, maxLength: 128 }),
    customerCode: f.ref(label('货主', '貨主', 'Owner'), 'customer'),
    storageTime: f.integer(label('仓储计费周期（天）', '倉儲計費週期（天）', 'Storage period (days)'), {
      min: 0,
      max: 36500,
    }),
    isSubsectBill: f.flag(label('分段计费', '分段計費', 'Billed in stages'), { defaultValue: '0' }),
    storagePrice: f.money(label('仓储单价', '倉儲單價', 'Storage price'), { scale: 4, min: 0 }),
    loadPrice: f.money(label('装车单价', '裝車單價', 'Loading price'), { scale: 4, min: 0 }),
    unloadPrice: f.money(label('卸车单价', '卸車單價', 'Unloading price'), { scale: 4, min: 0 }),
    storageIncreasePrice: f.money(label('仓储递增单价', '倉儲遞增單價', 'Storage price step'), {
      scale: 4,
      min: 0,
    }),
    storageHighestPrice: f.money(label('仓储最高单价', '倉儲最高單價', 'Storage price cap'), {
      scale: 4,
      min: 0,
    }),
    billingModulus: f.decimal(label('计费系数', '計費係數', 'Billing factor'), 6, { min: 0, list: false }),
    machiningModulus: f.decimal(label('加工系数', '加工係數', 'Processing factor'), 6, {
      min: 0,
      list: false,
    }),
  },
});
