import { index, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Process copies (spec 02 §3.2 wfcopy, fields not shown): "copy to" notices a process step
 * sends to people who should know but need not act. One row per recipient (`userId` and
 * `account`, text: users are server tables), naming the process instance, the task that sent
 * it and the business record (`businessId`, e.g. a leave request). Written by the workflow;
 * the recipient reading it sets `isRead` and `readTime`; `delFlag` (spec 02 §4: 0 existing,
 * 2 deleted) turns 2 when the process instance is deleted.
 */
export const wfcopyTable = pgTable(
  'bl_wfcopy',
  {
    ...entityColumns(),
    title: varchar({ length: 255 }).notNull(),
    processInstanceId: varchar({ length: 64 }).notNull(),
    processDefinitionId: varchar({ length: 128 }),
    taskId: varchar({ length: 64 }),
    businessId: varchar({ length: 64 }),
    userId: varchar({ length: 20 }).notNull(),
    account: varchar({ length: 64 }),
    isRead: varchar({ length: 1 }).notNull().default('0'),
    readTime: timestamp({ withTimezone: true }),
    delFlag: varchar({ length: 1 }).notNull().default('0'),
  },
  (t) => [
    index('bl_wfcopy_user_idx').on(t.tenantId, t.userId, t.isRead),
    index('bl_wfcopy_instance_idx').on(t.tenantId, t.processInstanceId),
  ],
);

export const wfcopy = defineEntity({
  name: 'wfcopy',
  service: 'bl-system',
  area: 'system',
  label: label('流程抄送', '流程抄送', 'Process copies'),
  table: wfcopyTable,
  unfilled: {
    readTime: 'by nature: set when its recipient reads the copy (copy/read)',
  },
  titleField: 'title',
  fields: {
    ...commonFields,
    title: f.text(label('标题', '標題', 'Title'), { required: true, maxLength: 255 }),
    processInstanceId: f.text(label('流程实例ID', '流程實例ID', 'Process instance ID'), {
      required: true,
      maxLength: 64,
      search: 'equal',
    }),
    processDefinitionId: f.text(label('流程定义ID', '流程定義ID', 'Process definition ID'), {
      maxLength: 128,
      list: false,
      search: 'equal',
    }),
    taskId: f.text(label('任务ID', '任務ID', 'Task ID'), { maxLength: 64, list: false, search: 'equal' }),
    businessId: f.text(label('业务ID', '業務ID', 'Business ID'), { maxLength: 64, search: 'equal' }),
    userId: f.text(label('抄送人ID', '抄送人ID', 'Recipient ID'), {
      required: true,
      maxLength: 20,
      list: false,
      search: 'equal',
    }),
    account: f.text(label('抄送人账号', '抄送人帳號', 'Recipient account'), { maxLength: 64 }),
    isRead: f.flag(label('已读', '已讀', 'Read'), { defaultValue: '0' }),
    readTime: f.datetime(label('阅读时间', '閱讀時間', 'Read at'), { form: 'readonly', search: 'range' }),
    delFlag: f.dict(label('删除标志', '刪除標誌', 'Deletion flag'), 'wfDelFlag', {
      form: 'readonly',
      defaultValue: '0',
    }),
  },
});
