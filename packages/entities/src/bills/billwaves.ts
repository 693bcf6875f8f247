import { integer, numeric, varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import { at, computed, headerTable, lineFields, lineTable, locks, relabel, unlisted } from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';

/** Wave pick lines: the outbound lines of the wave (applyCode / applyLineNumber) to pick. */
export const billwavesDetailTable = lineTable('bl_billwavesdetail', {
  pickedQty: numeric({ precision: 18, scale: 4 }),
});

export const billwavesdetail = defineEntity({
  name: 'billwavesdetail',
  service: 'bl-wms',
  area: 'outWarehouseManagement',
  parent: 'billwaves',
  label: label('波次明细', '波次明細', 'Wave line'),
  table: billwavesDetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...lineFields,
    barcode: unlisted(lineFields.barcode),
    price: unlisted(lineFields.price),
    volume: unlisted(lineFields.volume),
    applyCode: relabel(lineFields.applyCode, label('出库单号', '出庫單號', 'Outbound bill no.'), {
      list: true,
    }),
    qty: relabel(lineFields.qty, label('待拣数量', '待揀數量', 'Quantity to pick')),
    pickedQty: computed(f.decimal(label('已拣数量', '已揀數量', 'Picked quantity'), 4)),
  },
});

/**
 * Waves (spec 02 §3.5 billwaves): outbound bills grouped to be picked together, by a picker
 * at a planned time; outbound bills name their wave in `waveNo`.
 */
export const billwavesTable = headerTable('bl_billwaves', {
  wavesStatus: varchar({ length: 8 }).notNull().default('0'),
  pickerCode: varchar({ length: 64 }),
  planPickTime: at(),
  billCount: integer(),
});

export const billwaves = defineEntity({
  name: 'billwaves',
  service: 'bl-wms',
  area: 'outWarehouseManagement',
  label: label('波次单', '波次單', 'Wave'),
  table: billwavesTable,
  titleField: 'billNo',
  children: [billDetails(() => billwavesdetail)],
  flow: { locks: [locks.of('wavesStatus', ['1', '2', '3', '4'])] },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    billNo: relabel(billHeaderFields.billNo, label('波次号', '波次號', 'Wave no.')),
    wavesStatus: f.dict(label('波次状态', '波次狀態', 'Wave status'), 'wavesStatus', {
      defaultValue: '0',
      form: 'readonly',
    }),
    pickerCode: f.ref(label('拣货员', '揀貨員', 'Picker'), 'employee'),
    planPickTime: f.datetime(label('计划拣货时间', '計劃揀貨時間', 'Planned picking'), {
      sortable: true,
      search: 'range',
    }),
    billCount: computed(f.integer(label('单据数', '單據數', 'Bills'), { min: 0 })),
  },
});
