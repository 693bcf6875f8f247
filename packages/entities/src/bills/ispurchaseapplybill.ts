import { date, varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import {
  headerTable,
  lineFields,
  lineTable,
  locks,
  relabel,
  reviewColumns,
  reviewFields,
  stateColumns,
  stateFields,
  unlisted,
} from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';
import { reviewActions } from './fee-actions.ts';

/** Purchase application lines: what to buy, how much, at which reference price. */
export const ispurchaseapplybillDetailTable = lineTable('bl_ispurchaseapplybilldetail');

export const ispurchaseapplybilldetail = defineEntity({
  name: 'ispurchaseapplybilldetail',
  service: 'bl-wms',
  area: 'warehousingManagement',
  parent: 'ispurchaseapplybill',
  label: label('采购申请单明细', '採購申請單明細', 'Purchase application line'),
  table: ispurchaseapplybillDetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...lineFields,
    barcode: unlisted(lineFields.barcode),
    qty: relabel(lineFields.qty, label('申请数量', '申請數量', 'Requested quantity')),
    price: relabel(lineFields.price, label('参考单价', '參考單價', 'Reference price')),
  },
});

/**
 * Purchase applications (spec 02 §3.5 ispurchaseapplybill): a request to buy goods from a
 * supplier for an owner, reviewed before the order; the goods later arrive on a reservation.
 */
export const ispurchaseapplybillTable = headerTable('bl_ispurchaseapplybill', {
  supplierCode: varchar({ length: 64 }),
  applicantCode: varchar({ length: 64 }),
  expectDate: date(),
  purpose: varchar({ length: 255 }),
  ...reviewColumns(),
  ...stateColumns(),
});

export const ispurchaseapplybill = defineEntity({
  name: 'ispurchaseapplybill',
  service: 'bl-wms',
  area: 'warehousingManagement',
  label: label('采购申请单', '採購申請單', 'Purchase application'),
  table: ispurchaseapplybillTable,
  titleField: 'billNo',
  children: [billDetails(() => ispurchaseapplybilldetail)],
  flow: {
    status: 'isReview',
    locks: [locks.reviewed(), locks.pastNew()],
    // Review approves the application (no stock moves); a tenant may require an approval
    // process for it (docs/adr/0027-workflow-engine.md, addendum 2).
    actions: {
      ...reviewActions(
        label(
          '确定审核选择的采购申请单？审核后即可据此采购。',
          '確定審核選擇的採購申請單？審核後即可據此採購。',
          'Review the selected purchase applications? Purchasing may then go ahead.',
        ),
        label(
          '确定反审核选择的采购申请单？',
          '確定反審核選擇的採購申請單？',
          'Un-review the selected purchase applications?',
        ),
        { state: ['0'] },
      ),
    },
  },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    supplierCode: f.ref(label('供应商', '供應商', 'Supplier'), 'supplier'),
    applicantCode: f.ref(label('申请人', '申請人', 'Applicant'), 'employee'),
    expectDate: f.date(label('期望到货日期', '期望到貨日期', 'Wanted by'), { list: false }),
    purpose: f.text(label('申请事由', '申請事由', 'Purpose'), { list: false, search: 'none' }),
    ...reviewFields,
    ...stateFields,
  },
});
