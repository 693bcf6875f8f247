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

/** Conversion lines: from a temporary-storage location to a package-warehouse location. */
export const temporarypackagebillDetailTable = lineTable('bl_temporarypackagebilldetail', {
  targetWarehousePlaceCode: varchar({ length: 64 }).notNull(),
});

export const temporarypackagebilldetail = defineEntity({
  name: 'temporarypackagebilldetail',
  service: 'bl-wms',
  area: 'inWarehouseManagement',
  parent: 'temporarypackagebill',
  label: label('暂存转包仓单明细', '暫存轉包倉單明細', 'Temporary-to-package line'),
  table: temporarypackagebillDetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...lineFields,
    barcode: unlisted(lineFields.barcode),
    price: unlisted(lineFields.price),
    warehousePlaceCode: relabel(
      lineFields.warehousePlaceCode,
      label('源库位（暂存）', '源庫位（暫存）', 'From location (temporary storage)'),
      { required: true },
    ),
    targetWarehousePlaceCode: f.ref(
      label('目标库位（包仓）', '目標庫位（包倉）', 'To location (package warehouse)'),
      'warehouseplace',
      { required: true },
    ),
  },
});

/**
 * Temporary-to-package conversions (spec 01 /otherBill temporarypackagebill): the reverse of
 * packagetemporarybill, goods in ordinary storage taken into the area the owner rents whole
 * (`packageWarehouseBillNo`), without inbound or outbound fee.
 */
export const temporarypackagebillTable = headerTable('bl_temporarypackagebill', {
  packageWarehouseBillNo: varchar({ length: 64 }),
  ...reviewColumns(),
  ...postingColumns(),
});

export const temporarypackagebill = defineEntity({
  name: 'temporarypackagebill',
  service: 'bl-wms',
  area: 'inWarehouseManagement',
  label: label('暂存转包仓单', '暫存轉包倉單', 'Temporary-to-package conversion'),
  table: temporarypackagebillTable,
  titleField: 'billNo',
  children: [billDetails(() => temporarypackagebilldetail)],
  flow: {
    status: 'isReview',
    locks: [locks.posted(), locks.reviewed()],
    // A conversion without fee (spec 02 §4): billing tells it from receipts and shipments.
    postings: [
      {
        kind: 'move',
        to: { warehousePlaceCode: { line: 'targetWarehousePlaceCode' } },
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
    packageWarehouseBillNo: f.ref(
      label('包仓单号', '包倉單號', 'Package-warehouse bill'),
      'packagewarehousebill',
      {
        valueField: 'billNo',
        labelField: 'billNo',
      },
    ),
    ...reviewFields,
    ...postingFields,
  },
});
