import { numeric, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { billDetails, billHeaderIndexes, billLineIndexes } from '../bills/common.ts';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import { transportActions } from './actions.ts';
import {
  addressField,
  affirmQtyField,
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

/** Goods of a consignment, with the count confirmed loaded. */
export const consignmentbilldetailTable = pgTable(
  'bl_consignmentbilldetail',
  { ...entityColumns(), ...transportLineColumns(), affirmQty: transportQty() },
  (t) => billLineIndexes('bl_consignmentbilldetail', t),
);

export const consignmentbilldetail = defineEntity({
  name: 'consignmentbilldetail',
  service: 'bl-tms',
  area: 'transport',
  parent: 'consignmentbill',
  label: label('托运单明细', '託運單明細', 'Consignment line'),
  table: consignmentbilldetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: { ...commonFields, ...transportLineFields, affirmQty: affirmQtyField },
});

/**
 * Consignments (spec 02 §3.8 consignmentbill): billType 1 is a consignment order (taken from
 * the shipper, then dispatched: route /consignmentOrderbill), 2 a consignment note (the
 * waybill the goods travel under, then loaded onto a departure: /consignmentBill). The shipper
 * is an owner (customer); the consignee one of the transport consignees (basicrecipient).
 * `isCancel` is set by cancelling, not by editing. `state`, the totals and the freight are kept
 * by the server (apps/server/src/modules/transport, docs/adr/0025-transport-flow.md).
 */
export const consignmentbillTable = pgTable(
  'bl_consignmentbill',
  {
    ...entityColumns(),
    billNo: varchar({ length: 64 }).notNull(),
    billType: varchar({ length: 8 }).notNull().default('1'),
    shipperCustomer: varchar({ length: 64 }).notNull(),
    consigneeCustomer: varchar({ length: 64 }).notNull(),
    transportType: varchar({ length: 8 }),
    packgeType: varchar({ length: 64 }),
    chargingType: varchar({ length: 8 }).notNull().default('2'),
    paymentType: varchar({ length: 8 }).notNull().default('1'),
    isOutsource: varchar({ length: 1 }).notNull().default('0'),
    isCancel: varchar({ length: 1 }).notNull().default('0'),
    billRemark: varchar({ length: 500 }),
    driverCode: varchar({ length: 64 }),
    carNo: varchar({ length: carNoLength }),
    lineCode: varchar({ length: 64 }),
    loadingAddress: varchar({ length: 255 }),
    unloadingAddress: varchar({ length: 255 }),
    state: varchar({ length: 8 }).notNull().default('0'),
    sourceBillNo: varchar({ length: 64 }),
    dispatchTime: timestamp({ withTimezone: true }),
    cancelReason: varchar({ length: 255 }),
    totalQty: transportQty(),
    totalWeg: transportQty(),
    totalVolume: transportQty(),
    freight: numeric({ precision: 18, scale: 2 }),
  },
  (t) => billHeaderIndexes('bl_consignmentbill', t),
);

export const consignmentbill = defineEntity({
  name: 'consignmentbill',
  service: 'bl-tms',
  area: 'transport',
  label: label('托运单', '託運單', 'Consignment'),
  table: consignmentbillTable,
  // The shipper is the owner whose goods and agreement a consignment carries.
  ownerField: 'shipperCustomer',
  titleField: 'billNo',
  children: [billDetails(() => consignmentbilldetail)],
  flow: {
    status: 'state',
    locks: [{ field: 'state', values: ['1', '2', '3', '4', '5', '6', '7', '8', '9'] }],
    actions: transportActions.consignmentbill,
  },
  fields: {
    state: f.dict(label('托运状态', '託運狀態', 'Consignment step'), 'tmsConsignmentState', {
      defaultValue: '0',
      form: 'readonly',
    }),
    ...commonFields,
    billNo: billNoField(label('托运单号', '託運單號', 'Consignment no.')),
    billType: f.dict(label('单据类型', '單據類型', 'Bill type'), 'tmsConsignmentType', {
      required: true,
      defaultValue: '1',
    }),
    shipperCustomer: f.ref(label('发货客户', '發貨客戶', 'Shipper'), 'customer', { required: true }),
    consigneeCustomer: f.ref(label('收货客户', '收貨客戶', 'Consignee'), 'basicrecipient', {
      required: true,
      valueField: 'recipientCode',
      labelField: 'recipientName',
    }),
    transportType: f.dict(label('运输方式', '運輸方式', 'Transport mode'), 'tmsTransportType', {
      list: false,
    }),
    packgeType: f.ref(label('包装方式', '包裝方式', 'Packing method'), 'basicpackge', {
      valueField: 'packgeCode',
      labelField: 'packgeName',
      list: false,
    }),
    chargingType: f.dict(label('计费方式', '計費方式', 'Charging basis'), 'tmsChargingType', {
      required: true,
      defaultValue: '2',
      list: false,
    }),
    paymentType: f.dict(label('付款方式', '付款方式', 'Payment terms'), 'tmsPaymentType', {
      required: true,
      defaultValue: '1',
    }),
    isOutsource: f.flag(label('外包', '外包', 'Outsourced'), { defaultValue: '0', list: false }),
    isCancel: f.flag(label('已作废', '已作廢', 'Cancelled'), { defaultValue: '0', form: 'readonly' }),
    billRemark: billRemarkField,
    driverCode: driverField(),
    carNo: carField(),
    lineCode: lineField(),
    loadingAddress: addressField(label('装货地址', '裝貨地址', 'Loading address')),
    unloadingAddress: addressField(label('卸货地址', '卸貨地址', 'Unloading address')),
    sourceBillNo: f.ref(label('来源单号', '來源單號', 'Source bill no.'), 'osoutstockbill', {
      valueField: 'billNo',
      labelField: 'billNo',
      list: false,
      form: 'readonly',
    }),
    dispatchTime: f.datetime(label('派车时间', '派車時間', 'Dispatched at'), {
      form: 'readonly',
      list: false,
    }),
    cancelReason: f.text(label('作废原因', '作廢原因', 'Cancel reason'), {
      maxLength: 255,
      list: false,
      search: 'none',
    }),
    totalQty: f.decimal(label('总件数', '總件數', 'Total pieces'), 4, { form: 'readonly', list: false }),
    totalWeg: f.decimal(label('总重量（KG）', '總重量（KG）', 'Total weight (kg)'), 4, {
      form: 'readonly',
      list: false,
    }),
    totalVolume: f.decimal(label('总体积（立方米）', '總體積（立方米）', 'Total volume (m³)'), 4, {
      form: 'readonly',
      list: false,
    }),
    freight: f.money(label('运费', '運費', 'Freight'), { form: 'readonly' }),
  },
});
