import { sql } from 'drizzle-orm';
import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Object storage settings (spec 02 §3.2 oss): where the tenant's files (attachments, label
 * images, imports) are kept, on a local disk or a cloud store. `isDefault` marks the one
 * uploads go to. `secretKey` is a secret: not listed and not shown on the view screen; the
 * server keeps it out of every answer and export.
 * For a local disk `bucketName` is a folder (endpoint only names it); for MinIO and the clouds
 * `endpoint` is the S3 API's base URL, `bucketName` the bucket, `region` the signing region
 * (read from a cloud's endpoint when blank) and `appId` Tencent COS's APPID (ADR 0009).
 */
export const ossTable = pgTable(
  'bl_oss',
  {
    ...entityColumns(),
    category: varchar({ length: 8 }).notNull(),
    ossCode: varchar({ length: 64 }).notNull(),
    endpoint: varchar({ length: 255 }).notNull(),
    accessKey: varchar({ length: 255 }),
    secretKey: varchar({ length: 255 }),
    bucketName: varchar({ length: 128 }),
    appId: varchar({ length: 64 }),
    region: varchar({ length: 64 }),
    isDefault: varchar({ length: 1 }).notNull().default('0'),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_oss_oss_code_uq').on(t.tenantId, t.ossCode).where(sql`is_deleted = 0`),
    // One enabled storage per tenant: saving one as default turns the others off first.
    uniqueIndex('bl_oss_default_uq').on(t.tenantId).where(sql`is_default = '1' and is_deleted = 0`),
  ],
);

export const oss = defineEntity({
  name: 'oss',
  service: 'bl-system',
  area: 'system',
  label: label('对象存储', '對象存儲', 'Object storage'),
  table: ossTable,
  titleField: 'ossCode',
  // `oss_test`: write, read back and delete a small file through the setting (modules/resource).
  actions: ['test'],
  fields: {
    ...commonFields,
    category: f.dict(label('存储类型', '存儲類型', 'Storage type'), 'ossCategory', { required: true }),
    ossCode: f.text(label('资源编号', '資源編號', 'Storage code'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    endpoint: f.text(label('资源地址', '資源地址', 'Endpoint'), { required: true, maxLength: 255 }),
    accessKey: f.text(label('AccessKey', 'AccessKey', 'Access key'), { maxLength: 255, search: 'none' }),
    secretKey: f.text(label('SecretKey', 'SecretKey', 'Secret key'), {
      secret: true,
      maxLength: 255,
      list: false,
      view: false,
      search: 'none',
    }),
    bucketName: f.text(label('空间名', '空間名', 'Bucket'), { maxLength: 128 }),
    appId: f.text(label('应用ID', '應用ID', 'App ID'), { maxLength: 64, list: false, search: 'none' }),
    region: f.text(label('地域', '地域', 'Region'), { maxLength: 64, search: 'none' }),
    isDefault: f.flag(label('默认存储', '預設存儲', 'Default storage'), { defaultValue: '0' }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
