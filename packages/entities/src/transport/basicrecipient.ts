import { sql } from 'drizzle-orm';
import { index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns, id } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Addresses of a consignee (spec 02 §3.7 basicrecipientaddress), saved with the consignee
 * under `addresses`; `recipientId` is the consignee's id.
 */
export const basicrecipientaddressTable = pgTable(
  'bl_basicrecipientaddress',
  {
    ...entityColumns(),
    recipientId: id().notNull(),
    addressType: varchar({ length: 8 }),
    phoneNumber: varchar({ length: 20 }),
    address: varchar({ length: 255 }).notNull(),
    remark: varchar({ length: 500 }),
  },
  (t) => [index('bl_basicrecipientaddress_recipient_idx').on(t.tenantId, t.recipientId)],
);

export const basicrecipientaddress = defineEntity({
  name: 'basicrecipientaddress',
  service: 'bl-tms',
  area: 'transport',
  parent: 'basicrecipient',
  label: label('收货地址', '收貨地址', 'Consignee address'),
  table: basicrecipientaddressTable,
  titleField: 'address',
  defaultSort: { field: 'id', order: 'asc' },
  fields: {
    ...commonFields,
    recipientId: f.parentId(label('所属收货人', '所屬收貨人', 'Consignee')),
    addressType: f.dict(label('地址类型', '地址類型', 'Address type'), 'tmsAddressType'),
    phoneNumber: f.text(label('联系手机', '聯絡手機', 'Mobile'), { format: 'mobile', maxLength: 20 }),
    address: f.text(label('详细地址', '詳細地址', 'Address'), { required: true, maxLength: 255 }),
    remark: f.text(label('备注', '備註', 'Remark'), { maxLength: 500, search: 'none' }),
  },
});

/**
 * Consignees (spec 02 §3.7 basicrecipient): the people and firms consignments are delivered
 * to, with their bank details for cash-on-delivery remittance, and their addresses as lines.
 */
export const basicrecipientTable = pgTable(
  'bl_basicrecipient',
  {
    ...entityColumns(),
    recipientCode: varchar({ length: 64 }).notNull(),
    recipientName: varchar({ length: 64 }).notNull(),
    phoneNumber: varchar({ length: 20 }),
    telephoneNumber: varchar({ length: 32 }),
    sex: varchar({ length: 8 }),
    company: varchar({ length: 128 }),
    city: varchar({ length: 64 }),
    bankName: varchar({ length: 128 }),
    bankCard: varchar({ length: 32 }),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_basicrecipient_recipient_code_uq')
      .on(t.tenantId, t.recipientCode)
      .where(sql`is_deleted = 0`),
  ],
);

export const basicrecipient = defineEntity({
  name: 'basicrecipient',
  service: 'bl-tms',
  area: 'transport',
  label: label('收货人', '收貨人', 'Consignee'),
  table: basicrecipientTable,
  titleField: 'recipientName',
  children: [
    {
      key: 'addresses',
      entity: () => basicrecipientaddress,
      parentField: 'recipientId',
      distinctBy: ['address'],
    },
  ],
  fields: {
    ...commonFields,
    recipientCode: f.text(label('收货人编码', '收貨人編碼', 'Consignee code'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    recipientName: f.text(label('收货人姓名', '收貨人姓名', 'Consignee name'), {
      required: true,
      maxLength: 64,
    }),
    phoneNumber: f.text(label('手机号', '手機號', 'Mobile'), { format: 'mobile', maxLength: 20 }),
    telephoneNumber: f.text(label('固定电话', '固定電話', 'Landline'), {
      maxLength: 32,
      list: false,
    }),
    sex: f.dict(label('性别', '性別', 'Sex'), 'sex', { list: false }),
    company: f.text(label('单位名称', '單位名稱', 'Company'), { maxLength: 128 }),
    city: f.text(label('城市', '城市', 'City'), { maxLength: 64 }),
    bankName: f.text(label('开户银行', '開戶銀行', 'Bank'), { maxLength: 128, list: false, search: 'none' }),
    bankCard: f.text(label('银行卡号', '銀行卡號', 'Bank card no.'), {
      maxLength: 32,
      list: false,
      search: 'none',
    }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
