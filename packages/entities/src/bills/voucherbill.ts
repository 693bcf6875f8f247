import { index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { entityColumns, id } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import { at, computed, lineFields, lineTable, locks, unlisted } from './blocks.ts';
import { billDetails, billHeaderColumns, billHeaderFields, billHeaderIndexes } from './common.ts';

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
  // Asked in the reversal's dialog (the voucher's `reverse` form); a voucher has no generic writes.
  voucherOffRemark: f.text(label('冲销备注', '沖銷備註', 'Reversal remark'), {
    maxLength: 255,
    list: false,
    search: 'none',
  }),
  voucherOffTime: computed(f.datetime(label('冲销时间', '沖銷時間', 'Reversed at'), { list: false })),
  voucherOffUser: computed(
    f.text(label('冲销人', '沖銷人', 'Reversed by'), { maxLength: 64, list: false, search: 'none' }),
  ),
};

/**
 * Voucher items (spec 02 §3.5 voucheritem): one stock stream row each (`streamId`), with the
 * whole of its stock key (owner and status too: an owner transfer moves two owners' goods) and
 * its signed amounts, so that Σ items = stream rows can be checked row by row (ADR 0040).
 */
export const voucheritemTable = lineTable('bl_voucheritem', {
  direction: varchar({ length: 8 }),
  customerCode: varchar({ length: 64 }),
  stockStatus: varchar({ length: 8 }),
  streamId: id(),
  ...reversalColumns(),
});

export const voucheritem = defineEntity({
  name: 'voucheritem',
  service: 'bl-wms',
  area: 'otherBill',
  parent: 'voucherbill',
  label: label('凭证明细', '憑證明細', 'Voucher item'),
  table: voucheritemTable,
  readOnly: true,
  unfilled: {
    voucherOffTime: 'by nature: set when the voucher is reversed, an undo the sample walk never runs',
    voucherOffUser: 'by nature: set when the voucher is reversed, an undo the sample walk never runs',
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
    customerCode: f.ref(label('货主', '貨主', 'Owner'), 'customer'),
    stockStatus: f.dict(label('库存状态', '庫存狀態', 'Stock status'), 'stockStatus'),
    streamId: {
      kind: 'id',
      label: label('库存流水', '庫存流水', 'Stock stream row'),
      list: false,
      form: 'readonly',
    },
    ...reversalFields,
    voucherType: unlisted(reversalFields.voucherType),
  },
});

/**
 * Stock vouchers (物料凭证, spec 01 /voucher/voucherbillView, spec 02 §3.5 voucherbill): the
 * record of one posting of a source bill (`applyNo`), item by item. A voucher is not deleted
 * but reversed (冲销, spec 02 §4) with a remark, a time and a user, as a whole or per item.
 */
export const voucherbillTable = pgTable(
  'bl_voucherbill',
  {
    ...entityColumns(),
    ...billHeaderColumns(),
    applyNo: varchar({ length: 64 }),
    sourceBillType: varchar({ length: 64 }),
    ...reversalColumns(),
  },
  (t) => [
    ...billHeaderIndexes('bl_voucherbill', t),
    // An un-review finds the vouchers of its bill by these (ADR 0040).
    index('bl_voucherbill_source_idx').on(t.tenantId, t.applyNo, t.sourceBillType),
  ],
);

export const voucherbill = defineEntity({
  name: 'voucherbill',
  service: 'bl-wms',
  area: 'otherBill',
  label: label('库存凭证', '庫存憑證', 'Stock voucher'),
  table: voucherbillTable,
  readOnly: true,
  unfilled: {
    voucherOffTime: 'by nature: set when the voucher is reversed, an undo the sample walk never runs',
    voucherOffUser: 'by nature: set when the voucher is reversed, an undo the sample walk never runs',
    totalAmount: "by nature: the finance export values a voucher at its materials' prices (ADR 0040)",
  },
  titleField: 'billNo',
  children: [billDetails(() => voucheritem)],
  flow: {
    status: 'voucherOffState',
    locks: [locks.of('voucherOffState', ['1'])],
    actions: {
      // 冲销 (ADR 0040): un-posts the source bill through its own un-review (flow code in
      // modules/wms/vouchers.ts), which writes the mirror voucher and marks this one reversed.
      reverse: {
        label: label('冲销', '沖銷', 'Reverse'),
        confirm: label(
          '确定冲销选择的凭证？其来源单据将反审核，库存随之退回。',
          '確定沖銷選擇的憑證？其來源單據將反審核，庫存隨之退回。',
          'Reverse the selected vouchers? Their source bills are un-reviewed and the stock goes back.',
        ),
        danger: true,
        when: { voucherOffState: ['0'] },
        refuse: 'voucher.reversedAlready',
        sets: { voucherOffState: '1' },
        form: { fields: ['voucherOffRemark'], required: ['voucherOffRemark'], several: true },
      },
    },
  },
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
