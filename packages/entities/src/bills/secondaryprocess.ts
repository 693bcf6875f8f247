import { date, varchar } from 'drizzle-orm/pg-core';
import type { EntityDefinition } from '../define.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import {
  at,
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
} from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';
import { postingActions } from './posting-actions.ts';

/** Materials consumed by the processing (taken out of stock). */
export const secondaryprocesspullTable = lineTable('bl_secondaryprocesspull');

export const secondaryprocesspull = defineEntity({
  name: 'secondaryprocesspull',
  service: 'bl-wms',
  area: 'inWarehouseManagement',
  parent: 'secondaryprocess',
  label: label('二次加工领料明细', '二次加工領料明細', 'Processing material line'),
  table: secondaryprocesspullTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...lineFields,
    qty: relabel(lineFields.qty, label('领料数量', '領料數量', 'Quantity used')),
  },
});

/** Products the processing makes (put into stock). */
export const secondaryprocessfinishedTable = lineTable('bl_secondaryprocessfinished');

export const secondaryprocessfinished = defineEntity({
  name: 'secondaryprocessfinished',
  service: 'bl-wms',
  area: 'inWarehouseManagement',
  parent: 'secondaryprocess',
  label: label('二次加工成品明细', '二次加工成品明細', 'Processing product line'),
  table: secondaryprocessfinishedTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...lineFields,
    qty: relabel(lineFields.qty, label('成品数量', '成品數量', 'Quantity made')),
  },
});

const lines = (key: string, entity: () => EntityDefinition) => ({ ...billDetails(entity), key });

/**
 * Secondary processing bills (spec 01 secondaryprocessForm): an owner's goods assembled,
 * split, repacked or labelled in the warehouse, with the materials consumed (`pullLines`) and
 * the products made (`finishedLines`), at least one of each (spec 02 §5). The BOM belongs to
 * the secondary-processing area and is named by its number (`bomNo`, plain text).
 */
export const secondaryprocessTable = headerTable('bl_secondaryprocess', {
  bomNo: varchar({ length: 64 }),
  processType: varchar({ length: 8 }).notNull(),
  planFinishDate: date(),
  finishTime: at(),
  ...reviewColumns(),
  ...stateColumns(),
  ...postingColumns(),
});

export const secondaryprocess = defineEntity({
  name: 'secondaryprocess',
  service: 'bl-wms',
  area: 'inWarehouseManagement',
  label: label('二次加工单', '二次加工單', 'Secondary processing bill'),
  table: secondaryprocessTable,
  flow: {
    status: 'isReview',
    locks: [locks.posted(), locks.reviewed(), locks.pastNew()],
    // One posting: the materials used leave, the products made arrive; neither is a receipt
    // nor a shipment of the owner's, so no handling fee.
    postings: [
      { kind: 'out', lines: 'pullLines', fee: '2', movement: 'adjust' },
      { kind: 'in', lines: 'finishedLines', fee: '2', movement: 'adjust' },
    ],
    actions: postingActions({ review: { state: '3' }, unreview: { state: '0' } }),
  },
  titleField: 'billNo',
  children: [
    lines('pullLines', () => secondaryprocesspull),
    lines('finishedLines', () => secondaryprocessfinished),
  ],
  fields: {
    ...commonFields,
    ...billHeaderFields,
    customerCode: { ...billHeaderFields.customerCode, required: true },
    bomNo: f.text(label('BOM编号', 'BOM編號', 'BOM no.'), { maxLength: 64 }),
    processType: f.dict(label('加工类型', '加工類型', 'Processing type'), 'secondaryProcessType', {
      required: true,
    }),
    planFinishDate: f.date(label('计划完成日期', '計劃完成日期', 'Planned finish'), { list: false }),
    finishTime: f.datetime(label('完成时间', '完成時間', 'Finished at'), { form: 'readonly', list: false }),
    ...reviewFields,
    ...stateFields,
    ...postingFields,
  },
});
