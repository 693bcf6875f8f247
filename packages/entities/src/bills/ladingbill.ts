import { date, numeric, varchar } from 'drizzle-orm/pg-core';
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
  flow: { locks: [locks.pastNew()] },
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
