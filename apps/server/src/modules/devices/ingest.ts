import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, queryRows, type Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import { AppError, badRequest, conflict, unauthorized } from '../../http/errors.ts';
import { evaluateAlarms, outOfRange, type RaisedAlarm, type StoredReading, settingOf } from './alarms.ts';
import type { DeviceCommand } from './commands.ts';

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

/** How far a signed request's timestamp may be from the server's clock (the replay window). */
export const signatureWindowMs = 300_000;

/**
 * How a device proves who it is (ADR 0026): its secret itself (`Authorization: Bearer`, or
 * `secret` in an MQTT payload), or an HMAC-SHA256 signature of `{timestamp}.{raw body}` keyed
 * with the SHA-256 hex of its secret (`X-Device-Timestamp`, `X-Device-Signature`): the secret
 * never travels and a captured request is dead once out of the window.
 */
export type DeviceCredential =
  | { kind: 'secret'; secret: string }
  | { kind: 'signature'; timestamp: string; signature: string; body: string };

/** The signature a device sends: hex HMAC-SHA256 over `{timestamp}.{body}`, keyed with SHA-256(secret) hex. */
export const signBody = (keyHex: string, timestamp: string, body: string) =>
  createHmac('sha256', keyHex).update(`${timestamp}.${body}`).digest('hex');

/** A signature's timestamp (epoch seconds or milliseconds) inside the window, else refused. */
function checkTimestamp(timestamp: string, now: Date) {
  if (!/^\d{9,13}$/.test(timestamp)) throw unauthorized('device.badSignature');
  const value = Number(timestamp);
  const ms = value < 1e12 ? value * 1000 : value;
  if (Math.abs(ms - now.getTime()) > signatureWindowMs)
    throw unauthorized('device.signatureExpired', { seconds: signatureWindowMs / 1000 });
}

/**
 * The hash the admission compares with the stored one. A secret is hashed; a signature is
 * checked against the stored hash (its key) first: a wrong one is refused as a wrong secret.
 */
async function credentialHash(
  tx: Tx,
  tenantId: string,
  deviceCode: string,
  credential: DeviceCredential,
  now: Date,
) {
  if (credential.kind === 'secret') return secretHash(credential.secret);
  checkTimestamp(credential.timestamp, now);
  const [row] = await queryRows<{ hash: string }>(
    tx,
    sql`select s.secret_hash as hash from bl_device_secret s
        where s.tenant_id = ${tenantId} and s.device_code = ${deviceCode}`,
  );
  const expected = Buffer.from(signBody(row?.hash ?? '', credential.timestamp, credential.body), 'hex');
  const given = Buffer.from(credential.signature, 'hex');
  if (!row || given.length !== expected.length || !timingSafeEqual(given, expected))
    throw unauthorized('device.badSecret');
  return row.hash;
}

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
 * One statement for what every message begins with: the secret checked against the stored hash
 * and, only when it matches, the message id recorded (a message id seen before within a day is a
 * replay, refused). Answers whether the device has an open alarm (evaluation can be skipped
 * when it has none and nothing is out of range).
 */
async function admitMessage(
  tx: Tx,
  tenantId: string,
  deviceCode: string,
  credential: DeviceCredential,
  messageId: string,
  now: Date,
) {
  const hash = await credentialHash(tx, tenantId, deviceCode, credential, now);
  const [row] = await queryRows<{ ok: boolean | null; open: boolean | null; fresh: boolean }>(
    tx,
    sql`with dev as (
          select s.secret_hash = ${hash} as ok,
            exists (select 1 from bl_devicealarm a where a.tenant_id = s.tenant_id and a.device_code = s.device_code
                    and a.state in ('pending', 'active')) as open
          from bl_device_secret s
          join bl_deviceinfo d on d.tenant_id = s.tenant_id and d.device_code = s.device_code and d.is_deleted = 0
          where s.tenant_id = ${tenantId} and s.device_code = ${deviceCode}
        ), used as (
          insert into bl_device_nonce (tenant_id, device_code, message_id)
          select ${tenantId}, ${deviceCode}, ${messageId} from dev where ok
          on conflict do nothing returning 1
        )
        select (select ok from dev) as ok, (select open from dev) as open, exists (select 1 from used) as fresh`,
  );
  if (!row?.ok) throw unauthorized('device.badSecret');
  if (!row.fresh) throw conflict('device.replay', { messageId });
  return { openAlarms: row.open === true };
}

/** A malformed tenant or device is refused as unknown (before any database work). */
function checkDeviceIds(tenantId: string, deviceCode: string) {
  if (!/^[\w-]{1,12}$/.test(tenantId) || deviceCode.length === 0 || deviceCode.length > 64)
    throw unauthorized('device.badSecret');
}

/** Runs device work in the device's tenant; a malformed tenant or device is refused as unknown. */
async function inDeviceTenant<T>(
  database: Database,
  tenantId: string,
  deviceCode: string,
  work: (tx: Tx) => Promise<T>,
) {
  checkDeviceIds(tenantId, deviceCode);
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
  /** Commands the alarms switched (the automatic buzzer), to publish once committed. */
  commands: DeviceCommand[];
}

/** What ingestion needs besides the message: the server's time and the commands' time-out. */
export interface IngestOptions {
  now?: Date;
  commandTimeoutSeconds: number;
}

interface ReadingRow {
  id: string;
  t: string;
  temperature: string;
  humidity: string | null;
  flag: string;
  clock: string;
}

/**
 * A message's readings stamped, before any database work: device time (clamped to the server's
 * when ahead, flagged), values as stored; readings older than the backlog window counted and
 * left out. Refuses a message that is too large or has an unreadable time.
 */
function prepareReadings(message: ReadingsMessage, now: Date) {
  const readings = message.readings ?? [
    { time: message.time, temperature: message.temperature ?? 0, humidity: message.humidity },
  ];
  if (readings.length > maxReadingsPerMessage)
    throw badRequest('device.tooManyReadings', { max: maxReadingsPerMessage });
  let clamped = 0;
  let rejected = 0;
  const rows: ReadingRow[] = [];
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
    rows.push({ id: nextId(), t: at.toISOString(), temperature, humidity, flag: '0', clock });
  }
  return { rows, clamped, rejected };
}

/**
 * Stores one device message in `tx`: the credential checked, the message id used, the readings
 * stored once per device and instant, added to the hourly and daily roll-ups, the device's last
 * values and report time updated and its alarms evaluated.
 */
async function storeReadings(
  tx: Tx,
  tenantId: string,
  deviceCode: string,
  credential: DeviceCredential,
  message: ReadingsMessage,
  prepared: ReturnType<typeof prepareReadings>,
  options: Required<IngestOptions>,
): Promise<IngestResult> {
  const { now } = options;
  const { clamped, rejected } = prepared;
  const { openAlarms } = await admitMessage(tx, tenantId, deviceCode, credential, message.messageId, now);
  const setting = await settingOf(tx, tenantId, deviceCode);
  const rows = prepared.rows.map((row) => {
    const out =
      setting &&
      (outOfRange(setting, 'temperature', row.temperature) || outOfRange(setting, 'humidity', row.humidity));
    return { ...row, flag: out ? '1' : '0' };
  });
  // A sign of life even when nothing new is stored (the insert below updates it otherwise).
  const touch = () =>
    tx.execute(
      sql`update bl_deviceinfo set last_report_time = ${now.toISOString()}::timestamptz, online_status = '1'
          where tenant_id = ${tenantId} and device_code = ${deviceCode} and is_deleted = 0`,
    );
  if (rows.length === 0) {
    await touch();
    return { accepted: 0, duplicates: 0, clamped, rejected, raised: [], commands: [] };
  }
  const stored = await insertReadings(tx, tenantId, deviceCode, rows, now);
  if (stored.length === 0) await touch();
  // Nothing out of range and no alarm open: nothing for the alarm rules to change.
  const { raised, commands } =
    openAlarms || rows.some((r) => r.flag === '1')
      ? await evaluateAlarms(tx, tenantId, deviceCode, setting, stored, {
          commandTimeoutSeconds: options.commandTimeoutSeconds,
          now,
        })
      : { raised: [], commands: [] };
  return {
    accepted: stored.length,
    duplicates: rows.length - stored.length,
    clamped,
    rejected,
    raised,
    commands,
  };
}

/** Stores a device's readings in one transaction of its own (the HTTP feed). */
export async function ingestReadings(
  database: Database,
  tenantId: string,
  deviceCode: string,
  credential: DeviceCredential,
  message: ReadingsMessage,
  options: IngestOptions,
): Promise<IngestResult> {
  const settled = { now: options.now ?? new Date(), commandTimeoutSeconds: options.commandTimeoutSeconds };
  checkDeviceIds(tenantId, deviceCode);
  const prepared = prepareReadings(message, settled.now);
  return database.withTenant(tenantId, (tx) =>
    storeReadings(tx, tenantId, deviceCode, credential, message, prepared, settled),
  );
}

/** One message of a batch: the device it came for and what it said (secret in the payload). */
export interface BatchItem {
  tenantId: string;
  deviceCode: string;
  message: ReadingsMessage;
}

export type BatchOutcome = { ok: true; result: IngestResult } | { ok: false; error: unknown };

/**
 * Stores many device messages (the MQTT feed's micro-batch) with one transaction per tenant
 * instead of one per message: each message in a savepoint of its own, so a refused or failing
 * message leaves no trace and the others stand, under exactly the rules of `ingestReadings`.
 * Messages are taken in device order (each device's in arrival order), so two batches lock
 * devices in the same order and cannot deadlock. The outcomes follow the commit: a message is
 * reported stored only once its transaction has committed.
 */
export async function ingestBatch(
  database: Database,
  items: BatchItem[],
  options: IngestOptions,
): Promise<BatchOutcome[]> {
  const settled = { now: options.now ?? new Date(), commandTimeoutSeconds: options.commandTimeoutSeconds };
  const outcomes: BatchOutcome[] = new Array(items.length);
  const prepared: ReturnType<typeof prepareReadings>[] = new Array(items.length);
  const byTenant = new Map<string, number[]>();
  items.forEach((item, i) => {
    try {
      checkDeviceIds(item.tenantId, item.deviceCode);
      prepared[i] = prepareReadings(item.message, settled.now);
      byTenant.set(item.tenantId, [...(byTenant.get(item.tenantId) ?? []), i]);
    } catch (error) {
      outcomes[i] = { ok: false, error };
    }
  });
  await Promise.all(
    [...byTenant].map(async ([tenantId, indexes]) => {
      indexes.sort((a, b) => {
        const x = items[a]?.deviceCode ?? '';
        const y = items[b]?.deviceCode ?? '';
        return x < y ? -1 : x > y ? 1 : a - b;
      });
      const answers = new Map<number, BatchOutcome>();
      try {
        await database.withTenant(tenantId, async (tx) => {
          for (const i of indexes) {
            const item = items[i] as BatchItem;
            try {
              const result = await tx.transaction((savepoint) =>
                storeReadings(
                  savepoint as unknown as Tx,
                  tenantId,
                  item.deviceCode,
                  { kind: 'secret', secret: item.message.secret ?? '' },
                  item.message,
                  prepared[i] as ReturnType<typeof prepareReadings>,
                  settled,
                ),
              );
              answers.set(i, { ok: true, result });
            } catch (error) {
              answers.set(i, { ok: false, error });
            }
          }
        });
        for (const [i, outcome] of answers) outcomes[i] = outcome;
      } catch (error) {
        // The commit (or the connection) failed: nothing of this tenant's messages was stored.
        for (const i of indexes) outcomes[i] = { ok: false, error };
      }
    }),
  );
  return outcomes;
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
 * One statement: the readings inserted (a device and instant already stored is skipped),
 * exactly those added to the hourly and daily roll-ups, and the device's report time and last
 * values updated; answers the stored readings, oldest first.
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
        d as (${rollup('bl_temhumdata_daily', 'day')}),
        newest as (select temperature, humidity, reading_time from ins order by reading_time desc limit 1),
        -- The device's report time, and its last values when this message holds its newest
        -- reading (the table's snapshot does not hold this statement's rows: older messages only).
        u as (
          update bl_deviceinfo d set last_report_time = ${now.toISOString()}::timestamptz, online_status = '1',
            temperature = case when later.n = 0 then newest.temperature else d.temperature end,
            humidity = case when later.n = 0 then newest.humidity else d.humidity end
          from newest, (select count(*) as n from (
              select 1 from bl_temhumdata t, newest
              where t.tenant_id = ${tenantId} and t.device_code = ${deviceCode} and t.reading_time > newest.reading_time
              limit 1) x) later
          where d.tenant_id = ${tenantId} and d.device_code = ${deviceCode} and d.is_deleted = 0)
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
  credential: DeviceCredential,
  message: StateMessage,
  now = new Date(),
): Promise<{ beep?: string; led?: string }> {
  const beep = switchValue(message.beep);
  const led = switchValue(message.led);
  return inDeviceTenant(database, tenantId, deviceCode, async (tx) => {
    await admitMessage(tx, tenantId, deviceCode, credential, message.messageId, now);
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
