import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Fee agreements with an owner (spec 02 §3.4 lgagreement), named on bills by `agreementCode`.
 * For its period it sets storage and handling prices, a package-warehouse price (a whole area
 * rented at a flat price, by `packageWarehouseUnit`, for `packageWarehouseQty` square metres or
 * pallet positions), a fixed cost per cycle of `cycleDays`, and how much the owner may owe.
 */
export const lgAgreementTable = pgTable(
  'bl_lgagreement',
  {
    ...entityColumns(),
    agreementCode: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 128 }),
    customerCode: varchar({ length: 64 }).notNull(),
    startDate: date().notNull(),
    endDate: date(),
    chargeBasis: varchar({ length: 8 }),
    storagePrice: numeric({ precision: 18, scale: 4 }),
    loadPrice: numeric({ precision: 18, scale: 4 }),
    unloadPrice: numeric({ precision: 18, scale: 4 }),
    packageWarehousePrice: numeric({ precision: 18, scale: 4 }),
    packageWarehouseUnit: varchar({ length: 8 }),
    packageWarehouseQty: numeric({ precision: 18, scale: 4 }),
    cycleCost: numeric({ precision: 18, scale: 4 }),
    cycleDays: integer(),
    owingLimit: numeric({ precision: 18, scale: 4 }),
    paymentDays: integer(),
    agreementStatus: varchar({ length: 8 }).notNull().default('1'),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_lgagreement_agreement_code_uq')
      .on(t.tenantId, t.agreementCode)
      .where(sql`is_deleted = 0`),
    index('bl_lgagreement_customer_idx').on(t.tenantId, t.customerCode),
  ],
);

export const lgagreement = defineEntity({
  name: 'lgagreement',
  service: 'bl-wms',
  area: 'basicData',
  label: label('费用协议', '費用協議', 'Fee agreement'),
  table: lgAgreementTable,
  // An agreement is one owner's contract: no other owner's bill may name it.
  owned: { field: 'customerCode' },
  titleField: 'agreementCode',
  defaultSort: { field: 'startDate', order: 'desc' },
  fields: {
    ...commonFields,
    agreementCode: f.text(label('协议编号', '協議編號', 'Agreement no.'), {
      required: true,
      maxLength: 64,
      unique: true,
    }),
    name: f.text(label('协议名称', '協議名稱', 'Agreement name'), { maxLength: 128 }),
    customerCode: f.ref(label('货主', '貨主', 'Owner'), 'customer', { required: true }),
    startDate: f.date(label('开始日期', '開始日期', 'Start date'), { required: true, sortable: true }),
    endDate: f.date(label('结束日期', '結束日期', 'End date'), { sortable: true }),
    chargeBasis: f.dict(label('仓储计费方式', '倉儲計費方式', 'Storage charge basis'), 'chargeBasis', {
      list: false,
    }),
    storagePrice: f.money(label('仓储单价', '倉儲單價', 'Storage price'), { scale: 4, min: 0 }),
    loadPrice: f.money(label('装车单价', '裝車單價', 'Loading price'), { scale: 4, min: 0 }),
    unloadPrice: f.money(label('卸车单价', '卸車單價', 'Unloading price'), { scale: 4, min: 0 }),
    packageWarehousePrice: f.money(label('包仓单价', '包倉單價', 'Package-warehouse price'), {
      scale: 4,
      min: 0,
      list: false,
    }),
    packageWarehouseUnit: f.dict(
      label('包仓计价单位', '包倉計價單位', 'Package-warehouse pricing unit'),
      'packageWarehouseUnit',
      { list: false },
    ),
    packageWarehouseQty: f.decimal(label('包仓数量', '包倉數量', 'Package-warehouse quantity'), 4, {
      min: 0,
      list: false,
    }),
    cycleCost: f.money(label('周期费用', '週期費用', 'Cycle cost'), { scale: 4, min: 0, list: false }),
    cycleDays: f.integer(label('周期天数', '週期天數', 'Cycle (days)'), { min: 1, max: 3660, list: false }),
    owingLimit: f.money(label('欠费额度', '欠費額度', 'Owing limit'), { scale: 4, min: 0 }),
    // The payment terms: a bill falls due this many days after its period ends; empty is 30
    // (receivables ageing, docs/adr/0039-receivables-ageing.md).
    paymentDays: f.integer(label('账期（天）', '帳期（天）', 'Payment terms (days)'), { min: 0, max: 366 }),
    agreementStatus: f.dict(label('协议状态', '協議狀態', 'Agreement status'), 'agreementStatus', {
      required: true,
      defaultValue: '1',
    }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
