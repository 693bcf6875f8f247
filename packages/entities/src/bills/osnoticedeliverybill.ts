import { date, varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import {
  at,
  consigneeColumns,
  consigneeFields,
  headerTable,
  lineFields,
  lineTable,
  locks,
} from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';

/** Delivery notice lines: what the owner tells the warehouse to deliver. */
export const osnoticedeliverybillDetailTable = lineTable('bl_osnoticedeliverybilldetail');

export const osnoticedeliverybilldetail = defineEntity({
  name: 'osnoticedeliverybilldetail',
  service: 'bl-wms',
  area: 'outWarehouseManagement',
  parent: 'osnoticedeliverybill',
  label: label('发货通知单明细', '發貨通知單明細', 'Delivery notice line'),
  table: osnoticedeliverybillDetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: { ...commonFields, ...lineFields },
});

/**
 * Delivery notices (DN, spec 02 §3.5 osnoticedeliverybill): the owner's instruction to deliver
 * goods to a consignee, under the owner's own reference. The warehouse receives it (or, after
 * confirmation, receives it in advance, spec 02 §4), then ships it on an outbound bill.
 */
export const osnoticedeliverybillTable = headerTable('bl_osnoticedeliverybill', {
  customerBillNo: varchar({ length: 64 }),
  planDeliveryDate: date(),
  ...consigneeColumns(),
  dnState: varchar({ length: 8 }).notNull().default('0'),
  receiveTime: at(),
});

export const osnoticedeliverybill = defineEntity({
  name: 'osnoticedeliverybill',
  service: 'bl-wms',
  actions: ['receive', 'receiveAdvance'],
  area: 'outWarehouseManagement',
  label: label('发货通知单', '發貨通知單', 'Delivery notice (DN)'),
  table: osnoticedeliverybillTable,
  titleField: 'billNo',
  children: [billDetails(() => osnoticedeliverybilldetail)],
  flow: { locks: [locks.of('dnState', ['1', '2', '3', '4'], 'handled')] },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    customerBillNo: f.text(label('客户单号', '客戶單號', 'Owner reference'), { maxLength: 64 }),
    planDeliveryDate: f.date(label('要求送达日期', '要求送達日期', 'Deliver by'), { sortable: true }),
    ...consigneeFields,
    dnState: f.dict(label('通知单状态', '通知單狀態', 'Notice status'), 'dnState', {
      defaultValue: '0',
      form: 'readonly',
    }),
    receiveTime: f.datetime(label('接收时间', '接收時間', 'Received at'), { form: 'readonly', list: false }),
  },
});
