import { sql } from 'drizzle-orm';
import { date, index, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import type { FieldInput } from '../kinds.ts';
import { label } from '../label.ts';

/** A ledger key column: never null, '' where the key part does not apply (no batch…). */
const key = (length = 64) => varchar({ length }).notNull().default('');
const amount = () => numeric({ precision: 18, scale: 4 }).notNull().default('0');

/** The stock key: owner, material, batches, location, barcode, pack spec and stock status. */
export const stockKeyColumns = () => ({
  customerCode: key(),
  materialCode: key(),
  batchNo: key(),
  customerBatchNo: key(),
  warehousePlaceCode: key(),
  barcode: key(128),
  packspecCode: key(),
  stockStatus: varchar({ length: 8 }).notNull().default('1'),
});

/** Quantities of a balance or (signed) of a movement, and the dates of the goods. */
export const stockQtyColumns = () => ({
  unitCode: varchar({ length: 32 }),
  qty: amount(),
  weg: amount(),
  qtyWeg: amount(),
  board: amount(),
  volume: amount(),
  instockDate: date(),
  productDate: date(),
  validityDate: date(),
});

/** Written only by postings: shown, never edited in the generic form. */
const ro = (field: FieldInput, list = true): FieldInput => ({ ...field, form: 'readonly', list });

export const stockKeyFields = {
  customerCode: ro(f.ref(label('货主', '貨主', 'Owner'), 'customer')),
  materialCode: ro(f.ref(label('物料', '物料', 'Material'), 'material')),
  batchNo: ro(f.text(label('批次号', '批次號', 'Batch no.'), { maxLength: 64 })),
  customerBatchNo: ro(f.text(label('客户批次号', '客戶批次號', 'Owner batch no.'), { maxLength: 64 }), false),
  warehousePlaceCode: ro(f.ref(label('库位', '庫位', 'Location'), 'warehouseplace')),
  barcode: ro(f.text(label('条码', '條碼', 'Barcode'), { maxLength: 128 }), false),
  packspecCode: ro(f.ref(label('包装规格', '包裝規格', 'Pack spec'), 'packspec'), false),
  stockStatus: ro(
    f.dict(label('库存状态', '庫存狀態', 'Stock status'), 'stockStatus', { defaultValue: '1' }),
  ),
};

export const stockQtyFields = {
  unitCode: ro(f.ref(label('单位', '單位', 'Unit'), 'unit', { maxLength: 32 }), false),
  qty: ro(f.decimal(label('数量', '數量', 'Quantity'), 4, { search: 'equal' })),
  weg: ro(f.decimal(label('重量（吨）', '重量（噸）', 'Weight (t)'), 4), false),
  qtyWeg: ro(f.decimal(label('重量（KG）', '重量（KG）', 'Weight (kg)'), 4)),
  board: ro(f.decimal(label('板数', '板數', 'Pallets'), 4)),
  volume: ro(f.decimal(label('体积（立方米）', '體積（立方米）', 'Volume (m³)'), 4), false),
  instockDate: ro(f.date(label('入库日期', '入庫日期', 'Received on'), { sortable: true }), false),
  productDate: ro(f.date(label('生产日期', '生產日期', 'Produced on')), false),
  validityDate: ro(f.date(label('有效期至', '有效期至', 'Best before'), { sortable: true })),
};

/**
 * Stock balances (spec 02 §3.5 stock): what an owner has, per material, batch, location,
 * barcode, pack spec and stock status. A ledger: postings write stockstream rows and update
 * the balance in the same transaction, so a balance always equals the sum of its stream.
 * Read-only on screens; the generic API can still create a row (see the report).
 */
export const stockTable = pgTable(
  'bl_stock',
  { ...entityColumns(), ...stockKeyColumns(), ...stockQtyColumns() },
  (t) => [
    uniqueIndex('bl_stock_key_uq')
      .on(
        t.tenantId,
        t.customerCode,
        t.materialCode,
        t.batchNo,
        t.customerBatchNo,
        t.warehousePlaceCode,
        t.barcode,
        t.packspecCode,
        t.stockStatus,
      )
      .where(sql`is_deleted = 0`),
    index('bl_stock_material_idx').on(t.tenantId, t.materialCode),
    index('bl_stock_place_idx').on(t.tenantId, t.warehousePlaceCode),
  ],
);

export const stock = defineEntity({
  name: 'stock',
  readOnly: true,
  service: 'bl-wms',
  area: 'reportManagement',
  label: label('库存', '庫存', 'Stock'),
  table: stockTable,
  titleField: 'materialCode',
  defaultSort: { field: 'materialCode', order: 'asc' },
  // Bind batch (/warehousingManagement/stockBatchForm): the one change made on balances directly.
  actions: ['bindBatch'],
  uniqueKeys: [
    [
      'customerCode',
      'materialCode',
      'batchNo',
      'customerBatchNo',
      'warehousePlaceCode',
      'barcode',
      'packspecCode',
      'stockStatus',
    ],
  ],
  fields: { ...commonFields, ...stockKeyFields, ...stockQtyFields },
});
