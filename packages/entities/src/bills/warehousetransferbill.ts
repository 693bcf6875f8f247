import { varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import {
  headerTable,
  lineFields,
  lineTable,
  locks,
  postingColumns,
  postingFields,
  relabel,
  reviewColumns,
  reviewFields,
  unlisted,
} from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';

/** Transfer lines: stock moved from its location (`warehousePlaceCode`) to the target one. */
export const warehousetransferbillDetailTable = lineTable('bl_warehousetransferbilldetail', {
  targetWarehousePlaceCode: varchar({ length: 64 }).notNull(),
});

export const warehousetransferbilldetail = defineEntity({
  name: 'warehousetransferbilldetail',
  service: 'bl-wms',
  area: 'inWarehouseManagement',
  parent: 'warehousetransferbill',
  label: label('移库单明细', '移庫單明細', 'Transfer line'),
  table: warehousetransferbillDetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...lineFields,
    barcode: unlisted(lineFields.barcode),
    price: unlisted(lineFields.price),
    warehousePlaceCode: relabel(lineFields.warehousePlaceCode, label('原库位', '原庫位', 'From location'), {
      required: true,
    }),
    targetWarehousePlaceCode: f.ref(label('目标库位', '目標庫位', 'To location'), 'warehouseplace', {
      required: true,
    }),
  },
});

/**
 * Transfers (spec 02 §3.5 warehousetransferbill): one owner's stock moved between locations,
 * also of different warehouses, in one step; the owner does not change.
 */
export const warehousetransferbillTable = headerTable('bl_warehousetransferbill', {
  transferReason: varchar({ length: 255 }),
  ...reviewColumns(),
  ...postingColumns(),
});

export const warehousetransferbill = defineEntity({
  name: 'warehousetransferbill',
  service: 'bl-wms',
  area: 'inWarehouseManagement',
  label: label('移库单', '移庫單', 'Transfer bill'),
  table: warehousetransferbillTable,
  titleField: 'billNo',
  children: [billDetails(() => warehousetransferbilldetail)],
  flow: { locks: [locks.posted(), locks.reviewed()] },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    customerCode: { ...billHeaderFields.customerCode, required: true },
    transferReason: f.text(label('移库原因', '移庫原因', 'Reason'), { list: false, search: 'none' }),
    ...reviewFields,
    ...postingFields,
  },
});
