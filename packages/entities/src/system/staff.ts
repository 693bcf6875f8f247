import { sql } from 'drizzle-orm';
import { index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Staff (spec 02 §3.2 staff): the people of the tenant's organisation, with their type
 * (internal, owner, supplier, carrier staff or contractors), department and post. `account`
 * names the system account the person signs in with (users are server tables, not catalogue
 * entities, so it is plain text). A staff member "can be enabled for domain login":
 * `domainLoginFlag` switches it on and `domainAccount` is the directory account (e.g.
 * `CORP\zhang.san` or `zhang.san@corp.example`) that signs in as `account`.
 * Owner and supplier staff name the owner or supplier they work for, which limits what they see.
 */
export const staffTable = pgTable(
  'bl_staff',
  {
    ...entityColumns(),
    code: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 64 }).notNull(),
    staffType: varchar({ length: 8 }).notNull().default('1'),
    deptCode: varchar({ length: 64 }),
    postCode: varchar({ length: 64 }),
    customerCode: varchar({ length: 64 }),
    supplierCode: varchar({ length: 64 }),
    mobile: varchar({ length: 20 }),
    email: varchar({ length: 128 }),
    account: varchar({ length: 64 }),
    domainLoginFlag: varchar({ length: 1 }).notNull().default('0'),
    domainAccount: varchar({ length: 128 }),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_staff_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`),
    uniqueIndex('bl_staff_account_uq').on(t.tenantId, t.account).where(sql`is_deleted = 0`),
    uniqueIndex('bl_staff_domain_account_uq').on(t.tenantId, t.domainAccount).where(sql`is_deleted = 0`),
    index('bl_staff_dept_idx').on(t.tenantId, t.deptCode),
  ],
);

export const staff = defineEntity({
  name: 'staff',
  service: 'bl-system',
  area: 'system',
  label: label('人员管理', '人員管理', 'Staff'),
  table: staffTable,
  fields: {
    ...commonFields,
    code: f.text(label('工号', '工號', 'Staff no.'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    name: f.text(label('姓名', '姓名', 'Name'), { required: true, maxLength: 64 }),
    staffType: f.dict(label('人员类型', '人員類型', 'Staff type'), 'staffType', {
      required: true,
      defaultValue: '1',
    }),
    deptCode: f.ref(label('所属部门', '所屬部門', 'Department'), 'dept', { labelField: 'deptName' }),
    postCode: f.ref(label('岗位', '崗位', 'Post'), 'post', {
      valueField: 'postCode',
      labelField: 'postName',
    }),
    customerCode: f.ref(label('所属货主', '所屬貨主', 'Owner'), 'customer', { list: false }),
    supplierCode: f.ref(label('所属供应商', '所屬供應商', 'Supplier'), 'supplier', { list: false }),
    mobile: f.text(label('手机', '手機', 'Mobile'), { maxLength: 20 }),
    email: f.text(label('邮箱', '電郵', 'Email'), { maxLength: 128, list: false, search: 'none' }),
    account: f.text(label('系统账号', '系統帳號', 'System account'), { maxLength: 64, unique: true }),
    domainLoginFlag: f.flag(label('启用域登录', '啟用網域登入', 'Domain login'), { defaultValue: '0' }),
    domainAccount: f.text(label('域账号', '網域帳號', 'Domain account'), {
      maxLength: 128,
      unique: true,
      list: false,
    }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
