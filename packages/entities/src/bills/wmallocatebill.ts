import { numeric, varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { verbs } from '../flow.ts';
import { label } from '../label.ts';
import {
  at,
  computed,
  headerTable,
  lineFields,
  lineTable,
  locks,
  postingColumns,
  postingFields,
  relabel,
  reviewColumns,
  reviewFields,
  stateColumns,
  stateFields,
  unlisted,
  vehicleColumns,
  vehicleFields,
} from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';

/** Allocation lines: from which location they leave, to which they go, and what arrived. */
export const wmallocatebillDetailTable = lineTable('bl_wmallocatebilldetail', {
  targetWarehousePlaceCode: varchar({ length: 64 }),
  receivedQty: numeric({ precision: 18, scale: 4 }),
  // Still in transit: shipped but not yet received (docs/adr/0023).
  diffQty: numeric({ precision: 18, scale: 4 }),
  // What the receive under way takes in (cleared once posted).
  receiveQty: numeric({ precision: 18, scale: 4 }),
});

export const wmallocatebilldetail = defineEntity({
  name: 'wmallocatebilldetail',
  service: 'bl-wms',
  area: 'inWarehouseManagement',
  parent: 'wmallocatebill',
  label: label('调拨单明细', '調撥單明細', 'Allocation line'),
  table: wmallocatebillDetailTable,
  unfilled: {
    receiveQty: 'by nature: holds a receive under way and is cleared once it is posted',
  },
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...lineFields,
    barcode: unlisted(lineFields.barcode),
    price: unlisted(lineFields.price),
    volume: unlisted(lineFields.volume),
    warehousePlaceCode: relabel(
      lineFields.warehousePlaceCode,
      label('调出库位', '調出庫位', 'From location'),
    ),
    targetWarehousePlaceCode: f.ref(label('调入库位', '調入庫位', 'To location'), 'warehouseplace'),
    receivedQty: computed(f.decimal(label('已收数量', '已收數量', 'Received quantity'), 4)),
    receiveQty: { ...computed(f.decimal(label('本次调入', '本次調入', 'Receiving now'), 4)), list: false },
    diffQty: computed(f.decimal(label('在途差异', '在途差異', 'Still in transit'), 4)),
  },
});

/**
 * Allocations (调拨, spec 02 §3.5 wmallocatebill): goods of one owner sent from one warehouse
 * to another in two steps, shipped at the source (`outTime`) and received at the target
 * (`inTime`), in transit between. A move within one step is a warehousetransferbill.
 */
export const wmallocatebillTable = headerTable('bl_wmallocatebill', {
  targetWarehouseCode: varchar({ length: 64 }).notNull(),
  outTime: at(),
  inTime: at(),
  ...vehicleColumns(),
  ...reviewColumns(),
  ...stateColumns(),
  ...postingColumns(),
});

export const wmallocatebill = defineEntity({
  name: 'wmallocatebill',
  service: 'bl-wms',
  area: 'inWarehouseManagement',
  label: label('调拨单', '調撥單', 'Allocation bill'),
  table: wmallocatebillTable,
  titleField: 'billNo',
  children: [billDetails(() => wmallocatebilldetail)],
  flow: {
    status: 'state',
    locks: [locks.posted(), locks.reviewed(), locks.pastNew()],
    actions: {
      // Step one: the goods leave their location for the in-transit status (4), where the
      // stock reports show them until they arrive (docs/adr/0020-stock-control-flows.md).
      ship: {
        label: label('调出', '調出', 'Ship out'),
        confirm: label(
          '确定调出选择的调拨单？库存将转为在途。',
          '確定調出選擇的調撥單？庫存將轉為在途。',
          'Ship the selected allocations? Their stock goes in transit.',
        ),
        when: { state: ['0'] },
        ledger: 'post',
        posts: [{ kind: 'move', to: { stockStatus: { value: '4' } }, fee: '2', movement: 'internal' }],
        sets: { state: '2', streamStatus: '1', isReview: '2' },
        audit: 'stamp',
      },
      // Step two: what is still in transit arrives at the target location, available; in parts
      // when the request names the quantities received per line (docs/adr/0023).
      receive: {
        label: label('调入', '調入', 'Receive in'),
        confirm: label(
          '确定调入选择的调拨单？在途库存将入目标库位。',
          '確定調入選擇的調撥單？在途庫存將入目標庫位。',
          'Receive the selected allocations? Their stock in transit goes to the target locations.',
        ),
        when: { state: ['2'] },
        quantities: { lines: 'details', key: 'qty', from: 'qty', done: 'receivedQty' },
        ledger: 'post',
        posts: [
          {
            kind: 'move',
            qty: 'receiveQty',
            optional: true,
            key: { stockStatus: { value: '4' } },
            to: { warehousePlaceCode: { line: 'targetWarehousePlaceCode' }, stockStatus: { value: '1' } },
            fee: '2',
            movement: 'internal',
          },
        ],
      },
      unreview: {
        ...verbs.unreview,
        when: { state: ['2', '3'] },
        ledger: 'reverse',
        sets: { state: '0', streamStatus: '0', isReview: '1' },
        audit: 'clear',
      },
    },
  },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    warehouseCode: relabel(billHeaderFields.warehouseCode, label('调出仓库', '調出倉庫', 'From warehouse'), {
      required: true,
    }),
    targetWarehouseCode: f.ref(label('调入仓库', '調入倉庫', 'To warehouse'), 'warehouse', {
      required: true,
    }),
    outTime: f.datetime(label('调出时间', '調出時間', 'Shipped at'), { form: 'readonly', list: false }),
    inTime: f.datetime(label('调入时间', '調入時間', 'Received at'), { form: 'readonly', list: false }),
    ...vehicleFields,
    ...reviewFields,
    ...stateFields,
    ...postingFields,
  },
});
