import { index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import { placeColumns, placeFields } from './common.ts';

/**
 * Route buttons (spec 02 §3.3 pathbuildbtn): a button on a route's screen, its look
 * (`btnType`, `btnStyle`), where it sits (`btnSpace`), what it does (`btnEvent`, one of the
 * standard actions, or the event `eventName` a route method listens to) and where the screen
 * returns afterwards (`backPath`). `custom` marks a button beyond the standard set; `btnName`
 * and `sort` give its caption and order.
 */
export const pathBuildBtnTable = pgTable(
  'bl_pathbuildbtn',
  {
    ...entityColumns(),
    ...placeColumns(),
    btnName: varchar({ length: 64 }),
    btnType: varchar({ length: 16 }),
    btnStyle: varchar({ length: 255 }),
    btnEvent: varchar({ length: 64 }),
    btnSpace: varchar({ length: 16 }),
    eventName: varchar({ length: 64 }),
    custom: varchar({ length: 1 }).notNull().default('0'),
    backPath: varchar({ length: 255 }),
    sort: integer().notNull().default(0),
  },
  (t) => [index('bl_pathbuildbtn_path_idx').on(t.tenantId, t.path)],
);

export const pathbuildbtn = defineEntity({
  name: 'pathbuildbtn',
  service: 'bl-develop',
  area: 'develop',
  label: label('路由按钮', '路由按鈕', 'Route button'),
  table: pathBuildBtnTable,
  titleField: 'btnName',
  defaultSort: { field: 'sort', order: 'asc' },
  fields: {
    ...commonFields,
    ...placeFields,
    btnName: f.text(label('按钮名称', '按鈕名稱', 'Caption'), { maxLength: 64 }),
    btnType: f.dict(label('按钮类型', '按鈕類型', 'Button type'), 'pageBtnType'),
    btnStyle: f.text(label('按钮样式', '按鈕樣式', 'Style'), { maxLength: 255, list: false, search: 'none' }),
    btnEvent: f.text(label('按钮动作', '按鈕動作', 'Action'), { maxLength: 64 }),
    btnSpace: f.dict(label('按钮位置', '按鈕位置', 'Button place'), 'pageBtnSpace'),
    eventName: f.text(label('事件名称', '事件名稱', 'Event name'), { maxLength: 64 }),
    custom: f.flag(label('自定义按钮', '自訂按鈕', 'Custom'), { defaultValue: '0' }),
    backPath: f.text(label('返回路径', '返回路徑', 'Return path'), { maxLength: 255, list: false }),
    sort: f.integer(label('排序', '排序', 'Sort order'), {
      required: true,
      min: 0,
      max: 99999,
      defaultValue: 0,
      sortable: true,
    }),
  },
});
