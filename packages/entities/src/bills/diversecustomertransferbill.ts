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

/** Ownership transfer lines: the goods that change owner where they lie. */
export const diversecustomertransferbillDetailTable = lineTable('bl_diversecustomertransferbilldetail');

export const diversecustomertransferbilldetail = defineEntity({
  name: 'diversecustomertransferbilldetail',
  service: 'bl-wms',
  area: 'inWarehouseManagement',
  parent: 'diversecustomertransferbill',
  label: label('货权转移单明细', '貨權轉移單明細', 'Ownership transfer line'),
  table: diversecustomertransferbillDetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...lineFields,
    qty: relabel(lineFields.qty, label('转移数量', '轉移數量', 'Quantity transferred')),
  },
});

/**
 * Ownership transfers (spec 02 §3.5 diversecustomertransferbill): goods sold from one owner
 * (`customerCode`) to another (`targetCustomerCode`) inside the warehouse; the goods stay,
 * the stock moves between owners and is billed under the target owner's agreement.
 */
export const diversecustomertransferbillTable = headerTable('bl_diversecustomertransferbill', {
  targetCustomerCode: varchar({ length: 64 }).notNull(),
  targetAgreementCode: varchar({ length: 64 }),
  transferReason: varchar({ length: 255 }),
  ...reviewColumns(),
  ...postingColumns(),
});

export const diversecustomertransferbill = defineEntity({
  name: 'diversecustomertransferbill',
  service: 'bl-wms',
  area: 'inWarehouseManagement',
  label: label('货权转移单', '貨權轉移單', 'Ownership transfer'),
  table: diversecustomertransferbillTable,
  titleField: 'billNo',
  children: [billDetails(() => diversecustomertransferbilldetail)],
  flow: {
    status: 'isReview',
    locks: [locks.posted(), locks.reviewed()],
    // The goods stay where they lie, batch and dates kept; only the owner changes.
    postings: [
      { kind: 'move', to: { customerCode: { header: 'targetCustomerCode' } }, fee: '2', movement: 'owner' },
    ],
    actions: postingActions(),
  },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    customerCode: relabel(billHeaderFields.customerCode, label('转出货主', '轉出貨主', 'From owner'), {
      required: true,
    }),
    agreementCode: relabel(billHeaderFields.agreementCode, label('转出协议', '轉出協議', 'From agreement')),
    targetCustomerCode: f.ref(label('转入货主', '轉入貨主', 'To owner'), 'customer', { required: true }),
    targetAgreementCode: f.ref(label('转入协议', '轉入協議', 'To agreement'), 'lgagreement', {
      valueField: 'agreementCode',
      // The agreement goods are held under once they change hands: the target owner's own.
      ownerField: 'targetCustomerCode',
      labelField: 'name',
      list: false,
    }),
    transferReason: f.text(label('转移原因', '轉移原因', 'Reason'), { list: false, search: 'none' }),
    ...reviewFields,
    ...postingFields,
  },
});
