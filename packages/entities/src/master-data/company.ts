import { sql } from 'drizzle-orm';
import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Companies (spec 02 §3.4 company): the operator's own legal entities that run warehouses,
 * sign agreements and issue invoices (production tasks name a `companyCode`).
 */
export const companyTable = pgTable(
  'bl_company',
  {
    ...entityColumns(),
    code: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 128 }).notNull(),
    shortName: varchar({ length: 64 }),
    legalPerson: varchar({ length: 64 }),
    linkman: varchar({ length: 64 }),
    phone: varchar({ length: 32 }),
    address: varchar({ length: 255 }),
    taxNumber: varchar({ length: 32 }),
    bankName: varchar({ length: 128 }),
    bankAccount: varchar({ length: 64 }),
    remark: varchar({ length: 500 }),
  },
  (t) => [uniqueIndex('bl_company_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`)],
);

export const company = defineEntity({
  name: 'company',
  service: 'bl-wms',
  area: 'basicData',
  label: label('公司', '公司', 'Company'),
  table: companyTable,
  fields: {
    ...commonFields,
    code: f.text(label('公司编码', '公司編碼', 'Company code'), {
      required: true,
      maxLength: 64,
      unique: true,
    }),
    name: f.text(label('公司名称', '公司名稱', 'Company name'), { required: true, maxLength: 128 }),
    shortName: f.text(label('简称', '簡稱', 'Short name'), { maxLength: 64 }),
    legalPerson: f.text(label('法定代表人', '法定代表人', 'Legal representative'), { maxLength: 64 }),
    linkman: f.text(label('联系人', '聯絡人', 'Contact person'), { maxLength: 64 }),
    phone: f.text(label('联系电话', '聯絡電話', 'Phone'), { maxLength: 32 }),
    address: f.text(label('地址', '地址', 'Address'), { list: false, search: 'none' }),
    taxNumber: f.text(label('税号', '稅號', 'Tax number'), { maxLength: 32 }),
    bankName: f.text(label('开户银行', '開戶銀行', 'Bank'), { maxLength: 128, list: false, search: 'none' }),
    bankAccount: f.text(label('银行账号', '銀行帳號', 'Bank account'), {
      maxLength: 64,
      list: false,
      search: 'none',
    }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
