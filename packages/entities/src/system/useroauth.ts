import { sql } from 'drizzle-orm';
import { index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Third-party login bindings (spec 02 §3.2 userOauth): one row per account a person signed in
 * with on WeChat, QQ, GitHub or Gitee (spec 02 §2), as the provider reported it. `uuid` is the
 * provider's user id, unique per provider; `userId` the id of the system user it is bound to
 * (text, since users are server tables), empty until the person registers or binds
 * (spec 01 §3 third-party registration). Written by the sign-in flow; administrators may
 * correct or unbind.
 */
export const useroauthTable = pgTable(
  'bl_useroauth',
  {
    ...entityColumns(),
    source: varchar({ length: 16 }).notNull(),
    uuid: varchar({ length: 128 }).notNull(),
    userId: varchar({ length: 20 }),
    username: varchar({ length: 128 }),
    nickname: varchar({ length: 128 }),
    avatar: varchar({ length: 500 }),
    gender: varchar({ length: 8 }),
    email: varchar({ length: 128 }),
    blog: varchar({ length: 255 }),
    company: varchar({ length: 128 }),
    location: varchar({ length: 128 }),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_useroauth_source_uuid_uq').on(t.tenantId, t.source, t.uuid).where(sql`is_deleted = 0`),
    index('bl_useroauth_user_idx').on(t.tenantId, t.userId),
  ],
);

export const useroauth = defineEntity({
  name: 'useroauth',
  service: 'bl-system',
  area: 'system',
  label: label('第三方登录', '第三方登入', 'Third-party logins'),
  table: useroauthTable,
  titleField: 'username',
  uniqueKeys: [['source', 'uuid']],
  fields: {
    ...commonFields,
    source: f.dict(label('来源平台', '來源平台', 'Provider'), 'oauthSource', { required: true }),
    uuid: f.text(label('第三方用户ID', '第三方用戶ID', 'Provider user ID'), {
      required: true,
      maxLength: 128,
      search: 'equal',
    }),
    userId: f.text(label('绑定用户ID', '綁定用戶ID', 'Bound user ID'), { maxLength: 20, search: 'equal' }),
    username: f.text(label('第三方账号', '第三方帳號', 'Provider account'), { maxLength: 128 }),
    nickname: f.text(label('昵称', '暱稱', 'Nickname'), { maxLength: 128 }),
    avatar: f.image(label('头像', '頭像', 'Avatar')),
    gender: f.dict(label('性别', '性別', 'Gender'), 'sex', { list: false }),
    email: f.text(label('邮箱', '電郵', 'Email'), { maxLength: 128 }),
    blog: f.text(label('博客', '網誌', 'Blog'), { list: false, search: 'none' }),
    company: f.text(label('公司', '公司', 'Company'), { maxLength: 128, list: false }),
    location: f.text(label('所在地', '所在地', 'Location'), { maxLength: 128, list: false, search: 'none' }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
