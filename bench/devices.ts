// Device feed throughput and chart speed on PostgreSQL (issue 19, ADR 0026): readings stored
// per second over HTTP batches and over MQTT (one reading per message, as a sensor reports; the
// server stores them in micro-batches), with the MQTT ack latency,
// and the p95 of a device's chart over 30 days of minute data (hourly roll-ups) and over 7 days
// (raw readings). Real HTTP on a port, the Mosquitto broker at 127.0.0.1:1883. Run by hand:
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/devices.ts
//
// Options (env): BENCH_SECONDS=10 per feed run, BENCH_DEVICES=500, BENCH_CLIENTS=8 HTTP clients,
// BENCH_BATCH=100 readings per HTTP message, BENCH_WINDOW=1000 MQTT messages in flight,
// BENCH_POOL=20, BENCH_MQTT_URL=mqtt://127.0.0.1:1883.
//
// Figures: see the end of docs/adr/0026-device-monitoring.md.
import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres, queryRows } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { rebuildRollups } from '../apps/server/src/modules/devices/upkeep.ts';
import { seedIfEmpty } from '../apps/server/src/seed/seed.ts';
import { signedPayload } from '../scripts/device-simulator.mjs';

const env = (name: string, fallback: number) => {
  const raw = process.env[name];
  return raw === undefined || raw === '' ? fallback : Number(raw);
};
const url = process.env.BENCH_DATABASE_URL;
const seconds = env('BENCH_SECONDS', 10);
const deviceCount = env('BENCH_DEVICES', 500);
const clients = env('BENCH_CLIENTS', 8);
const batch = env('BENCH_BATCH', 100);
const window = env('BENCH_WINDOW', 1000);
const poolSize = env('BENCH_POOL', 20);
const brokerUrl = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const tenantId = '000000';
const secret = 'bench-device-secret';
const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function main() {
  if (!url) throw new Error('set BENCH_DATABASE_URL (postgres://user@host:port/db of an existing database)');
  console.log(
    `devices bench: ${deviceCount} devices, ${seconds} s per run, ${clients} HTTP clients × ${batch} readings, MQTT window ${window}, pool ${poolSize}, ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const name = `bl_bench_devices_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  const database = openPostgres(own.toString(), poolSize);
  try {
    await migrate(database);
    await seedIfEmpty(database, { demo: true });
    await database.db.execute(sql`delete from auth_password_due`);
    // A shared-subscription group of this run only: another server on the broker takes nothing.
    const config = loadConfig({
      WEB_DIST: '/nonexistent',
      DATABASE_URL: own.toString(),
      MQTT_URL: brokerUrl,
      MQTT_SHARED_GROUP: `bench-${Date.now().toString(36)}`,
      DEVICE_SWEEP_MINUTES: '0',
      STATUS_CHANGE_INTERVAL_MINUTES: '0',
    });
    const app = await buildApp({ config, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      // Devices and their secret made with SQL: making them is not what is measured.
      const hash = createHash('sha256').update(secret).digest('hex');
      await database.withTenant(tenantId, async (tx) => {
        await tx.execute(sql`
          insert into bl_deviceinfo (id, tenant_id, device_code, device_name, report_interval)
          select 8000000000000000000 + i, ${tenantId}, 'B' || i, 'bench ' || i, 60 from generate_series(1, ${deviceCount}) i`);
        await tx.execute(sql`
          insert into bl_device_secret (tenant_id, device_code, secret_hash)
          select ${tenantId}, 'B' || i, ${hash} from generate_series(1, ${deviceCount}) i`);
      });

      // HTTP: each client sends batches for devices in turn, a minute apart per reading.
      // Within the feed's reading window (READING_MAX_AGE_DAYS, 7 by default).
      let clock = Date.now() - 5 * 86_400_000;
      const nextTimes = (n: number) =>
        Array.from({ length: n }, () => {
          clock += 60_000 / deviceCount;
          return new Date(clock).toISOString();
        });
      let httpReadings = 0;
      const latencies: number[] = [];
      const until = Date.now() + seconds * 1000;
      let sent = 0;
      await Promise.all(
        Array.from({ length: clients }, async (_, c) => {
          while (Date.now() < until) {
            const device = `B${((sent++ * clients + c) % deviceCount) + 1}`;
            const readings = nextTimes(batch).map((time, i) => ({
              time,
              temperature: 4 + (i % 10) / 10,
              humidity: 50,
            }));
            const started = performance.now();
            const response = await fetch(`${base}/api/bl-iot/feed/${tenantId}/${device}/readings`, {
              method: 'POST',
              headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
              body: JSON.stringify({ messageId: randomUUID(), readings }),
            });
            const answer = (await response.json()) as {
              success: boolean;
              data: { accepted: number };
              msg: string;
            };
            if (!answer.success) throw new Error(answer.msg);
            latencies.push(performance.now() - started);
            httpReadings += answer.data.accepted;
          }
        }),
      );
      console.log(
        `HTTP batches: ${fmt(httpReadings / seconds)} readings/s (${latencies.length} messages of ${batch}, p50 ${fmt(percentile(latencies, 50))} ms, p95 ${fmt(percentile(latencies, 95))} ms)`,
      );

      // MQTT: one reading per message, `window` messages in flight, counted by their acks.
      const client = await mqtt.connectAsync(brokerUrl, { protocolVersion: 4 });
      await client.subscribeAsync(`bl/${tenantId}/+/ack`, { qos: 0 });
      let acked = 0;
      let failed = 0;
      let inFlight = 0;
      let wake: (() => void) | undefined;
      const publishedAt = new Map<string, number>();
      const ackLatencies: number[] = [];
      client.on('message', (_topic, payload) => {
        const ack = JSON.parse(payload.toString()) as { ok: boolean; msg?: string; messageId: string };
        const started = publishedAt.get(ack.messageId);
        if (started !== undefined) ackLatencies.push(performance.now() - started);
        publishedAt.delete(ack.messageId);
        if (ack.ok) acked++;
        else if (failed++ === 0) console.warn(`MQTT refused: ${ack.msg}`);
        inFlight--;
        wake?.();
      });
      const mqttUntil = Date.now() + seconds * 1000;
      let n = 0;
      while (Date.now() < mqttUntil) {
        if (inFlight >= window) {
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, 50);
          });
          continue;
        }
        inFlight++;
        const device = `B${(n++ % deviceCount) + 1}`;
        const [time] = nextTimes(1);
        const messageId = randomUUID();
        publishedAt.set(messageId, performance.now());
        void client.publishAsync(
          `bl/${tenantId}/${device}/telemetry`,
          signedPayload(secret, { messageId, time, temperature: 5.5, humidity: 51 }),
          { qos: 1 },
        );
      }
      const mqttRate = acked / seconds;
      // Let the last ones in flight land before the next run.
      for (let i = 0; i < 100 && inFlight > 0; i++) await new Promise((r) => setTimeout(r, 50));
      await client.endAsync(true);
      console.log(
        `MQTT (one reading per message): ${fmt(mqttRate)} readings/s (${failed} refused; ack p50 ${fmt(percentile(ackLatencies, 50))} ms, p95 ${fmt(percentile(ackLatencies, 95))} ms)`,
      );

      // Chart: one device with 30 days of minute data, its roll-ups rebuilt from it.
      const to = new Date(Math.floor(Date.now() / 3600_000) * 3600_000);
      const from = new Date(to.getTime() - 30 * 86_400_000);
      await database.withTenant(tenantId, (tx) =>
        tx.execute(sql`
          insert into bl_deviceinfo (id, tenant_id, device_code, device_name) values (8100000000000000000, ${tenantId}, 'CHART', 'chart');
          `),
      );
      await database.withTenant(tenantId, (tx) =>
        tx.execute(sql`
          insert into bl_temhumdata (id, tenant_id, device_code, temperature, humidity, reading_time)
          select 8200000000000000000 + m, ${tenantId}, 'CHART', round((5 + sin(m / 300.0) * 2)::numeric, 2),
                 round((55 + cos(m / 500.0) * 8)::numeric, 2), ${from.toISOString()}::timestamptz + make_interval(mins => m)
          from generate_series(0, 30 * 24 * 60 - 1) m`),
      );
      await rebuildRollups(database, tenantId, 'CHART', from, to);
      await database.db.execute(sql`analyze bl_temhumdata`);
      const token = await signIn(base);
      const chart = async (days: number) => {
        const times: number[] = [];
        let points = 0;
        for (let i = 0; i < 50; i++) {
          const query = new URLSearchParams({
            deviceCode: 'CHART',
            from: new Date(to.getTime() - days * 86_400_000).toISOString(),
            to: to.toISOString(),
          });
          const started = performance.now();
          const response = await fetch(`${base}/api/bl-iot/devices/history?${query}`, {
            headers: { 'blade-auth': `bearer ${token}` },
          });
          const answer = (await response.json()) as { data: { points: unknown[]; resolution: string } };
          times.push(performance.now() - started);
          points = answer.data.points.length;
        }
        return { p50: percentile(times, 50), p95: percentile(times, 95), points };
      };
      const month = await chart(30);
      const week = await chart(7);
      console.log(
        `chart, 30 days of minute data (hourly roll-ups, ${month.points} points): p50 ${fmt(month.p50)} ms, p95 ${fmt(month.p95)} ms`,
      );
      console.log(
        `chart, 7 days raw (${week.points} points): p50 ${fmt(week.p50)} ms, p95 ${fmt(week.p95)} ms`,
      );
      const [count] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from bl_temhumdata`,
      );
      console.log(`readings stored: ${count?.n}`);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}

async function signIn(base: string): Promise<string> {
  const query = new URLSearchParams({
    grantType: 'password',
    tenantId,
    account: 'admin',
    password: md5('admin'),
  });
  const response = await fetch(`${base}/api/bl-auth/token?${query}`, {
    method: 'POST',
    headers: { authorization: basic },
  });
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
