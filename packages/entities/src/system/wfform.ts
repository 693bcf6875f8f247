import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { locks } from '../bills/blocks.ts';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Workflow forms (spec 02 §3.2 wfform: formId, formName, content): forms made in the form
 * designer (/tool/build/index) for process start and task steps. `formId` is the form's key,
 * which a process model names as its form key; `content` the designer's JSON. `formStatus`
 * (enabled or not) is its own column because the common `status` is the server's.
 * `delFlag` is the workflow deletion flag (spec 02 §4: 0 existing, 2 deleted), set when the
 * form is withdrawn from the workflow engine while the row stays for history.
 */
export const wfformTable = pgTable(
  'bl_wfform',
  {
    ...entityColumns(),
    formId: varchar({ length: 64 }).notNull(),
    formName: varchar({ length: 128 }).notNull(),
    categoryCode: varchar({ length: 64 }),
    content: text(),
    formStatus: varchar({ length: 1 }).notNull().default('1'),
    delFlag: varchar({ length: 1 }).notNull().default('0'),
    remark: varchar({ length: 500 }),
  },
  (t) => [uniqueIndex('bl_wfform_form_id_uq').on(t.tenantId, t.formId).where(sql`is_deleted = 0`)],
);

export const wfform = defineEntity({
  name: 'wfform',
  service: 'bl-system',
  area: 'system',
  label: label('流程表单', '流程表單', 'Workflow forms'),
  table: wfformTable,
  titleField: 'formName',
  // Withdrawing a form (issue 28: `delFlag` was never set) keeps its row for the processes that
  // use it, but no new process is deployed with it and its list leaves it out; restoring it
  // offers it again. A withdrawn form is not edited.
  flow: {
    locks: [locks.of('delFlag', ['2'])],
    actions: {
      withdraw: {
        label: label('撤回', '撤回', 'Withdraw'),
        confirm: label(
          '确定撤回选择的表单？新的流程将不能再使用它，已部署的流程不受影响。',
          '確定撤回選擇的表單？新的流程將不能再使用它，已部署的流程不受影響。',
          'Withdraw the selected forms? New processes can no longer use them; deployed ones keep them.',
        ),
        when: { delFlag: ['0'] },
        sets: { delFlag: '2' },
      },
      restore: {
        label: label('恢复', '恢復', 'Restore'),
        confirm: label(
          '确定恢复选择的表单？新的流程可以再使用它。',
          '確定恢復選擇的表單？新的流程可以再使用它。',
          'Restore the selected forms? New processes can use them again.',
        ),
        danger: true,
        when: { delFlag: ['2'] },
        sets: { delFlag: '0' },
      },
    },
  },
  fields: {
    ...commonFields,
    formId: f.text(label('表单标识', '表單標識', 'Form key'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    formName: f.text(label('表单名称', '表單名稱', 'Form name'), { required: true, maxLength: 128 }),
    categoryCode: f.ref(label('流程分类', '流程分類', 'Category'), 'wfcategory'),
    content: f.textarea(label('表单内容', '表單內容', 'Form content'), { maxLength: 100000 }),
    formStatus: f.dict(label('启用状态', '啟用狀態', 'Enabled'), 'enabled', {
      required: true,
      defaultValue: '1',
    }),
    delFlag: f.dict(label('删除标志', '刪除標誌', 'Deletion flag'), 'wfDelFlag', {
      form: 'readonly',
      defaultValue: '0',
    }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
