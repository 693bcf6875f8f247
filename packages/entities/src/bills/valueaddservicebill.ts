import { numeric, varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import { at, computed, headerTable, lineFields, lineTable, reviewColumns, reviewFields } from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';
import { feeBillFlow } from './fee-actions.ts';

/** Serviced goods (optional): the materials the service was done on. */
export const valueaddservicebillDetailTable = lineTable('bl_valueaddservicebilldetail');

export const valueaddservicebilldetail = defineEntity({
  name: 'valueaddservicebilldetail',
  service: 'bl-wms',
  area: 'otherBill',
  parent: 'valueaddservicebill',
  label: label('增值服务单明细', '增值服務單明細', 'Value-added service line'),
  table: valueaddservicebillDetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: { ...commonFields, ...lineFields },
});

/**
 * Value-added services (spec 01 /otherBill valueaddservicebill): labelling, repacking, kitting
 * and the like done for an owner, charged at `qty` × `price`.
 */
export const valueaddservicebillTable = headerTable('bl_valueaddservicebill', {
  applyNo: varchar({ length: 64 }),
  serviceType: varchar({ length: 8 }).notNull(),
  serviceTime: at(),
  operatorCode: varchar({ length: 64 }),
  qty: numeric({ precision: 18, scale: 4 }).notNull(),
  price: numeric({ precision: 18, scale: 4 }),
  amount: numeric({ precision: 18, scale: 2 }),
  ...reviewColumns(),
});

export const valueaddservicebill = defineEntity({
  name: 'valueaddservicebill',
  service: 'bl-wms',
  area: 'otherBill',
  label: label('增值服务单', '增值服務單', 'Value-added service bill'),
  table: valueaddservicebillTable,
  titleField: 'billNo',
  children: [{ ...billDetails(() => valueaddservicebilldetail), minLines: 0 }],
  flow: feeBillFlow,
  fields: {
    ...commonFields,
    ...billHeaderFields,
    totalQty: { ...billHeaderFields.totalQty, list: false },
    applyNo: f.text(label('来源单号', '來源單號', 'Source bill no.'), { maxLength: 64, list: false }),
    serviceType: f.dict(label('服务类型', '服務類型', 'Service type'), 'valueAddServiceType', {
      required: true,
    }),
    serviceTime: f.datetime(label('服务时间', '服務時間', 'Done at'), { list: false, search: 'range' }),
    operatorCode: f.ref(label('作业人', '作業人', 'Done by'), 'employee', { list: false }),
    qty: f.decimal(label('服务数量', '服務數量', 'Quantity'), 4, { required: true, min: 0 }),
    price: f.money(label('单价', '單價', 'Unit price'), { scale: 4, min: 0 }),
    amount: computed(f.money(label('金额', '金額', 'Amount'))),
    ...reviewFields,
  },
});
