import { varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import { at, computed, headerTable, lineFields, lineTable, locks, unlisted } from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';

/** The reversal (冲销) columns a voucher and each of its items carry. */
const reversalColumns = () => ({
  voucherType: varchar({ length: 8 }).notNull(),
  voucherOffState: varchar({ length: 8 }).notNull().default('0'),
  voucherOffRemark: varchar({ length: 255 }),
  voucherOffTime: at(),
  voucherOffUser: varchar({ length: 64 }),
});
const reversalFields = {
  voucherType: f.dict(label('凭证类型', '憑證類型', 'Voucher type'), 'voucherType', { required: true }),
  voucherOffState: f.dict(label('冲销状态', '沖銷狀態', 'Reversal'), 'voucherOffState', {
    defaultValue: '0',
    form: 'readonly',
  }),
  voucherOffRemark: computed(
    f.text(label('冲销备注', '沖銷備註', 'Reversal remark'), { list: false, search: 'none' }),
  ),
  voucherOffTime: computed(f.datetime(label('冲销时间', '沖銷時間', 'Reversed at'), { list: false })),
  voucherOffUser: computed(
    f.text(label('冲销人', '沖銷人', 'Reversed by'), { maxLength: 64, list: false, search: 'none' }),
  ),
};

/** Voucher items (spec 02 §3.5 voucheritem): one stock movement each, reversible on its own. */
export const voucheritemTable = lineTable('bl_voucheritem', {
  direction: varchar({ length: 8 }),
  ...reversalColumns(),
});

export const voucheritem = defineEntity({
  name: 'voucheritem',
  service: 'bl-wms',
  area: 'otherBill',
  parent: 'voucherbill',
  label: label('凭证明细', '憑證明細', 'Voucher item'),
  table: voucheritemTable,
  unfilled: {
    voucherOffRemark: 'issue 30: set when a stock voucher item is reversed',
    voucherOffTime: 'issue 30: set when a stock voucher item is reversed',
    voucherOffUser: 'issue 30: set when a stock voucher item is reversed',
  },
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...lineFields,
    barcode: unlisted(lineFields.barcode),
    price: unlisted(lineFields.price),
    board: unlisted(lineFields.board),
    volume: unlisted(lineFields.volume),
    direction: f.dict(label('库存方向', '庫存方向', 'Direction'), 'streamDirection'),
    ...reversalFields,
    voucherType: unlisted(reversalFields.voucherType),
  },
});

/**
 * Stock vouchers (物料凭证, spec 01 /voucher/voucherbillView, spec 02 §3.5 voucherbill): the
 * record of one posting of a source bill (`applyNo`), item by item. A voucher is not deleted
 * but reversed (冲销, spec 02 §4) with a remark, a time and a user, as a whole or per item.
 */
export const voucherbillTable = headerTable('bl_voucherbill', {
  applyNo: varchar({ length: 64 }),
  sourceBillType: varchar({ length: 64 }),
  ...reversalColumns(),
});

export const voucherbill = defineEntity({
  name: 'voucherbill',
  service: 'bl-wms',
  area: 'otherBill',
  label: label('库存凭证', '庫存憑證', 'Stock voucher'),
  table: voucherbillTable,
  unfilled: {
    voucherOffRemark: 'issue 30: set when a stock voucher is reversed',
    voucherOffTime: 'issue 30: set when a stock voucher is reversed',
    voucherOffUser: 'issue 30: set when a stock voucher is reversed',
    auditUser: 'issue 30: stock vouchers are written by postings, with no review yet',
    auditTime: 'issue 30: stock vouchers are written by postings, with no review yet',
  },
  titleField: 'billNo',
  children: [billDetails(() => voucheritem)],
  flow: { locks: [locks.of('voucherOffState', ['1'])] },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    billNo: { ...billHeaderFields.billNo, label: label('凭证号', '憑證號', 'Voucher no.') },
    billDate: { ...billHeaderFields.billDate, label: label('过账日期', '過賬日期', 'Posting date') },
    applyNo: f.text(label('来源单号', '來源單號', 'Source bill no.'), { maxLength: 64 }),
    sourceBillType: f.ref(label('来源单据类型', '來源單據類型', 'Source bill type'), 'billtype', {
      list: false,
    }),
    ...reversalFields,
  },
});
