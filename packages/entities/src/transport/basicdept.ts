import { sql } from 'drizzle-orm';
import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns, id } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Branch departments of the transport network (spec 02 §3.7 basicdept): head office, hubs and
 * outlets, a tree by `parentId` (spec 02 §9 tree keys id, parentId, children; a root has no
 * parent). `ancestors` is the comma list of ids from the root down to the parent, kept by the
 * server when a department is saved or moved. Cars and drivers belong to a department.
 */
export const basicdeptTable = pgTable(
  'bl_basicdept',
  {
    ...entityColumns(),
    parentId: id(),
    ancestors: varchar({ length: 500 }),
    deptName: varchar({ length: 64 }).notNull(),
    fullName: varchar({ length: 128 }),
    sort: integer(),
    type: varchar({ length: 8 }),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    index('bl_basicdept_parent_idx').on(t.tenantId, t.parentId),
    uniqueIndex('bl_basicdept_name_uq').on(t.tenantId, t.parentId, t.deptName).where(sql`is_deleted = 0`),
  ],
);

export const basicdept = defineEntity({
  name: 'basicdept',
  service: 'bl-tms',
  area: 'transport',
  label: label('网点', '網點', 'Branch'),
  table: basicdeptTable,
  titleField: 'deptName',
  defaultSort: { field: 'sort', order: 'asc' },
  uniqueKeys: [['parentId', 'deptName']],
  fields: {
    ...commonFields,
    parentId: f.ref(label('上级网点', '上級網點', 'Parent branch'), 'basicdept', {
      valueField: 'id',
      labelField: 'deptName',
      maxLength: 19,
    }),
    ancestors: f.text(label('祖级列表', '祖級列表', 'Ancestors'), {
      maxLength: 500,
      form: 'readonly',
      list: false,
      view: false,
      search: 'none',
    }),
    deptName: f.text(label('网点名称', '網點名稱', 'Branch name'), { required: true, maxLength: 64 }),
    fullName: f.text(label('网点全称', '網點全稱', 'Full name'), { maxLength: 128 }),
    sort: f.integer(label('排序', '排序', 'Sort order'), { min: 0, max: 99999, sortable: true }),
    type: f.dict(label('网点类型', '網點類型', 'Branch type'), 'tmsDeptType'),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
