import { commonColumns, id, tenantId } from '@bl/entities/columns';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export { tenantTable as tenant } from '@bl/entities/system/tenant';
export { tenantpackageTable as tenantPackage } from '@bl/entities/system/tenantpackage';

/** OAuth clients (`saber` for the web app): global, checked on every call by Basic auth. */
export const client = pgTable(
  'blade_client',
  {
    id: id('id').primaryKey(),
    clientId: varchar('client_id', { length: 48 }).notNull(),
    /** sha256 hex of the secret: client secrets are shared with browsers, not user passwords. */
    clientSecretHash: varchar('client_secret_hash', { length: 64 }).notNull(),
    scope: varchar('scope', { length: 255 }).notNull().default('all'),
    /** Comma list of grant types this client may use. */
    authorizedGrantTypes: varchar('authorized_grant_types', { length: 255 }).notNull(),
    accessTokenValidity: integer('access_token_validity').notNull(),
    refreshTokenValidity: integer('refresh_token_validity').notNull(),
    ...commonColumns(),
  },
  (t) => [uniqueIndex('blade_client_client_id_uq').on(t.clientId)],
);

export { menuTable as menu } from '@bl/entities/system/menu';
/**
 * Roles, users and menus are catalogue entities (packages/entities/src/system), with their screens
 * and API; sign-in and permissions read the same tables under these names.
 */
export { roleTable as role } from '@bl/entities/system/role';
export { userTable as user } from '@bl/entities/system/user';

export const roleMenu = pgTable(
  'blade_role_menu',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    roleId: id('role_id').notNull(),
    menuId: id('menu_id').notNull(),
  },
  (t) => [uniqueIndex('blade_role_menu_uq').on(t.tenantId, t.roleId, t.menuId)],
);

/**
 * One row per sign-in. The access token names its session, so logging out or reusing an old
 * refresh token revokes every token of that sign-in at once.
 */
export const authSession = pgTable(
  'auth_session',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    userId: id('user_id').notNull(),
    clientId: varchar('client_id', { length: 48 }).notNull(),
    /** jti of the one refresh token that may still be used; older ones are refused. */
    refreshJti: varchar('refresh_jti', { length: 64 }).notNull(),
    /**
     * jti the last refresh replaced: presented again within the grace window after `refreshedAt`
     * (a second tab refreshing at the same moment) it still renews; later it ends the session.
     */
    previousRefreshJti: varchar('previous_refresh_jti', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: varchar('revoke_reason', { length: 32 }),
  },
  (t) => [index('auth_session_user_idx').on(t.tenantId, t.userId)],
);

/**
 * Users who must change their password before doing anything else: the seeded demo
 * administrators (`admin` / `admin`), a new tenant's `admin` and every password reset to
 * DEFAULT_PASSWORD, i.e. passwords that others know. Their own password change removes the row.
 */
export const passwordChangeDue = pgTable('auth_password_due', {
  userId: id('user_id').primaryKey(),
  tenantId: tenantId(),
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
});

/** Failed sign-ins per account, to lock an account under a password-guessing attack. */
export const loginFailure = pgTable(
  'auth_login_failure',
  {
    tenantId: tenantId(),
    account: varchar('account', { length: 64 }).notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('auth_login_failure_pk').on(t.tenantId, t.account)],
);

/** Process-wide settings kept in the database so every server process shares them. */
export const systemSecret = pgTable('sys_secret', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
});

/**
 * Captchas waiting for their answer: global (asked before the tenant is known), each used
 * once, swept when expired.
 */
export const authCaptcha = pgTable('auth_captcha', {
  key: varchar('key', { length: 64 }).primaryKey(),
  codeHash: varchar('code_hash', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Failed sign-ins per address (when no Redis keeps them): see modules/auth/address-limit.ts. */
export const addressFailure = pgTable('auth_address_failure', {
  address: varchar('address', { length: 64 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * UI errors the web app caught and a user uploaded from the error-log dialog (spec 01 §7
 * "upload local error logs"). Per tenant, under the same row-level security as tenant data;
 * rows are evidence for support, written once and never edited.
 */
export const uiErrorLog = pgTable(
  'blade_log_ui_error',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    /** Who uploaded it (the signed-in user), and under which account name at the time. */
    userId: id('user_id').notNull(),
    account: varchar('account', { length: 64 }).notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    url: varchar('url', { length: 2000 }).notNull(),
    message: text('message').notNull(),
    stack: text('stack').notNull(),
    info: text('info').notNull(),
    /** When the browser caught it (the entry's own time), and when the server received it. */
    errorTime: timestamp('error_time', { withTimezone: true }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blade_log_ui_error_tenant_time_idx').on(t.tenantId, t.createTime)],
);

/**
 * Interface permissions granted to roles (entity `apipermission`, spec 02 §6): SpringBlade's
 * `blade_role_scope` rows of scope category 2, kept in a table of their own because data
 * scopes live in the `datascope` entity here. Replaced as a whole by `role/grant-api`.
 */
export const roleApi = pgTable(
  'blade_role_api',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    roleId: id('role_id').notNull(),
    apiId: id('api_id').notNull(),
  },
  (t) => [
    uniqueIndex('blade_role_api_uq').on(t.tenantId, t.roleId, t.apiId),
    index('blade_role_api_api_idx').on(t.tenantId, t.apiId),
  ],
);

/**
 * One-time codes sent by text message (phone sign-in, the dynamic-code check): global like the
 * captchas (asked before a session exists), one row per purpose, tenant and target, so a new
 * code replaces the last one. Kept hashed; `used_at` tells a reused code from an expired one.
 */
export const authCode = pgTable('auth_code', {
  key: varchar('key', { length: 160 }).primaryKey(),
  codeHash: varchar('code_hash', { length: 64 }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
});

/**
 * A tenant's directory (LDAP / Active Directory) for domain sign-in (ADR 0013): one row per
 * tenant, under the tenant's row-level security like its data. The service account's password
 * is kept encrypted (AES-256-GCM, key in `sys_secret`) and never answered to the browser.
 */
export const directorySetting = pgTable('sys_directory', {
  tenantId: tenantId().primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  /** One or more `ldap://` / `ldaps://` URLs, space or comma separated: tried in order while unreachable. */
  url: varchar('url', { length: 500 }).notNull().default(''),
  /** The service account that searches for users; empty for an anonymous search. */
  bindDn: varchar('bind_dn', { length: 500 }).notNull().default(''),
  /** `v1.iv.tag.ciphertext` (base64url); empty when no service password is set. */
  bindPassword: text('bind_password').notNull().default(''),
  baseDn: varchar('base_dn', { length: 500 }).notNull().default(''),
  /** Attributes a domain account is looked up by, comma separated (any one may match). */
  loginAttributes: varchar('login_attributes', { length: 255 })
    .notNull()
    .default('sAMAccountName,userPrincipalName'),
  /** An extra filter the user entry must also match, e.g. `(objectClass=person)` or a group. */
  userFilter: varchar('user_filter', { length: 1000 }).notNull().default('(objectClass=person)'),
  /** The whole exchange with the directory must end within this many seconds. */
  timeoutSeconds: integer('timeout_seconds').notNull().default(5),
  /** ldaps:// only: refuse a certificate the server's trust store does not vouch for. */
  rejectUnauthorized: boolean('reject_unauthorized').notNull().default(true),
  updateUser: id('update_user'),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Held stock per location, appended by triggers on bl_stock (migration 0025, ADR 0019): delta
 * rows per statement, folded into one row per location (`delta` false) when a report reads them.
 */
export const stockPlaceTotal = pgTable(
  'bl_stock_place_total',
  {
    tenantId: tenantId(),
    warehousePlaceCode: varchar('warehouse_place_code', { length: 64 }).notNull(),
    lineCount: bigint('line_count', { mode: 'number' }).notNull(),
    qty: numeric('qty').notNull(),
    weg: numeric('weg').notNull(),
    qtyWeg: numeric('qty_weg').notNull(),
    board: numeric('board').notNull(),
    volume: numeric('volume').notNull(),
    delta: boolean('delta').notNull().default(true),
  },
  (t) => [
    index('bl_stock_place_total_place_idx').on(t.tenantId, t.warehousePlaceCode),
    index('bl_stock_place_total_delta_idx').on(t.tenantId, t.warehousePlaceCode).where(sql`delta`),
  ],
);

/**
 * A month's closing stock per key (migration 0057, ADR 0028 amendment), written by the snapshot
 * job owner by owner (modules/wms/snapshots.ts); `period` is the month's last day.
 */
export const stockSnapshot = pgTable(
  'bl_stock_snapshot',
  {
    tenantId: tenantId(),
    period: date('period').notNull(),
    customerCode: varchar('customer_code', { length: 64 }).notNull(),
    materialCode: varchar('material_code', { length: 64 }).notNull(),
    batchNo: varchar('batch_no', { length: 64 }).notNull(),
    customerBatchNo: varchar('customer_batch_no', { length: 64 }).notNull(),
    warehousePlaceCode: varchar('warehouse_place_code', { length: 64 }).notNull(),
    barcode: varchar('barcode', { length: 64 }).notNull(),
    packspecCode: varchar('packspec_code', { length: 64 }).notNull(),
    stockStatus: varchar('stock_status', { length: 8 }).notNull(),
    qty: numeric('qty', { precision: 18, scale: 4 }).notNull(),
    weg: numeric('weg', { precision: 18, scale: 4 }).notNull(),
    qtyWeg: numeric('qty_weg', { precision: 18, scale: 4 }).notNull(),
    board: numeric('board', { precision: 18, scale: 4 }).notNull(),
    volume: numeric('volume', { precision: 18, scale: 4 }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bl_stock_snapshot_owner_idx').on(t.tenantId, t.period, t.customerCode, t.materialCode)],
);
