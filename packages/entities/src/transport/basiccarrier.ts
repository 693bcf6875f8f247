import { sql } from 'drizzle-orm';
import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/** Carriers (spec 02 §3.7 basiccarrier): outside haulage firms that outsourced deliveries go to. */
export const basiccarrierTable = pgTable(
  'bl_basiccarrier',
  {
    ...entityColumns(),
    carrierCode: varchar({ length: 64 }).notNull(),
    carrierName: varchar({ length: 128 }).notNull(),
    carrierAbbreviation: varchar({ length: 64 }),
    contactPerson: varchar({ length: 64 }),
    carrierPhone: varchar({ length: 20 }),
    email: varchar({ length: 128 }),
    carrierDesc: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_basiccarrier_carrier_code_uq').on(t.tenantId, t.carrierCode).where(sql`is_deleted = 0`),
  ],
);

export const basiccarrier = defineEntity({
  name: 'basiccarrier',
  service: 'bl-tms',
  area: 'transport',
  label: label('承运商', '承運商', 'Carrier'),
  table: basiccarrierTable,
  titleField: 'carrierName',
  fields: {
    ...commonFields,
    carrierCode: f.text(label('承运商编码', '承運商編碼', 'Carrier code'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    carrierName: f.text(label('承运商名称', '承運商名稱', 'Carrier name'), {
      required: true,
      maxLength: 128,
    }),
    carrierAbbreviation: f.text(label('简称', '簡稱', 'Short name'), { maxLength: 64 }),
    contactPerson: f.text(label('联系人', '聯絡人', 'Contact person'), { maxLength: 64 }),
    carrierPhone: f.text(label('联系电话', '聯絡電話', 'Phone'), { maxLength: 20 }),
    email: f.text(label('邮箱', '電郵', 'Email'), { format: 'email', maxLength: 128, search: 'none' }),
    carrierDesc: f.textarea(label('承运商描述', '承運商描述', 'Description'), { maxLength: 500 }),
  },
});
