import { index, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { entityColumns, id } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * The operation log: one row per write (create, update, delete, import row) and per sign-in,
 * successful or not; who (`createUser`, `account`), tenant, what (`action`, `entityName`,
 * `recordId`, `title`), when (`createTime`), from where (`ip`), and for writes the changed
 * fields before and after (`changes`, JSON; secrets never shown). Append-only: the server's
 * database role may insert and read it, never change or delete it (db/migrate.ts).
 */
export const auditlogTable = pgTable(
  'bl_auditlog',
  {
    ...entityColumns(),
    account: varchar({ length: 64 }),
    action: varchar({ length: 16 }).notNull(),
    entityName: varchar({ length: 64 }),
    recordId: id(),
    title: varchar({ length: 255 }),
    ip: varchar({ length: 64 }),
    changes: text(),
    detail: varchar({ length: 255 }),
  },
  (t) => [
    index('bl_auditlog_time_idx').on(t.tenantId, t.createTime),
    index('bl_auditlog_record_idx').on(t.tenantId, t.entityName, t.recordId),
  ],
);

const logged = { form: 'readonly' as const };

export const auditlog = defineEntity({
  name: 'auditlog',
  service: 'bl-system',
  area: 'system',
  readOnly: true,
  label: label('操作日志', '操作日誌', 'Operation log'),
  table: auditlogTable,
  unfilled: {
    detail: 'by nature: only an import or export (its row count) or a failed sign-in (its reason) has one',
  },
  titleField: 'title',
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: {
    ...commonFields,
    account: f.text(label('操作账号', '操作帳號', 'Account'), { maxLength: 64, ...logged }),
    action: f.dict(label('操作类型', '操作類型', 'Action'), 'auditAction', { ...logged }),
    // Shown as the entity's label and searched by it (a select of labels filtering by name).
    entityName: f.dict(label('操作对象', '操作對象', 'Object'), 'entityName', { search: 'equal', ...logged }),
    recordId: {
      kind: 'id',
      label: label('记录ID', '記錄ID', 'Record ID'),
      list: false,
      form: 'readonly',
      search: 'equal',
    },
    title: f.text(label('记录', '記錄', 'Record'), { maxLength: 255, ...logged }),
    ip: f.text(label('来源地址', '來源位址', 'From address'), { maxLength: 64, ...logged }),
    changes: f.textarea(label('变更内容', '變更內容', 'Changes'), { maxLength: 1_000_000, ...logged }),
    // Shown: an import's or export's row count, a failed sign-in's reason.
    detail: f.text(label('说明', '說明', 'Detail'), {
      maxLength: 255,
      search: 'none',
      ...logged,
    }),
  },
});
