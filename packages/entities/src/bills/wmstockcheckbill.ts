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
import { postingActions } from './posting-actions.ts';

const counted = label('实盘数量', '實盤數量', 'Counted quantity');

/**
 * Count lines: one per stock key (owner, material, batches, place, barcode, pack spec, status),
 * the book quantity taken from stock when the count sheet is made (and taken again under lock
 * at review, docs/adr/0021-count-orders-waves.md), the quantity counted (`qty`, blank until
 * counted), and the difference (counted − book) that review posts as a gain or a loss.
 */
export const wmstockcheckbillDetailTable = lineTable('bl_wmstockcheckbilldetail', {
  customerCode: varchar({ length: 64 }),
  stockStatus: varchar({ length: 8 }).notNull().default('1'),
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
    customerCode: f.ref(label('货主', '貨主', 'Owner'), 'customer', { required: true }),
    stockStatus: f.dict(label('库存状态', '庫存狀態', 'Stock status'), 'stockStatus', { defaultValue: '1' }),
    // Zero is a count (the place is empty); blank is not counted yet.
    qty: relabel(lineFields.qty, counted, { positive: undefined }),
    // What a count is read for sits beside the counted quantity in views (issue 29, 11).
    bookQty: computed(f.decimal(label('账面数量', '賬面數量', 'Book quantity'), 4, { line: 6 })),
    diffQty: computed(f.decimal(label('差异数量', '差異數量', 'Difference'), 4, { line: 7 })),
    diffReason: f.text(label('差异原因', '差異原因', 'Reason for difference'), {
      list: false,
      search: 'none',
      line: 8,
    }),
  },
});

/** Stock counts (spec 02 §3.5 wmstockcheckbill): full, spot, moved-location or cycle counts. */
export const wmstockcheckbillTable = headerTable('bl_wmstockcheckbill', {
  checkType: varchar({ length: 8 }).notNull(),
  isBlind: varchar({ length: 1 }).notNull().default('0'),
  checkerCode: varchar({ length: 64 }),
  placeFrom: varchar({ length: 64 }),
  placeTo: varchar({ length: 64 }),
  materialCode: varchar({ length: 64 }),
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
  // A count is made empty and filled by `snapshot`; a line per stock key (one material may sit
  // on several places, batches and owners).
  children: [
    {
      ...billDetails(() => wmstockcheckbilldetail),
      minLines: 0,
      distinctBy: [
        'customerCode',
        'materialCode',
        'batchNo',
        'customerBatchNo',
        'warehousePlaceCode',
        'barcode',
        'packspecCode',
        'stockStatus',
      ],
    },
  ],
  flow: {
    status: 'isReview',
    locks: [locks.posted(), locks.reviewed(), locks.finished()],
    // Differences are no receipt nor shipment: fee flag 2, told apart by the bill type.
    postings: [
      {
        kind: 'adjust',
        qty: 'diffQty',
        key: { customerCode: { line: 'customerCode' }, stockStatus: { line: 'stockStatus' } },
        fee: '2',
        movement: 'adjust',
      },
    ],
    actions: {
      snapshot: {
        label: label('生成盘点表', '生成盤點表', 'Make count sheet'),
        confirm: label(
          '按盘点范围从库存生成盘点明细？已有明细将被替换。',
          '按盤點範圍從庫存生成盤點明細？已有明細將被替換。',
          'Fill the count lines from stock in the count scope? Lines already there are replaced.',
        ),
        when: { streamStatus: ['0'], isReview: ['0', '1'] },
      },
      printSheet: {
        label: label('打印盘点表', '列印盤點表', 'Print count sheet'),
        confirm: label(
          '打印选择的盘点表？',
          '列印選擇的盤點表？',
          'Print the count sheets of the selected counts?',
        ),
        print: true,
      },
      // Posting the differences completes the count (its state shows it, issue 29).
      ...postingActions({ review: { state: '3' }, unreview: { state: '0' } }),
    },
  },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    checkType: f.dict(label('盘点类型', '盤點類型', 'Count type'), 'stockCheckType', { required: true }),
    isBlind: f.flag(label('盲盘', '盲盤', 'Blind count'), { defaultValue: '0', list: false }),
    checkerCode: f.ref(label('盘点人', '盤點人', 'Counted by'), 'employee'),
    // The scope of the count (blank: any): warehouse, area and owner are the header's own fields.
    placeFrom: f.ref(label('起始库位', '起始庫位', 'From location'), 'warehouseplace', { list: false }),
    placeTo: f.ref(label('截止库位', '截止庫位', 'To location'), 'warehouseplace', { list: false }),
    materialCode: f.ref(label('物料', '物料', 'Material'), 'material', { list: false }),
    ...stateFields,
    ...reviewFields,
    ...postingFields,
  },
});
