import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { billHeaderIndexes } from '../bills/common.ts';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import { transportActions } from './actions.ts';
import { billNoField, billRemarkField, carField, carNoLength, driverField, lineField } from './common.ts';

/**
 * Arrival bills (spec 02 §3.8 arrivalbill): a departure received at the destination branch
 * (made when the departure's arrival is confirmed; reviewed at /arrivalBill/arrivalBillEdit).
 * `billType` is how the goods go on from there; `applyCode` is the departure bill. The goods
 * are the departure's lines: an arrival bill has none of its own.
 */
export const arrivalbillTable = pgTable(
  'bl_arrivalbill',
  {
    ...entityColumns(),
    billNo: varchar({ length: 64 }).notNull(),
    billType: varchar({ length: 8 }).notNull(),
    applyCode: varchar({ length: 64 }),
    driverCode: varchar({ length: 64 }),
    carNo: varchar({ length: carNoLength }),
    lineCode: varchar({ length: 64 }),
    billRemark: varchar({ length: 500 }),
    state: varchar({ length: 8 }).notNull().default('0'),
    auditUser: varchar({ length: 64 }),
    auditTime: timestamp({ withTimezone: true }),
  },
  (t) => billHeaderIndexes('bl_arrivalbill', t),
);

export const arrivalbill = defineEntity({
  name: 'arrivalbill',
  service: 'bl-tms',
  area: 'transport',
  label: label('到货单', '到貨單', 'Arrival bill'),
  table: arrivalbillTable,
  titleField: 'billNo',
  flow: {
    status: 'state',
    locks: [{ field: 'state', values: ['1'] }],
    actions: transportActions.arrivalbill,
  },
  fields: {
    state: f.dict(label('到货状态', '到貨狀態', 'Arrival step'), 'tmsArrivalState', {
      defaultValue: '0',
      form: 'readonly',
    }),
    ...commonFields,
    billNo: billNoField(label('到货单号', '到貨單號', 'Arrival no.')),
    billType: f.dict(label('配送方式', '配送方式', 'Onward delivery'), 'tmsArrivalType', { required: true }),
    applyCode: f.ref(label('发车单号', '發車單號', 'Departure no.'), 'loadingbill', {
      valueField: 'billNo',
      labelField: 'billNo',
    }),
    driverCode: driverField(),
    carNo: carField(),
    lineCode: lineField(),
    billRemark: billRemarkField,
    auditUser: f.text(label('审核人', '審核人', 'Reviewed by'), {
      form: 'readonly',
      list: false,
      maxLength: 64,
    }),
    auditTime: f.datetime(label('审核时间', '審核時間', 'Reviewed at'), { form: 'readonly', list: false }),
  },
});
