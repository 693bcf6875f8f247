import { bigint, index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Attachments (spec 02 §3.2 attach): the files uploaded to object storage. `link` is the full
 * URL of the file, `domain` the storage's base URL, `name` the object name in the bucket,
 * `originalName` the file name as uploaded, `extension` its type and `attachSize` its size in
 * bytes. The upload flow writes the row; `ossCode` names the storage setting that holds it, so
 * a setting still holding files cannot be deleted. Only the link and the display name are
 * edited by hand.
 */
export const attachTable = pgTable(
  'bl_attach',
  {
    ...entityColumns(),
    link: varchar({ length: 1000 }).notNull(),
    domain: varchar({ length: 255 }),
    name: varchar({ length: 500 }),
    originalName: varchar({ length: 255 }),
    extension: varchar({ length: 32 }),
    attachSize: bigint({ mode: 'number' }),
    ossCode: varchar({ length: 64 }),
  },
  (t) => [index('bl_attach_oss_idx').on(t.tenantId, t.ossCode)],
);

export const attach = defineEntity({
  name: 'attach',
  service: 'bl-system',
  area: 'system',
  label: label('附件管理', '附件管理', 'Attachments'),
  table: attachTable,
  unfilled: {
    domain: 'by nature: filled by the upload (attach/put-file), not by the record form',
    name: 'by nature: filled by the upload (attach/put-file), not by the record form',
    extension: 'by nature: filled by the upload (attach/put-file), not by the record form',
    attachSize: 'by nature: filled by the upload (attach/put-file), not by the record form',
    ossCode: 'by nature: filled by the upload (attach/put-file), not by the record form',
  },
  titleField: 'originalName',
  fields: {
    ...commonFields,
    link: f.file(label('附件地址', '附件地址', 'Link'), { required: true, maxLength: 1000, list: true }),
    domain: f.text(label('附件域名', '附件網域', 'Domain'), {
      form: 'readonly',
      list: false,
      search: 'none',
    }),
    name: f.text(label('附件名称', '附件名稱', 'Object name'), { maxLength: 500, form: 'readonly' }),
    originalName: f.text(label('原始名称', '原始名稱', 'Original file name'), { maxLength: 255 }),
    extension: f.text(label('扩展名', '副檔名', 'Extension'), {
      maxLength: 32,
      form: 'readonly',
      search: 'equal',
    }),
    attachSize: f.integer(label('附件大小（字节）', '附件大小（位元組）', 'Size (bytes)'), {
      min: 0,
      form: 'readonly',
      sortable: true,
    }),
    ossCode: f.ref(label('存储位置', '存儲位置', 'Storage'), 'oss', {
      valueField: 'ossCode',
      labelField: 'ossCode',
      form: 'readonly',
    }),
  },
});
