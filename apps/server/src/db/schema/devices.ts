import { id, tenantId } from '@bl/entities/columns';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Device monitoring tables outside the entity catalogue (migrations 0042-0043, ADR 0026). */

const rollupColumns = () => ({
  tenantId: tenantId(),
  deviceCode: varchar('device_code', { length: 64 }).notNull(),
  bucket: timestamp('bucket', { withTimezone: true }).notNull(),
  readings: integer('readings').notNull(),
  temperatureSum: numeric('temperature_sum', { precision: 16, scale: 2 }).notNull(),
  temperatureMin: numeric('temperature_min', { precision: 8, scale: 2 }).notNull(),
  temperatureMax: numeric('temperature_max', { precision: 8, scale: 2 }).notNull(),
  humidityReadings: integer('humidity_readings').notNull(),
  humiditySum: numeric('humidity_sum', { precision: 16, scale: 2 }),
  humidityMin: numeric('humidity_min', { precision: 8, scale: 2 }),
  humidityMax: numeric('humidity_max', { precision: 8, scale: 2 }),
});

/** Hourly summary of a device's readings (bucket: the hour's start). */
export const temhumHourly = pgTable('bl_temhumdata_hourly', rollupColumns(), (t) => [
  primaryKey({ name: 'bl_temhumdata_hourly_pk', columns: [t.tenantId, t.deviceCode, t.bucket] }),
]);

/** Daily summary (bucket: the UTC day's start). */
export const temhumDaily = pgTable('bl_temhumdata_daily', rollupColumns(), (t) => [
  primaryKey({ name: 'bl_temhumdata_daily_pk', columns: [t.tenantId, t.deviceCode, t.bucket] }),
]);

/** A device's secret as the SHA-256 hex of the secret shown once. */
export const deviceSecret = pgTable(
  'bl_device_secret',
  {
    tenantId: tenantId(),
    deviceCode: varchar('device_code', { length: 64 }).notNull(),
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    createUser: id('create_user'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'bl_device_secret_pk', columns: [t.tenantId, t.deviceCode] })],
);

/** Message ids a device has used, kept a day: a replayed message is refused. */
export const deviceNonce = pgTable(
  'bl_device_nonce',
  {
    tenantId: tenantId(),
    deviceCode: varchar('device_code', { length: 64 }).notNull(),
    messageId: varchar('message_id', { length: 64 }).notNull(),
    receivedTime: timestamp('received_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'bl_device_nonce_pk', columns: [t.tenantId, t.deviceCode, t.messageId] }),
    index('bl_device_nonce_time_idx').on(t.receivedTime),
  ],
);

/** An alarm: pending while its delay runs, active once raised, cleared when back in range. */
export const deviceAlarm = pgTable(
  'bl_devicealarm',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    deviceCode: varchar('device_code', { length: 64 }).notNull(),
    measure: varchar('measure', { length: 12 }).notNull(),
    direction: varchar('direction', { length: 4 }).notNull(),
    limitValue: numeric('limit_value', { precision: 8, scale: 2 }).notNull(),
    peakValue: numeric('peak_value', { precision: 8, scale: 2 }).notNull(),
    state: varchar('state', { length: 8 }).notNull(),
    outSince: timestamp('out_since', { withTimezone: true }).notNull(),
    raisedTime: timestamp('raised_time', { withTimezone: true }),
    clearedTime: timestamp('cleared_time', { withTimezone: true }),
    ackTime: timestamp('ack_time', { withTimezone: true }),
    ackUser: id('ack_user'),
    ackUserName: varchar('ack_user_name', { length: 64 }),
    ackComment: varchar('ack_comment', { length: 500 }),
    /** When it was last notified (raised, then every notifyInterval while active and unacknowledged). */
    notifyTime: timestamp('notify_time', { withTimezone: true }),
    notifyCount: integer('notify_count').notNull().default(0),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bl_devicealarm_open_uq')
      .on(t.tenantId, t.deviceCode, t.measure)
      .where(sql`state in ('pending', 'active')`),
    index('bl_devicealarm_time_idx').on(t.tenantId, t.outSince.desc()),
  ],
);

/** A switch command sent to a device: pending until the device reports the new state. */
export const deviceCommand = pgTable(
  'bl_devicecommand',
  {
    id: id('id').primaryKey(),
    tenantId: tenantId(),
    deviceCode: varchar('device_code', { length: 64 }).notNull(),
    switchName: varchar('switch_name', { length: 8 }).notNull(),
    switchValue: varchar('switch_value', { length: 1 }).notNull(),
    state: varchar('state', { length: 8 }).notNull().default('pending'),
    createUser: id('create_user'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    timeoutTime: timestamp('timeout_time', { withTimezone: true }).notNull(),
    doneTime: timestamp('done_time', { withTimezone: true }),
  },
  (t) => [index('bl_devicecommand_device_idx').on(t.tenantId, t.deviceCode, t.createTime.desc())],
);
