import { date, numeric, varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { verbs } from '../flow.ts';
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

/** Lading lines: the goods released to the holder, and how much has been picked up. */
export const ladingbillDetailTable = lineTable('bl_ladingbilldetail', {
  pickedQty: numeric({ precision: 18, scale: 4 }),
});

export const ladingbilldetail = defineEntity({
  name: 'ladingbilldetail',
  service: 'bl-wms',
  area: 'otherBill',
  parent: 'ladingbill',
  label: label('提单明细', '提單明細', 'Lading line'),
  table: ladingbillDetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...lineFields,
    barcode: unlisted(lineFields.barcode),
    qty: relabel(lineFields.qty, label('提货数量', '提貨數量', 'Released quantity')),
    pickedQty: computed(f.decimal(label('已提数量', '已提數量', 'Picked up'), 4)),
  },
});

/**
 * Ladings (提单, spec 01 /otherBill ladingbill, report costLadingView): the owner releases
 * goods to a holder (a buyer) who picks them up, in one or several trips, until `validUntil`.
 * The fees the release accrues (计提) are kept in `accrualAmount` by billing.
 */
export const ladingbillTable = headerTable('bl_ladingbill', {
  pickupCompany: varchar({ length: 128 }),
  pickupPerson: varchar({ length: 64 }),
  pickupIdCard: varchar({ length: 18 }),
  pickupPhone: varchar({ length: 32 }),
  carNo: varchar({ length: 32 }),
  validUntil: date(),
  accrualAmount: numeric({ precision: 18, scale: 2 }),
  ...stateColumns(),
});

export const ladingbill = defineEntity({
  name: 'ladingbill',
  service: 'bl-wms',
  area: 'otherBill',
  label: label('提单', '提單', 'Lading'),
  table: ladingbillTable,
  titleField: 'billNo',
  children: [billDetails(() => ladingbilldetail)],
  // Released (1) → picked up in trips (2) → every line picked (3), docs/adr/0024 "Addendum:
  // lading accrual". A pick-up posts no stock: the goods leave through an outbound bill; the
  // lading records the holder's right and its use, and accrues the LADING fee per trip.
  flow: {
    status: 'state',
    locks: [locks.pastNew()],
    actions: {
      review: {
        ...verbs.review,
        confirm: label(
          '确定审核选择的提单？审核后提货人可以提货。',
          '確定審核選擇的提單？審核後提貨人可以提貨。',
          'Review the selected ladings? The holder may then pick the goods up.',
        ),
        when: { state: ['0'] },
        sets: { state: '1' },
        audit: 'stamp',
      },
      unreview: {
        ...verbs.unreview,
        confirm: label(
          '确定反审核选择的提单？尚未提货的提单才能反审核。',
          '確定反審核選擇的提單？尚未提貨的提單才能反審核。',
          'Un-review the selected ladings? Only a lading nothing was picked up from can be.',
        ),
        when: { state: ['1', '2'] },
        sets: { state: '0' },
        audit: 'clear',
      },
      pickup: {
        label: label('提货', '提貨', 'Pick up'),
        confirm: label(
          '确定为选择的提单登记提货？将按提货数量计提费用。',
          '確定為選擇的提單登記提貨？將按提貨數量計提費用。',
          'Record a pick-up on the selected ladings? Fees accrue on the quantities picked up.',
        ),
        when: { state: ['1', '2'] },
        quantities: { lines: 'details', key: 'pickQty', from: 'qty', done: 'pickedQty' },
      },
    },
  },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    customerCode: { ...billHeaderFields.customerCode, required: true },
    pickupCompany: f.text(label('提货单位', '提貨單位', 'Holder'), { maxLength: 128 }),
    pickupPerson: f.text(label('提货人', '提貨人', 'Picked up by'), { maxLength: 64 }),
    pickupIdCard: f.text(label('提货人身份证号', '提貨人身份證號', 'ID card no.'), {
      format: 'idCard',
      maxLength: 18,
      list: false,
    }),
    pickupPhone: f.text(label('提货人电话', '提貨人電話', 'Phone'), { maxLength: 32, list: false }),
    carNo: f.text(label('车牌号', '車牌號', 'Plate no.'), { maxLength: 32, list: false }),
    validUntil: f.date(label('有效期至', '有效期至', 'Valid until'), { sortable: true }),
    accrualAmount: computed(f.money(label('计提金额', '計提金額', 'Accrued fees'), { list: false })),
    ...stateFields,
  },
});
