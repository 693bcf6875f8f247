import { varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import {
  consigneeColumns,
  consigneeFields,
  headerTable,
  lineFields,
  lineTable,
  locks,
  postingColumns,
  postingFields,
  reviewColumns,
  reviewFields,
  stateColumns,
  stateFields,
  vehicleColumns,
  vehicleFields,
} from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';
import { postingActions } from './posting-actions.ts';

/** Outbound bill lines: what leaves, per material, batch and location. */
export const osoutstockbillDetailTable = lineTable('bl_osoutstockbilldetail');

export const osoutstockbilldetail = defineEntity({
  name: 'osoutstockbilldetail',
  service: 'bl-wms',
  area: 'outWarehouseManagement',
  parent: 'osoutstockbill',
  label: label('出库单明细', '出庫單明細', 'Outbound bill line'),
  table: osoutstockbillDetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: { ...commonFields, ...lineFields },
});

/**
 * Outbound bills (spec 02 §3.5 osoutstockbill): goods of an owner shipped out of stock of a
 * given status (`stockType`), made from a reservation (`applyNo`) and picked in a wave
 * (`waveNo`). A shipped bill (state completed) cannot be deleted (spec 02 §4).
 */
export const osoutstockbillTable = headerTable('bl_osoutstockbill', {
  applyNo: varchar({ length: 64 }),
  waveNo: varchar({ length: 64 }),
  sourceBillNo: varchar({ length: 64 }),
  stockType: varchar({ length: 8 }),
  outTransferType: varchar({ length: 8 }).notNull(),
  ...consigneeColumns(),
  ...vehicleColumns(),
  ...reviewColumns(),
  ...postingColumns(),
  ...stateColumns(),
});

export const osoutstockbill = defineEntity({
  name: 'osoutstockbill',
  service: 'bl-wms',
  area: 'outWarehouseManagement',
  label: label('出库单', '出庫單', 'Outbound bill'),
  table: osoutstockbillTable,
  titleField: 'billNo',
  children: [billDetails(() => osoutstockbilldetail)],
  flow: {
    status: 'state',
    locks: [locks.posted('shipped'), locks.reviewed('shipped'), locks.pastNew('shipped')],
    postings: [{ kind: 'out', fee: '1', movement: 'door' }],
    // A bill whose stock has left is confirmed: sorting and loading follow (ADR 0008).
    postOnSave: { when: { isReview: ['0'] }, sets: { streamStatus: '1', state: '1' } },
    actions: {
      // Its stock has left once reviewed: sorting and loading follow (ADR 0008).
      ...postingActions({ review: { state: '1' }, unreview: { state: '0' } }),
      sort: {
        label: label('生成分拣单', '生成分揀單', 'Make sorting bill'),
        confirm: label(
          '确定为选择的出库单生成分拣单？',
          '確定為選擇的出庫單生成分揀單？',
          'Make a sorting bill for each selected outbound bill?',
        ),
        when: { streamStatus: ['1'] },
        refuse: 'sorting.notReviewed',
      },
      // Outbound bills waiting for review, picked together (docs/adr/0023): one wave is made.
      makeWave: {
        label: label('生成波次', '生成波次', 'Make wave'),
        confirm: label(
          '将选择的出库单组成一个波次一起拣货？',
          '將選擇的出庫單組成一個波次一起揀貨？',
          'Group the selected outbound bills into one wave to pick together?',
        ),
        when: { streamStatus: ['0'] },
        refuse: 'wave.billPosted',
      },
      load: {
        label: label('生成装车单', '生成裝車單', 'Make loading bill'),
        confirm: label(
          '填写车牌号、司机和电话：选择的出库单装上这辆车，生成一张装车单。',
          '填寫車牌號、司機和電話：選擇的出庫單裝上這輛車，生成一張裝車單。',
          'Enter the plate, driver and phone: the selected outbound bills are loaded onto this vehicle on one loading bill.',
        ),
        // The vehicle is the loading bill's: a posted outbound bill is locked, and asking for
        // it here lets the first outbound load (issue 29, 7).
        form: {
          fields: ['carNo', 'driverName', 'driverPhone'],
          required: ['carNo'],
          several: true,
          write: false,
        },
      },
    },
  },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    applyNo: f.ref(label('预约单号', '預約單號', 'Reservation no.'), 'orderosoutstockbill', {
      valueField: 'billNo',
      labelField: 'billNo',
      list: false,
    }),
    waveNo: f.ref(label('波次号', '波次號', 'Wave no.'), 'billwaves', {
      valueField: 'billNo',
      labelField: 'billNo',
      list: false,
    }),
    // Filled when the bill is made from a sales order (ossobill toOutbound).
    sourceBillNo: f.ref(label('销售订单号', '銷售訂單號', 'Sales order no.'), 'ossobill', {
      valueField: 'billNo',
      labelField: 'billNo',
      list: false,
      form: 'readonly',
    }),
    stockType: f.dict(label('库存状态', '庫存狀態', 'Stock status'), 'stockStatus', { defaultValue: '1' }),
    outTransferType: f.dict(label('出库类型', '出庫類型', 'Outbound type'), 'outTransferType', {
      required: true,
    }),
    ...consigneeFields,
    consigneeName: { ...consigneeFields.consigneeName, list: false },
    ...vehicleFields,
    // Chosen on the form: 0 posts when submitted, 1 waits for the review action (which alone sets 2).
    isReview: { ...reviewFields.isReview, form: 'edit' },
    ...postingFields,
    ...stateFields,
  },
});
