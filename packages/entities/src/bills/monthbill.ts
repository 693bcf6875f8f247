import { date, integer, numeric, varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import type { FieldInput } from '../kinds.ts';
import { label } from '../label.ts';
import {
  computed,
  headerTable,
  lineFields,
  lineTable,
  locks,
  relabel,
  reviewColumns,
  reviewFields,
  stateColumns,
  stateFields,
  unlisted,
} from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';

const price = () => numeric({ precision: 18, scale: 4 });
const stageNames = ['一', '二', '三', '四', '五', '六'];
const stagePrice = (n: number): FieldInput =>
  f.money(label(`第${stageNames[n - 1]}阶段单价`, `第${stageNames[n - 1]}階段單價`, `Stage ${n} price`), {
    scale: 4,
    min: 0,
    list: false,
  });

/**
 * Monthly bill lines (spec 02 §3.5 monthbilldetail): storage billed by stages of storage
 * time. The six stage prices come from the agreement; the line's days in storage decide its
 * stage (1 to 6) and the price applied (`price`), and the amount follows.
 */
export const monthbilldetailTable = lineTable('bl_monthbilldetail', {
  instockDate: date(),
  storageDays: integer(),
  stage: varchar({ length: 8 }),
  price1: price(),
  price2: price(),
  price3: price(),
  price4: price(),
  price5: price(),
  price6: price(),
  amount: numeric({ precision: 18, scale: 2 }),
});

export const monthbilldetail = defineEntity({
  name: 'monthbilldetail',
  service: 'bl-acct',
  area: 'otherBill',
  parent: 'monthbill',
  label: label('月结账单明细', '月結賬單明細', 'Monthly bill line'),
  table: monthbilldetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...lineFields,
    barcode: unlisted(lineFields.barcode),
    unitCode: unlisted(lineFields.unitCode),
    qtyWeg: unlisted(lineFields.qtyWeg),
    board: unlisted(lineFields.board),
    volume: unlisted(lineFields.volume),
    warehousePlaceCode: unlisted(lineFields.warehousePlaceCode),
    price: computed(
      relabel(lineFields.price, label('适用单价', '適用單價', 'Price applied'), { list: false }),
    ),
    instockDate: f.date(label('入库日期', '入庫日期', 'Received on')),
    storageDays: computed(f.integer(label('仓储天数', '倉儲天數', 'Days in storage'), { min: 0 })),
    stage: computed(f.dict(label('计费阶段', '計費階段', 'Stage'), 'monthBillStage')),
    price1: stagePrice(1),
    price2: stagePrice(2),
    price3: stagePrice(3),
    price4: stagePrice(4),
    price5: stagePrice(5),
    price6: stagePrice(6),
    amount: computed(f.money(label('金额', '金額', 'Amount'))),
  },
});

/** Monthly bills (spec 02 §3.5 monthbill): an owner's storage charges for one period. */
export const monthbillTable = headerTable('bl_monthbill', {
  periodStart: date().notNull(),
  periodEnd: date().notNull(),
  ...reviewColumns(),
  ...stateColumns(),
});

export const monthbill = defineEntity({
  name: 'monthbill',
  service: 'bl-acct',
  area: 'otherBill',
  label: label('月结账单', '月結賬單', 'Monthly bill'),
  table: monthbillTable,
  titleField: 'billNo',
  children: [billDetails(() => monthbilldetail)],
  flow: { locks: [locks.reviewed(), locks.pastNew()] },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    customerCode: { ...billHeaderFields.customerCode, required: true },
    totalAmount: { ...billHeaderFields.totalAmount, list: true },
    periodStart: f.date(label('期间开始', '期間開始', 'Period from'), { required: true, sortable: true }),
    periodEnd: f.date(label('期间结束', '期間結束', 'Period to'), { required: true, sortable: true }),
    ...reviewFields,
    ...stateFields,
  },
});
