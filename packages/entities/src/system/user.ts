import { sql } from 'drizzle-orm';
import { date, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Users (spec 02 §3.2 user): the accounts that sign in. The table keeps SpringBlade's name;
 * sign-in reads it directly. `password` is argon2id of the md5 hex the sign-in page sends
 * (ARCHITECTURE.md): forms send the password typed twice (`confirmPassword`), the server
 * hashes it, and no answer or export ever carries it. `roleId`, `deptId` and `postId` keep
 * SpringBlade's columns (comma lists of ids); the forms of this catalogue hold one of each.
 * `status`: 1 active, 0 disabled, 2 registered and waiting for an administrator's approval.
 */
export const userTable = pgTable(
  'blade_user',
  {
    ...entityColumns(),
    code: varchar('code', { length: 32 }),
    account: varchar('account', { length: 64 }).notNull(),
    password: varchar('password', { length: 255 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    realName: varchar('real_name', { length: 64 }),
    avatar: varchar('avatar', { length: 500 }),
    email: varchar('email', { length: 128 }),
    phone: varchar('phone', { length: 32 }),
    birthday: date('birthday'),
    sex: varchar('sex', { length: 1 }),
    roleId: varchar('role_id', { length: 1000 }),
    deptId: varchar('dept_id', { length: 1000 }),
    postId: varchar('post_id', { length: 1000 }),
    staffType: varchar('staff_type', { length: 8 }).notNull().default('1'),
    /** "1" asks for the dynamic-code check at sign-in (spec 01 §4). */
    openCodeCheck: varchar('open_code_check', { length: 1 }).notNull().default('0'),
  },
  (t) => [uniqueIndex('blade_user_account_uq').on(t.tenantId, t.account).where(sql`is_deleted = 0`)],
);

export const user = defineEntity({
  name: 'user',
  service: 'bl-system',
  area: 'system',
  label: label('用户管理', '用戶管理', 'Users'),
  table: userTable,
  titleField: 'account',
  actions: ['approve', 'enable', 'disable', 'resetPassword'],
  defaultSort: { field: 'account', order: 'asc' },
  fields: {
    ...commonFields,
    // Shown here (a system column elsewhere): whether the account may sign in.
    status: f.dict(label('账号状态', '帳號狀態', 'Account status'), 'userStatus', { form: 'readonly' }),
    code: f.text(label('用户编号', '用戶編號', 'User no.'), { maxLength: 32, sortable: true }),
    account: f.text(label('登录账号', '登入帳號', 'Account'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    password: f.text(label('密码', '密碼', 'Password'), {
      required: true,
      maxLength: 64,
      secret: true,
      confirm: true,
      list: false,
      view: false,
      search: 'none',
    }),
    name: f.text(label('用户昵称', '用戶暱稱', 'Nickname'), { required: true, maxLength: 64 }),
    realName: f.text(label('用户姓名', '用戶姓名', 'Real name'), { maxLength: 64 }),
    avatar: f.image(label('头像', '頭像', 'Avatar')),
    email: f.text(label('电子邮箱', '電子郵箱', 'E-mail'), { maxLength: 128, format: 'email', list: false }),
    phone: f.text(label('手机号码', '手機號碼', 'Mobile'), { maxLength: 32, format: 'mobile' }),
    birthday: f.date(label('生日', '生日', 'Birthday'), { list: false, search: 'none' }),
    sex: f.dict(label('性别', '性別', 'Sex'), 'sex', { list: false }),
    roleId: f.ref(label('所属角色', '所屬角色', 'Role'), 'role', {
      valueField: 'id',
      labelField: 'roleName',
      required: true,
      maxLength: undefined,
    }),
    deptId: f.ref(label('所属部门', '所屬部門', 'Department'), 'dept', {
      valueField: 'id',
      labelField: 'deptName',
      maxLength: undefined,
    }),
    postId: f.ref(label('所属岗位', '所屬崗位', 'Post'), 'post', {
      valueField: 'id',
      labelField: 'postName',
      maxLength: undefined,
      list: false,
    }),
    staffType: f.dict(label('人员类型', '人員類型', 'Staff type'), 'staffType', {
      required: true,
      defaultValue: '1',
    }),
    openCodeCheck: f.flag(label('动态码校验', '動態碼校驗', 'Dynamic code check'), {
      defaultValue: '0',
      list: false,
    }),
  },
});
