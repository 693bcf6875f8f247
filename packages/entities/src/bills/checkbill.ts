import { numeric, varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { verbs } from '../flow.ts';
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
} from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';

const qty = () => numeric({ precision: 18, scale: 4 });

/**
 * Inspection items (spec 02 §3.5 "checkbill items: passQty, failQty, sampleQty, checkedQty"):
 * of the quantity put to inspection, how much was checked, sampled, passed and failed.
 */
export const checkbillDetailTable = lineTable('bl_checkbilldetail', {
  checkedQty: qty(),
  sampleQty: qty(),
  passQty: qty(),
  failQty: qty(),
  checkResult: varchar({ length: 8 }),
  failReason: varchar({ length: 255 }),
});

export const checkbilldetail = defineEntity({
  name: 'checkbilldetail',
  service: 'bl-wms',
  area: 'warehousingManagement',
  parent: 'checkbill',
  label: label('质检单明细', '質檢單明細', 'Inspection item'),
  table: checkbillDetailTable,
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
    warehousePlaceCode: unlisted(lineFields.warehousePlaceCode),
    qty: relabel(lineFields.qty, label('报检数量', '報檢數量', 'Quantity to inspect')),
    checkedQty: f.decimal(label('已检数量', '已檢數量', 'Checked quantity'), 4, { min: 0 }),
    sampleQty: f.decimal(label('抽样数量', '抽樣數量', 'Sample quantity'), 4, { min: 0 }),
    passQty: f.decimal(label('合格数量', '合格數量', 'Passed quantity'), 4, { min: 0 }),
    failQty: f.decimal(label('不合格数量', '不合格數量', 'Failed quantity'), 4, { min: 0 }),
    checkResult: f.dict(label('质检结果', '質檢結果', 'Result'), 'qualityCheckResult'),
    failReason: f.text(label('不合格原因', '不合格原因', 'Reason for failure'), {
      list: false,
      search: 'none',
    }),
  },
});

/**
 * Quality inspections (spec 02 §3.5 checkbill) of goods received, in stock or about to ship;
 * `applyNo` names the bill the goods came on (receiving, inbound or outbound: plain text).
 */
export const checkbillTable = headerTable('bl_checkbill', {
  checkType: varchar({ length: 8 }).notNull(),
  applyNo: varchar({ length: 64 }),
  inspectorCode: varchar({ length: 64 }),
  checkTime: at(),
  checkResult: varchar({ length: 8 }),
  stockType: varchar({ length: 8 }).notNull().default('2'),
  ...stateColumns(),
});

export const checkbill = defineEntity({
  name: 'checkbill',
  service: 'bl-wms',
  area: 'warehousingManagement',
  label: label('质检单', '質檢單', 'Quality inspection'),
  table: checkbillTable,
  titleField: 'billNo',
  children: [billDetails(() => checkbilldetail)],
  flow: {
    status: 'state',
    locks: [locks.pastNew()],
    // The inspected goods (in the header's status, quality inspection by default) move by
    // their result: passed to available, failed to frozen (docs/adr/0020-stock-control-flows.md).
    postings: [
      {
        kind: 'move',
        qty: 'passQty',
        optional: true,
        to: { stockStatus: { value: '1' } },
        fee: '2',
        movement: 'internal',
      },
      {
        kind: 'move',
        qty: 'failQty',
        optional: true,
        to: { stockStatus: { value: '3' } },
        fee: '2',
        movement: 'internal',
      },
    ],
    actions: {
      review: {
        ...verbs.review,
        when: { state: ['0'] },
        refuse: 'flow.alreadyReviewed',
        ledger: 'post',
        sets: { state: '3' },
        audit: 'stamp',
      },
      unreview: {
        ...verbs.unreview,
        when: { state: ['3'] },
        refuse: 'flow.notReviewed',
        ledger: 'reverse',
        sets: { state: '0' },
        audit: 'clear',
      },
    },
  },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    checkType: f.dict(label('质检类型', '質檢類型', 'Inspection type'), 'qualityCheckType', {
      required: true,
    }),
    applyNo: f.text(label('来源单号', '來源單號', 'Source bill no.'), { maxLength: 64, list: false }),
    inspectorCode: f.ref(label('质检员', '質檢員', 'Inspector'), 'employee'),
    checkTime: f.datetime(label('质检时间', '質檢時間', 'Inspected at'), { list: false, search: 'range' }),
    checkResult: f.dict(label('质检结果', '質檢結果', 'Result'), 'qualityCheckResult', {
      form: 'readonly',
    }),
    stockType: f.dict(label('待检库存状态', '待檢庫存狀態', 'Status of the goods inspected'), 'stockStatus', {
      defaultValue: '2',
      list: false,
    }),
    ...stateFields,
  },
});
