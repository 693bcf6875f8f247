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
} from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';
import { reviewActions } from './fee-actions.ts';
import { provisionalColumns, provisionalFields } from './provisional.ts';

const price = () => numeric({ precision: 18, scale: 4 });
const stageNames = ['一', '二', '三', '四', '五', '六'];
const stagePrice = (n: number): FieldInput =>
  computed(
    f.money(label(`第${stageNames[n - 1]}阶段单价`, `第${stageNames[n - 1]}階段單價`, `Stage ${n} price`), {
      scale: 4,
      min: 0,
      list: false,
    }),
  );

/** Out of the lists and the view. */
const quiet = (field: FieldInput): FieldInput => ({ ...field, list: false, view: false });
/** The line fields that name the lot (header, line number, material, batch, spare fields). */
const { price: _price, qty: _qty, weg: _weg, board: _board, volume: _volume, ...lotFields } = lineFields;

/**
 * Monthly bill lines (spec 02 §3.5 monthbilldetail): storage billed by stages of storage
 * time, one line per receipt lot held in the period. The six stage prices come from the
 * owner's agreement and billing rule; the lot's age decides its stage (1 to 6) and the price
 * applied (`price`); `amount` = `qtyDays` × `price`, rounded once. All filled by the bill's
 * "make" action (apps/server/src/modules/billing/month-bills.ts, docs/adr/0032).
 */
export const monthbilldetailTable = lineTable('bl_monthbilldetail', {
  instockDate: date(),
  storageDays: integer(),
  qtyDays: numeric({ precision: 18, scale: 4 }),
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
  // A lot's line: its keys, then what the bill computed (days, stage, price, amount), then
  // what it held; line fields a lot has no use for stay out of the list and the view.
  fields: {
    ...commonFields,
    ...lotFields,
    billNo: quiet(lineFields.billNo),
    applyCode: quiet(lineFields.applyCode),
    applyLineNumber: quiet(lineFields.applyLineNumber),
    barcode: quiet(lineFields.barcode),
    materialType: quiet(lineFields.materialType),
    model: quiet(lineFields.model),
    customerBatchNo: quiet(lineFields.customerBatchNo),
    unitCode: quiet(lineFields.unitCode),
    qtyWeg: quiet(lineFields.qtyWeg),
    boardQty: quiet(lineFields.boardQty),
    packspecCode: quiet(lineFields.packspecCode),
    warehousePlaceCode: quiet(lineFields.warehousePlaceCode),
    volumeLength: quiet(lineFields.volumeLength),
    volumeWidth: quiet(lineFields.volumeWidth),
    volumeHeight: quiet(lineFields.volumeHeight),
    invalid: quiet(lineFields.invalid),
    spareString1: quiet(lineFields.spareString1),
    spareString2: quiet(lineFields.spareString2),
    spareString3: quiet(lineFields.spareString3),
    spareString4: quiet(lineFields.spareString4),
    instockDate: f.date(label('入库日期', '入庫日期', 'Received on')),
    storageDays: computed(f.integer(label('仓储天数', '倉儲天數', 'Days in storage'), { min: 0 })),
    qtyDays: computed(f.decimal(label('计费数量·天', '計費數量·天', 'Billed quantity-days'), 4, { min: 0 })),
    stage: computed(f.dict(label('计费阶段', '計費階段', 'Stage'), 'monthBillStage')),
    price: computed(relabel(lineFields.price, label('适用单价', '適用單價', 'Price applied'))),
    amount: computed(f.money(label('金额', '金額', 'Amount'))),
    qty: computed(relabel(lineFields.qty, label('期末数量', '期末數量', 'Quantity held'))),
    weg: computed(quiet(lineFields.weg)),
    board: computed(quiet(lineFields.board)),
    volume: computed(quiet(lineFields.volume)),
    price1: stagePrice(1),
    price2: stagePrice(2),
    price3: stagePrice(3),
    price4: stagePrice(4),
    price5: stagePrice(5),
    price6: stagePrice(6),
  },
});

/** Monthly bills (spec 02 §3.5 monthbill): an owner's storage charges for one period. */
export const monthbillTable = headerTable('bl_monthbill', {
  // Before the period, so a provisional bill says so among the first columns of its list.
  ...provisionalColumns(),
  periodStart: date().notNull(),
  periodEnd: date().notNull(),
  ...reviewColumns(),
  ...stateColumns(),
  // Kept by its payments (modules/billing/settlement.ts, ADR 0039).
  payAmount: numeric({ precision: 18, scale: 2 }),
  unpaidAmount: numeric({ precision: 18, scale: 2 }),
  payStatus: varchar({ length: 8 }).notNull().default('0'),
});

export const monthbill = defineEntity({
  name: 'monthbill',
  service: 'bl-acct',
  area: 'otherBill',
  label: label('月结账单', '月結賬單', 'Monthly bill'),
  table: monthbillTable,
  titleField: 'billNo',
  // A new bill is its owner and period; its lines come from the "make" action.
  children: [
    {
      ...billDetails(() => monthbilldetail),
      minLines: 0,
      distinctBy: ['materialCode', 'batchNo', 'instockDate'],
    },
  ],
  flow: {
    status: 'isReview',
    locks: [locks.reviewed(), locks.pastNew()],
    actions: {
      make: {
        label: label('生成明细', '生成明細', 'Make lines'),
        confirm: label(
          '确定按协议和库存流水生成所选月结账单的明细？已有明细将被替换。',
          '確定按協議和庫存流水生成所選月結賬單的明細？已有明細將被替換。',
          "Make the selected monthly bills' lines from the agreement and the stock ledger? Lines already there are replaced.",
        ),
        when: { isReview: ['0', '1'] },
        refuse: 'monthbill.reviewed',
      },
      ...reviewActions(
        label(
          '确定审核选择的月结账单？审核后明细不能再生成或修改。',
          '確定審核選擇的月結賬單？審核後明細不能再生成或修改。',
          'Review the selected monthly bills? Their lines can no longer be made again or changed.',
        ),
        label(
          '确定反审核选择的月结账单？',
          '確定反審核選擇的月結賬單？',
          'Un-review the selected monthly bills?',
        ),
        {},
        // A reviewed bill is complete; its state says so beside the review status (issue 29).
        { review: { state: '3' }, unreview: { state: '0' } },
      ),
    },
  },
  fields: {
    ...commonFields,
    ...provisionalFields,
    ...billHeaderFields,
    customerCode: { ...billHeaderFields.customerCode, required: true },
    // An owner's bill over all its goods: no warehouse of its own, a column freed in the list.
    warehouseCode: { ...billHeaderFields.warehouseCode, list: false },
    totalAmount: { ...billHeaderFields.totalAmount, list: true },
    agreementCode: { ...billHeaderFields.agreementCode, form: 'readonly' },
    periodStart: f.date(label('期间开始', '期間開始', 'Period from'), { required: true, sortable: true }),
    periodEnd: f.date(label('期间结束', '期間結束', 'Period to'), { required: true, sortable: true }),
    ...reviewFields,
    ...stateFields,
    payAmount: f.money(label('已收金额', '已收金額', 'Amount paid'), { form: 'readonly' }),
    unpaidAmount: f.money(label('未收金额', '未收金額', 'Amount unpaid'), { form: 'readonly' }),
    payStatus: f.dict(label('收款状态', '收款狀態', 'Payment status'), 'costPayStatus', {
      defaultValue: '0',
      form: 'readonly',
    }),
  },
});
