import { integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns, id } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Tenants (SpringBlade's blade_tenant): the warehouses' customers of the platform, each with
 * its own users and data. `tenantId` is the tenant's code (six digits, what people type at
 * sign-in); a disabled (`status` 0) or expired (`expireTime`) tenant cannot sign in;
 * `accountNumber` caps its users (-1: no cap); `packageId` names the tenant package that
 * bounds its menus (none: every menu). Creating one also creates its
 * administrator role and `admin` account with the default password. Only the operator tenant
 * sees them at all (`operatorOnly`).
 */
export const tenantTable = pgTable(
  'blade_tenant',
  {
    ...entityColumns(),
    tenantName: varchar('tenant_name', { length: 50 }).notNull(),
    domain: varchar('domain', { length: 255 }),
    linkman: varchar('linkman', { length: 20 }),
    contactNumber: varchar('contact_number', { length: 20 }),
    address: varchar('address', { length: 255 }),
    accountNumber: integer('account_number').notNull().default(-1),
    expireTime: timestamp('expire_time', { withTimezone: true }),
    packageId: id('package_id'),
  },
  (t) => [uniqueIndex('blade_tenant_tenant_id_uq').on(t.tenantId)],
);

export const tenant = defineEntity({
  name: 'tenant',
  service: 'bl-system',
  area: 'system',
  operatorOnly: true,
  label: label('租户管理', '租戶管理', 'Tenants'),
  table: tenantTable,
  titleField: 'tenantName',
  defaultSort: { field: 'tenantId', order: 'asc' },
  fields: {
    ...commonFields,
    tenantId: f.text(label('租户编号', '租戶編號', 'Tenant ID'), {
      required: true,
      maxLength: 12,
      format: 'tenantId',
      unique: true,
      sortable: true,
    }),
    status: f.dict(label('租户状态', '租戶狀態', 'Tenant status'), 'enabledStatus', { defaultValue: 1 }),
    tenantName: f.text(label('租户名称', '租戶名稱', 'Tenant name'), { required: true, maxLength: 50 }),
    domain: f.text(label('域名地址', '網域位址', 'Domain'), { maxLength: 255, list: false }),
    linkman: f.text(label('联系人', '聯絡人', 'Contact'), { maxLength: 20 }),
    contactNumber: f.text(label('联系电话', '聯絡電話', 'Contact number'), { maxLength: 20 }),
    address: f.text(label('联系地址', '聯絡地址', 'Address'), { maxLength: 255, list: false }),
    accountNumber: f.integer(label('账号额度', '帳號額度', 'Account limit'), {
      required: true,
      min: -1,
      max: 100000,
      defaultValue: -1,
    }),
    expireTime: f.datetime(label('过期时间', '過期時間', 'Expires at'), { sortable: true }),
    packageId: f.ref(label('租户套餐', '租戶套餐', 'Package'), 'tenantpackage', {
      valueField: 'id',
      labelField: 'packageName',
      maxLength: undefined,
    }),
  },
});
