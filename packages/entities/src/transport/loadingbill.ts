import { numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { billDetails, billHeaderIndexes, billLineIndexes } from '../bills/common.ts';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import { transportActions } from './actions.ts';
import {
  addressField,
  billNoField,
  billRemarkField,
  carField,
  carNoLength,
  driverField,
  lineField,
  transportLineColumns,
  transportLineFields,
  transportQty,
} from './common.ts';

/**
 * Goods on a departure. On arrival (route /loadingBill/loadingBillEdit) the receiving branch
 * counts them (`checkQty`) and takes them in (`instockQty`); the arrival bill then made is
 * noted on the line (`arrivalBillNo`).
 */
export const loadingbilldetailTable = pgTable(
  'bl_loadingbilldetail',
  {
    ...entityColumns(),
    ...transportLineColumns(),
    arrivalBillNo: varchar({ length: 64 }),
    checkQty: transportQty(),
    instockQty: transportQty(),
    diffQty: transportQty(),
    deliveredQty: transportQty(),
    refusedQty: transportQty(),
    refuseReason: varchar({ length: 255 }),
  },
  (t) => billLineIndexes('bl_loadingbilldetail', t),
);

export const loadingbilldetail = defineEntity({
  name: 'loadingbilldetail',
  service: 'bl-tms',
  area: 'transport',
  parent: 'loadingbill',
  label: label('发车单明细', '發車單明細', 'Departure line'),
  table: loadingbilldetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...transportLineFields,
    arrivalBillNo: f.text(label('到货单号', '到貨單號', 'Arrival bill no.'), {
      maxLength: 64,
      form: 'readonly',
      list: false,
    }),
    checkQty: f.decimal(label('到货清点数量', '到貨清點數量', 'Counted on arrival'), 4, { min: 0 }),
    instockQty: f.decimal(label('入站数量', '入站數量', 'Received at branch'), 4, { min: 0 }),
    diffQty: f.decimal(label('到货差异', '到貨差異', 'Arrival difference'), 4, { form: 'readonly' }),
    deliveredQty: f.decimal(label('已签收数量', '已簽收數量', 'Delivered quantity'), 4, { form: 'readonly' }),
    refusedQty: f.decimal(label('拒收数量', '拒收數量', 'Refused quantity'), 4, { form: 'readonly' }),
    refuseReason: f.text(label('拒收原因', '拒收原因', 'Refusal reason'), {
      maxLength: 255,
      form: 'readonly',
      search: 'none',
    }),
  },
});

/**
 * Departure (loading) bills (spec 02 §3.8 loadingbill): a vehicle loaded with the goods of one
 * or more consignment notes (route /consignmentBill Loading). `applyCode` is the consignment
 * note it was made from (its lines name theirs in `applyCode`). Named "departure bill" so it is
 * not confused with the warehouse's loading bill (loadbill).
 */
export const loadingbillTable = pgTable(
  'bl_loadingbill',
  {
    ...entityColumns(),
    billNo: varchar({ length: 64 }).notNull(),
    applyCode: varchar({ length: 64 }),
    driverCode: varchar({ length: 64 }).notNull(),
    carNo: varchar({ length: carNoLength }).notNull(),
    lineCode: varchar({ length: 64 }),
    paymentType: varchar({ length: 8 }),
    billRemark: varchar({ length: 500 }),
    loadingAddress: varchar({ length: 255 }),
    unloadingAddress: varchar({ length: 255 }),
    state: varchar({ length: 8 }).notNull().default('1'),
    arrivalType: varchar({ length: 8 }).notNull().default('1'),
    totalQty: transportQty(),
    freight: numeric({ precision: 18, scale: 2 }),
  },
  (t) => billHeaderIndexes('bl_loadingbill', t),
);

export const loadingbill = defineEntity({
  name: 'loadingbill',
  service: 'bl-tms',
  area: 'transport',
  label: label('发车单', '發車單', 'Departure bill'),
  table: loadingbillTable,
  titleField: 'billNo',
  children: [billDetails(() => loadingbilldetail)],
  flow: {
    status: 'state',
    locks: [{ field: 'state', values: ['2'] }],
    actions: transportActions.loadingbill,
  },
  fields: {
    state: f.dict(label('发车状态', '發車狀態', 'Departure step'), 'tmsDepartureState', {
      defaultValue: '1',
      form: 'readonly',
    }),
    ...commonFields,
    billNo: billNoField(label('发车单号', '發車單號', 'Departure no.')),
    applyCode: f.ref(label('托运单号', '託運單號', 'Consignment no.'), 'consignmentbill', {
      valueField: 'billNo',
      labelField: 'billNo',
    }),
    driverCode: driverField({ required: true }),
    carNo: carField({ required: true }),
    lineCode: lineField(),
    paymentType: f.dict(label('付款方式', '付款方式', 'Payment terms'), 'tmsPaymentType'),
    billRemark: billRemarkField,
    loadingAddress: addressField(label('装货地址', '裝貨地址', 'Loading address')),
    unloadingAddress: addressField(label('卸货地址', '卸貨地址', 'Unloading address')),
    arrivalType: f.dict(label('到货配送方式', '到貨配送方式', 'Onward delivery'), 'tmsArrivalType', {
      defaultValue: '1',
      list: false,
    }),
    totalQty: f.decimal(label('总件数', '總件數', 'Total pieces'), 4, { form: 'readonly' }),
    freight: f.money(label('运费', '運費', 'Freight'), { form: 'readonly' }),
  },
});
