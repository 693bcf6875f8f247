import { integer, numeric, varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import { at, headerTable, lineFields, lineTable, locks, reviewColumns, reviewFields } from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';
import { reviewActions } from './fee-actions.ts';

/** Parcel contents (optional): the materials in the parcel. */
export const mailbillDetailTable = lineTable('bl_mailbilldetail');

export const mailbilldetail = defineEntity({
  name: 'mailbilldetail',
  service: 'bl-wms',
  area: 'otherBill',
  parent: 'mailbill',
  label: label('邮寄单明细', '郵寄單明細', 'Parcel line'),
  table: mailbillDetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: { ...commonFields, ...lineFields },
});

/**
 * Mail bills (spec 02 §3.5 mailbill, type 0 inbound / 1 outbound): express parcels received for
 * or sent on behalf of an owner, with carrier, tracking number, sender, recipient and freight.
 */
export const mailbillTable = headerTable('bl_mailbill', {
  type: varchar({ length: 8 }).notNull(),
  expressCompany: varchar({ length: 64 }),
  mailNo: varchar({ length: 64 }).notNull(),
  senderName: varchar({ length: 64 }),
  senderPhone: varchar({ length: 32 }),
  recipientName: varchar({ length: 64 }),
  recipientPhone: varchar({ length: 32 }),
  address: varchar({ length: 255 }),
  pieces: integer(),
  parcelWeight: numeric({ precision: 18, scale: 4 }),
  freight: numeric({ precision: 18, scale: 2 }),
  mailTime: at(),
  ...reviewColumns(),
});

export const mailbill = defineEntity({
  name: 'mailbill',
  service: 'bl-wms',
  area: 'otherBill',
  label: label('邮寄单', '郵寄單', 'Mail bill'),
  table: mailbillTable,
  titleField: 'billNo',
  children: [{ ...billDetails(() => mailbilldetail), minLines: 0 }],
  // Reviewed by the clerk who checked the parcel against its paper (issue 28: the bill had
  // audit fields nothing filled); a reviewed mail bill is locked, un-review opens it again.
  flow: {
    status: 'isReview',
    locks: [locks.reviewed()],
    actions: reviewActions(
      label(
        '确定审核选择的邮寄单？审核后不能再修改。',
        '確定審核選擇的郵寄單？審核後不能再修改。',
        'Review the selected mail bills? A reviewed mail bill can no longer be changed.',
      ),
      label(
        '确定反审核选择的邮寄单？反审核后可以再修改。',
        '確定反審核選擇的郵寄單？反審核後可以再修改。',
        'Un-review the selected mail bills? They can then be changed again.',
      ),
    ),
  },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    totalQty: { ...billHeaderFields.totalQty, list: false },
    type: f.dict(label('收发类型', '收發類型', 'Direction'), 'mailType', { required: true }),
    expressCompany: f.text(label('快递公司', '快遞公司', 'Courier'), { maxLength: 64 }),
    mailNo: f.text(label('快递单号', '快遞單號', 'Tracking no.'), { required: true, maxLength: 64 }),
    senderName: f.text(label('寄件人', '寄件人', 'Sender'), { maxLength: 64 }),
    senderPhone: f.text(label('寄件人电话', '寄件人電話', 'Sender phone'), { maxLength: 32, list: false }),
    recipientName: f.text(label('收件人', '收件人', 'Recipient'), { maxLength: 64 }),
    recipientPhone: f.text(label('收件人电话', '收件人電話', 'Recipient phone'), {
      maxLength: 32,
      list: false,
    }),
    address: f.text(label('地址', '地址', 'Address'), { list: false }),
    pieces: f.integer(label('件数', '件數', 'Pieces'), { min: 0, list: false }),
    parcelWeight: f.decimal(label('重量（KG）', '重量（KG）', 'Weight (kg)'), 4, { min: 0, list: false }),
    freight: f.money(label('运费', '運費', 'Freight'), { min: 0, list: false }),
    mailTime: f.datetime(label('收寄时间', '收寄時間', 'Sent / received at'), {
      list: false,
      search: 'range',
    }),
    ...reviewFields,
  },
});
