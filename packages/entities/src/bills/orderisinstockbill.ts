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
  stateColumns,
  stateFields,
  unlisted,
  vehicleColumns,
  vehicleFields,
} from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';

/** Reservation lines: what the owner announces; inbound bills quote them and count what arrived. */
export const orderisinstockbillDetailTable = lineTable('bl_orderisinstockbilldetail', {
  receivedQty: numeric({ precision: 18, scale: 4 }),
  // Kept by receipts (isrecbill) counted against this reservation (docs/adr/0023).
  recQty: numeric({ precision: 18, scale: 4 }),
});

export const orderisinstockbilldetail = defineEntity({
  name: 'orderisinstockbilldetail',
  service: 'bl-wms',
  area: 'warehousingManagement',
  parent: 'orderisinstockbill',
  label: label('预约入库单明细', '預約入庫單明細', 'Inbound reservation line'),
  table: orderisinstockbillDetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...lineFields,
    barcode: unlisted(lineFields.barcode),
    qty: { ...lineFields.qty, label: label('预约数量', '預約數量', 'Announced quantity') },
    receivedQty: computed(f.decimal(label('已入库数量', '已入庫數量', 'Received quantity'), 4)),
    recQty: computed(f.decimal(label('已收货数量', '已收貨數量', 'Received at dock'), 4)),
  },
});

/**
 * Inbound reservations (spec 01 orderIsinstockbillForm): an owner announces goods, supplier and
 * arrival before they come; the inbound bill quotes its lines (applyCode / applyLineNumber) and
 * names it in `applyNo`.
 */
export const orderisinstockbillTable = headerTable('bl_orderisinstockbill', {
  supplierCode: varchar({ length: 64 }),
  type: varchar({ length: 8 }).notNull(),
  planArriveTime: at(),
  ...vehicleColumns(),
  ...stateColumns(),
});

export const orderisinstockbill = defineEntity({
  name: 'orderisinstockbill',
  service: 'bl-wms',
  area: 'warehousingManagement',
  label: label('预约入库单', '預約入庫單', 'Inbound reservation'),
  table: orderisinstockbillTable,
  titleField: 'billNo',
  children: [billDetails(() => orderisinstockbilldetail)],
  flow: {
    status: 'state',
    locks: [locks.pastNew('handled')],
    actions: {
      review: {
        ...verbs.confirmOrder,
        when: { state: ['0'] },
        refuse: 'reservation.notNew',
        sets: { state: '1' },
        audit: 'stamp',
      },
      unreview: {
        ...verbs.unconfirmOrder,
        when: { state: ['1', '2', '3', '4'] },
        refuse: 'reservation.notConfirmed',
        sets: { state: '0' },
        audit: 'clear',
      },
    },
  },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    supplierCode: f.ref(label('供应商', '供應商', 'Supplier'), 'supplier', { list: false }),
    type: f.dict(label('入库类型', '入庫類型', 'Inbound type'), 'inboundType', { required: true }),
    planArriveTime: f.datetime(label('预计到货时间', '預計到貨時間', 'Expected arrival'), {
      sortable: true,
      search: 'range',
    }),
    ...vehicleFields,
    ...stateFields,
  },
});
