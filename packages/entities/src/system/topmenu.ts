import { sql } from 'drizzle-orm';
import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns, id } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * The side-menu entries shown under a top menu item ("menu settings" of a top menu). `menuCode`
 * is the code of a side-menu entry (menus are server tables, not catalogue entities, so it is
 * text); choosing the top menu item loads these entries and their children (spec 01 §4).
 */
export const topmenusettingTable = pgTable(
  'bl_topmenusetting',
  {
    ...entityColumns(),
    headerId: id().notNull(),
    menuCode: varchar({ length: 255 }).notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [
    index('bl_topmenusetting_header_idx').on(t.tenantId, t.headerId),
    uniqueIndex('bl_topmenusetting_menu_uq')
      .on(t.tenantId, t.headerId, t.menuCode)
      .where(sql`is_deleted = 0`),
  ],
);

export const topmenusetting = defineEntity({
  name: 'topmenusetting',
  service: 'bl-system',
  area: 'system',
  parent: 'topmenu',
  label: label('顶部菜单设置', '頂部選單設定', 'Top menu entries'),
  table: topmenusettingTable,
  titleField: 'menuCode',
  defaultSort: { field: 'sort', order: 'asc' },
  uniqueKeys: [['headerId', 'menuCode']],
  fields: {
    ...commonFields,
    headerId: f.parentId(label('所属顶部菜单', '所屬頂部選單', 'Top menu')),
    menuCode: f.text(label('菜单编码', '選單編碼', 'Menu code'), { required: true, maxLength: 255 }),
    sort: f.integer(label('排序', '排序', 'Sort order'), {
      required: true,
      min: 0,
      max: 99999,
      defaultValue: 0,
      sortable: true,
    }),
  },
});

/**
 * Top menu items (spec 02 §3.2 topmenu, spec 01 §3 "Top menu item: id, menuName, icon, path,
 * meta"): the groups across the top bar; each lists the side-menu entries it shows (`menus`).
 * Served to the shell by `GET /api/bl-system/topmenu/listByParams`.
 */
export const topmenuTable = pgTable(
  'bl_topmenu',
  {
    ...entityColumns(),
    menuCode: varchar({ length: 64 }).notNull(),
    menuName: varchar({ length: 64 }).notNull(),
    icon: varchar({ length: 255 }),
    path: varchar({ length: 255 }),
    sort: integer().notNull().default(0),
    remark: varchar({ length: 500 }),
  },
  (t) => [uniqueIndex('bl_topmenu_menu_code_uq').on(t.tenantId, t.menuCode).where(sql`is_deleted = 0`)],
);

export const topmenu = defineEntity({
  name: 'topmenu',
  service: 'bl-system',
  area: 'system',
  label: label('顶部菜单', '頂部選單', 'Top menus'),
  table: topmenuTable,
  titleField: 'menuName',
  defaultSort: { field: 'sort', order: 'asc' },
  children: [
    { key: 'menus', entity: () => topmenusetting, parentField: 'headerId', distinctBy: ['menuCode'] },
  ],
  fields: {
    ...commonFields,
    menuCode: f.text(label('菜单编号', '選單編號', 'Menu code'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    menuName: f.text(label('菜单名称', '選單名稱', 'Menu name'), { required: true, maxLength: 64 }),
    icon: f.text(label('菜单图标', '選單圖示', 'Icon'), { search: 'none' }),
    path: f.text(label('路由地址', '路由地址', 'Route'), { search: 'none' }),
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
