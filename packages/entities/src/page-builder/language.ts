import { index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import { tableIdField } from './common.ts';

/**
 * Page texts (spec 02 §3.3 language): the text (`messageValue`) of a message key in one
 * interface language, for a table's screens (`tableId`, blank for every screen) under a
 * condition (`whereOption`); it overrides the built-in label of the same key.
 */
export const languageTable = pgTable(
  'bl_language',
  {
    ...entityColumns(),
    tableId: varchar({ length: 64 }),
    whereOption: varchar({ length: 500 }),
    messageKey: varchar({ length: 128 }).notNull(),
    messageValue: varchar({ length: 500 }).notNull(),
    lang: varchar({ length: 8 }).notNull(),
  },
  (t) => [index('bl_language_key_idx').on(t.tenantId, t.messageKey, t.lang)],
);

export const language = defineEntity({
  name: 'language',
  service: 'bl-develop',
  area: 'develop',
  label: label('页面多语言', '頁面多語言', 'Page texts'),
  table: languageTable,
  titleField: 'messageKey',
  defaultSort: { field: 'messageKey', order: 'asc' },
  fields: {
    ...commonFields,
    // The key, its language and its text first: what a tenant fills to reword a text (ADR 0042).
    messageKey: f.text(label('文本键', '文字鍵', 'Message key'), {
      required: true,
      maxLength: 128,
      sortable: true,
    }),
    lang: f.dict(label('语言', '語言', 'Language'), 'pageLang', { required: true }),
    messageValue: f.text(label('文本内容', '文字內容', 'Text'), { required: true, maxLength: 500 }),
    tableId: tableIdField(),
    whereOption: f.text(label('适用条件', '適用條件', 'Applies when'), { maxLength: 500 }),
  },
});
