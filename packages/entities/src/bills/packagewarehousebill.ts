import { date, numeric, varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import {
  computed,
  headerOnlyFields,
  headerTable,
  locks,
  relabel,
  reviewColumns,
  reviewFields,
} from './blocks.ts';
import { reviewActions } from './fee-actions.ts';

/**
 * Package-warehouse bills (spec 01 /otherBill packagewarehousebill): an area rented whole to an
 * owner for a period at a flat price (per m² or pallet position and month, flat per month, or
 * per day: `packageWarehouseUnit`, as on the agreement), whatever goods it holds. Goods move in
 * and out of it by packagetemporarybill / temporarypackagebill. No lines.
 */
export const packagewarehousebillTable = headerTable('bl_packagewarehousebill', {
  rentArea: numeric({ precision: 18, scale: 4 }).notNull(),
  packageWarehouseUnit: varchar({ length: 8 }),
  startDate: date().notNull(),
  endDate: date().notNull(),
  price: numeric({ precision: 18, scale: 4 }),
  amount: numeric({ precision: 18, scale: 2 }),
  ...reviewColumns(),
});

export const packagewarehousebill = defineEntity({
  name: 'packagewarehousebill',
  service: 'bl-acct',
  area: 'otherBill',
  label: label('包仓单', '包倉單', 'Package-warehouse bill'),
  table: packagewarehousebillTable,
  flow: {
    status: 'isReview',
    locks: [locks.reviewed()],
    // No stock of its own: reviewing makes the rented area count, and lets conversions name it.
    actions: {
      ...reviewActions(
        label(
          '确定审核选择的包仓单？审核后可被转换单引用。',
          '確定審核選擇的包倉單？審核後可被轉換單引用。',
          'Review the selected package-warehouse bills? Conversions can then name them.',
        ),
        label(
          '确定反审核选择的包仓单？',
          '確定反審核選擇的包倉單？',
          'Un-review the selected package-warehouse bills?',
        ),
      ),
    },
  },
  titleField: 'billNo',
  fields: {
    ...commonFields,
    ...headerOnlyFields,
    customerCode: { ...headerOnlyFields.customerCode, required: true },
    warehouseAreaCode: relabel(
      headerOnlyFields.warehouseAreaCode,
      label('包仓库区', '包倉庫區', 'Rented area'),
      {
        required: true,
        list: true,
      },
    ),
    rentArea: f.decimal(
      label('包仓数量（㎡/板位）', '包倉數量（㎡/板位）', 'Rented size (m² / pallets)'),
      4,
      {
        required: true,
        min: 0,
      },
    ),
    packageWarehouseUnit: f.dict(label('计价单位', '計價單位', 'Pricing unit'), 'packageWarehouseUnit', {
      list: false,
    }),
    startDate: f.date(label('开始日期', '開始日期', 'Start date'), { required: true, sortable: true }),
    endDate: f.date(label('结束日期', '結束日期', 'End date'), { required: true, sortable: true }),
    price: f.money(label('包仓单价', '包倉單價', 'Price'), { scale: 4, min: 0 }),
    amount: computed(f.money(label('金额', '金額', 'Amount'))),
    ...reviewFields,
  },
});
