import { integer, numeric, varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { verbs } from '../flow.ts';
import { label } from '../label.ts';
import { at, computed, headerTable, lineFields, lineTable, locks, relabel, unlisted } from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';

/**
 * Wave pick lines: one per outbound line of the wave (applyCode / applyLineNumber), numbered in
 * the order the picker walks the locations (area, then location code). The picker types the
 * picked quantity; the rest is copied from the outbound bills when the wave is built.
 */
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
    // Copied from the outbound lines; a line changed here no longer matches its outbound line
    // and confirming the picking refuses it (docs/adr/0023).
    qty: relabel(lineFields.qty, label('待拣数量', '待揀數量', 'Quantity to pick')),
    // Blank when confirming the picking means picked in full.
    pickedQty: f.decimal(label('已拣数量', '已揀數量', 'Picked quantity'), 4, { min: 0 }),
  },
});

/**
 * Waves (spec 02 §3.5 billwaves): outbound bills grouped to be picked together, by a picker
 * at a planned time; outbound bills name their wave in `waveNo` (docs/adr/0023). A wave is built
 * from outbound bills waiting for review (outbound list action `makeWave`), prints one pick list,
 * and confirming the picking reviews (posts) every bill it covers, all or nothing.
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
  flow: {
    status: 'wavesStatus',
    // Picked quantities are typed on the lines until the picking is confirmed.
    locks: [locks.of('wavesStatus', ['3', '4'])],
    actions: {
      printPick: {
        label: label('打印拣货单', '列印揀貨單', 'Print pick list'),
        confirm: label(
          '打印选择的波次的拣货单？波次将进入拣货中。',
          '列印選擇的波次的揀貨單？波次將進入揀貨中。',
          'Print the pick lists of the selected waves? The waves go to picking.',
        ),
        when: { wavesStatus: ['1', '2', '3'] },
        print: true,
      },
      pick: {
        label: label('确认拣货', '確認揀貨', 'Confirm picking'),
        confirm: label(
          '确认选择的波次已拣货？波次中的出库单将审核并过账。',
          '確認選擇的波次已揀貨？波次中的出庫單將審核並過賬。',
          'Confirm the picking of the selected waves? Their outbound bills will be reviewed and posted.',
        ),
        when: { wavesStatus: ['1', '2'] },
        sets: { wavesStatus: '3' },
        audit: 'stamp',
      },
      unpick: {
        ...verbs.unreview,
        label: label('取消拣货', '取消揀貨', 'Undo picking'),
        confirm: label(
          '取消选择的波次的拣货？其出库单将反审核，库存回到库位。',
          '取消選擇的波次的揀貨？其出庫單將反審核，庫存回到庫位。',
          'Undo the picking of the selected waves? Their outbound bills are un-reviewed and the stock goes back.',
        ),
        when: { wavesStatus: ['3'] },
        sets: { wavesStatus: '1' },
        audit: 'clear',
      },
      cancel: {
        label: label('取消波次', '取消波次', 'Cancel wave'),
        confirm: label(
          '取消选择的波次？其出库单将退出波次，可重新组波。',
          '取消選擇的波次？其出庫單將退出波次，可重新組波。',
          'Cancel the selected waves? Their outbound bills leave the wave and can join another.',
        ),
        danger: true,
        when: { wavesStatus: ['0', '1', '2'] },
        sets: { wavesStatus: '4' },
      },
    },
  },
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
