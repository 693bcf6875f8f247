import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns, id } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Printed barcode labels of inbound lines (spec 01 §2 /barcode/inprintPrint, "view printed
 * barcodes"): one row per label, each with a barcode of its own and the quantity it covers.
 * Written only by the print action, which keeps the labelled quantity of a line within the
 * line's quantity (spec 02 §5 print rules); reprints count up `printCount`.
 */
export const inprintTable = pgTable(
  'bl_inprint',
  {
    ...entityColumns(),
    detailId: id().notNull(),
    billNo: varchar({ length: 64 }).notNull(),
    lineNumber: integer(),
    customerCode: varchar({ length: 64 }),
    materialCode: varchar({ length: 64 }).notNull(),
    batchNo: varchar({ length: 64 }),
    unitCode: varchar({ length: 32 }),
    qty: numeric({ precision: 18, scale: 4 }).notNull(),
    barcode: varchar({ length: 128 }).notNull(),
    tagModelCode: varchar({ length: 64 }),
    printCount: integer().notNull().default(1),
    lastPrintTime: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bl_inprint_barcode_uq').on(t.tenantId, t.barcode).where(sql`is_deleted = 0`),
    index('bl_inprint_detail_idx').on(t.tenantId, t.detailId),
    index('bl_inprint_bill_idx').on(t.tenantId, t.billNo),
  ],
);

const printed = { form: 'readonly' as const };

export const inprint = defineEntity({
  name: 'inprint',
  service: 'bl-wms',
  area: 'warehousingManagement',
  readOnly: true,
  actions: ['print'],
  label: label('入库标签', '入庫標籤', 'Inbound labels'),
  table: inprintTable,
  titleField: 'barcode',
  defaultSort: { field: 'barcode', order: 'asc' },
  fields: {
    ...commonFields,
    detailId: {
      kind: 'id',
      label: label('入库明细', '入庫明細', 'Inbound line'),
      list: false,
      form: 'hidden',
      view: false,
    },
    billNo: f.text(label('入库单号', '入庫單號', 'Inbound bill no.'), {
      maxLength: 64,
      sortable: true,
      ...printed,
    }),
    lineNumber: f.integer(label('行号', '行號', 'Line no.'), { ...printed }),
    customerCode: f.ref(label('货主', '貨主', 'Owner'), 'customer', { ...printed }),
    materialCode: f.ref(label('物料', '物料', 'Material'), 'material', { ...printed }),
    batchNo: f.text(label('批次号', '批次號', 'Batch no.'), { maxLength: 64, ...printed }),
    unitCode: f.ref(label('单位', '單位', 'Unit'), 'unit', { maxLength: 32, list: false, ...printed }),
    qty: f.decimal(label('标签数量', '標籤數量', 'Quantity on label'), 4, { ...printed }),
    barcode: f.text(label('条码', '條碼', 'Barcode'), { maxLength: 128, sortable: true, ...printed }),
    tagModelCode: f.ref(label('标签模板', '標籤模板', 'Label template'), 'tagmodel', {
      list: false,
      ...printed,
    }),
    printCount: f.integer(label('打印次数', '列印次數', 'Times printed'), { ...printed }),
    lastPrintTime: f.datetime(label('最后打印时间', '最後列印時間', 'Last printed at'), {
      sortable: true,
      ...printed,
    }),
  },
});
