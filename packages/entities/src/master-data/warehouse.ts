import { sql } from 'drizzle-orm';
import { numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Warehouses of the operator: one tenant often runs several sites. Each is divided into
 * storage areas (warehousearea) and those into locations (warehouseplace).
 */
export const warehouseTable = pgTable(
  'bl_warehouse',
  {
    ...entityColumns(),
    code: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 128 }).notNull(),
    companyCode: varchar({ length: 64 }),
    address: varchar({ length: 255 }),
    linkman: varchar({ length: 64 }),
    phone: varchar({ length: 32 }),
    area: numeric({ precision: 18, scale: 4 }),
    remark: varchar({ length: 500 }),
  },
  (t) => [uniqueIndex('bl_warehouse_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`)],
);

export const warehouse = defineEntity({
  name: 'warehouse',
  service: 'bl-wms',
  area: 'basicData',
  label: label('仓库', '倉庫', 'Warehouse'),
  table: warehouseTable,
  fields: {
    ...commonFields,
    code: f.text(label('仓库编码', '倉庫編碼', 'Warehouse code'), {
      required: true,
      maxLength: 64,
      unique: true,
    }),
    name: f.text(label('仓库名称', '倉庫名稱', 'Warehouse name'), { required: true, maxLength: 128 }),
    companyCode: f.ref(label('所属公司', '所屬公司', 'Company'), 'company'),
    address: f.text(label('地址', '地址', 'Address'), { search: 'none' }),
    linkman: f.text(label('负责人', '負責人', 'Person in charge'), { maxLength: 64 }),
    phone: f.text(label('联系电话', '聯絡電話', 'Phone'), { maxLength: 32 }),
    area: f.decimal(label('面积（㎡）', '面積（㎡）', 'Area (m²)'), 4, { min: 0 }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
