import { numeric, varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import {
  computed,
  headerTable,
  lineFields,
  lineTable,
  locks,
  postingColumns,
  postingFields,
  relabel,
  reviewColumns,
  reviewFields,
  stateColumns,
  stateFields,
  unlisted,
} from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';

/**
 * Count lines: the book quantity taken from stock when the count sheet is made, the quantity
 * counted (`qty`), and the difference (counted − book) that posting adjusts.
 */
export const wmstockcheckbillDetailTable = lineTable('bl_wmstockcheckbilldetail', {
  bookQty: numeric({ precision: 18, scale: 4 }),
  diffQty: numeric({ precision: 18, scale: 4 }),
  diffReason: varchar({ length: 255 }),
});

export const wmstockcheckbilldetail = defineEntity({
  name: 'wmstockcheckbilldetail',
  service: 'bl-wms',
  area: 'inWarehouseManagement',
  parent: 'wmstockcheckbill',
  label: label('盘点单明细', '盤點單明細', 'Stock count line'),
  table: wmstockcheckbillDetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...lineFields,
    barcode: unlisted(lineFields.barcode),
    price: unlisted(lineFields.price),
    qtyWeg: unlisted(lineFields.qtyWeg),
    board: unlisted(lineFields.board),
    volume: unlisted(lineFields.volume),
    qty: relabel(lineFields.qty, label('实盘数量', '實盤數量', 'Counted quantity')),
    bookQty: computed(f.decimal(label('账面数量', '賬面數量', 'Book quantity'), 4)),
    diffQty: computed(f.decimal(label('差异数量', '差異數量', 'Difference'), 4)),
    diffReason: f.text(label('差异原因', '差異原因', 'Reason for difference'), {
      list: false,
      search: 'none',
    }),
  },
});

/** Stock counts (spec 02 §3.5 wmstockcheckbill): full, spot, moved-location or cycle counts. */
export const wmstockcheckbillTable = headerTable('bl_wmstockcheckbill', {
  checkType: varchar({ length: 8 }).notNull(),
  isBlind: varchar({ length: 1 }).notNull().default('0'),
  checkerCode: varchar({ length: 64 }),
  ...stateColumns(),
  ...reviewColumns(),
  ...postingColumns(),
});

export const wmstockcheckbill = defineEntity({
  name: 'wmstockcheckbill',
  service: 'bl-wms',
  area: 'inWarehouseManagement',
  label: label('盘点单', '盤點單', 'Stock count'),
  table: wmstockcheckbillTable,
  titleField: 'billNo',
  children: [billDetails(() => wmstockcheckbilldetail)],
  flow: { locks: [locks.posted(), locks.reviewed(), locks.finished()] },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    checkType: f.dict(label('盘点类型', '盤點類型', 'Count type'), 'stockCheckType', { required: true }),
    isBlind: f.flag(label('盲盘', '盲盤', 'Blind count'), { defaultValue: '0', list: false }),
    checkerCode: f.ref(label('盘点人', '盤點人', 'Counted by'), 'employee'),
    ...stateFields,
    ...reviewFields,
    ...postingFields,
  },
});
