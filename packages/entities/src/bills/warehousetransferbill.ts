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
import { postingActions } from './posting-actions.ts';

/** Transfer lines: stock moved from its location (`warehousePlaceCode`) to the target one. */
export const warehousetransferbillDetailTable = lineTable('bl_warehousetransferbilldetail', {
  targetWarehousePlaceCode: varchar({ length: 64 }).notNull(),
  stockStatus: varchar({ length: 8 }).notNull().default('1'),
  targetStockStatus: varchar({ length: 8 }).notNull().default('1'),
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
    stockStatus: f.dict(label('原库存状态', '原庫存狀態', 'From status'), 'stockStatus', {
      defaultValue: '1',
    }),
    targetStockStatus: f.dict(label('目标库存状态', '目標庫存狀態', 'To status'), 'stockStatus', {
      defaultValue: '1',
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
  // One material and batch may go from one place to several, or change status where it lies.
  children: [
    {
      ...billDetails(() => warehousetransferbilldetail),
      distinctBy: [
        'materialCode',
        'batchNo',
        'warehousePlaceCode',
        'stockStatus',
        'targetWarehousePlaceCode',
        'targetStockStatus',
        'applyCode',
        'applyLineNumber',
      ],
    },
  ],
  flow: {
    status: 'isReview',
    locks: [locks.posted(), locks.reviewed()],
    // Not a receipt nor a shipment: no handling fee (docs/adr/0020-stock-control-flows.md).
    postings: [
      {
        kind: 'move',
        key: { stockStatus: { line: 'stockStatus' } },
        to: {
          warehousePlaceCode: { line: 'targetWarehousePlaceCode' },
          stockStatus: { line: 'targetStockStatus' },
        },
        fee: '2',
        movement: 'internal',
      },
    ],
    actions: postingActions(),
  },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    customerCode: { ...billHeaderFields.customerCode, required: true },
    transferReason: f.text(label('移库原因', '移庫原因', 'Reason'), { list: false, search: 'none' }),
    ...reviewFields,
    ...postingFields,
  },
});
