import { numeric, varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { verbs } from '../flow.ts';
import { label } from '../label.ts';
import {
  at,
  computed,
  consigneeColumns,
  consigneeFields,
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

/** Outbound reservation lines: what the owner asks to ship, and how much has gone. */
export const orderosoutstockbillDetailTable = lineTable('bl_orderosoutstockbilldetail', {
  shippedQty: numeric({ precision: 18, scale: 4 }),
});

export const orderosoutstockbilldetail = defineEntity({
  name: 'orderosoutstockbilldetail',
  service: 'bl-wms',
  area: 'outWarehouseManagement',
  parent: 'orderosoutstockbill',
  label: label('预约出库单明细', '預約出庫單明細', 'Outbound reservation line'),
  table: orderosoutstockbillDetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...lineFields,
    barcode: unlisted(lineFields.barcode),
    qty: relabel(lineFields.qty, label('预约数量', '預約數量', 'Requested quantity')),
    shippedQty: computed(f.decimal(label('已出库数量', '已出庫數量', 'Shipped quantity'), 4)),
  },
});

/**
 * Outbound reservations (spec 01 orderOsoutstockbillForm): an owner's request to ship goods
 * to a consignee at a time; the outbound bill quotes its lines and names it in `applyNo`.
 */
export const orderosoutstockbillTable = headerTable('bl_orderosoutstockbill', {
  outTransferType: varchar({ length: 8 }).notNull(),
  planShipTime: at(),
  ...consigneeColumns(),
  ...vehicleColumns(),
  ...stateColumns(),
});

export const orderosoutstockbill = defineEntity({
  name: 'orderosoutstockbill',
  service: 'bl-wms',
  area: 'outWarehouseManagement',
  label: label('预约出库单', '預約出庫單', 'Outbound reservation'),
  table: orderosoutstockbillTable,
  titleField: 'billNo',
  children: [billDetails(() => orderosoutstockbilldetail)],
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
    outTransferType: f.dict(label('出库类型', '出庫類型', 'Outbound type'), 'outTransferType', {
      required: true,
    }),
    planShipTime: f.datetime(label('预计发货时间', '預計發貨時間', 'Planned shipping'), {
      sortable: true,
      search: 'range',
    }),
    ...consigneeFields,
    ...vehicleFields,
    ...stateFields,
  },
});
