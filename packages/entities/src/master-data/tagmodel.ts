import { sql } from 'drizzle-orm';
import { numeric, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Label templates (spec 02 §3.4 tagmodel): the layout of printed barcode labels for cartons,
 * pallets and locations, with the label size in millimetres and the barcode symbology. A
 * template may belong to one owner (owners often prescribe their label).
 */
export const tagModelTable = pgTable(
  'bl_tagmodel',
  {
    ...entityColumns(),
    code: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 128 }).notNull(),
    customerCode: varchar({ length: 64 }),
    width: numeric({ precision: 18, scale: 4 }),
    height: numeric({ precision: 18, scale: 4 }),
    barcodeType: varchar({ length: 16 }).notNull().default('code128'),
    template: text(),
    isDefault: varchar({ length: 1 }).notNull().default('0'),
    remark: varchar({ length: 500 }),
  },
  (t) => [uniqueIndex('bl_tagmodel_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`)],
);

export const tagmodel = defineEntity({
  name: 'tagmodel',
  service: 'bl-wms',
  area: 'basicData',
  label: label('标签模板', '標籤模板', 'Label template'),
  table: tagModelTable,
  fields: {
    ...commonFields,
    code: f.text(label('模板编码', '模板編碼', 'Template code'), {
      required: true,
      maxLength: 64,
      unique: true,
    }),
    name: f.text(label('模板名称', '模板名稱', 'Template name'), { required: true, maxLength: 128 }),
    customerCode: f.ref(label('货主', '貨主', 'Owner'), 'customer'),
    width: f.decimal(label('宽度（mm）', '寬度（mm）', 'Width (mm)'), 4, { min: 0, max: 2000 }),
    height: f.decimal(label('高度（mm）', '高度（mm）', 'Height (mm)'), 4, { min: 0, max: 2000 }),
    barcodeType: f.dict(label('条码类型', '條碼類型', 'Barcode type'), 'barcodeType', {
      required: true,
      defaultValue: 'code128',
    }),
    template: f.textarea(label('模板内容', '模板內容', 'Template'), { maxLength: 20000 }),
    isDefault: f.flag(label('默认模板', '預設模板', 'Default template'), { defaultValue: '0' }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
