import { integer, numeric, varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import { at, headerTable, lineFields, lineTable } from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';

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
});

export const mailbill = defineEntity({
  name: 'mailbill',
  service: 'bl-wms',
  area: 'otherBill',
  label: label('邮寄单', '郵寄單', 'Mail bill'),
  table: mailbillTable,
  titleField: 'billNo',
  children: [{ ...billDetails(() => mailbilldetail), minLines: 0 }],
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
  },
});
