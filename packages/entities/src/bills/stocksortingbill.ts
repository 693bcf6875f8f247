import { integer, varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { verbs } from '../flow.ts';
import { label } from '../label.ts';
import { headerTable, lineFields, lineTable, locks, relabel, stateColumns, stateFields } from './blocks.ts';
import { allocatedLineKey, billDetails, billHeaderFields } from './common.ts';

/** Sorting lines: what was sorted out of which location for the outbound bill. */
export const stocksortingbillDetailTable = lineTable('bl_stocksortingbilldetail');

export const stocksortingbilldetail = defineEntity({
  name: 'stocksortingbilldetail',
  service: 'bl-wms',
  area: 'outWarehouseManagement',
  parent: 'stocksortingbill',
  label: label('分拣单明细', '分揀單明細', 'Sorting line'),
  table: stocksortingbillDetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...lineFields,
    qty: relabel(lineFields.qty, label('分拣数量', '分揀數量', 'Sorted quantity')),
  },
});

/**
 * Sorting bills (spec 02 §3.5 stocksortingbill): the pick-and-sort of an outbound bill, who
 * scanned and who checked it, how many packages were found broken and how many were changed,
 * and whether the sorting sheet and the pallet board sheet were printed (0 no, 1 yes). A blank
 * reason means shipment (spec 02 §5).
 */
export const stocksortingbillTable = headerTable('bl_stocksortingbill', {
  applyNo: varchar({ length: 64 }),
  reason: varchar({ length: 8 }).default('1'),
  brokenPackageNumber: integer(),
  changePackageNumber: integer(),
  scanPerson: varchar({ length: 64 }),
  reviewPerson: varchar({ length: 64 }),
  printSortStatus: varchar({ length: 8 }).notNull().default('0'),
  printBillBoardStatus: varchar({ length: 8 }).notNull().default('0'),
  ...stateColumns(),
});

export const stocksortingbill = defineEntity({
  name: 'stocksortingbill',
  service: 'bl-wms',
  area: 'outWarehouseManagement',
  label: label('分拣单', '分揀單', 'Sorting bill'),
  table: stocksortingbillTable,
  titleField: 'billNo',
  // Made from the outbound bill's allocation: one outbound line may take from several places.
  children: [{ ...billDetails(() => stocksortingbilldetail), distinctBy: allocatedLineKey }],
  flow: {
    status: 'state',
    locks: [locks.finished('delivered'), locks.pastNew('handled')],
    actions: {
      review: {
        ...verbs.review,
        confirm: label(
          '选择扫描人和复核人，确认选择的分拣单已分拣并复核。',
          '選擇掃描人和覆核人，確認選擇的分揀單已分揀並覆核。',
          'Choose who scanned and who checked, and confirm the selected bills are sorted and checked.',
        ),
        when: { state: ['0'] },
        refuse: 'flow.alreadyReviewed',
        sets: { state: '1' },
        audit: 'stamp',
        // Who scanned and who checked are asked at the review (issue 29, 8), written on the bill.
        form: {
          fields: ['scanPerson', 'reviewPerson'],
          required: ['scanPerson', 'reviewPerson'],
          several: true,
        },
      },
      unreview: {
        ...verbs.unreview,
        confirm: label(
          '确定反审核选择的分拣单？',
          '確定反審核選擇的分揀單？',
          'Un-review the selected sorting bills?',
        ),
        when: { state: ['1'] },
        refuse: 'flow.notReviewed',
        sets: { state: '0' },
        audit: 'clear',
      },
      printSort: {
        label: label('打印分拣单', '打印分揀單', 'Print sort list'),
        confirm: label(
          '确定打印选择的分拣单？打印状态将变为已打印。',
          '確定打印選擇的分揀單？打印狀態將變為已打印。',
          'Print the sort list of the selected bills? They will be marked printed.',
        ),
        sets: { printSortStatus: '1' },
        print: true,
      },
      printBoard: {
        label: label('打印板单', '打印板單', 'Print pallet sheet'),
        confirm: label(
          '确定打印选择的板单？打印状态将变为已打印。',
          '確定打印選擇的板單？打印狀態將變為已打印。',
          'Print the pallet sheet of the selected bills? They will be marked printed.',
        ),
        sets: { printBillBoardStatus: '1' },
        print: true,
      },
    },
  },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    applyNo: f.ref(label('出库单号', '出庫單號', 'Outbound bill no.'), 'osoutstockbill', {
      valueField: 'billNo',
      labelField: 'billNo',
    }),
    reason: f.dict(label('分拣原因', '分揀原因', 'Reason'), 'sortingReason', { defaultValue: '1' }),
    brokenPackageNumber: f.integer(label('破包数', '破包數', 'Broken packages'), { min: 0, list: false }),
    changePackageNumber: f.integer(label('换包数', '換包數', 'Changed packages'), { min: 0, list: false }),
    scanPerson: f.ref(label('扫描人', '掃描人', 'Scanned by'), 'employee', { list: false }),
    reviewPerson: f.ref(label('复核人', '覆核人', 'Checked by'), 'employee', { list: false }),
    printSortStatus: f.dict(label('分拣单打印', '分揀單打印', 'Sorting sheet'), 'printStatus', {
      defaultValue: '0',
      form: 'readonly',
    }),
    printBillBoardStatus: f.dict(label('板单打印', '板單打印', 'Pallet sheet'), 'printStatus', {
      defaultValue: '0',
      form: 'readonly',
    }),
    ...stateFields,
  },
});
