import { date, varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import {
  consigneeColumns,
  consigneeFields,
  headerTable,
  lineFields,
  lineTable,
  locks,
  reviewColumns,
  reviewFields,
  stateColumns,
  stateFields,
  unlisted,
} from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';

/** Sales order lines: what was sold at which price. */
export const ossobillDetailTable = lineTable('bl_ossobilldetail');

export const ossobilldetail = defineEntity({
  name: 'ossobilldetail',
  service: 'bl-wms',
  area: 'outWarehouseManagement',
  parent: 'ossobill',
  label: label('销售订单明细', '銷售訂單明細', 'Sales order line'),
  table: ossobillDetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...lineFields,
    barcode: unlisted(lineFields.barcode),
    warehousePlaceCode: unlisted(lineFields.warehousePlaceCode),
  },
});

/**
 * Sales orders (spec 02 §3.5 ossobill): an owner's sale to its customer that the warehouse
 * fulfils. `blackOrWhite` keeps the buyer's credit list at order time (1 black, 2 white, empty
 * on neither; the supply-chain dictionary), set by its credit check, so a black-listed order
 * can be held.
 */
export const ossobillTable = headerTable('bl_ossobill', {
  customerBillNo: varchar({ length: 64 }),
  deliveryDate: date(),
  ...consigneeColumns(),
  blackOrWhite: varchar({ length: 8 }),
  ...reviewColumns(),
  ...stateColumns(),
});

export const ossobill = defineEntity({
  name: 'ossobill',
  service: 'bl-wms',
  area: 'outWarehouseManagement',
  label: label('销售订单', '銷售訂單', 'Sales order'),
  table: ossobillTable,
  titleField: 'billNo',
  children: [billDetails(() => ossobilldetail)],
  flow: { locks: [locks.reviewed(), locks.pastNew()] },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    warehouseCode: unlisted(billHeaderFields.warehouseCode),
    totalQty: unlisted(billHeaderFields.totalQty),
    totalAmount: { ...billHeaderFields.totalAmount, list: true },
    customerBillNo: f.text(label('客户订单号', '客戶訂單號', 'Customer order no.'), { maxLength: 64 }),
    deliveryDate: f.date(label('要求交货日期', '要求交貨日期', 'Deliver by'), { sortable: true }),
    ...consigneeFields,
    blackOrWhite: f.dict(label('黑白名单', '黑白名單', 'Credit list'), 'scmBlackWhite', { form: 'readonly' }),
    ...reviewFields,
    ...stateFields,
  },
});
