import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import { stockKeyColumns, stockKeyFields, stockQtyColumns, stockQtyFields } from './stock.ts';

/**
 * Stock stream (spec 02 §3.5 stockstream): one row per movement a posting makes, under the
 * stock key, with signed quantities (+ in, − out) and their direction. `instockStatus` and
 * `outstockStatus` say whether the movement counts toward inbound / outbound fees (1) or is a
 * conversion without fee (2, e.g. package ↔ temporary). `streamStatus` is 1 posted or 2
 * reversed. Written only by postings, read-only on screens.
 */
export const stockstreamTable = pgTable(
  'bl_stockstream',
  {
    ...entityColumns(),
    billNo: varchar({ length: 64 }).notNull().default(''),
    billType: varchar({ length: 64 }).notNull().default(''),
    lineNumber: integer(),
    ...stockKeyColumns(),
    ...stockQtyColumns(),
    direction: varchar({ length: 8 }).notNull().default('1'),
    instockStatus: varchar({ length: 8 }),
    outstockStatus: varchar({ length: 8 }),
    streamStatus: varchar({ length: 8 }).notNull().default('1'),
    streamTime: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bl_stockstream_bill_idx').on(t.tenantId, t.billNo),
    index('bl_stockstream_material_idx').on(t.tenantId, t.materialCode, t.streamTime),
    index('bl_stockstream_time_idx').on(t.tenantId, t.streamTime),
  ],
);

const ro = { form: 'readonly' as const };

export const stockstream = defineEntity({
  name: 'stockstream',
  readOnly: true,
  service: 'bl-wms',
  area: 'reportManagement',
  label: label('库存流水', '庫存流水', 'Stock stream'),
  table: stockstreamTable,
  titleField: 'billNo',
  defaultSort: { field: 'streamTime', order: 'desc' },
  fields: {
    ...commonFields,
    billNo: f.text(label('单据编号', '單據編號', 'Bill no.'), { maxLength: 64, sortable: true, ...ro }),
    // The posting bill's entity name, shown as its label and searched by it.
    billType: f.dict(label('单据类型', '單據類型', 'Bill type'), 'entityName', { search: 'equal', ...ro }),
    lineNumber: f.integer(label('行号', '行號', 'Line no.'), { list: false, ...ro }),
    ...stockKeyFields,
    stockStatus: { ...stockKeyFields.stockStatus, list: false },
    ...stockQtyFields,
    board: { ...stockQtyFields.board, list: false },
    validityDate: { ...stockQtyFields.validityDate, list: false },
    direction: f.dict(label('方向', '方向', 'Direction'), 'streamDirection', { defaultValue: '1', ...ro }),
    instockStatus: f.dict(label('入库计费', '入庫計費', 'Inbound fee'), 'streamFeeStatus', {
      list: false,
      ...ro,
    }),
    outstockStatus: f.dict(label('出库计费', '出庫計費', 'Outbound fee'), 'streamFeeStatus', {
      list: false,
      ...ro,
    }),
    streamStatus: f.dict(label('流水状态', '流水狀態', 'Status'), 'streamStatus', {
      defaultValue: '1',
      ...ro,
    }),
    streamTime: f.datetime(label('发生时间', '發生時間', 'Moved at'), {
      sortable: true,
      search: 'range',
      ...ro,
    }),
  },
});
