import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevice, feedHeaders, signedPayload } from '../../../scripts/device-simulator.mjs';
import { loadConfig } from '../src/config.ts';
import { queryRows } from '../src/db/database.ts';
import { databaseCounter } from '../src/modules/auth/address-limit.ts';
import { feedLimiter } from '../src/modules/devices/limits.ts';
import { startDeviceMqtt } from '../src/modules/devices/mqtt.ts';
import { maintainPartitions, renotifyAlarms, sweepDevices } from '../src/modules/devices/upkeep.ts';
import { testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

/** The Mosquitto broker this machine and CI run for the tests. */
const brokerUrl = 'mqtt://127.0.0.1:1883';

type Answer<T = Record<string, unknown>> = { code: number; success: boolean; data: T; msg: string };

/** Waits for a condition that depends on another process (the broker, the server's MQTT feed). */
async function eventually<T>(probe: () => Promise<T | undefined | false>, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never happened: ${what}`);
}

describe.each(testDrivers())('device monitoring on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let token: string;
  let otherToken: string;
  let webhook: http.Server;
  const notified: Record<string, unknown>[] = [];
  const secrets: Record<string, string> = {};
  // Devices of this run only: the broker is shared with whatever else runs on the machine.
  const run = randomUUID().slice(0, 6);
  const code = (name: string) => `${name}-${run}`;

  const call = async <T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; query?: Record<string, string>; as?: string; language?: string } = {},
  ): Promise<Answer<T>> => {
    const url = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
    const response = await fetch(url, {
      method,
      headers: {
        'blade-auth': `bearer ${options.as ?? token}`,
        'blade-language': options.language ?? 'en',
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return (await response.json()) as Answer<T>;
  };
  /** A device's report over real HTTP with its secret (or signed with it: `sign`, at `timestamp`). */
  const feed = async (
    tenantId: string,
    device: string,
    secret: string,
    body: unknown,
    kind = 'readings',
    signed?: { timestamp?: string; tamper?: boolean },
  ) => {
    const text = JSON.stringify(body);
    const headers = feedHeaders(secret, text, signed !== undefined, signed?.timestamp);
    const response = await fetch(`${base}/api/bl-iot/feed/${tenantId}/${device}/${kind}`, {
      method: 'POST',
      headers: { ...headers, 'blade-language': 'en' },
      body: signed?.tamper ? text.replace('}', ',"temperature":99}') : text,
    });
    return { status: response.status, ...((await response.json()) as Answer) };
  };
  const makeDevice = async (deviceCode: string, as = token) => {
    const made = await call('POST', '/api/bl-iot/deviceinfo/submit', {
      body: { deviceCode, deviceName: `传感器 ${deviceCode}`, deviceStatus: '1', reportInterval: 60 },
      as,
    });
    expect(made.msg).toBe('operation success !');
    const secret = await call<{ secret: string }>('POST', '/api/bl-iot/deviceinfo/secret', {
      body: { deviceCode },
      as,
    });
    expect(secret.success).toBe(true);
    secrets[deviceCode] = secret.data.secret;
    return secret.data.secret;
  };
  const board = async (as = token) =>
    (await call<Record<string, unknown>[]>('GET', '/api/bl-iot/devices/board', { as })).data;
  const deviceOnBoard = async (deviceCode: string) =>
    (await board()).find((d) => d.deviceCode === deviceCode);
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

  beforeAll(async () => {
    webhook = http.createServer((request, response) => {
      let text = '';
      request.on('data', (chunk) => {
        text += chunk;
      });
      request.on('end', () => {
        notified.push(JSON.parse(text));
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
    test = await createTestDatabase(driver);
    app = await testApp(test.database, {
      MQTT_URL: brokerUrl,
      // A group of this run: a server elsewhere on the same broker takes none of its messages.
      MQTT_SHARED_GROUP: `test-${run}-${driver}`,
      CODE_SENDER: 'webhook',
      CODE_SENDER_URL: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/sms`,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    token = (await tokensOf(app, '000000')).accessToken;
    otherToken = (await tokensOf(app, '100000')).accessToken;
  });

  afterAll(async () => {
    await app?.close();
    await test?.dispose();
    await new Promise((resolve) => webhook?.close(resolve));
  });

  it('refuses a wrong secret, another tenant’s device and a replayed message', async () => {
    const mine = code('D1');
    const theirs = code('X1');
    const secret = await makeDevice(mine);
    const otherSecret = await makeDevice(theirs, otherToken);
    const reading = (messageId: string) => ({
      messageId,
      time: minutesAgo(1),
      temperature: 5.5,
      humidity: 60,
    });

    const wrong = await feed('000000', mine, 'not-the-secret', reading('m-1'));
    expect(wrong.success).toBe(false);
    expect(wrong.code).toBe(401);
    expect(wrong.msg).toContain('wrong secret');
    // Another tenant's device with its own (valid) secret, named under this tenant, and the reverse.
    expect((await feed('000000', theirs, otherSecret, reading('m-2'))).code).toBe(401);
    expect((await feed('100000', mine, secret, reading('m-3'))).code).toBe(401);
    // The secret of a device of this tenant does not work for another device of it either.
    expect((await feed('000000', theirs, secret, reading('m-4'))).code).toBe(401);

    const first = await feed('000000', mine, secret, reading('m-5'));
    expect(first.success).toBe(true);
    expect(first.data).toMatchObject({ accepted: 1, duplicates: 0, clamped: 0 });
    const again = await feed('000000', mine, secret, reading('m-5'));
    expect(again.success).toBe(false);
    expect(again.msg).toContain('m-5');
    // A rotated secret replaces the old one.
    const rotated = await call<{ secret: string }>('POST', '/api/bl-iot/deviceinfo/secret', {
      body: { deviceCode: mine },
    });
    expect((await feed('000000', mine, secret, reading('m-6'))).code).toBe(401);
    secrets[mine] = rotated.data.secret;
    expect((await feed('000000', mine, rotated.data.secret, reading('m-7'))).success).toBe(true);

    const [stored] = await queryRows<{ n: number }>(
      test.database.db,
      sql`select count(*)::int as n from bl_temhumdata where device_code = ${mine}`,
    );
    expect(stored?.n).toBe(2);
    // Only the hash is kept.
    const [hash] = await queryRows<{ secret_hash: string }>(
      test.database.db,
      sql`select secret_hash from bl_device_secret where device_code = ${mine}`,
    );
    expect(hash?.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash?.secret_hash).not.toBe(rotated.data.secret);
    // The other tenant sees none of it.
    expect((await board(otherToken)).map((d) => d.deviceCode)).toEqual([theirs]);
  });

  it('stores a batch once, clamps a clock that runs ahead, updates the device and its online state', async () => {
    const device = code('D2');
    const secret = await makeDevice(device);
    // Ahead by more than a minute, inside the window of five: clamped and flagged.
    const ahead = new Date(Date.now() + 180_000).toISOString();
    const readings = [
      { time: minutesAgo(3), temperature: 4.1, humidity: 55 },
      { time: minutesAgo(2), temperature: 4.2 },
      { time: ahead, temperature: 4.3, humidity: 57 },
    ];
    const first = await feed('000000', device, secret, { messageId: 'b-1', readings });
    expect(first.data).toMatchObject({ accepted: 3, duplicates: 0, clamped: 1 });
    // The same readings in a new message: nothing stored twice.
    const second = await feed('000000', device, secret, { messageId: 'b-2', readings: readings.slice(0, 2) });
    expect(second.data).toMatchObject({ accepted: 0, duplicates: 2 });
    // Too old to be a backlog: the message is refused, saying why.
    const old = await feed('000000', device, secret, {
      messageId: 'b-3',
      time: minutesAgo(60 * 24 * 40),
      temperature: 1,
    });
    expect(old.code).toBe(400);
    expect(old.msg).toContain('outside the accepted window (7 days before to 300 s after');

    const rows = await queryRows<{ clock_flag: string; reading_time: Date; received_time: Date }>(
      test.database.db,
      sql`select clock_flag, reading_time, received_time from bl_temhumdata where device_code = ${device}
          order by reading_time`,
    );
    expect(rows.map((r) => r.clock_flag)).toEqual(['0', '0', '1']);
    const clamped = rows[2];
    expect(new Date(clamped?.reading_time as Date).getTime()).toBeLessThan(new Date(ahead).getTime());

    const shown = await deviceOnBoard(device);
    expect(shown).toMatchObject({ temperature: '4.30', humidity: '57.00', online: true });
    expect(shown?.lastReportTime).toBeTruthy();

    // No report for longer than twice the interval: offline on the board and after the sweep.
    await test.database.db.execute(
      sql`update bl_deviceinfo set last_report_time = now() - interval '3 minutes' where device_code = ${device}`,
    );
    expect((await deviceOnBoard(device))?.online).toBe(false);
    const swept = await sweepDevices(test.database);
    expect(swept.offline).toBeGreaterThanOrEqual(1);
    const [info] = await queryRows<{ online_status: string }>(
      test.database.db,
      sql`select online_status from bl_deviceinfo where device_code = ${device}`,
    );
    expect(info?.online_status).toBe('0');
    expect((await feed('000000', device, secret, { messageId: 'b-4', temperature: 4 })).success).toBe(true);
    expect((await deviceOnBoard(device))?.online).toBe(true);
  });

  it('raises an alarm only after its delay, once, notifies, clears back in range, and is acknowledged', async () => {
    const device = code('D3');
    const secret = await makeDevice(device);
    const setting = await call('POST', '/api/bl-iot/devicealarmsetting/submit', {
      body: {
        deviceCode: device,
        minTemperature: '2',
        maxTemperature: '8',
        delayMinutes: 5,
        clearMargin: '0.5',
        alarmEnabled: '1',
        notifyPhones: '13800000000',
      },
    });
    expect(setting.success).toBe(true);
    const t0 = Date.now() - 30 * 60_000;
    const at = (minutes: number) => new Date(t0 + minutes * 60_000).toISOString();
    const send = (id: string, minutes: number, temperature: number) =>
      feed('000000', device, secret, { messageId: id, time: at(minutes), temperature, humidity: 50 });
    const summary = async () =>
      (await call<{ active: number; unacknowledged: number }>('GET', '/api/bl-iot/alarms/summary')).data;
    const alarms = async () =>
      (
        await call<{ records: Record<string, unknown>[] }>('GET', '/api/bl-iot/alarms', {
          query: { deviceCode: device },
        })
      ).data.records;

    await send('a-1', 0, 9);
    await send('a-2', 2, 9.5);
    expect((await summary()).active).toBe(0);
    expect(await alarms()).toEqual([]);
    // A short excursion that ends before the delay raises nothing.
    await send('a-3', 3, 6);
    await send('a-4', 4, 9.1);
    await send('a-5', 8, 9.2);
    expect((await summary()).active).toBe(0);
    // Out of range for five minutes since 4: raised.
    const raised = await send('a-6', 9, 10);
    expect(raised.data).toMatchObject({ alarms: 1 });
    expect((await summary()).active).toBe(1);
    await send('a-7', 10, 11);
    expect((await summary()).active).toBe(1);
    // Inside the range but not by the clear margin: still on.
    await send('a-8', 11, 7.8);
    expect((await summary()).active).toBe(1);
    const onBoard = await deviceOnBoard(device);
    expect(onBoard?.alarm).toMatchObject({ measure: 'temperature', direction: 'high', acknowledged: false });
    await send('a-9', 12, 7);
    expect((await summary()).active).toBe(0);

    const [alarm] = await alarms();
    expect(alarm).toMatchObject({
      state: 'cleared',
      measure: 'temperature',
      direction: 'high',
      peakValue: '11.00',
      limitValue: '8.00',
      raisedTime: expect.any(String),
      durationSeconds: 180,
    });
    expect(new Date(alarm?.outSince as string).toISOString()).toBe(at(4));
    const flagged = await queryRows<{ alarm_flag: string }>(
      test.database.db,
      sql`select alarm_flag from bl_temhumdata where device_code = ${device} order by reading_time`,
    );
    expect(flagged.map((r) => r.alarm_flag).join('')).toBe('110111100');
    // Notified once, through the webhook.
    await eventually(async () => notified.some((n) => n.deviceCode === device), 'webhook called');
    const sent = notified.filter((n) => n.deviceCode === device);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      purpose: 'deviceAlarm',
      measure: 'temperature',
      phones: ['13800000000'],
    });

    const empty = await call('POST', '/api/bl-iot/alarms/acknowledge', {
      body: { id: alarm?.id, comment: ' ' },
    });
    expect(empty.success).toBe(false);
    expect(empty.msg).toContain('comment');
    const acked = await call('POST', '/api/bl-iot/alarms/acknowledge', {
      body: { id: alarm?.id, comment: '冷库门已关好' },
    });
    expect(acked.success).toBe(true);
    expect(acked.data).toMatchObject({ ackComment: '冷库门已关好', ackUserName: expect.any(String) });
    const twice = await call('POST', '/api/bl-iot/alarms/acknowledge', {
      body: { id: alarm?.id, comment: 'again' },
    });
    expect(twice.success).toBe(false);
    // Another tenant cannot see or acknowledge it.
    const foreign = await call('POST', '/api/bl-iot/alarms/acknowledge', {
      body: { id: alarm?.id, comment: 'x' },
      as: otherToken,
    });
    expect(foreign.success).toBe(false);
  });

  it('raises at once with a setting that leaves delay and margin empty, and the device list carries it', async () => {
    const device = code('D4');
    const secret = await makeDevice(device);
    const setting = await call('POST', '/api/bl-iot/devicealarmsetting/submit', {
      body: { deviceCode: device, maxHumidity: '70', alarmEnabled: '1' },
    });
    expect(setting.msg).toBe('operation success !');
    const sent = await feed('000000', device, secret, { messageId: 'h-1', temperature: 20, humidity: 75 });
    expect(sent.data).toMatchObject({ accepted: 1, alarms: 1 });
    expect((await deviceOnBoard(device))?.alarm).toMatchObject({ measure: 'humidity', direction: 'high' });
    const back = await feed('000000', device, secret, { messageId: 'h-2', temperature: 20, humidity: 70 });
    expect(back.success).toBe(true);
    expect((await deviceOnBoard(device))?.alarm).toBeNull();
  });

  it('takes readings and state over MQTT and answers on the ack topic', async () => {
    const device = code('M1');
    const secret = await makeDevice(device);
    const client: MqttClient = await mqtt.connectAsync(brokerUrl, { protocolVersion: 4 });
    const acks: Record<string, unknown>[] = [];
    try {
      await client.subscribeAsync(`bl/000000/${device}/ack`, { qos: 1 });
      client.on('message', (_topic, payload) => acks.push(JSON.parse(payload.toString())));
      const publish = (kind: string, body: object, key = secret) =>
        client.publishAsync(`bl/000000/${device}/${kind}`, signedPayload(key, body), { qos: 1 });
      await publish('telemetry', { messageId: 'q-1', readings: [{ time: minutesAgo(1), temperature: 3.3 }] });
      await publish('telemetry', { messageId: 'q-2', temperature: 3.4 }, 'wrong');
      await publish('telemetry', { messageId: 'q-1', temperature: 3.5 });
      await publish('telemetry', { messageId: 'q-3' });
      // The old form, the secret in clear: refused, unsigned.
      await client.publishAsync(
        `bl/000000/${device}/telemetry`,
        JSON.stringify({ messageId: 'q-4', secret, temperature: 3.6 }),
        { qos: 1 },
      );
      await publish('state', { messageId: 'q-5', led: '1' });
      const answered = await eventually(async () => acks.length >= 6 && acks, 'six acks');
      const byId = (id: string) => answered.filter((a) => a.messageId === id);
      expect(byId('q-1')[0]).toMatchObject({ ok: true, accepted: 1 });
      expect(byId('q-1')[1]).toMatchObject({ ok: false, code: 409 });
      expect(byId('q-2')[0]).toMatchObject({ ok: false, code: 401 });
      expect(byId('q-3')[0]).toMatchObject({ ok: false, code: 400 });
      expect(answered.find((a) => a.ok === false && String(a.msg).includes('MQTT'))).toMatchObject({
        code: 401,
      });
      expect(byId('q-5')[0]).toMatchObject({ ok: true, led: '1' });
      expect(await deviceOnBoard(device)).toMatchObject({ temperature: '3.30', online: true });
    } finally {
      await client.endAsync(true);
    }
  });

  it('switches the buzzer through the simulator: pending until the device reports, then done; time-out shown', async () => {
    const device = code('S1');
    const secret = await makeDevice(device);
    const simulated = await createDevice({
      tenantId: '000000',
      deviceCode: device,
      secret,
      mqttUrl: brokerUrl,
    }).start();
    try {
      simulated.hold = true;
      const sent = await call('POST', '/api/bl-iot/devices/command', {
        body: { deviceCode: device, switchName: 'beep', switchValue: '1' },
      });
      expect(sent.data).toMatchObject({ state: 'pending' });
      await eventually(async () => simulated.received.length > 0, 'command reached the device');
      expect(simulated.received[0]).toMatchObject({ beep: '1', commandId: sent.data.id });
      const pending = await deviceOnBoard(device);
      expect(pending?.commands).toEqual([expect.objectContaining({ switchName: 'beep', state: 'pending' })]);
      expect(pending?.beepState).toBe('0');
      await simulated.release();
      const done = await eventually(async () => {
        const shown = await deviceOnBoard(device);
        return shown?.beepState === '1' && shown;
      }, 'the device reported the buzzer on');
      expect(done.commands).toEqual([expect.objectContaining({ switchName: 'beep', state: 'done' })]);

      // A command the device never confirms shows as timed out once its time is up.
      simulated.hold = true;
      await call('POST', '/api/bl-iot/devices/command', {
        body: { deviceCode: device, switchName: 'led', switchValue: '1' },
      });
      await test.database.db.execute(
        sql`update bl_devicecommand set timeout_time = now() - interval '1 second'
            where device_code = ${device} and switch_name = 'led'`,
      );
      const late = await deviceOnBoard(device);
      expect(late?.commands).toEqual(
        expect.arrayContaining([expect.objectContaining({ switchName: 'led', state: 'timeout' })]),
      );
    } finally {
      await simulated.stop();
    }
  });

  it('keeps hourly and daily roll-ups equal to the raw readings and charts long ranges from them', async () => {
    const device = code('R1');
    const secret = await makeDevice(device);
    // Midnight (UTC) three days ago.
    const start = Math.floor((Date.now() - 3 * 86_400_000) / 86_400_000) * 86_400_000;
    // Two days of a reading every 7 minutes, sent in batches, some twice, humidity now and then missing.
    const readings = Array.from({ length: Math.floor((2 * 24 * 60) / 7) }, (_, i) => ({
      time: new Date(start + i * 7 * 60_000).toISOString(),
      temperature: Math.round((4 + Math.sin(i / 10) * 3) * 100) / 100,
      humidity: i % 5 === 0 ? null : Math.round((50 + Math.cos(i / 7) * 10) * 100) / 100,
    }));
    for (let i = 0; i < readings.length; i += 100) {
      const batch = readings.slice(Math.max(0, i - 10), i + 100);
      const answer = await feed('000000', device, secret, { messageId: `r-${i}`, readings: batch });
      expect(answer.success).toBe(true);
    }
    const compare = async (unit: 'hour' | 'day', table: string) =>
      queryRows<Record<string, unknown>>(
        test.database.db,
        sql`select r.bucket, r.n, x.readings from (
              select ${sql.raw(`date_trunc('${unit}', reading_time at time zone 'UTC') at time zone 'UTC'`)} as bucket,
                count(*)::int as n, sum(temperature) as ts, min(temperature) as tmin, max(temperature) as tmax,
                count(humidity)::int as hn, sum(humidity) as hs, min(humidity) as hmin, max(humidity) as hmax
              from bl_temhumdata where device_code = ${device} group by 1) r
            full join (select * from ${sql.raw(table)} where device_code = ${device}) x on x.bucket = r.bucket
            where x.device_code is null or r.bucket is null or x.readings <> r.n or x.temperature_sum <> r.ts
              or x.temperature_min <> r.tmin or x.temperature_max <> r.tmax or x.humidity_readings <> r.hn
              or coalesce(x.humidity_sum, 0) <> coalesce(r.hs, 0) or x.humidity_min is distinct from r.hmin
              or x.humidity_max is distinct from r.hmax`,
      );
    expect(await compare('hour', 'bl_temhumdata_hourly')).toEqual([]);
    expect(await compare('day', 'bl_temhumdata_daily')).toEqual([]);
    const [count] = await queryRows<{ n: number }>(
      test.database.db,
      sql`select sum(readings)::int as n from bl_temhumdata_hourly where device_code = ${device}`,
    );
    expect(count?.n).toBe(readings.length);

    const history = async (from: number, to: number) =>
      (
        await call<{ resolution: string; points: Record<string, unknown>[] }>(
          'GET',
          '/api/bl-iot/devices/history',
          {
            query: { deviceCode: device, from: new Date(from).toISOString(), to: new Date(to).toISOString() },
          },
        )
      ).data;
    const day = await history(start, start + 86_400_000);
    expect(day.resolution).toBe('raw');
    expect(day.points).toHaveLength(Math.ceil((24 * 60) / 7));
    const month = await history(start - 20 * 86_400_000, start + 10 * 86_400_000);
    expect(month.resolution).toBe('hour');
    expect(month.points).toHaveLength(48);
    const firstHour = readings.filter((r) => Date.parse(r.time) < start + 3600_000);
    const mean = firstHour.reduce((sum, r) => sum + r.temperature, 0) / firstHour.length;
    expect(Number(month.points[0]?.temperature)).toBeCloseTo(mean, 2);
    const year = await history(start - 300 * 86_400_000, start + 10 * 86_400_000);
    expect(year.resolution).toBe('day');
    expect(year.points).toHaveLength(2);
    expect(year.points.reduce((sum, p) => sum + Number(p.readings), 0)).toBe(readings.length);

    // The raw readings of the device over the first day, exported by the generic export job
    // (what the chart's export button asks for).
    const exported = await call<{ jobId: string }>('GET', '/api/bl-iot/temhumdata/export', {
      query: {
        mode: 'job',
        deviceCode_equal: device,
        readingTime_gt: new Date(start - 1).toISOString(),
        readingTime_lt: new Date(start + 86_400_000).toISOString(),
      },
    });
    expect(exported.success, exported.msg).toBe(true);
    const job = await eventually(async () => {
      const state = await call<{ status: string; message: string }>('GET', '/api/bl-jobs/job/detail', {
        query: { id: exported.data.jobId },
      });
      return (state.data.status === 'done' || state.data.status === 'failed') && state.data;
    }, 'the export job ended');
    expect(job).toMatchObject({
      status: 'done',
      message: expect.stringContaining(String(day.points.length)),
    });
  });

  it('keeps readings in monthly partitions, made ahead and dropped after the retention', async () => {
    const [kind] = await queryRows<{ partitioned: boolean }>(
      test.database.db,
      sql`select exists (select 1 from pg_partitioned_table where partrelid = 'bl_temhumdata'::regclass) as partitioned`,
    );
    expect(kind?.partitioned).toBe(true);
    await test.database.db.execute(sql`select bl_temhumdata_add_partitions('2020-01-01'::date, 2)`);
    const now = new Date();
    const result = await maintainPartitions(test.database, 13, now);
    expect(result.dropped).toEqual(['bl_temhumdata_202001', 'bl_temhumdata_202002']);
    const names = await queryRows<{ name: string }>(
      test.database.db,
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'bl_temhumdata'::regclass order by 1`,
    );
    const ahead = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 1));
    expect(names.map((n) => n.name)).toContain(
      `bl_temhumdata_${ahead.getUTCFullYear()}${String(ahead.getUTCMonth() + 1).padStart(2, '0')}`,
    );
  });

  it('takes a burst of MQTT messages in batches: each answered in order, refusals leave no trace', async () => {
    const devices = [code('B1'), code('B2'), code('B3')];
    const secretsOf = await Promise.all(devices.map((d) => makeDevice(d)));
    const client: MqttClient = await mqtt.connectAsync(brokerUrl, { protocolVersion: 4 });
    const acks: Record<string, unknown>[] = [];
    try {
      for (const d of devices) await client.subscribeAsync(`bl/000000/${d}/ack`, { qos: 1 });
      client.on('message', (_topic, payload) => acks.push(JSON.parse(payload.toString())));
      const per = 40;
      const sent: Promise<unknown>[] = [];
      for (let i = 0; i < per; i++)
        devices.forEach((d, k) => {
          const key = i === 9 && k === 2 ? 'wrong' : (secretsOf[k] as string);
          const body =
            i === 7 && k === 1
              ? { messageId: `${d}-6`, temperature: 1 } // a replay inside the burst
              : i === 9 && k === 2
                ? { messageId: `${d}-9`, temperature: 1 } // signed with a wrong secret
                : { messageId: `${d}-${i}`, time: minutesAgo(per - i), temperature: 5 + i / 100 };
          sent.push(client.publishAsync(`bl/000000/${d}/telemetry`, signedPayload(key, body), { qos: 1 }));
        });
      await Promise.all(sent);
      await eventually(async () => acks.length >= per * devices.length, 'every message answered');
      const refused = acks.filter((a) => !a.ok);
      expect(refused.map((a) => a.code).sort()).toEqual([401, 409]);
      // Each device's acks in the order it sent.
      const first = acks.filter((a) => String(a.messageId).startsWith(devices[0] as string));
      expect(first.map((a) => a.messageId)).toEqual(
        Array.from({ length: per }, (_, i) => `${devices[0]}-${i}`),
      );
      const counts = await queryRows<{ device_code: string; n: number }>(
        test.database.db,
        sql`select device_code, count(*)::int as n from bl_temhumdata where device_code in (${sql.join(
          devices.map((d) => sql`${d}`),
          sql`, `,
        )}) group by 1 order by 1`,
      );
      expect(counts.map((c) => c.n)).toEqual([per, per - 1, per - 1]);
      // The refused message's id was not used: the device may send it again.
      const [nonce] = await queryRows<{ n: number }>(
        test.database.db,
        sql`select count(*)::int as n from bl_device_nonce where device_code = ${devices[2]}`,
      );
      expect(nonce?.n).toBe(per - 1);
      expect(await deviceOnBoard(devices[0] as string)).toMatchObject({ temperature: '5.39' });
    } finally {
      await client.endAsync(true);
    }
  });

  it('stores what it has received before it closes (the batch is drained, not dropped)', async () => {
    const device = code('C1');
    const secret = await makeDevice(device);
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const mqttConfig = loadConfig({ MQTT_EMBEDDED: '1', MQTT_EMBEDDED_PORT: String(port) });
    const feedMqtt = await startDeviceMqtt({
      config: mqttConfig,
      database: test.database,
      log: app.log,
      notify: async () => undefined,
      limiter: feedLimiter(mqttConfig, databaseCounter(test.database)),
      // A wait far longer than the test: only the close stores these.
      batch: { size: 10_000, waitMs: 600_000 },
    });
    // The embedded broker: the device signs in with its account and secret.
    const client: MqttClient = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      protocolVersion: 4,
      clientId: `000000/${device}`,
      username: `000000/${device}`,
      password: secret,
    });
    try {
      for (let i = 0; i < 30; i++)
        await client.publishAsync(
          `bl/000000/${device}/telemetry`,
          signedPayload(secret, { messageId: `c-${i}`, time: minutesAgo(40 - i), temperature: 3 }),
          { qos: 1 },
        );
      await eventually(async () => feedMqtt?.unsettled() === 30, 'thirty messages waiting');
    } finally {
      await client.endAsync(true);
      await feedMqtt?.stop();
    }
    const [stored] = await queryRows<{ n: number }>(
      test.database.db,
      sql`select count(*)::int as n from bl_temhumdata where device_code = ${device}`,
    );
    expect(stored?.n).toBe(30);
    expect(feedMqtt?.unsettled()).toBe(0);
  });

  it('notifies an unacknowledged alarm again at its interval until it is acknowledged or cleared', async () => {
    const [every5, byDefault] = [code('N1'), code('N2')];
    const secret5 = await makeDevice(every5);
    const secretDefault = await makeDevice(byDefault);
    for (const [device, notifyInterval] of [
      [every5, 5],
      [byDefault, undefined],
    ] as const) {
      const made = await call('POST', '/api/bl-iot/devicealarmsetting/submit', {
        body: {
          deviceCode: device,
          maxTemperature: '8',
          alarmEnabled: '1',
          notifyPhones: '13900000000',
          notifyInterval,
        },
      });
      expect(made.success).toBe(true);
    }
    expect((await feed('000000', every5, secret5, { messageId: 'n-1', temperature: 12 })).data).toMatchObject(
      {
        alarms: 1,
      },
    );
    expect(
      (await feed('000000', byDefault, secretDefault, { messageId: 'n-1', temperature: 12 })).data,
    ).toMatchObject({ alarms: 1 });
    const mine = <T extends { deviceCode: string }>(alarms: T[]) =>
      alarms.filter((a) => a.deviceCode === every5 || a.deviceCode === byDefault);
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

    // Not yet due: nothing.
    expect(mine(await renotifyAlarms(test.database, later(4)))).toEqual([]);
    // Five minutes on: the one with an interval of 5, as its second notice; the other (default 30) not.
    const second = mine(await renotifyAlarms(test.database, later(6)));
    expect(second).toEqual([
      expect.objectContaining({
        deviceCode: every5,
        repeat: 2,
        measure: 'temperature',
        phones: ['13900000000'],
      }),
    ]);
    // The same minute again (a second process, a retry): nothing twice.
    expect(mine(await renotifyAlarms(test.database, later(6)))).toEqual([]);
    const third = mine(await renotifyAlarms(test.database, later(31)));
    expect(third.map((a) => [a.deviceCode, a.repeat])).toEqual(
      expect.arrayContaining([
        [every5, 3],
        [byDefault, 2],
      ]),
    );
    // Acknowledged: no more for it; cleared: no more for the other.
    const [alarm] = (
      await call<{ records: { id: string }[] }>('GET', '/api/bl-iot/alarms', {
        query: { deviceCode: every5 },
      })
    ).data.records;
    expect(
      (await call('POST', '/api/bl-iot/alarms/acknowledge', { body: { id: alarm?.id, comment: '已处理' } }))
        .success,
    ).toBe(true);
    await feed('000000', byDefault, secretDefault, { messageId: 'n-2', temperature: 5 });
    expect(mine(await renotifyAlarms(test.database, later(120)))).toEqual([]);
    const [counted] = await queryRows<{ notify_count: number }>(
      test.database.db,
      sql`select notify_count from bl_devicealarm where device_code = ${every5}`,
    );
    expect(counted?.notify_count).toBe(3);
    const listed = await call<{ records: Record<string, unknown>[] }>('GET', '/api/bl-iot/alarms', {
      query: { deviceCode: every5 },
    });
    expect(listed.data.records[0]).toMatchObject({ notifyCount: 3, ackComment: '已处理' });
  });

  it('switches the buzzer on when an alarm is raised and off when it clears (automatic buzzer)', async () => {
    const device = code('Z1');
    const secret = await makeDevice(device);
    const made = await call('POST', '/api/bl-iot/devicealarmsetting/submit', {
      body: { deviceCode: device, maxTemperature: '8', alarmEnabled: '1', autoBeep: '1' },
    });
    expect(made.success).toBe(true);
    const simulated = await createDevice({
      tenantId: '000000',
      deviceCode: device,
      secret,
      mqttUrl: brokerUrl,
    }).start();
    try {
      const raised = await feed('000000', device, secret, { messageId: 'z-1', temperature: 11 });
      expect(raised.data).toMatchObject({ alarms: 1, commands: 1 });
      const on = await eventually(async () => {
        const shown = await deviceOnBoard(device);
        return shown?.beepState === '1' && shown;
      }, 'the buzzer on');
      expect(on.commands).toEqual([
        expect.objectContaining({ switchName: 'beep', switchValue: '1', state: 'done' }),
      ]);
      // Still out of range: no new command.
      expect(
        (await feed('000000', device, secret, { messageId: 'z-2', temperature: 12 })).data,
      ).toMatchObject({
        commands: 0,
      });
      const cleared = await feed('000000', device, secret, { messageId: 'z-3', temperature: 5 });
      expect(cleared.data).toMatchObject({ commands: 1 });
      await eventually(async () => (await deviceOnBoard(device))?.beepState === '0', 'the buzzer off');
      expect(simulated.received.map((c) => c.beep)).toEqual(['1', '0']);
    } finally {
      await simulated.stop();
    }
  });

  it('takes HMAC-signed reports: a wrong signature, a changed body and a stale timestamp are refused', async () => {
    const device = code('H1');
    const secret = await makeDevice(device);
    const body = (messageId: string) => ({ messageId, time: minutesAgo(1), temperature: 6.5, humidity: 40 });
    const signed = await feed('000000', device, secret, body('s-1'), 'readings', {});
    expect(signed.data).toMatchObject({ accepted: 1 });
    // The same signed request again: its message id is used.
    expect((await feed('000000', device, secret, body('s-1'), 'readings', {})).code).toBe(409);
    const tampered = await feed('000000', device, secret, body('s-2'), 'readings', { tamper: true });
    expect(tampered.code).toBe(401);
    expect((await feed('000000', device, 'another-secret', body('s-3'), 'readings', {})).code).toBe(401);
    const stale = await feed('000000', device, secret, body('s-4'), 'readings', {
      timestamp: String(Date.now() - 10 * 60_000),
    });
    expect(stale.code).toBe(401);
    expect(stale.msg).toContain('300 s');
    const response = await fetch(`${base}/api/bl-iot/feed/000000/${device}/readings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-device-signature': 'zz', 'blade-language': 'zh' },
      body: JSON.stringify(body('s-5')),
    });
    const missing = (await response.json()) as Answer;
    expect(missing.code).toBe(401);
    expect(missing.msg).toContain('X-Device-Timestamp');
    // A state report may be signed too.
    const state = await feed('000000', device, secret, { messageId: 's-6', led: '1' }, 'state', {});
    expect(state.data).toMatchObject({ led: '1' });
    const [stored] = await queryRows<{ n: number }>(
      test.database.db,
      sql`select count(*)::int as n from bl_temhumdata where device_code = ${device}`,
    );
    expect(stored?.n).toBe(1);
  });
});
