import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ResultCode } from '@bl/contract';
import { instantSchema } from '@bl/entities';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, queryRows, type Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import { AppError, badRequest, conflict, unauthorized } from '../../http/errors.ts';
import { evaluateAlarms, outOfRange, type RaisedAlarm, type StoredReading, settingsOf } from './alarms.ts';
import type { DeviceCommand } from './commands.ts';

/** Readings one message may carry (a device that was offline sends its backlog in pieces). */
export const maxReadingsPerMessage = 1000;
/**
 * The largest device message, in bytes, over HTTP and MQTT alike, checked before it is parsed:
 * 1,000 readings with ISO times and an offset (about 80 bytes each) fit.
 */
export const maxMessageBytes = 128 * 1024;
/** A device clock this far ahead of the server's is wrong: its reading is stamped with the server's time. */
export const clockToleranceMs = 60_000;

/**
 * The readings a device may send, around the server's clock (ADR 0026): none older than
 * `maxAgeMs` (a backlog must be newer) nor dated more than `maxAheadMs` ahead (a clock that far
 * off is broken; between `clockToleranceMs` and this the reading is clamped and flagged). A
 * message with a reading outside is refused as a whole. READING_MAX_AGE_DAYS (7) and
 * READING_MAX_AHEAD_SECONDS (300).
 */
export interface ReadingWindow {
  maxAgeMs: number;
  maxAheadMs: number;
}
export const defaultReadingWindow: ReadingWindow = { maxAgeMs: 7 * 86_400_000, maxAheadMs: 300_000 };
export const readingWindowOf = (config: {
  readingMaxAgeDays: number;
  readingMaxAheadSeconds: number;
}): ReadingWindow => ({
  maxAgeMs: config.readingMaxAgeDays * 86_400_000,
  maxAheadMs: config.readingMaxAheadSeconds * 1000,
});

/** SHA-256 hex: the only form a device secret is stored in (the secret is 32 random bytes). */
export const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');
/** A new device secret: 32 random bytes, base64url. */
export const newSecret = () => randomBytes(32).toString('base64url');

/** How far a signed request's timestamp may be from the server's clock (the replay window). */
export const signatureWindowMs = 300_000;

/**
 * How a device proves who it is (ADR 0026): its secret itself (`Authorization: Bearer`, HTTP
 * only), or an HMAC-SHA256 signature of `{timestamp}.{raw body}` keyed with the SHA-256 hex of
 * its secret (`X-Device-Timestamp`, `X-Device-Signature` over HTTP; the signed envelope over
 * MQTT): the secret never travels and a captured message is dead once out of the window.
 */
export type DeviceCredential =
  | { kind: 'secret'; secret: string }
  | { kind: 'signature'; timestamp: string; signature: string; body: string };

/** The signature a device sends: hex HMAC-SHA256 over `{timestamp}.{body}`, keyed with SHA-256(secret) hex. */
export const signBody = (keyHex: string, timestamp: string, body: string) =>
  createHmac('sha256', keyHex).update(`${timestamp}.${body}`).digest('hex');

/**
 * What travels over MQTT, both ways (ADR 0026): the message as JSON text in `body`, signed like
 * the HTTP feed (`signature` = hex HMAC-SHA256 of `{timestamp}.{body}`, keyed with SHA-256 hex
 * of the device's secret; `timestamp` epoch ms). No secret in it.
 */
export interface SignedEnvelope {
  timestamp: string;
  signature: string;
  body: string;
}
export const signedEnvelope = (keyHex: string, message: object, now = new Date()): SignedEnvelope => {
  const body = JSON.stringify(message);
  const timestamp = String(now.getTime());
  return { timestamp, signature: signBody(keyHex, timestamp, body), body };
};

const envelope = z.object({
  timestamp: z.union([z.string().regex(/^\d{9,13}$/), z.number().int().positive()]),
  signature: z.string().regex(/^[0-9a-f]{64}$/i),
  body: z.string().max(maxMessageBytes),
});

/**
 * An MQTT payload opened: its size bounded before anything is parsed, the envelope read, and
 * the body parsed (its signature is checked with the device's key when the message is
 * admitted). A payload without an envelope (an unsigned message, a secret in clear) is refused.
 */
export function openEnvelope(payload: Buffer): { credential: DeviceCredential; raw: unknown } {
  if (payload.length > maxMessageBytes) throw tooLarge();
  let outer: unknown;
  try {
    outer = JSON.parse(payload.toString('utf8'));
  } catch {
    throw badRequest('error.validation', { detail: 'payload: not JSON' });
  }
  const parsed = envelope.safeParse(outer);
  if (!parsed.success) throw unauthorized('device.unsignedMessage');
  const { timestamp, signature, body } = parsed.data;
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    throw badRequest('error.validation', { detail: 'body: not JSON' });
  }
  return { credential: { kind: 'signature', timestamp: String(timestamp), signature, body }, raw };
}

/** A message larger than `maxMessageBytes`. */
export const tooLarge = () =>
  new AppError(ResultCode.payloadTooLarge, 'device.messageTooLarge', { kb: maxMessageBytes / 1024 });

/** A signature's timestamp (epoch seconds or milliseconds) inside the window, else refused. */
function checkTimestamp(timestamp: string, now: Date) {
  if (!/^\d{9,13}$/.test(timestamp)) throw unauthorized('device.badSignature');
  const value = Number(timestamp);
  const ms = value < 1e12 ? value * 1000 : value;
  if (Math.abs(ms - now.getTime()) > signatureWindowMs)
    throw unauthorized('device.signatureExpired', { seconds: signatureWindowMs / 1000 });
}

const sameHex = (a: string, b: string) => {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
};

/**
 * A credential checked against the device's stored hash (undefined: no such device, or no
 * secret): answers the hash when it matches; a wrong secret or signature is refused as an
 * unknown device, a signature out of its window as such.
 */
export function verifyCredential(
  stored: string | undefined,
  credential: DeviceCredential,
  now: Date,
): string {
  if (credential.kind === 'secret') {
    if (stored === undefined || !sameHex(secretHash(credential.secret), stored))
      throw unauthorized('device.badSecret');
    return stored;
  }
  checkTimestamp(credential.timestamp, now);
  const expected = signBody(stored ?? '', credential.timestamp, credential.body);
  if (stored === undefined || !sameHex(credential.signature, expected))
    throw unauthorized('device.badSecret');
  return stored;
}

/** The stored secret hashes of a tenant's devices (deleted devices and those without a secret have none). */
export async function storedHashes(tx: Tx, tenantId: string, deviceCodes: string[]) {
  const rows = await queryRows<{ code: string; hash: string }>(
    tx,
    sql`select s.device_code as code, s.secret_hash as hash from bl_device_secret s
        join bl_deviceinfo d on d.tenant_id = s.tenant_id and d.device_code = s.device_code and d.is_deleted = 0
        where s.tenant_id = ${tenantId} and s.device_code in ${codesOf(deviceCodes)}`,
  );
  return new Map(rows.map((r) => [r.code, r.hash]));
}

/** The hash the admission compares with the stored one (the credential checked first). */
async function credentialHash(
  tx: Tx,
  tenantId: string,
  deviceCode: string,
  credential: DeviceCredential,
  now: Date,
) {
  if (credential.kind === 'signature') checkTimestamp(credential.timestamp, now);
  const hashes = await storedHashes(tx, tenantId, [deviceCode]);
  return verifyCredential(hashes.get(deviceCode), credential, now);
}

const time = z.union([instantSchema, z.number().int().positive()]);
const reading = z.object({
  time: time.optional(),
  temperature: z.number().min(-100).max(200),
  humidity: z.number().min(0).max(100).nullable().optional(),
});

/**
 * What a device sends, over HTTP or MQTT: a message id it never uses twice (a nonce) and either
 * one reading (`time`, `temperature`, `humidity`) or `readings`, oldest first or not. `time` is
 * the device's clock, ISO 8601 with offset or epoch (seconds or milliseconds); without it the
 * server's time is used. Never the secret (ADR 0026: MQTT messages are signed).
 */
export const readingsMessage = z
  .object({
    messageId: z.string().min(1).max(64),
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
  /** Alarms this message raised (to notify once committed). */
  raised: RaisedAlarm[];
  /** Commands the alarms switched (the automatic buzzer), to publish once committed. */
  commands: DeviceCommand[];
}

/** What ingestion needs besides the message: the server's time, the readings' window and the commands' time-out. */
export interface IngestOptions {
  now?: Date;
  window?: ReadingWindow;
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
 * when ahead by more than `clockToleranceMs`, flagged), values as stored. Refuses a message that
 * is too large, has an unreadable time or a reading outside the window (ADR 0026: a reading
 * dated 9999 or 1970 is a broken clock, not data).
 */
function prepareReadings(message: ReadingsMessage, now: Date, window: ReadingWindow) {
  const readings = message.readings ?? [
    { time: message.time, temperature: message.temperature ?? 0, humidity: message.humidity },
  ];
  if (readings.length > maxReadingsPerMessage)
    throw badRequest('device.tooManyReadings', { max: maxReadingsPerMessage });
  let clamped = 0;
  const rows: ReadingRow[] = [];
  for (const r of readings) {
    let at = toDate(r.time, now);
    let clock = '0';
    if (Number.isNaN(at.getTime())) throw badRequest('error.validation', { detail: 'time' });
    if (at.getTime() > now.getTime() + window.maxAheadMs || at.getTime() < now.getTime() - window.maxAgeMs)
      throw badRequest('device.readingOutOfWindow', {
        time: String(r.time),
        days: Math.round(window.maxAgeMs / 86_400_000),
        seconds: Math.round(window.maxAheadMs / 1000),
      });
    if (at.getTime() > now.getTime() + clockToleranceMs) {
      at = now;
      clock = '1';
      clamped++;
    }
    const temperature = r.temperature.toFixed(2);
    const humidity = r.humidity === null || r.humidity === undefined ? null : r.humidity.toFixed(2);
    rows.push({ id: nextId(), t: at.toISOString(), temperature, humidity, flag: '0', clock });
  }
  return { rows, clamped };
}

/** One message of a batch: the device it came for, what it said and how the device proved itself. */
export interface BatchItem {
  tenantId: string;
  deviceCode: string;
  message: ReadingsMessage;
  credential: DeviceCredential;
}

export type BatchOutcome = { ok: true; result: IngestResult } | { ok: false; error: unknown };

/** A message of one tenant's batch, its readings stamped. */
interface Admission {
  index: number;
  deviceCode: string;
  credential: DeviceCredential;
  messageId: string;
  prepared: ReturnType<typeof prepareReadings>;
}

const jsonb = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const codesOf = (codes: string[]) => sql`(select jsonb_array_elements_text(${jsonb(codes)}))`;

/**
 * Stores one tenant's messages in `tx` with a fixed number of statements whatever their count
 * (ADR 0026): the devices locked in code order (two batches never wait on each other in a
 * circle), every credential and message id checked and the ids used in one statement, the
 * readings inserted once per device and instant, added to the roll-ups and the devices' last
 * values and report times updated in one more; then the alarm rules for the devices that have an
 * open alarm or a reading out of range. A refused message (wrong secret, replay) is answered as
 * such and leaves nothing; the others stand.
 */
async function storeAdmissions(
  tx: Tx,
  tenantId: string,
  admissions: Admission[],
  options: Required<IngestOptions>,
): Promise<Map<number, BatchOutcome>> {
  const { now } = options;
  const outcomes = new Map<number, BatchOutcome>();
  const devices = [...new Set(admissions.map((a) => a.deviceCode))].sort();
  await tx.execute(
    sql`select 1 from bl_deviceinfo where tenant_id = ${tenantId} and is_deleted = 0
        and device_code in ${codesOf(devices)} order by device_code for update`,
  );
  // Every credential checked against its device's stored hash (one statement for all); the
  // same id twice in one batch is a replay.
  const hashes = await storedHashes(tx, tenantId, devices);
  const seen = new Set<string>();
  const checked: (Admission & { hash: string })[] = [];
  for (const admission of admissions) {
    const key = `${admission.deviceCode}\u0000${admission.messageId}`;
    try {
      const hash = verifyCredential(hashes.get(admission.deviceCode), admission.credential, now);
      if (seen.has(key)) throw conflict('device.replay', { messageId: admission.messageId });
      seen.add(key);
      checked.push({ ...admission, hash });
    } catch (error) {
      outcomes.set(admission.index, { ok: false, error });
    }
  }
  const verdicts = await queryRows<{ i: number; ok: boolean | null; open: boolean | null; fresh: boolean }>(
    tx,
    sql`with m as (
          select * from jsonb_to_recordset(${jsonb(
            checked.map((c) => ({
              i: c.index,
              device_code: c.deviceCode,
              hash: c.hash,
              message_id: c.messageId,
            })),
          )}) as m(i int, device_code varchar, hash varchar, message_id varchar)
        ), dev as (
          select m.i, m.device_code, m.message_id, s.secret_hash = m.hash as ok,
            exists (select 1 from bl_devicealarm a where a.tenant_id = s.tenant_id and a.device_code = s.device_code
                    and a.state in ('pending', 'active')) as open
          from m
          join bl_device_secret s on s.tenant_id = ${tenantId} and s.device_code = m.device_code
          join bl_deviceinfo d on d.tenant_id = s.tenant_id and d.device_code = s.device_code and d.is_deleted = 0
        ), used as (
          insert into bl_device_nonce (tenant_id, device_code, message_id)
          select ${tenantId}, device_code, message_id from dev where ok
          on conflict do nothing returning device_code, message_id
        )
        select m.i, dev.ok, dev.open,
          exists (select 1 from used u where u.device_code = m.device_code and u.message_id = m.message_id) as fresh
        from m left join dev on dev.i = m.i`,
  );
  const verdictOf = new Map(verdicts.map((v) => [Number(v.i), v]));
  const admitted: Admission[] = [];
  const openAlarms = new Set<string>();
  for (const admission of checked) {
    const verdict = verdictOf.get(admission.index);
    if (!verdict?.ok) outcomes.set(admission.index, { ok: false, error: unauthorized('device.badSecret') });
    else if (!verdict.fresh)
      outcomes.set(admission.index, {
        ok: false,
        error: conflict('device.replay', { messageId: admission.messageId }),
      });
    else {
      admitted.push(admission);
      if (verdict.open) openAlarms.add(admission.deviceCode);
    }
  }
  if (admitted.length === 0) return outcomes;

  const admittedDevices = [...new Set(admitted.map((a) => a.deviceCode))];
  const settings = await settingsOf(tx, tenantId, admittedDevices);
  const flagged = new Set<string>();
  const rows = admitted.flatMap((admission) => {
    const setting = settings.get(admission.deviceCode);
    return admission.prepared.rows.map((row) => {
      const out =
        setting &&
        (outOfRange(setting, 'temperature', row.temperature) ||
          outOfRange(setting, 'humidity', row.humidity));
      if (out) flagged.add(admission.deviceCode);
      return { ...row, device_code: admission.deviceCode, flag: out ? '1' : '0' };
    });
  });
  const stored = await insertReadings(tx, tenantId, admittedDevices, rows, now, options.window);
  const messageOfRow = new Map<string, number>();
  for (const admission of admitted)
    for (const row of admission.prepared.rows) messageOfRow.set(row.id, admission.index);
  const acceptedBy = new Map<number, number>();
  const storedBy = new Map<string, StoredReading[]>();
  for (const reading of stored) {
    const index = messageOfRow.get(reading.id);
    if (index !== undefined) acceptedBy.set(index, (acceptedBy.get(index) ?? 0) + 1);
    storedBy.set(reading.deviceCode, [...(storedBy.get(reading.deviceCode) ?? []), reading]);
  }
  const results = new Map<number, IngestResult>();
  for (const admission of admitted) {
    const accepted = acceptedBy.get(admission.index) ?? 0;
    results.set(admission.index, {
      accepted,
      duplicates: admission.prepared.rows.length - accepted,
      clamped: admission.prepared.clamped,
      raised: [],
      commands: [],
    });
  }
  // The alarm rules, per device, over its stored readings in time order (nothing out of range
  // and no alarm open: nothing for them to change). What they raise or switch is reported with
  // the device's last message of the batch.
  for (const deviceCode of admittedDevices.sort()) {
    if (!openAlarms.has(deviceCode) && !flagged.has(deviceCode)) continue;
    const readings = (storedBy.get(deviceCode) ?? []).sort(
      (a, b) => a.readingTime.getTime() - b.readingTime.getTime(),
    );
    if (readings.length === 0) continue;
    const { raised, commands } = await evaluateAlarms(
      tx,
      tenantId,
      deviceCode,
      settings.get(deviceCode),
      readings,
      {
        commandTimeoutSeconds: options.commandTimeoutSeconds,
        now,
      },
    );
    const last = admitted.filter((a) => a.deviceCode === deviceCode).at(-1) as Admission;
    const result = results.get(last.index) as IngestResult;
    result.raised.push(...raised);
    result.commands.push(...commands);
  }
  for (const [index, result] of results) outcomes.set(index, { ok: true, result });
  return outcomes;
}

/** Stores a device's readings in one transaction of its own (the HTTP feed): a batch of one. */
export async function ingestReadings(
  database: Database,
  tenantId: string,
  deviceCode: string,
  credential: DeviceCredential,
  message: ReadingsMessage,
  options: IngestOptions,
): Promise<IngestResult> {
  const [outcome] = await ingestBatch(database, [{ tenantId, deviceCode, message, credential }], options);
  if (!outcome?.ok) throw outcome?.error;
  return outcome.result;
}

/**
 * Stores many device messages (the MQTT feed's micro-batch): one transaction per tenant, a fixed
 * number of statements for all its messages (`storeAdmissions`). Should a transaction fail as a
 * whole (not a refusal: the database), its messages are stored again one transaction each, so
 * one message the database cannot take does not take the others with it. Outcomes follow the
 * commit: a message is reported stored only once its transaction has committed.
 */
export async function ingestBatch(
  database: Database,
  items: BatchItem[],
  options: IngestOptions,
): Promise<BatchOutcome[]> {
  const settled = {
    now: options.now ?? new Date(),
    window: options.window ?? defaultReadingWindow,
    commandTimeoutSeconds: options.commandTimeoutSeconds,
  };
  const outcomes: BatchOutcome[] = new Array(items.length);
  const byTenant = new Map<string, Admission[]>();
  items.forEach((item, index) => {
    try {
      checkDeviceIds(item.tenantId, item.deviceCode);
      const admission: Admission = {
        index,
        deviceCode: item.deviceCode,
        credential: item.credential,
        messageId: item.message.messageId,
        prepared: prepareReadings(item.message, settled.now, settled.window),
      };
      byTenant.set(item.tenantId, [...(byTenant.get(item.tenantId) ?? []), admission]);
    } catch (error) {
      outcomes[index] = { ok: false, error };
    }
  });
  const store = async (tenantId: string, admissions: Admission[]) => {
    const answers = await database.withTenant(tenantId, (tx) =>
      storeAdmissions(tx, tenantId, admissions, settled),
    );
    for (const [index, outcome] of answers) outcomes[index] = outcome;
  };
  await Promise.all(
    [...byTenant].map(async ([tenantId, admissions]) => {
      try {
        await store(tenantId, admissions);
      } catch (error) {
        if (admissions.length === 1) {
          outcomes[(admissions[0] as Admission).index] = { ok: false, error };
          return;
        }
        for (const admission of admissions)
          await store(tenantId, [admission]).catch((single: unknown) => {
            outcomes[admission.index] = { ok: false, error: single };
          });
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
 * One statement for the readings of several devices of a tenant: inserted (a device and
 * instant already stored is skipped), exactly those added to the hourly and daily roll-ups, and
 * every device's report time (all of `devices`: a message of duplicates is a sign of life too)
 * and last values (when this batch holds its newest reading) updated. Answers the stored readings.
 * "Newest" looks no further than the window's end: a reading stored ahead of it (dated 9999
 * before readings were bounded) never pins the device's last values.
 */
async function insertReadings(
  tx: Tx,
  tenantId: string,
  devices: string[],
  rows: (ReadingRow & { device_code: string })[],
  now: Date,
  window: ReadingWindow,
): Promise<(StoredReading & { id: string; deviceCode: string })[]> {
  const stored = await queryRows<{
    id: string;
    deviceCode: string;
    readingTime: Date | string;
    temperature: string;
    humidity: string | null;
  }>(
    tx,
    sql`with src as (
          select * from jsonb_to_recordset(${jsonb(rows)})
            as r(id bigint, device_code varchar, t timestamptz, temperature numeric, humidity numeric, flag varchar,
                 clock varchar)
        ), ins as (
          insert into bl_temhumdata (id, tenant_id, device_code, temperature, humidity, reading_time, alarm_flag,
            clock_flag, received_time)
          select id, ${tenantId}, device_code, temperature, humidity, t, flag, clock, ${now.toISOString()}::timestamptz
          from src
          on conflict do nothing
          returning id, tenant_id, device_code, reading_time, temperature, humidity
        ), h as (${rollup('bl_temhumdata_hourly', 'hour')}),
        d as (${rollup('bl_temhumdata_daily', 'day')}),
        newest as (
          select distinct on (device_code) device_code, temperature, humidity, reading_time
          from ins order by device_code, reading_time desc),
        -- A device's last values when this batch holds its newest reading (the table's snapshot
        -- does not hold this statement's rows: older messages only).
        latest as (
          select n.* from newest n
          where not exists (select 1 from bl_temhumdata t where t.tenant_id = ${tenantId}
            and t.device_code = n.device_code and t.reading_time > n.reading_time
            and t.reading_time <= ${new Date(now.getTime() + window.maxAheadMs).toISOString()}::timestamptz)),
        u as (
          update bl_deviceinfo d set last_report_time = ${now.toISOString()}::timestamptz, online_status = '1',
            temperature = case when v.has then v.temperature else d.temperature end,
            humidity = case when v.has then v.humidity else d.humidity end
          from (select x.code, l.device_code is not null as has, l.temperature, l.humidity
                from ${codesOf(devices)} x(code) left join latest l on l.device_code = x.code) v
          where d.tenant_id = ${tenantId} and d.device_code = v.code and d.is_deleted = 0)
        select id::text as id, device_code as "deviceCode", reading_time as "readingTime",
          temperature::text as temperature, humidity::text as humidity
        from ins`,
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
