import { customType, integer, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * 64-bit ids: `bigint` in the database, strings in JavaScript and JSON, because a JavaScript
 * number cannot hold them exactly (ARCHITECTURE.md: ids travel as strings).
 */
export const id = customType<{ data: string; driverData: string | number | bigint }>({
  dataType: () => 'bigint',
  fromDriver: (value) => String(value),
  toDriver: (value) => value,
});

/** `tenant_id` as SpringBlade spells tenants: six-digit codes such as 000000. */
export const tenantId = () => varchar('tenant_id', { length: 12 }).notNull();

/** The common columns of spec 02 §3.1, carried by every tenant-owned table. */
export const commonColumns = () => ({
  createUser: id('create_user'),
  createDept: id('create_dept'),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  updateUser: id('update_user'),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  status: integer('status').notNull().default(1),
  isDeleted: integer('is_deleted').notNull().default(0),
});

/**
 * The columns every catalogue entity carries: the common ones plus `version`, the optimistic
 * concurrency counter (a stale edit names an old version and is refused).
 */
export const entityColumns = () => ({
  id: id('id').primaryKey(),
  tenantId: tenantId(),
  ...commonColumns(),
  version: integer('version').notNull().default(1),
});
