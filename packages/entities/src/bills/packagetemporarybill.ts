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

/** Conversion lines: from a package-warehouse location to a temporary-storage location. */
export const packagetemporarybillDetailTable = lineTable('bl_packagetemporarybilldetail', {
  targetWarehousePlaceCode: varchar({ length: 64 }).notNull(),
});

export const packagetemporarybilldetail = defineEntity({
  name: 'packagetemporarybilldetail',
  service: 'bl-wms',
  area: 'inWarehouseManagement',
  parent: 'packagetemporarybill',
  label: label('包仓转暂存单明细', '包倉轉暫存單明細', 'Package-to-temporary line'),
  table: packagetemporarybillDetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...lineFields,
    barcode: unlisted(lineFields.barcode),
    price: unlisted(lineFields.price),
    warehousePlaceCode: relabel(
      lineFields.warehousePlaceCode,
      label('源库位（包仓）', '源庫位（包倉）', 'From location (package warehouse)'),
      { required: true },
    ),
    targetWarehousePlaceCode: f.ref(
      label('目标库位（暂存）', '目標庫位（暫存）', 'To location (temporary storage)'),
      'warehouseplace',
      { required: true },
    ),
  },
});

/**
 * Package-to-temporary conversions (spec 02 §3.5 packagetemporarybill): goods leave the area an
 * owner rents whole (package warehouse, `packageWarehouseBillNo`) for ordinary storage billed
 * per unit and day. The stream rows of a conversion carry "conversion without fee" (spec 02 §4),
 * so no inbound or outbound handling is charged. The reverse is temporarypackagebill.
 */
export const packagetemporarybillTable = headerTable('bl_packagetemporarybill', {
  packageWarehouseBillNo: varchar({ length: 64 }),
  ...reviewColumns(),
  ...postingColumns(),
});

export const packagetemporarybill = defineEntity({
  name: 'packagetemporarybill',
  service: 'bl-wms',
  area: 'inWarehouseManagement',
  label: label('包仓转暂存单', '包倉轉暫存單', 'Package-to-temporary conversion'),
  table: packagetemporarybillTable,
  titleField: 'billNo',
  children: [billDetails(() => packagetemporarybilldetail)],
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
