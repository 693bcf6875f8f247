import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, queryRows, type Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import { AppError, badRequest, conflict, unauthorized } from '../../http/errors.ts';
import { evaluateAlarms, outOfRange, type RaisedAlarm, type StoredReading, settingOf } from './alarms.ts';

/** Readings one message may carry (a device that was offline sends its backlog in pieces). */
export const maxReadingsPerMessage = 1000;
/** A device clock this far ahead of the server's is wrong: its reading is stamped with the server's time. */
export const clockToleranceMs = 60_000;
/** Readings older than this are refused (the backlog a device may still send). */
export const maxReadingAgeMs = 30 * 24 * 3600_000;

/** SHA-256 hex: the only form a device secret is stored in (the secret is 32 random bytes). */
export const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');
/** A new device secret: 32 random bytes, base64url. */
export const newSecret = () => randomBytes(32).toString('base64url');

const time = z.union([z.iso.datetime({ offset: true }), z.number().int().positive()]);
const reading = z.object({
  time: time.optional(),
  temperature: z.number().min(-100).max(200),
  humidity: z.number().min(0).max(100).nullable().optional(),
});

/**
 * What a device sends, over HTTP or MQTT: a message id it never uses twice (a nonce) and either
 * one reading (`time`, `temperature`, `humidity`) or `readings`, oldest first or not. `time` is
 * the device's clock, ISO 8601 with offset or epoch (seconds or milliseconds); without it the
 * server's time is used. Over MQTT the payload carries the device's `secret` too.
 */
export const readingsMessage = z
  .object({
    messageId: z.string().min(1).max(64),
    secret: z.string().max(200).optional(),
    readings: z.array(reading).min(1).optional(),
    time: time.optional(),
    temperature: z.number().min(-100).max(200).optional(),
    humidity: z.number().min(0).max(100).nullable().optional(),
  })
  .refine((m) => m.readings !== undefined || m.temperature !== undefined, {
    message: 'readings or temperature is required',
  });
export type ReadingsMessage = z.infer<typeof readingsMessage>;

/** A state report: the switches as the device has them now. */
export const stateMessage = z.object({
  messageId: z.string().min(1).max(64),
  secret: z.string().max(200).optional(),
  beep: z.union([z.enum(['0', '1']), z.literal(0), z.literal(1), z.boolean()]).optional(),
  led: z.union([z.enum(['0', '1']), z.literal(0), z.literal(1), z.boolean()]).optional(),
});
export type StateMessage = z.infer<typeof stateMessage>;

/** Parses a message with a schema, refusing it with the first problem in the caller's language. */
export function parseMessage<T>(schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest('error.validation', {
      detail: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? ''}`,
    });
  }
  return parsed.data;
}

const toDate = (value: string | number | undefined, now: Date) => {
  if (value === undefined) return now;
  if (typeof value === 'number') return new Date(value < 1e12 ? value * 1000 : value);
  return new Date(value);
};

/**
 * The device's secret checked against its stored hash (in constant time). A missing device, a
 * device of another tenant and a wrong secret are refused alike, so the answer tells nothing.
 */
export async function authenticateDevice(tx: Tx, tenantId: string, deviceCode: string, secret: string) {
  const [row] = await queryRows<{ hash: string }>(
    tx,
    sql`select s.secret_hash as hash from bl_device_secret s
        join bl_deviceinfo d on d.tenant_id = s.tenant_id and d.device_code = s.device_code and d.is_deleted = 0
        where s.tenant_id = ${tenantId} and s.device_code = ${deviceCode}`,
  );
  const given = Buffer.from(secretHash(secret), 'hex');
  const stored = Buffer.from(row?.hash ?? '0'.repeat(64), 'hex');
  if (!row || !timingSafeEqual(given, stored)) throw unauthorized('device.badSecret');
}

/** Records the message id; a message id seen before (within a day) is a replay and refused. */
async function useMessageId(tx: Tx, tenantId: string, deviceCode: string, messageId: string) {
  const fresh = await queryRows(
    tx,
    sql`insert into bl_device_nonce (tenant_id, device_code, message_id) values (${tenantId}, ${deviceCode}, ${messageId})
        on conflict do nothing returning 1`,
  );
  if (fresh.length === 0) throw conflict('device.replay', { messageId });
}

/** Runs device work in the device's tenant; a malformed tenant or device is refused as unknown. */
function inDeviceTenant<T>(
  database: Database,
  tenantId: string,
  deviceCode: string,
  work: (tx: Tx) => Promise<T>,
) {
  if (!/^[\w-]{1,12}$/.test(tenantId) || deviceCode.length === 0 || deviceCode.length > 64)
    return Promise.reject(unauthorized('device.badSecret'));
  return database.withTenant(tenantId, work);
}

export interface IngestResult {
  /** Readings stored. */
  accepted: number;
  /** Readings already stored (same device and instant): kept once. */
  duplicates: number;
  /** Readings whose device time was ahead of the server's and were stamped with the server's. */
  clamped: number;
  /** Readings older than the backlog window, refused. */
  rejected: number;
  /** Alarms this message raised (to notify once committed). */
  raised: RaisedAlarm[];
}

/**
 * Stores a device's readings in one transaction: the secret is checked, the message id used,
 * each reading stamped (device time, clamped to the server's when ahead; the server's receipt
 * time kept beside it), stored once per device and instant, added to the hourly and daily
 * roll-ups, the device's last values and report time updated and its alarms evaluated.
 */
export async function ingestReadings(
  database: Database,
  tenantId: string,
  deviceCode: string,
  secret: string,
  message: ReadingsMessage,
  now = new Date(),
): Promise<IngestResult> {
  const readings = message.readings ?? [
    { time: message.time, temperature: message.temperature ?? 0, humidity: message.humidity },
  ];
  if (readings.length > maxReadingsPerMessage)
    throw badRequest('device.tooManyReadings', { max: maxReadingsPerMessage });
  return inDeviceTenant(database, tenantId, deviceCode, async (tx) => {
    await authenticateDevice(tx, tenantId, deviceCode, secret);
    await useMessageId(tx, tenantId, deviceCode, message.messageId);
    const setting = await settingOf(tx, tenantId, deviceCode);
    let clamped = 0;
    let rejected = 0;
    const rows: {
      id: string;
      t: string;
      temperature: string;
      humidity: string | null;
      flag: string;
      clock: string;
    }[] = [];
    for (const r of readings) {
      let at = toDate(r.time, now);
      let clock = '0';
      if (Number.isNaN(at.getTime())) throw badRequest('error.validation', { detail: 'time' });
      if (at.getTime() > now.getTime() + clockToleranceMs) {
        at = now;
        clock = '1';
        clamped++;
      }
      if (at.getTime() < now.getTime() - maxReadingAgeMs) {
        rejected++;
        continue;
      }
      const temperature = r.temperature.toFixed(2);
      const humidity = r.humidity === null || r.humidity === undefined ? null : r.humidity.toFixed(2);
      const out =
        setting &&
        (outOfRange(setting, 'temperature', temperature) || outOfRange(setting, 'humidity', humidity));
      rows.push({ id: nextId(), t: at.toISOString(), temperature, humidity, flag: out ? '1' : '0', clock });
    }
    if (rows.length === 0) return { accepted: 0, duplicates: 0, clamped, rejected, raised: [] };
    const stored = await insertReadings(tx, tenantId, deviceCode, rows, now);
    // The device's last values are its newest reading, whatever order messages arrive in.
    await tx.execute(
      sql`update bl_deviceinfo d set last_report_time = ${now.toISOString()}::timestamptz, online_status = '1'
            ${
              stored.length > 0
                ? sql`, temperature = r.temperature, humidity = r.humidity
                    from (select temperature, humidity from bl_temhumdata
                          where tenant_id = ${tenantId} and device_code = ${deviceCode}
                          order by reading_time desc limit 1) r`
                : sql``
            }
          where d.tenant_id = ${tenantId} and d.device_code = ${deviceCode} and d.is_deleted = 0`,
    );
    const raised = await evaluateAlarms(tx, tenantId, deviceCode, setting, stored);
    return { accepted: stored.length, duplicates: rows.length - stored.length, clamped, rejected, raised };
  });
}

/** Adds the inserted rows (`ins`) to a roll-up; buckets are UTC hours and days, whatever the server's zone. */
const rollup = (table: 'bl_temhumdata_hourly' | 'bl_temhumdata_daily', unit: 'hour' | 'day') =>
  sql.raw(`insert into ${table} (tenant_id, device_code, bucket, readings, temperature_sum, temperature_min,
      temperature_max, humidity_readings, humidity_sum, humidity_min, humidity_max)
    select tenant_id, device_code, ${`date_trunc('${unit}', reading_time at time zone 'UTC') at time zone 'UTC'`},
      count(*), sum(temperature), min(temperature), max(temperature),
      count(humidity), sum(humidity), min(humidity), max(humidity)
    from ins group by tenant_id, device_code, 3
    on conflict (tenant_id, device_code, bucket) do update set
      readings = ${table}.readings + excluded.readings,
      temperature_sum = ${table}.temperature_sum + excluded.temperature_sum,
      temperature_min = least(${table}.temperature_min, excluded.temperature_min),
      temperature_max = greatest(${table}.temperature_max, excluded.temperature_max),
      humidity_readings = ${table}.humidity_readings + excluded.humidity_readings,
      humidity_sum = coalesce(${table}.humidity_sum, 0) + coalesce(excluded.humidity_sum, 0),
      humidity_min = least(${table}.humidity_min, excluded.humidity_min),
      humidity_max = greatest(${table}.humidity_max, excluded.humidity_max)`);

/**
 * One statement: the readings inserted (a device and instant already stored is skipped) and
 * exactly those added to the hourly and daily roll-ups; answers the stored readings, oldest first.
 */
async function insertReadings(
  tx: Tx,
  tenantId: string,
  deviceCode: string,
  rows: {
    id: string;
    t: string;
    temperature: string;
    humidity: string | null;
    flag: string;
    clock: string;
  }[],
  now: Date,
): Promise<StoredReading[]> {
  const stored = await queryRows<{
    readingTime: Date | string;
    temperature: string;
    humidity: string | null;
  }>(
    tx,
    sql`with src as (
          select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as r(id bigint, t timestamptz, temperature numeric, humidity numeric, flag varchar, clock varchar)
        ), ins as (
          insert into bl_temhumdata (id, tenant_id, device_code, temperature, humidity, reading_time, alarm_flag,
            clock_flag, received_time)
          select id, ${tenantId}, ${deviceCode}, temperature, humidity, t, flag, clock, ${now.toISOString()}::timestamptz
          from src
          on conflict do nothing
          returning tenant_id, device_code, reading_time, temperature, humidity
        ), h as (${rollup('bl_temhumdata_hourly', 'hour')}),
        d as (${rollup('bl_temhumdata_daily', 'day')})
        select reading_time as "readingTime", temperature::text as temperature, humidity::text as humidity
        from ins order by reading_time`,
  );
  return stored.map((r) => ({ ...r, readingTime: new Date(r.readingTime) }));
}

const switchValue = (value: StateMessage['beep']) =>
  value === undefined ? undefined : value === true || value === 1 || value === '1' ? '1' : '0';

/**
 * A device's state report: the buzzer and light as they are now. Updates the device and
 * completes the pending commands it satisfies; counts as a sign of life.
 */
export async function reportState(
  database: Database,
  tenantId: string,
  deviceCode: string,
  secret: string,
  message: StateMessage,
  now = new Date(),
): Promise<{ beep?: string; led?: string }> {
  const beep = switchValue(message.beep);
  const led = switchValue(message.led);
  return inDeviceTenant(database, tenantId, deviceCode, async (tx) => {
    await authenticateDevice(tx, tenantId, deviceCode, secret);
    await useMessageId(tx, tenantId, deviceCode, message.messageId);
    await tx.execute(
      sql`update bl_deviceinfo set beep_state = coalesce(${beep ?? null}, beep_state),
            led_state = coalesce(${led ?? null}, led_state),
            last_report_time = ${now.toISOString()}::timestamptz, online_status = '1'
          where tenant_id = ${tenantId} and device_code = ${deviceCode} and is_deleted = 0`,
    );
    for (const [name, value] of [
      ['beep', beep],
      ['led', led],
    ] as const) {
      if (value === undefined) continue;
      await tx.execute(
        sql`update bl_devicecommand set state = 'done', done_time = ${now.toISOString()}::timestamptz
            where tenant_id = ${tenantId} and device_code = ${deviceCode} and state = 'pending'
              and switch_name = ${name} and switch_value = ${value}`,
      );
    }
    return { beep, led };
  });
}

/** The error an MQTT message is answered with on its ack topic (code and message key). */
export function errorOf(error: unknown): { code: number; key: string; params: Record<string, unknown> } {
  if (error instanceof AppError) return { code: error.code, key: error.messageKey, params: error.params };
  return { code: 500, key: 'error.unknown', params: {} };
}
