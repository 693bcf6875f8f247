import { sql } from 'drizzle-orm';
import { index, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * WeChat-bound users (spec 02 §3.2 "Also userwc", read as WeChat users): a person who follows
 * or signs in through the tenant's WeChat official account or mini program, by `openId` (one per
 * WeChat app, so unique in the tenant) and `unionId` (the same person across the tenant's
 * WeChat apps), bound to a system user by `userId` and `account` (text: users are server
 * tables). Used to push notices such as arrival or sign-off messages. Written by the binding
 * flow; `bindTime` is when the binding was made.
 */
export const userwcTable = pgTable(
  'bl_userwc',
  {
    ...entityColumns(),
    openId: varchar({ length: 64 }).notNull(),
    unionId: varchar({ length: 64 }),
    nickname: varchar({ length: 128 }),
    avatar: varchar({ length: 500 }),
    userId: varchar({ length: 20 }),
    account: varchar({ length: 64 }),
    bindTime: timestamp({ withTimezone: true }),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_userwc_open_id_uq').on(t.tenantId, t.openId).where(sql`is_deleted = 0`),
    index('bl_userwc_union_id_idx').on(t.tenantId, t.unionId),
    index('bl_userwc_user_idx').on(t.tenantId, t.userId),
  ],
);

export const userwc = defineEntity({
  name: 'userwc',
  service: 'bl-system',
  area: 'system',
  label: label('微信用户', '微信用戶', 'WeChat users'),
  table: userwcTable,
  titleField: 'nickname',
  fields: {
    ...commonFields,
    openId: f.text(label('OpenID', 'OpenID', 'OpenID'), {
      required: true,
      maxLength: 64,
      unique: true,
      search: 'equal',
    }),
    unionId: f.text(label('UnionID', 'UnionID', 'UnionID'), { maxLength: 64, search: 'equal' }),
    nickname: f.text(label('微信昵称', '微信暱稱', 'WeChat nickname'), { maxLength: 128 }),
    avatar: f.image(label('头像', '頭像', 'Avatar')),
    userId: f.text(label('绑定用户ID', '綁定用戶ID', 'Bound user ID'), {
      maxLength: 20,
      search: 'equal',
      list: false,
    }),
    account: f.text(label('绑定账号', '綁定帳號', 'Bound account'), { maxLength: 64 }),
    bindTime: f.datetime(label('绑定时间', '綁定時間', 'Bound at'), { form: 'readonly', search: 'range' }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
