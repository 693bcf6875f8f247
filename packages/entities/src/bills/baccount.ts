import { date, numeric } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import {
  computed,
  headerTable,
  lineFields,
  lineTable,
  locks,
  relabel,
  stateColumns,
  stateFields,
  unlisted,
} from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';

const qty = () => numeric({ precision: 18, scale: 4 });

/**
 * Carry-forward lines: per material and batch, the opening quantity, what came in and went
 * out in the period, and the closing quantity (`qty`), carried into the next period's opening.
 * The carry-forward run writes the quantities.
 */
export const baccountdetailTable = lineTable('bl_baccountdetail', {
  beginQty: qty(),
  inQty: qty(),
  outQty: qty(),
});

export const baccountdetail = defineEntity({
  name: 'baccountdetail',
  service: 'bl-wms',
  area: 'otherBill',
  parent: 'baccount',
  label: label('结转单明细', '結轉單明細', 'Carry-forward line'),
  table: baccountdetailTable,
  unfilled: {
    qty: 'issue 30: the carry-forward computes it',
    beginQty: 'issue 30: the carry-forward computes it',
    inQty: 'issue 30: the carry-forward computes it',
    outQty: 'issue 30: the carry-forward computes it',
  },
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
    beginQty: computed(f.decimal(label('期初数量', '期初數量', 'Opening quantity'), 4)),
    inQty: computed(f.decimal(label('本期入库', '本期入庫', 'In during period'), 4)),
    outQty: computed(f.decimal(label('本期出库', '本期出庫', 'Out during period'), 4)),
    qty: computed(relabel(lineFields.qty, label('期末数量', '期末數量', 'Closing quantity'))),
  },
});

/**
 * Carry-forwards (结转, spec 02 §3.5 baccount): an owner's stock closed for a period, its
 * closing quantities becoming the next period's opening ones.
 */
export const baccountTable = headerTable('bl_baccount', {
  periodStart: date().notNull(),
  periodEnd: date().notNull(),
  ...stateColumns(),
});

export const baccount = defineEntity({
  name: 'baccount',
  service: 'bl-wms',
  area: 'otherBill',
  label: label('结转单', '結轉單', 'Carry-forward'),
  table: baccountTable,
  unfilled: {
    auditUser: 'issue 30: the carry-forward has no review yet',
    auditTime: 'issue 30: the carry-forward has no review yet',
  },
  titleField: 'billNo',
  children: [billDetails(() => baccountdetail)],
  flow: { locks: [locks.pastNew()] },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    periodStart: f.date(label('期间开始', '期間開始', 'Period from'), { required: true, sortable: true }),
    periodEnd: f.date(label('期间结束', '期間結束', 'Period to'), { required: true, sortable: true }),
    ...stateFields,
  },
});
