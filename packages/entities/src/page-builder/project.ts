import { index, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { entityColumns, id } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import type { FieldInput } from '../kinds.ts';
import { label } from '../label.ts';

/** The spec's `createUserId`: the designer who made the record, kept by the server. */
const createUserId: FieldInput = {
  kind: 'id',
  label: label('创建人编号', '建立人編號', 'Creator ID'),
  form: 'readonly',
  list: false,
  search: 'none',
};

/**
 * The canvas of a dashboard project (spec 02 §3.3 projectdata): the designer's JSON, saved
 * with its project under `data`. A project has one canvas (the designer keeps one; the engine
 * does not enforce it).
 */
export const projectDataTable = pgTable(
  'bl_projectdata',
  {
    ...entityColumns(),
    projectId: id().notNull(),
    createUserId: id(),
    content: text(),
  },
  (t) => [index('bl_projectdata_project_idx').on(t.tenantId, t.projectId)],
);

export const projectdata = defineEntity({
  name: 'projectdata',
  service: 'bl-develop',
  area: 'develop',
  parent: 'project',
  label: label('大屏项目数据', '大屏項目數據', 'Dashboard project canvas'),
  table: projectDataTable,
  unfilled: {
    createUserId: 'issue 33: the dashboard designer records its author',
  },
  titleField: 'projectId',
  defaultSort: { field: 'id', order: 'asc' },
  fields: {
    ...commonFields,
    // The canvas itself is too large for a list: its list shows who saved it and when.
    updateTime: { ...commonFields.updateTime, list: true },
    projectId: f.parentId(label('所属项目', '所屬項目', 'Project')),
    createUserId: { ...createUserId, list: true },
    content: f.textarea(label('画布内容', '畫布內容', 'Canvas'), { maxLength: 2_000_000 }),
  },
});

/**
 * Data-visualisation projects (spec 02 §3.3 project): a dashboard designed on a canvas, with a
 * cover image. `state` (-1 unpublished, 1 published) moves by the publish action; `isDelete`
 * (1 deleted, -1 not) is the spec's recycle-bin mark, set by moving a project to the recycle
 * bin and back, and is not the engine's `isDeleted`, which removes the row for good.
 */
export const projectTable = pgTable('bl_project', {
  ...entityColumns(),
  projectName: varchar({ length: 128 }).notNull(),
  state: varchar({ length: 2 }).notNull().default('-1'),
  createUserId: id(),
  isDelete: varchar({ length: 2 }).notNull().default('-1'),
  indexImage: varchar({ length: 500 }),
  remarks: varchar({ length: 500 }),
});

export const project = defineEntity({
  name: 'project',
  service: 'bl-develop',
  area: 'develop',
  label: label('大屏项目', '大屏項目', 'Dashboard project'),
  table: projectTable,
  unfilled: {
    createUserId: 'issue 33: the dashboard designer records its author',
  },
  titleField: 'projectName',
  children: [{ key: 'data', entity: () => projectdata, parentField: 'projectId' }],
  fields: {
    ...commonFields,
    projectName: f.text(label('项目名称', '項目名稱', 'Project name'), { required: true, maxLength: 128 }),
    state: f.dict(label('发布状态', '發佈狀態', 'Publication'), 'projectState', {
      defaultValue: '-1',
      form: 'readonly',
    }),
    createUserId,
    isDelete: f.dict(label('删除标记', '刪除標記', 'Deleted mark'), 'projectIsDelete', {
      defaultValue: '-1',
      form: 'readonly',
    }),
    indexImage: f.image(label('封面图', '封面圖', 'Cover image')),
    remarks: f.textarea(label('备注', '備註', 'Remarks'), { maxLength: 500, list: true }),
  },
});
