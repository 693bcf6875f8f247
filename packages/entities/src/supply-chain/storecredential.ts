import { sql } from 'drizzle-orm';
import { date, index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Store credentials (spec 02 §3.10 store settlement): the licences a store supplied by the
 * warehouse must hold (business licence, food business licence…), with their numbers, dates
 * and a scan. Stores have no entity of their own in the catalogue yet, so a store is named by
 * its code and name as text. A credential number is unique within its type.
 */
export const storeCredentialTable = pgTable(
  'bl_storecredential',
  {
    ...entityColumns(),
    storeCode: varchar({ length: 64 }).notNull(),
    storeName: varchar({ length: 128 }),
    credentialType: varchar({ length: 8 }).notNull(),
    credentialNo: varchar({ length: 64 }).notNull(),
    issuingAuthority: varchar({ length: 128 }),
    issueDate: date(),
    expiryDate: date(),
    credentialImage: varchar({ length: 500 }),
    attachment: varchar({ length: 500 }),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_storecredential_type_no_uq')
      .on(t.tenantId, t.credentialType, t.credentialNo)
      .where(sql`is_deleted = 0`),
    index('bl_storecredential_store_idx').on(t.tenantId, t.storeCode),
  ],
);

export const storecredential = defineEntity({
  name: 'storecredential',
  service: 'bl-scm',
  area: 'supplyChain',
  label: label('门店证照', '門店證照', 'Store credential'),
  table: storeCredentialTable,
  titleField: 'credentialNo',
  defaultSort: { field: 'expiryDate', order: 'asc' },
  uniqueKeys: [['credentialType', 'credentialNo']],
  fields: {
    ...commonFields,
    storeCode: f.text(label('门店编码', '門店編碼', 'Store code'), {
      required: true,
      maxLength: 64,
      search: 'equal',
    }),
    storeName: f.text(label('门店名称', '門店名稱', 'Store name'), { maxLength: 128 }),
    credentialType: f.dict(label('证照类型', '證照類型', 'Credential type'), 'scmCredentialType', {
      required: true,
    }),
    credentialNo: f.text(label('证照编号', '證照編號', 'Credential no.'), { required: true, maxLength: 64 }),
    issuingAuthority: f.text(label('发证机关', '發證機關', 'Issued by'), { maxLength: 128, list: false }),
    issueDate: f.date(label('发证日期', '發證日期', 'Issued on')),
    expiryDate: f.date(label('有效期至', '有效期至', 'Valid until'), { sortable: true }),
    credentialImage: f.image(label('证照图片', '證照圖片', 'Scan')),
    attachment: f.file(label('附件', '附件', 'Attachment')),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
