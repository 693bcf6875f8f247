import { numeric, varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import {
  at,
  headerTable,
  lineFields,
  lineTable,
  locks,
  relabel,
  stateColumns,
  stateFields,
  unlisted,
  vehicleColumns,
  vehicleFields,
} from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';

/** Receiving lines: expected against received, and what arrived damaged. */
export const isrecbillDetailTable = lineTable('bl_isrecbilldetail', {
  planQty: numeric({ precision: 18, scale: 4 }),
  damagedQty: numeric({ precision: 18, scale: 4 }),
});

export const isrecbilldetail = defineEntity({
  name: 'isrecbilldetail',
  service: 'bl-wms',
  area: 'warehousingManagement',
  parent: 'isrecbill',
  label: label('收货单明细', '收貨單明細', 'Receiving line'),
  table: isrecbillDetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...lineFields,
    barcode: unlisted(lineFields.barcode),
    qty: relabel(lineFields.qty, label('实收数量', '實收數量', 'Received quantity')),
    planQty: f.decimal(label('应收数量', '應收數量', 'Expected quantity'), 4, { min: 0 }),
    damagedQty: f.decimal(label('破损数量', '破損數量', 'Damaged quantity'), 4, { min: 0, list: false }),
  },
});

/**
 * Receiving bills (spec 02 §3.5 isrecbill): the dock count of a delivery, before put-away on
 * the inbound bill. `applyNo` names the reservation the delivery was announced on.
 */
export const isrecbillTable = headerTable('bl_isrecbill', {
  applyNo: varchar({ length: 64 }),
  supplierCode: varchar({ length: 64 }),
  receiveTime: at(),
  receiverCode: varchar({ length: 64 }),
  ...vehicleColumns(),
  ...stateColumns(),
});

export const isrecbill = defineEntity({
  name: 'isrecbill',
  service: 'bl-wms',
  area: 'warehousingManagement',
  label: label('收货单', '收貨單', 'Receiving bill'),
  table: isrecbillTable,
  titleField: 'billNo',
  children: [billDetails(() => isrecbilldetail)],
  flow: { locks: [locks.pastNew()] },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    applyNo: f.ref(label('预约单号', '預約單號', 'Reservation no.'), 'orderisinstockbill', {
      valueField: 'billNo',
      labelField: 'billNo',
    }),
    supplierCode: f.ref(label('供应商', '供應商', 'Supplier'), 'supplier', { list: false }),
    receiveTime: f.datetime(label('收货时间', '收貨時間', 'Received at'), {
      sortable: true,
      search: 'range',
    }),
    receiverCode: f.ref(label('收货员', '收貨員', 'Receiver'), 'employee', { list: false }),
    ...vehicleFields,
    ...stateFields,
  },
});
