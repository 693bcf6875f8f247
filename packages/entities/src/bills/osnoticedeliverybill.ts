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
  area: 'outWarehouseManagement',
  label: label('发货通知单', '發貨通知單', 'Delivery notice (DN)'),
  table: osnoticedeliverybillTable,
  titleField: 'billNo',
  children: [billDetails(() => osnoticedeliverybilldetail)],
  flow: {
    status: 'dnState',
    locks: [locks.of('dnState', ['1', '2', '3', '4'], 'handled')],
    actions: {
      receive: {
        label: label('接收', '接收', 'Receive'),
        confirm: label(
          '确定接收选择的发货通知单？将生成预约出库单。',
          '確定接收選擇的發貨通知單？將生成預約出庫單。',
          'Receive the selected delivery notices? An outbound reservation will be made.',
        ),
        when: { dnState: ['0'] },
        refuse: 'notice.notWaiting',
        sets: { dnState: '1' },
        // The receipt is the notice's review: who accepted it and when (issue 28).
        audit: 'stamp',
      },
      receiveAdvance: {
        label: label('提前接收', '提前接收', 'Receive in advance'),
        confirm: label(
          '确定提前接收发货通知单（DN）？货物可能尚未入库，将生成预约出库单。',
          '確定提前接收發貨通知單（DN）？貨物可能尚未入庫，將生成預約出庫單。',
          'Receive the delivery notices (DN) in advance? The goods may not be in yet; an outbound reservation will be made.',
        ),
        when: { dnState: ['0'] },
        refuse: 'notice.notWaiting',
        sets: { dnState: '2' },
        audit: 'stamp',
      },
    },
  },
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
