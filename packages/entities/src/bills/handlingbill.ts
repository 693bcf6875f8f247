import { numeric, varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import { at, computed, headerTable, lineFields, lineTable, reviewColumns, reviewFields } from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';
import { feeBillFlow } from './fee-actions.ts';

/** Handled goods (optional): the materials moved, for owners billed per material. */
export const handlingbillDetailTable = lineTable('bl_handlingbilldetail');

export const handlingbilldetail = defineEntity({
  name: 'handlingbilldetail',
  service: 'bl-wms',
  area: 'otherBill',
  parent: 'handlingbill',
  label: label('装卸单明细', '裝卸單明細', 'Handling line'),
  table: handlingbillDetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: { ...commonFields, ...lineFields },
});

/**
 * Handling bills (spec 01 /otherBill handlingbill): stevedoring work done by a porter
 * (loading, unloading, moving…) for an owner, often for a given inbound or outbound bill
 * (`applyNo`), charged at `qty` × `price` by the charge basis.
 */
export const handlingbillTable = headerTable('bl_handlingbill', {
  applyNo: varchar({ length: 64 }),
  porterCode: varchar({ length: 64 }).notNull(),
  handlingType: varchar({ length: 8 }).notNull(),
  chargeBasis: varchar({ length: 8 }),
  handlingTime: at(),
  qty: numeric({ precision: 18, scale: 4 }).notNull(),
  price: numeric({ precision: 18, scale: 4 }),
  amount: numeric({ precision: 18, scale: 2 }),
  ...reviewColumns(),
});

export const handlingbill = defineEntity({
  name: 'handlingbill',
  service: 'bl-wms',
  area: 'otherBill',
  label: label('装卸单', '裝卸單', 'Handling bill'),
  table: handlingbillTable,
  titleField: 'billNo',
  children: [{ ...billDetails(() => handlingbilldetail), minLines: 0 }],
  flow: feeBillFlow,
  fields: {
    ...commonFields,
    ...billHeaderFields,
    totalQty: { ...billHeaderFields.totalQty, list: false },
    applyNo: f.text(label('来源单号', '來源單號', 'Source bill no.'), { maxLength: 64, list: false }),
    porterCode: f.ref(label('装卸工', '裝卸工', 'Porter'), 'porter', { required: true }),
    handlingType: f.dict(label('装卸类型', '裝卸類型', 'Handling type'), 'handlingType', { required: true }),
    chargeBasis: f.dict(label('计费方式', '計費方式', 'Charge basis'), 'chargeBasis', { list: false }),
    handlingTime: f.datetime(label('作业时间', '作業時間', 'Worked at'), { list: false, search: 'range' }),
    qty: f.decimal(label('作业数量', '作業數量', 'Quantity'), 4, { required: true, min: 0 }),
    price: f.money(label('单价', '單價', 'Unit price'), { scale: 4, min: 0 }),
    amount: computed(f.money(label('金额', '金額', 'Amount'))),
    ...reviewFields,
  },
});
