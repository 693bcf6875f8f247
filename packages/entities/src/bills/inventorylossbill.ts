import { varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import {
  headerTable,
  lineFields,
  lineTable,
  locks,
  postingColumns,
  postingFields,
  relabel,
  reviewColumns,
  reviewFields,
} from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';
import { postingActions } from './posting-actions.ts';

/** Loss lines: what was lost from which location, valued at the unit price. */
export const inventorylossbillDetailTable = lineTable('bl_inventorylossbilldetail');

export const inventorylossbilldetail = defineEntity({
  name: 'inventorylossbilldetail',
  service: 'bl-wms',
  area: 'inWarehouseManagement',
  parent: 'inventorylossbill',
  label: label('报损单明细', '報損單明細', 'Stock loss line'),
  table: inventorylossbillDetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...lineFields,
    qty: relabel(lineFields.qty, label('报损数量', '報損數量', 'Quantity lost')),
  },
});

/**
 * Stock loss bills (spec 01 inventorylossbillForm): goods written off as damaged, expired or
 * missing, with who answers for them; posting takes them out of stock.
 */
export const inventorylossbillTable = headerTable('bl_inventorylossbill', {
  lossType: varchar({ length: 8 }).notNull(),
  dutyParty: varchar({ length: 8 }),
  lossReason: varchar({ length: 255 }),
  ...reviewColumns(),
  ...postingColumns(),
});

export const inventorylossbill = defineEntity({
  name: 'inventorylossbill',
  service: 'bl-wms',
  area: 'inWarehouseManagement',
  label: label('报损单', '報損單', 'Stock loss bill'),
  table: inventorylossbillTable,
  titleField: 'billNo',
  children: [billDetails(() => inventorylossbilldetail)],
  flow: {
    status: 'isReview',
    locks: [locks.posted(), locks.reviewed()],
    // A write-off, not a shipment: no outbound fee.
    postings: [{ kind: 'out', fee: '2', movement: 'adjust' }],
    actions: postingActions(),
  },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    lossType: f.dict(label('报损类型', '報損類型', 'Loss type'), 'lossType', { required: true }),
    dutyParty: f.dict(label('责任方', '責任方', 'Responsible party'), 'dutyParty'),
    lossReason: f.text(label('报损原因', '報損原因', 'Reason'), { list: false, search: 'none' }),
    ...reviewFields,
    ...postingFields,
  },
});
