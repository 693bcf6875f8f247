import { sql } from 'drizzle-orm';
import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns, id } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Dictionaries administrators maintain (spec 02 §3.2 dict), SpringBlade's tree: a root row
 * names a dictionary (`code`, its title in `dictValue`, no parent) and its entries are its
 * children with the same `code`, each a `dictKey` shown as `dictValue`. An entry may have
 * entries of its own (`parentId` is the id of the row above, empty for a root). `code` and
 * `dictKey` are unique together. A sealed row (`isSealed`) is kept by the system: tenants may
 * read it but not change or delete it. These are runtime lists (e.g. reasons, vehicle
 * colours); the fixed value hints of the catalogue (`dicts.ts`) are separate and never here.
 */
export const dictTable = pgTable(
  'bl_dict',
  {
    ...entityColumns(),
    parentId: id(),
    code: varchar({ length: 64 }).notNull(),
    dictKey: varchar({ length: 64 }).notNull(),
    dictValue: varchar({ length: 128 }).notNull(),
    sort: integer().notNull().default(0),
    isSealed: varchar({ length: 1 }).notNull().default('0'),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_dict_code_key_uq').on(t.tenantId, t.code, t.dictKey).where(sql`is_deleted = 0`),
    index('bl_dict_parent_idx').on(t.tenantId, t.parentId),
  ],
);

export const dict = defineEntity({
  name: 'dict',
  service: 'bl-system',
  area: 'system',
  label: label('数据字典', '數據字典', 'Dictionaries'),
  table: dictTable,
  titleField: 'dictValue',
  defaultSort: { field: 'sort', order: 'asc' },
  uniqueKeys: [['code', 'dictKey']],
  fields: {
    ...commonFields,
    parentId: f.ref(label('上级字典', '上級字典', 'Parent entry'), 'dict', {
      valueField: 'id',
      labelField: 'dictValue',
      maxLength: 19,
      list: false,
    }),
    code: f.text(label('字典编码', '字典編碼', 'Dictionary code'), {
      required: true,
      maxLength: 64,
      search: 'equal',
      sortable: true,
    }),
    dictKey: f.text(label('字典键值', '字典鍵值', 'Key'), { required: true, maxLength: 64, search: 'equal' }),
    dictValue: f.text(label('字典名称', '字典名稱', 'Value'), { required: true, maxLength: 128 }),
    sort: f.integer(label('排序', '排序', 'Sort order'), {
      required: true,
      min: 0,
      max: 99999,
      defaultValue: 0,
      sortable: true,
    }),
    isSealed: f.flag(label('封存', '封存', 'Sealed'), { defaultValue: '0' }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
