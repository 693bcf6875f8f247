import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Deployed process forms (spec 02 §3.2 wfdeployform, fields not shown): when a process is
 * deployed, each form it names (`formKey`, a wfform's formId, or a route form) is copied here
 * with the deployment, so running instances keep the form they started with even after the
 * form is redesigned. One row per process definition and form key. Written by the deploy
 * action; `delFlag` (spec 02 §4: 0 existing, 2 deleted) turns 2 when the deployment is deleted
 * in the workflow engine while the row stays for finished instances.
 */
export const wfdeployformTable = pgTable(
  'bl_wfdeployform',
  {
    ...entityColumns(),
    deploymentId: varchar({ length: 64 }).notNull(),
    processDefinitionId: varchar({ length: 128 }).notNull(),
    category: varchar({ length: 64 }),
    formKey: varchar({ length: 64 }).notNull(),
    formContent: text(),
    delFlag: varchar({ length: 1 }).notNull().default('0'),
  },
  (t) => [
    uniqueIndex('bl_wfdeployform_definition_form_uq')
      .on(t.tenantId, t.processDefinitionId, t.formKey)
      .where(sql`is_deleted = 0`),
    index('bl_wfdeployform_deployment_idx').on(t.tenantId, t.deploymentId),
  ],
);

export const wfdeployform = defineEntity({
  name: 'wfdeployform',
  service: 'bl-system',
  area: 'system',
  label: label('流程部署表单', '流程部署表單', 'Deployed process forms'),
  table: wfdeployformTable,
  titleField: 'formKey',
  uniqueKeys: [['processDefinitionId', 'formKey']],
  fields: {
    ...commonFields,
    deploymentId: f.text(label('部署ID', '部署ID', 'Deployment ID'), {
      required: true,
      maxLength: 64,
      search: 'equal',
    }),
    processDefinitionId: f.text(label('流程定义ID', '流程定義ID', 'Process definition ID'), {
      required: true,
      maxLength: 128,
      search: 'equal',
    }),
    category: f.ref(label('流程分类', '流程分類', 'Category'), 'wfcategory'),
    formKey: f.text(label('表单标识', '表單標識', 'Form key'), { required: true, maxLength: 64 }),
    formContent: f.textarea(label('表单内容', '表單內容', 'Form content'), { maxLength: 100000 }),
    delFlag: f.dict(label('删除标志', '刪除標誌', 'Deletion flag'), 'wfDelFlag', {
      form: 'readonly',
      defaultValue: '0',
    }),
  },
});
