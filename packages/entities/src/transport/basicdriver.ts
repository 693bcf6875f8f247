import { sql } from 'drizzle-orm';
import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns, id } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Drivers (spec 02 §3.7 basicdriver), named on transport documents by `driverCode`. The
 * spec's `carOwner` column is labelled "driving licence number": the name is kept, the label
 * says what it holds.
 */
export const basicdriverTable = pgTable(
  'bl_basicdriver',
  {
    ...entityColumns(),
    driverCode: varchar({ length: 64 }).notNull(),
    driverName: varchar({ length: 64 }).notNull(),
    phone: varchar({ length: 20 }),
    sex: varchar({ length: 8 }),
    nativePlace: varchar({ length: 64 }),
    address: varchar({ length: 255 }),
    carOwner: varchar({ length: 32 }),
    deptId: id(),
  },
  (t) => [
    uniqueIndex('bl_basicdriver_driver_code_uq').on(t.tenantId, t.driverCode).where(sql`is_deleted = 0`),
  ],
);

export const basicdriver = defineEntity({
  name: 'basicdriver',
  service: 'bl-tms',
  area: 'transport',
  label: label('司机', '司機', 'Driver'),
  table: basicdriverTable,
  titleField: 'driverName',
  fields: {
    ...commonFields,
    driverCode: f.text(label('司机编号', '司機編號', 'Driver code'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    driverName: f.text(label('司机姓名', '司機姓名', 'Driver name'), { required: true, maxLength: 64 }),
    phone: f.text(label('手机号', '手機號', 'Mobile'), { format: 'mobile', maxLength: 20 }),
    sex: f.dict(label('性别', '性別', 'Sex'), 'sex'),
    nativePlace: f.text(label('籍贯', '籍貫', 'Native place'), { maxLength: 64, list: false }),
    address: f.text(label('住址', '住址', 'Address'), { list: false, search: 'none' }),
    carOwner: f.text(label('驾驶证号', '駕駛證號', 'Driving licence no.'), { maxLength: 32 }),
    deptId: f.ref(label('所属网点', '所屬網點', 'Branch'), 'basicdept', {
      valueField: 'id',
      labelField: 'deptName',
      maxLength: 19,
    }),
  },
});
