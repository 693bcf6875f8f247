import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { billDetails, billHeaderIndexes, billLineIndexes } from '../bills/common.ts';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import {
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

/** Goods a dispatched vehicle collects, with the count confirmed loaded. */
export const dispatchdetailTable = pgTable(
  'bl_dispatchdetail',
  { ...entityColumns(), ...transportLineColumns(), affirmQty: transportQty() },
  (t) => billLineIndexes('bl_dispatchdetail', t),
);

export const dispatchdetail = defineEntity({
  name: 'dispatchdetail',
  service: 'bl-tms',
  area: 'transport',
  parent: 'dispatch',
  label: label('派车单明细', '派車單明細', 'Dispatch line'),
  table: dispatchdetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: { ...commonFields, ...transportLineFields, affirmQty: affirmQtyField },
});

/**
 * Dispatch bills (spec 02 §3.8 dispatch): a driver and vehicle sent at `dispatchTime` to
 * collect the goods of consignment orders (route /consignmentOrderbill Dispatch). The spec
 * lists no number for the dispatch header; `billNo` is added so that its lines' billNo and
 * the people who talk about a dispatch have one.
 */
export const dispatchTable = pgTable(
  'bl_dispatch',
  {
    ...entityColumns(),
    billNo: varchar({ length: 64 }).notNull(),
    driverCode: varchar({ length: 64 }).notNull(),
    carNo: varchar({ length: carNoLength }).notNull(),
    lineCode: varchar({ length: 64 }),
    dispatchTime: timestamp({ withTimezone: true }).notNull(),
    billRemark: varchar({ length: 500 }),
    applyCode: varchar({ length: 64 }),
  },
  (t) => billHeaderIndexes('bl_dispatch', t),
);

export const dispatch = defineEntity({
  name: 'dispatch',
  service: 'bl-tms',
  area: 'transport',
  label: label('派车单', '派車單', 'Dispatch bill'),
  table: dispatchTable,
  titleField: 'billNo',
  defaultSort: { field: 'dispatchTime', order: 'desc' },
  children: [billDetails(() => dispatchdetail)],
  fields: {
    ...commonFields,
    billNo: billNoField(label('派车单号', '派車單號', 'Dispatch no.')),
    driverCode: driverField({ required: true }),
    carNo: carField({ required: true }),
    lineCode: lineField(),
    dispatchTime: f.datetime(label('派车时间', '派車時間', 'Dispatched at'), {
      required: true,
      sortable: true,
      search: 'range',
    }),
    billRemark: billRemarkField,
    applyCode: f.ref(label('托运订单号', '託運訂單號', 'Consignment order no.'), 'consignmentbill', {
      valueField: 'billNo',
      labelField: 'billNo',
      form: 'readonly',
    }),
  },
});
