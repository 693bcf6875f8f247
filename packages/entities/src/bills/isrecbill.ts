import { numeric, varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { verbs } from '../flow.ts';
import { label } from '../label.ts';
import {
  at,
  computed,
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
    // The quantity of the material on the reservation or inbound bill, filled at review.
    planQty: computed(f.decimal(label('应收数量', '應收數量', 'Expected quantity'), 4, { min: 0 })),
    damagedQty: f.decimal(label('破损数量', '破損數量', 'Damaged quantity'), 4, { min: 0, list: false }),
  },
});

/**
 * Receiving bills (spec 02 §3.5 isrecbill): the dock count of a delivery, before put-away on
 * the inbound bill. It names the reservation the delivery was announced on (`applyNo`) or the
 * inbound bill it arrives for (`inBillNo`); review counts it into that bill's received
 * quantities (docs/adr/0023). The stock itself is posted by the inbound bill.
 */
export const isrecbillTable = headerTable('bl_isrecbill', {
  applyNo: varchar({ length: 64 }),
  inBillNo: varchar({ length: 64 }),
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
  flow: {
    status: 'state',
    locks: [locks.pastNew()],
    actions: {
      review: {
        ...verbs.review,
        confirm: label(
          '确定审核选择的收货单？实收数量将计入预约单或入库单的已收货数量。',
          '確定審核選擇的收貨單？實收數量將計入預約單或入庫單的已收貨數量。',
          'Review the selected receipts? What they received counts into their reservation or inbound bill.',
        ),
        when: { state: ['0'] },
        refuse: 'receipt.notNew',
        sets: { state: '3' },
        audit: 'stamp',
      },
      unreview: {
        ...verbs.unreview,
        confirm: label(
          '确定反审核选择的收货单？其实收数量将从已收货数量中扣回。',
          '確定反審核選擇的收貨單？其實收數量將從已收貨數量中扣回。',
          'Un-review the selected receipts? What they received is taken off again.',
        ),
        when: { state: ['3'] },
        refuse: 'receipt.notReviewed',
        sets: { state: '0' },
        audit: 'clear',
      },
    },
  },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    applyNo: f.ref(label('预约单号', '預約單號', 'Reservation no.'), 'orderisinstockbill', {
      valueField: 'billNo',
      labelField: 'billNo',
    }),
    inBillNo: f.ref(label('入库单号', '入庫單號', 'Inbound bill no.'), 'isinstockbill', {
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
