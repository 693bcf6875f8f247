import { sql } from 'drizzle-orm';
import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns, id } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Departments (spec 02 §3.2 dept): the organisation tree that data scopes 3 and 4 (own
 * department, and its sub-departments, spec 02 §3.11) are read from. Of the spec's two forms,
 * the tree is kept by codes, as the second one has it: `code` (unique) and `parentCode` (the
 * parent department's code, empty for a root); its `name` is `deptName`, as the first form
 * spells it. `parentId` and `ancestors` (the comma list of ids from the root down to the
 * parent) mirror the code tree for SpringBlade's id/parentId/children tree (spec 02 §9) and for
 * users' deptId lists; the server keeps them when a department is saved or moved.
 */
export const deptTable = pgTable(
  'bl_dept',
  {
    ...entityColumns(),
    code: varchar({ length: 64 }).notNull(),
    parentCode: varchar({ length: 64 }),
    deptName: varchar({ length: 64 }).notNull(),
    fullName: varchar({ length: 128 }),
    deptCategory: varchar({ length: 8 }).notNull().default('2'),
    parentId: id(),
    ancestors: varchar({ length: 1000 }),
    sort: integer().notNull().default(0),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_dept_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`),
    index('bl_dept_parent_code_idx').on(t.tenantId, t.parentCode),
    index('bl_dept_parent_id_idx').on(t.tenantId, t.parentId),
  ],
);

export const dept = defineEntity({
  name: 'dept',
  service: 'bl-system',
  area: 'system',
  label: label('部门管理', '部門管理', 'Departments'),
  table: deptTable,
  titleField: 'deptName',
  defaultSort: { field: 'sort', order: 'asc' },
  fields: {
    ...commonFields,
    code: f.text(label('部门编码', '部門編碼', 'Department code'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    parentCode: f.ref(label('上级部门', '上級部門', 'Parent department'), 'dept', { labelField: 'deptName' }),
    deptName: f.text(label('部门名称', '部門名稱', 'Department name'), { required: true, maxLength: 64 }),
    fullName: f.text(label('部门全称', '部門全稱', 'Full name'), { maxLength: 128 }),
    deptCategory: f.dict(label('机构类型', '機構類型', 'Organisation type'), 'deptCategory', {
      required: true,
      defaultValue: '2',
    }),
    parentId: {
      kind: 'id',
      label: label('上级部门ID', '上級部門ID', 'Parent department ID'),
      list: false,
      form: 'hidden',
      view: false,
    },
    ancestors: f.text(label('祖级列表', '祖級列表', 'Ancestors'), {
      maxLength: 1000,
      form: 'hidden',
      list: false,
      view: false,
      search: 'none',
    }),
    sort: f.integer(label('排序', '排序', 'Sort order'), {
      required: true,
      min: 0,
      max: 99999,
      defaultValue: 0,
      sortable: true,
    }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
