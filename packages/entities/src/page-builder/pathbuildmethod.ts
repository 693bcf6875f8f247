import { index, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import { placeColumns, placeFields } from './common.ts';

/**
 * Route methods (spec 02 §3.3 pathbuildmethod): what runs on a route's screen when the event
 * `eventName` fires on the field `prop` (or on a button naming the same event): call a service
 * (`methodService` and `methodUrl`, with the parameters `methodData`), run a script
 * (`methodContent`) or open a page. `isInterlineTrigger` makes it fire for changes inside a
 * detail-line row as well as on the header.
 */
export const pathBuildMethodTable = pgTable(
  'bl_pathbuildmethod',
  {
    ...entityColumns(),
    ...placeColumns(),
    eventName: varchar({ length: 64 }).notNull(),
    prop: varchar({ length: 64 }),
    methodType: varchar({ length: 8 }).notNull(),
    methodService: varchar({ length: 64 }),
    methodUrl: varchar({ length: 255 }),
    methodData: varchar({ length: 2000 }),
    methodContent: text(),
    isInterlineTrigger: varchar({ length: 1 }).notNull().default('0'),
  },
  (t) => [index('bl_pathbuildmethod_path_idx').on(t.tenantId, t.path)],
);

export const pathbuildmethod = defineEntity({
  name: 'pathbuildmethod',
  service: 'bl-develop',
  area: 'develop',
  label: label('路由方法', '路由方法', 'Route method'),
  table: pathBuildMethodTable,
  titleField: 'eventName',
  defaultSort: { field: 'path', order: 'asc' },
  fields: {
    ...commonFields,
    ...placeFields,
    eventName: f.text(label('事件名称', '事件名稱', 'Event name'), { required: true, maxLength: 64 }),
    prop: f.text(label('绑定字段', '綁定欄位', 'Field'), { maxLength: 64 }),
    methodType: f.dict(label('方法类型', '方法類型', 'Method type'), 'pageMethodType', { required: true }),
    methodService: f.text(label('服务名', '服務名', 'Service'), { maxLength: 64, search: 'equal' }),
    methodUrl: f.text(label('接口地址', '介面位址', 'Service URL'), { maxLength: 255 }),
    methodData: f.textarea(label('请求参数', '請求參數', 'Parameters'), { maxLength: 2000 }),
    methodContent: f.textarea(label('脚本内容', '腳本內容', 'Script'), { maxLength: 100_000 }),
    isInterlineTrigger: f.flag(label('行内触发', '行內觸發', 'Fires in line rows'), { defaultValue: '0' }),
  },
});
