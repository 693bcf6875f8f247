import { varchar } from 'drizzle-orm/pg-core';
import { f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * The columns that place a page-builder setting: the route `path` it applies to and the
 * `whereOption`, the condition under which it applies (the menu item's query values such as
 * tableName or tabName, spec 01 §2, so one route can serve several variants; blank: always).
 */
export const placeColumns = () => ({
  path: varchar({ length: 255 }).notNull(),
  whereOption: varchar({ length: 500 }),
});

export const placeFields = {
  path: f.text(label('路由路径', '路由路徑', 'Route path'), {
    required: true,
    maxLength: 255,
    sortable: true,
  }),
  whereOption: f.text(label('适用条件', '適用條件', 'Applies when'), { maxLength: 500 }),
};

/** The catalogue entity (table) a setting is about, by its name. */
export const tableIdField = (required = false) =>
  f.text(label('数据表', '資料表', 'Table'), { required, maxLength: 64, search: 'equal' });
