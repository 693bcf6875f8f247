import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Storage locations (spec 02 §3.4 warehouseplace): the bins and floor spots of a storage area
 * where stock is kept. Row, column and level address a rack position; the coordinates and the
 * capacities drive the bin board, which colours locations by occupancy. `capacityRatio` is a
 * whole percentage, 0 to 100 (spec 02 §5: 10 means 10 percent). Codes are unique in the
 * tenant: stock and bill lines name a location by its code alone.
 */
export const warehousePlaceTable = pgTable(
  'bl_warehouseplace',
  {
    ...entityColumns(),
    code: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 128 }).notNull(),
    warehouseAreaCode: varchar({ length: 64 }).notNull(),
    placeType: varchar({ length: 8 }),
    placeStatus: varchar({ length: 8 }).notNull().default('1'),
    rowNo: integer(),
    columnNo: integer(),
    layerNo: integer(),
    coordinateX: numeric({ precision: 18, scale: 4 }),
    coordinateY: numeric({ precision: 18, scale: 4 }),
    volume: numeric({ precision: 18, scale: 4 }),
    area: numeric({ precision: 18, scale: 4 }),
    capacityRatio: integer(),
    maxWeight: numeric({ precision: 18, scale: 4 }),
    maxBoard: integer(),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_warehouseplace_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`),
    index('bl_warehouseplace_area_idx').on(t.tenantId, t.warehouseAreaCode),
  ],
);

export const warehouseplace = defineEntity({
  name: 'warehouseplace',
  service: 'bl-wms',
  area: 'basicData',
  label: label('库位', '庫位', 'Storage location'),
  table: warehousePlaceTable,
  fields: {
    ...commonFields,
    code: f.text(label('库位编码', '庫位編碼', 'Location code'), {
      required: true,
      maxLength: 64,
      unique: true,
    }),
    name: f.text(label('库位名称', '庫位名稱', 'Location name'), { required: true, maxLength: 128 }),
    warehouseAreaCode: f.ref(label('所属库区', '所屬庫區', 'Storage area'), 'warehousearea', {
      required: true,
    }),
    placeType: f.dict(label('库位类型', '庫位類型', 'Location type'), 'placeType'),
    placeStatus: f.dict(label('库位状态', '庫位狀態', 'Location status'), 'placeStatus', {
      required: true,
      defaultValue: '1',
    }),
    rowNo: f.integer(label('排', '排', 'Row'), { min: 0, max: 9999, sortable: true }),
    columnNo: f.integer(label('列', '列', 'Column'), { min: 0, max: 9999 }),
    layerNo: f.integer(label('层', '層', 'Level'), { min: 0, max: 999 }),
    coordinateX: f.decimal(label('横坐标', '橫座標', 'X coordinate'), 4, { list: false }),
    coordinateY: f.decimal(label('纵坐标', '縱座標', 'Y coordinate'), 4, { list: false }),
    volume: f.decimal(label('容积（m³）', '容積（m³）', 'Volume (m³)'), 4, { min: 0, list: false }),
    area: f.decimal(label('面积（㎡）', '面積（㎡）', 'Area (m²)'), 4, { min: 0, list: false }),
    capacityRatio: f.integer(label('容量比例（%）', '容量比例（%）', 'Capacity ratio (%)'), {
      min: 0,
      max: 100,
    }),
    maxWeight: f.decimal(label('最大承重（KG）', '最大承重（KG）', 'Maximum load (kg)'), 4, { min: 0 }),
    maxBoard: f.integer(label('最大板数', '最大板數', 'Maximum pallets'), { min: 0, list: false }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
