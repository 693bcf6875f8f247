import { date, integer, numeric } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import { computed, headerOnlyFields, headerTable, relabel, reviewColumns, reviewFields } from './blocks.ts';
import { feeBillFlow } from './fee-actions.ts';

/**
 * Rent-warehouse bills (spec 02 §3.5 rentwarehousebill; its fields are not shown, so designed
 * here): floor space let to an owner by area, from a start to an end date, at a price per m²
 * and day; the amount is area × days × price. No lines.
 */
export const rentwarehousebillTable = headerTable('bl_rentwarehousebill', {
  rentArea: numeric({ precision: 18, scale: 4 }).notNull(),
  startDate: date().notNull(),
  endDate: date().notNull(),
  dayPrice: numeric({ precision: 18, scale: 4 }).notNull(),
  rentDays: integer(),
  amount: numeric({ precision: 18, scale: 2 }),
  ...reviewColumns(),
});

export const rentwarehousebill = defineEntity({
  name: 'rentwarehousebill',
  service: 'bl-acct',
  area: 'otherBill',
  label: label('租仓单', '租倉單', 'Warehouse rent bill'),
  table: rentwarehousebillTable,
  flow: feeBillFlow,
  titleField: 'billNo',
  fields: {
    ...commonFields,
    ...headerOnlyFields,
    customerCode: { ...headerOnlyFields.customerCode, required: true },
    warehouseAreaCode: relabel(
      headerOnlyFields.warehouseAreaCode,
      label('租赁库区', '租賃庫區', 'Rented area'),
    ),
    rentArea: f.decimal(label('租赁面积（㎡）', '租賃面積（㎡）', 'Area (m²)'), 4, {
      required: true,
      min: 0,
    }),
    startDate: f.date(label('开始日期', '開始日期', 'Start date'), { required: true, sortable: true }),
    endDate: f.date(label('结束日期', '結束日期', 'End date'), { required: true, sortable: true }),
    dayPrice: f.money(label('单价（元/㎡/天）', '單價（元/㎡/天）', 'Price per m² per day'), {
      scale: 4,
      min: 0,
      required: true,
    }),
    rentDays: computed(f.integer(label('租赁天数', '租賃天數', 'Days'), { min: 0, list: false })),
    amount: computed(f.money(label('金额', '金額', 'Amount'))),
    ...reviewFields,
  },
});
