import { sql } from 'drizzle-orm';
import { integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Owners (spec 02 §3.4 customer): the companies whose goods the warehouse keeps and bills.
 * Besides contact and invoicing data it holds the owner's default storage and handling
 * ("coolie") prices; an agreement (lgagreement) overrides them for its period.
 */
export const customerTable = pgTable(
  'bl_customer',
  {
    ...entityColumns(),
    code: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 128 }).notNull(),
    shortName: varchar({ length: 64 }),
    province: varchar({ length: 32 }),
    region: varchar({ length: 64 }),
    address: varchar({ length: 255 }),
    linkman: varchar({ length: 64 }),
    mobile: varchar({ length: 20 }),
    tel: varchar({ length: 32 }),
    email: varchar({ length: 128 }),
    taxNumber: varchar({ length: 32 }),
    bankName: varchar({ length: 128 }),
    bankAccount: varchar({ length: 64 }),
    settlementCycle: varchar({ length: 8 }),
    settlementDay: integer(),
    paymentDays: integer(),
    chargeBasis: varchar({ length: 8 }),
    storagePrice: numeric({ precision: 18, scale: 4 }),
    coolieLoadPrice: numeric({ precision: 18, scale: 4 }),
    coolieUnloadPrice: numeric({ precision: 18, scale: 4 }),
    customerStatus: varchar({ length: 8 }).notNull().default('1'),
    remark: varchar({ length: 500 }),
  },
  (t) => [uniqueIndex('bl_customer_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`)],
);

export const customer = defineEntity({
  name: 'customer',
  service: 'bl-wms',
  area: 'basicData',
  label: label('货主', '貨主', 'Owner'),
  table: customerTable,
  fields: {
    ...commonFields,
    code: f.text(label('货主编码', '貨主編碼', 'Owner code'), {
      required: true,
      maxLength: 64,
      unique: true,
    }),
    name: f.text(label('货主名称', '貨主名稱', 'Owner name'), { required: true, maxLength: 128 }),
    shortName: f.text(label('简称', '簡稱', 'Short name'), { maxLength: 64 }),
    province: f.text(label('省份', '省份', 'Province'), { maxLength: 32, list: false }),
    region: f.text(label('地区', '地區', 'Region'), { maxLength: 64 }),
    address: f.text(label('地址', '地址', 'Address'), { list: false, search: 'none' }),
    linkman: f.text(label('联系人', '聯絡人', 'Contact person'), { maxLength: 64 }),
    mobile: f.text(label('手机', '手機', 'Mobile'), { format: 'mobile', maxLength: 20 }),
    tel: f.text(label('电话', '電話', 'Telephone'), { maxLength: 32, list: false, search: 'none' }),
    email: f.text(label('邮箱', '電郵', 'Email'), {
      format: 'email',
      maxLength: 128,
      list: false,
      search: 'none',
    }),
    taxNumber: f.text(label('税号', '稅號', 'Tax number'), { maxLength: 32, list: false }),
    bankName: f.text(label('开户银行', '開戶銀行', 'Bank'), { maxLength: 128, list: false, search: 'none' }),
    bankAccount: f.text(label('银行账号', '銀行帳號', 'Bank account'), {
      maxLength: 64,
      list: false,
      search: 'none',
    }),
    settlementCycle: f.dict(label('结算周期', '結算週期', 'Settlement cycle'), 'settlementCycle', {
      list: false,
    }),
    settlementDay: f.integer(label('结算日', '結算日', 'Settlement day'), { min: 1, max: 31, list: false }),
    paymentDays: f.integer(label('账期（天）', '帳期（天）', 'Payment terms (days)'), {
      min: 0,
      max: 3650,
      list: false,
    }),
    chargeBasis: f.dict(label('仓储计费方式', '倉儲計費方式', 'Storage charge basis'), 'chargeBasis', {
      list: false,
    }),
    storagePrice: f.money(label('仓储单价', '倉儲單價', 'Storage price'), { scale: 4, min: 0 }),
    coolieLoadPrice: f.money(label('装车力资单价', '裝車力資單價', 'Loading labour price'), {
      scale: 4,
      min: 0,
    }),
    coolieUnloadPrice: f.money(label('卸车力资单价', '卸車力資單價', 'Unloading labour price'), {
      scale: 4,
      min: 0,
    }),
    customerStatus: f.dict(label('货主状态', '貨主狀態', 'Owner status'), 'customerStatus', {
      required: true,
      defaultValue: '1',
    }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
