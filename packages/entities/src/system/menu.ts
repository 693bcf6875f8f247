import { sql } from 'drizzle-orm';
import { integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { commonColumns, id } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Menus and buttons (spec 02 §3.2 menu): one tree shared by every tenant (no tenant column),
 * which roles are granted parts of. Only the operator tenant changes it (entity `global`).
 * `source` is the icon, `category` 1 menu / 2 button, `action` where a button shows, `alias`
 * the button's function. Roots have no parent (SpringBlade's 0 on the wire).
 */
export const menuTable = pgTable(
  'blade_menu',
  {
    id: id('id').primaryKey(),
    ...commonColumns(),
    version: integer('version').notNull().default(1),
    parentId: id('parent_id'),
    code: varchar('code', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    alias: varchar('alias', { length: 255 }),
    path: varchar('path', { length: 255 }),
    source: varchar('source', { length: 255 }),
    sort: integer('sort').notNull().default(0),
    category: integer('category').notNull(),
    action: integer('action').notNull().default(0),
    isOpen: integer('is_open').notNull().default(1),
    isShow: integer('is_show').notNull().default(1),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [uniqueIndex('blade_menu_code_uq').on(t.code).where(sql`is_deleted = 0`)],
);

const { tenantId: _tenant, ...sharedFields } = commonFields;

export const menu = defineEntity({
  name: 'menu',
  service: 'bl-system',
  area: 'system',
  global: true,
  label: label('菜单管理', '選單管理', 'Menus'),
  table: menuTable,
  defaultSort: { field: 'sort', order: 'asc' },
  fields: {
    ...sharedFields,
    parentId: f.ref(label('上级菜单', '上級選單', 'Parent menu'), 'menu', {
      valueField: 'id',
      labelField: 'name',
      maxLength: undefined,
    }),
    code: f.text(label('菜单编号', '選單編號', 'Menu code'), {
      required: true,
      maxLength: 255,
      unique: true,
      sortable: true,
    }),
    name: f.text(label('菜单名称', '選單名稱', 'Menu name'), { required: true, maxLength: 255 }),
    alias: f.text(label('菜单别名', '選單別名', 'Alias'), { maxLength: 255, list: false }),
    path: f.text(label('路由地址', '路由地址', 'Route path'), { maxLength: 255 }),
    source: f.text(label('菜单图标', '選單圖示', 'Icon'), { maxLength: 255, list: false, search: 'none' }),
    sort: f.integer(label('排序', '排序', 'Sort order'), {
      required: true,
      min: 0,
      max: 99999,
      defaultValue: 0,
      sortable: true,
    }),
    category: f.dict(label('菜单类型', '選單類型', 'Type'), 'menuCategory', {
      required: true,
      defaultValue: '1',
    }),
    action: f.dict(label('按钮功能', '按鈕功能', 'Button position'), 'menuAction', {
      required: true,
      defaultValue: '0',
      list: false,
    }),
    isOpen: f.dict(label('新窗口', '新視窗', 'New window'), 'menuOpen', {
      required: true,
      defaultValue: '1',
      list: false,
    }),
    isShow: f.dict(label('是否显示', '是否顯示', 'Shown'), 'yesNo', { required: true, defaultValue: '1' }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 255 }),
  },
});
