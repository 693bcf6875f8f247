import { sql } from 'drizzle-orm';
import { numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns, id } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import { carNoLength } from './common.ts';

const size = () => numeric({ precision: 18, scale: 4 });

/**
 * Vehicles (spec 02 §3.7 basiccar), named on transport documents by plate number. `carModel`
 * is the model as dispatchers say it (e.g. "4.2 m box"), `brandAndModel` the maker's model on
 * the registration certificate, `drivingLicenseNumber` the vehicle's licence (行驶证) number,
 * `carOwner` the registered owner. Load capacity is in tonnes, cargo-box sizes in metres.
 */
export const basiccarTable = pgTable(
  'bl_basiccar',
  {
    ...entityColumns(),
    carNo: varchar({ length: carNoLength }).notNull(),
    carModel: varchar({ length: 64 }),
    brandAndModel: varchar({ length: 128 }),
    drivingLicenseNumber: varchar({ length: 32 }),
    carType: varchar({ length: 8 }),
    engineNo: varchar({ length: 32 }),
    insuranceCardNumber: varchar({ length: 64 }),
    carOwner: varchar({ length: 64 }),
    approvedLoadCapacity: size(),
    length: size(),
    width: size(),
    height: size(),
    deptId: id(),
  },
  (t) => [uniqueIndex('bl_basiccar_car_no_uq').on(t.tenantId, t.carNo).where(sql`is_deleted = 0`)],
);

export const basiccar = defineEntity({
  name: 'basiccar',
  service: 'bl-tms',
  area: 'transport',
  label: label('车辆', '車輛', 'Vehicle'),
  table: basiccarTable,
  titleField: 'carNo',
  fields: {
    ...commonFields,
    carNo: f.text(label('车牌号', '車牌號', 'Plate no.'), {
      required: true,
      maxLength: carNoLength,
      unique: true,
      sortable: true,
    }),
    carModel: f.text(label('车型', '車型', 'Vehicle model'), { maxLength: 64 }),
    brandAndModel: f.text(label('品牌型号', '品牌型號', 'Brand and model'), { maxLength: 128 }),
    drivingLicenseNumber: f.text(label('行驶证号', '行駛證號', 'Vehicle licence no.'), {
      maxLength: 32,
      list: false,
    }),
    carType: f.dict(label('车辆类型', '車輛類型', 'Vehicle type'), 'tmsCarType'),
    engineNo: f.text(label('发动机号', '發動機號', 'Engine no.'), { maxLength: 32, list: false }),
    insuranceCardNumber: f.text(label('保险单号', '保險單號', 'Insurance policy no.'), {
      maxLength: 64,
      list: false,
    }),
    carOwner: f.text(label('车辆所有人', '車輛所有人', 'Registered owner'), { maxLength: 64 }),
    approvedLoadCapacity: f.decimal(label('核定载重（吨）', '核定載重（噸）', 'Rated load (t)'), 4, {
      min: 0,
      sortable: true,
    }),
    length: f.decimal(label('车厢长（米）', '車廂長（米）', 'Cargo length (m)'), 4, { min: 0, list: false }),
    width: f.decimal(label('车厢宽（米）', '車廂寬（米）', 'Cargo width (m)'), 4, { min: 0, list: false }),
    height: f.decimal(label('车厢高（米）', '車廂高（米）', 'Cargo height (m)'), 4, { min: 0, list: false }),
    deptId: f.ref(label('所属网点', '所屬網點', 'Branch'), 'basicdept', {
      valueField: 'id',
      labelField: 'deptName',
      maxLength: 19,
    }),
  },
});
