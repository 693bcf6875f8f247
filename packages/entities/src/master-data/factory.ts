import { sql } from 'drizzle-orm';
import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Factories (spec 02 §3.4 factory): the owners' production plants goods come from or go to;
 * the material sync of spec 02 §2 is run per factory.
 */
export const factoryTable = pgTable(
  'bl_factory',
  {
    ...entityColumns(),
    code: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 128 }).notNull(),
    shortName: varchar({ length: 64 }),
    linkman: varchar({ length: 64 }),
    phone: varchar({ length: 32 }),
    address: varchar({ length: 255 }),
    taxNumber: varchar({ length: 32 }),
    remark: varchar({ length: 500 }),
  },
  (t) => [uniqueIndex('bl_factory_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`)],
);

export const factory = defineEntity({
  name: 'factory',
  service: 'bl-wms',
  area: 'basicData',
  label: label('工厂', '工廠', 'Factory'),
  table: factoryTable,
  fields: {
    ...commonFields,
    code: f.text(label('工厂编码', '工廠編碼', 'Factory code'), {
      required: true,
      maxLength: 64,
      unique: true,
    }),
    name: f.text(label('工厂名称', '工廠名稱', 'Factory name'), { required: true, maxLength: 128 }),
    shortName: f.text(label('简称', '簡稱', 'Short name'), { maxLength: 64 }),
    linkman: f.text(label('联系人', '聯絡人', 'Contact person'), { maxLength: 64 }),
    phone: f.text(label('联系电话', '聯絡電話', 'Phone'), { maxLength: 32 }),
    address: f.text(label('地址', '地址', 'Address'), { search: 'none' }),
    taxNumber: f.text(label('税号', '稅號', 'Tax number'), { maxLength: 32, list: false }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
