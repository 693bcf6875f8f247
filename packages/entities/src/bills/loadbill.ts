import { varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import {
  at,
  headerTable,
  lineFields,
  lineTable,
  locks,
  relabel,
  stateColumns,
  stateFields,
  unlisted,
  vehicleColumns,
  vehicleFields,
} from './blocks.ts';
import { allocatedLineKey, billDetails, billHeaderFields } from './common.ts';

/** Loading lines: the outbound lines (applyCode / applyLineNumber) put on the vehicle. */
export const loadbillDetailTable = lineTable('bl_loadbilldetail');

export const loadbilldetail = defineEntity({
  name: 'loadbilldetail',
  service: 'bl-wms',
  area: 'loadHandle',
  parent: 'loadbill',
  label: label('装车单明细', '裝車單明細', 'Loading line'),
  table: loadbillDetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...lineFields,
    barcode: unlisted(lineFields.barcode),
    price: unlisted(lineFields.price),
    applyCode: relabel(lineFields.applyCode, label('出库单号', '出庫單號', 'Outbound bill no.'), {
      list: true,
    }),
    qty: relabel(lineFields.qty, label('装车数量', '裝車數量', 'Loaded quantity')),
  },
});

/**
 * Loading bills (spec 01 /loadHandle): a vehicle loaded at a dock with outbound goods. The
 * planned and actual start and end are kept on the loading-time screen (loadbillTimeEdit).
 * Car and driver are typed here; the transport area's master data is not linked yet.
 */
export const loadbillTable = headerTable('bl_loadbill', {
  ...vehicleColumns(),
  carNo: varchar({ length: 32 }).notNull(),
  driverCode: varchar({ length: 64 }),
  dockCode: varchar({ length: 32 }),
  sealNo: varchar({ length: 64 }),
  porterCode: varchar({ length: 64 }),
  planStartTime: at(),
  planEndTime: at(),
  actualStartTime: at(),
  actualEndTime: at(),
  ...stateColumns(),
});

export const loadbill = defineEntity({
  name: 'loadbill',
  service: 'bl-wms',
  area: 'loadHandle',
  label: label('装车单', '裝車單', 'Loading bill'),
  table: loadbillTable,
  titleField: 'billNo',
  // Made from the outbound bill's allocation: one outbound line may take from several places.
  children: [{ ...billDetails(() => loadbilldetail), distinctBy: allocatedLineKey }],
  flow: {
    status: 'state',
    locks: [locks.finished('delivered'), locks.pastNew('handled')],
    actions: {
      review: {
        label: label('装车完成', '裝車完成', 'Loaded'),
        confirm: label(
          '确定选择的装车单已装车完成？对应出库单将完成。',
          '確定選擇的裝車單已裝車完成？對應出庫單將完成。',
          'Are the selected loading bills loaded? Their outbound bills will be completed.',
        ),
        when: { state: ['0'] },
        refuse: 'flow.alreadyReviewed',
        sets: { state: '3' },
        audit: 'stamp',
      },
      unreview: {
        label: label('取消装车', '取消裝車', 'Undo loading'),
        confirm: label(
          '确定取消选择的装车单的装车？对应出库单将回到执行中。',
          '確定取消選擇的裝車單的裝車？對應出庫單將回到執行中。',
          'Undo the loading of the selected bills? Their outbound bills go back to in progress.',
        ),
        danger: true,
        when: { state: ['3'] },
        refuse: 'flow.notReviewed',
        sets: { state: '0' },
        audit: 'clear',
      },
    },
  },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    ...vehicleFields,
    carNo: { ...vehicleFields.carNo, required: true, list: true },
    driverName: { ...vehicleFields.driverName, list: true },
    driverCode: f.text(label('司机编号', '司機編號', 'Driver code'), { maxLength: 64, list: false }),
    dockCode: f.text(label('月台', '月台', 'Dock'), { maxLength: 32, list: false }),
    sealNo: f.text(label('封签号', '封簽號', 'Seal no.'), { maxLength: 64, list: false }),
    porterCode: f.ref(label('装卸工', '裝卸工', 'Porter'), 'porter', { list: false }),
    planStartTime: f.datetime(label('计划开始时间', '計劃開始時間', 'Planned start'), {
      sortable: true,
      search: 'range',
    }),
    planEndTime: f.datetime(label('计划结束时间', '計劃結束時間', 'Planned end'), { list: false }),
    actualStartTime: f.datetime(label('实际开始时间', '實際開始時間', 'Actual start'), { list: false }),
    actualEndTime: f.datetime(label('实际结束时间', '實際結束時間', 'Actual end'), { sortable: true }),
    ...stateFields,
  },
});
