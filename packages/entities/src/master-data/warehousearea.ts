import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Storage areas of a warehouse (spec 02 §3.4 warehousearea): receiving, storage, picking…
 * zones with their temperature. Coordinates place the area on the bin board. Codes are unique
 * in the tenant, not only in the warehouse, because bills and locations refer to an area by
 * its code alone.
 */
export const warehouseAreaTable = pgTable(
  'bl_warehousearea',
  {
    ...entityColumns(),
    code: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 128 }).notNull(),
    warehouseCode: varchar({ length: 64 }).notNull(),
    type: varchar({ length: 8 }),
    temperatureType: varchar({ length: 8 }),
    coordinateX: numeric({ precision: 18, scale: 4 }),
    coordinateY: numeric({ precision: 18, scale: 4 }),
    volume: numeric({ precision: 18, scale: 4 }),
    area: numeric({ precision: 18, scale: 4 }),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_warehousearea_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`),
    index('bl_warehousearea_warehouse_idx').on(t.tenantId, t.warehouseCode),
  ],
);

export const warehousearea = defineEntity({
  name: 'warehousearea',
  service: 'bl-wms',
  area: 'basicData',
  label: label('库区', '庫區', 'Storage area'),
  table: warehouseAreaTable,
  fields: {
    ...commonFields,
    code: f.text(label('库区编码', '庫區編碼', 'Area code'), { required: true, maxLength: 64, unique: true }),
    name: f.text(label('库区名称', '庫區名稱', 'Area name'), { required: true, maxLength: 128 }),
    warehouseCode: f.ref(label('所属仓库', '所屬倉庫', 'Warehouse'), 'warehouse', { required: true }),
    type: f.dict(label('库区类型', '庫區類型', 'Area type'), 'areaType'),
    temperatureType: f.dict(label('温层', '溫層', 'Temperature zone'), 'temperatureType'),
    coordinateX: f.decimal(label('横坐标', '橫座標', 'X coordinate'), 4, { list: false }),
    coordinateY: f.decimal(label('纵坐标', '縱座標', 'Y coordinate'), 4, { list: false }),
    volume: f.decimal(label('容积（m³）', '容積（m³）', 'Volume (m³)'), 4, { min: 0 }),
    area: f.decimal(label('面积（㎡）', '面積（㎡）', 'Area (m²)'), 4, { min: 0 }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
