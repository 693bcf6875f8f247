import net, { type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDevice,
  feedHeaders,
  openCommand,
  signedPayload,
  signingKey,
} from '../../../scripts/device-simulator.mjs';
import { loadConfig } from '../src/config.ts';
import { queryRows } from '../src/db/database.ts';
import { databaseCounter } from '../src/modules/auth/address-limit.ts';
import { feedLimiter } from '../src/modules/devices/limits.ts';
import { startDeviceMqtt } from '../src/modules/devices/mqtt.ts';
import { body, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

/**
 * Issue 27, defects 4 and 6 (ADR 0026, amendment of issue 27): the embedded broker
 * authenticates every client and keeps each device to its own topics; MQTT payloads are signed
 * and carry no secret; the device feed limits failed authentications per address and per
 * device; readings far from the server's clock are refused on both paths.
 */
const serverPassword = 'server-password-of-the-test';
const limits = { perDevice: 3, perAddress: 6 };

async function freePort() {
  return new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function eventually<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
) {
  for (let i = 0; i < 200; i++) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never happened: ${what}`);
}

/** Resolves when the broker has closed the client's connection; fails after a few seconds. */
function closing(client: MqttClient) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the broker kept the connection open')), 5000);
    client.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

describe.each(testDrivers())('device feed security on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let token: string;
  let url: string;
  /** The server's account, reading everything (as the server's own client does). */
  let spy: MqttClient;
  const seen: { topic: string; payload: string }[] = [];
  const open: MqttClient[] = [];
  const secrets: Record<string, string> = {};

  const connect = async (options: IClientOptions) => {
    const client = await mqtt.connectAsync(url, {
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: 5000,
      ...options,
    });
    open.push(client);
    return client;
  };
  /** A device's own connection: its account, its secret, its name as client id. */
  const asDevice = (code: string, password = secrets[code]) =>
    connect({ clientId: `000000/${code}`, username: `000000/${code}`, password });

  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    body<Record<string, unknown>>(
      await app.inject({
        method,
        url,
        headers: { 'blade-auth': `bearer ${token}`, 'blade-language': 'en' },
        ...(payload !== undefined && { payload: payload as never }),
      }),
    );
  const makeDevice = async (code: string) => {
    const made = await call('POST', '/api/bl-iot/deviceinfo/submit', {
      deviceCode: code,
      deviceName: code,
      deviceStatus: '1',
      reportInterval: 60,
    });
    expect(made.success, made.msg).toBe(true);
    const secret = await call('POST', '/api/bl-iot/deviceinfo/secret', { deviceCode: code });
    secrets[code] = (secret.data as { secret: string }).secret;
    return secrets[code] as string;
  };
  /** A report over HTTP from an address, with a secret (bearer) or signed with it. */
  const feed = async (
    code: string,
    payload: object,
    options: { secret?: string; from?: string; sign?: boolean; language?: string; kind?: string } = {},
  ) => {
    const text = JSON.stringify(payload);
    const response = await app.inject({
      method: 'POST',
      url: `/api/bl-iot/feed/000000/${code}/${options.kind ?? 'readings'}`,
      remoteAddress: options.from ?? '192.0.2.1',
      headers: {
        ...feedHeaders(options.secret ?? (secrets[code] as string), text, options.sign),
        'blade-language': options.language ?? 'en',
      },
      payload: text,
    });
    return { status: response.statusCode, ...body(response) };
  };
  const storedOf = async (code: string) => {
    const [row] = await queryRows<{ n: number }>(
      test.database.db,
      sql`select count(*)::int as n from bl_temhumdata where device_code = ${code}`,
    );
    return row?.n ?? 0;
  };

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    const port = await freePort();
    app = await testApp(test.database, {
      MQTT_EMBEDDED: '1',
      MQTT_EMBEDDED_PORT: String(port),
      MQTT_PASSWORD: serverPassword,
      DEVICE_MAX_FAILURES: String(limits.perDevice),
      DEVICE_ADDRESS_MAX_FAILURES: String(limits.perAddress),
    });
    url = `mqtt://127.0.0.1:${port}`;
    token = (await tokensOf(app)).accessToken;
    for (const code of ['A', 'B', 'C', 'V', 'W', 'E', 'T', 'Z']) await makeDevice(code);
    spy = await connect({ clientId: 'spy', username: 'bl-server', password: serverPassword });
    await spy.subscribeAsync('bl/#', { qos: 0 });
    spy.on('message', (topic, payload) => seen.push({ topic, payload: payload.toString() }));
  });

  afterAll(async () => {
    for (const client of open) await client.endAsync(true).catch(() => undefined);
    await app?.close();
    await test?.dispose();
  });

  it('refuses anonymous clients, wrong passwords, other client ids and the server account without its password', async () => {
    await expect(connect({ clientId: 'anyone' })).rejects.toThrow(/Bad username or password/);
    await expect(connect({ clientId: '000000/V', username: '000000/V', password: 'guess' })).rejects.toThrow(
      /Bad username or password/,
    );
    // A device's password is its own secret, not another device's.
    await expect(
      connect({ clientId: '000000/V', username: '000000/V', password: secrets.A as string }),
    ).rejects.toThrow(/Bad username or password/);
    await expect(connect({ clientId: 'x', username: 'bl-server', password: 'guess' })).rejects.toThrow(
      /Bad username or password/,
    );
    await expect(connect({ clientId: 'x', username: 'nobody', password: 'guess' })).rejects.toThrow(
      /Bad username or password/,
    );
    // The right secret under another client id (taking over another's session) is refused too.
    await expect(
      connect({ clientId: 'bl-server-0000', username: '000000/A', password: secrets.A as string }),
    ).rejects.toThrow(/Identifier rejected/);
    const device = await asDevice('A');
    expect(device.connected).toBe(true);
  });

  it('keeps a device to its own topics: no other device, no cmd, no wildcard', async () => {
    const a = await asDevice('A');
    // What the broker grants (128: refused; mqtt.js rejects a refused subscription).
    const granted = (topic: string) =>
      a.subscribeAsync(topic, { qos: 1 }).then(
        (grants) => grants[0]?.qos,
        (error: { packet?: { granted?: number[] } }) => error.packet?.granted?.[0],
      );
    expect(await granted('bl/000000/A/cmd')).toBe(1);
    expect(await granted('bl/000000/A/ack')).toBe(1);
    for (const topic of ['bl/#', 'bl/000000/B/cmd', 'bl/+/A/cmd', 'bl/000000/+/telemetry', '$SYS/#', '#'])
      expect(await granted(topic), topic).toBe(128);

    // Each forbidden publish ends the connection there; the broker hands it to no one.
    for (const topic of [
      'bl/000000/B/telemetry',
      'bl/000000/B/state',
      'bl/000000/A/cmd',
      'bl/000000/B/cmd',
    ]) {
      const rogue = await asDevice('A');
      const closed = closing(rogue);
      await rogue.publishAsync(
        topic,
        signedPayload(secrets.A as string, { messageId: topic, temperature: 1 }),
      );
      await closed;
    }
    // A's own telemetry goes through (and marks where the forbidden ones would have been).
    const own = await asDevice('A');
    await own.publishAsync(
      'bl/000000/A/telemetry',
      signedPayload(secrets.A as string, { messageId: 'own', temperature: 4 }),
      {
        qos: 1,
      },
    );
    await eventually(() => seen.some((m) => m.topic === 'bl/000000/A/telemetry'), 'A’s own telemetry');
    expect(seen.filter((m) => m.topic.startsWith('bl/000000/B/') || m.topic === 'bl/000000/A/cmd')).toEqual(
      [],
    );
    await eventually(async () => (await storedOf('A')) === 1, 'A’s reading stored');
    expect(await storedOf('B')).toBe(0);
  });

  it('signs the server’s commands, which reach the device; no payload carries a secret', async () => {
    const secret = secrets.C as string;
    const device = await createDevice({ tenantId: '000000', deviceCode: 'C', secret, mqttUrl: url }).start();
    try {
      await device.send([{ temperature: 5.5 }]);
      await eventually(() => device.acks.some((a) => a.ok === true), 'the reading acknowledged');
      const sent = await call('POST', '/api/bl-iot/devices/command', {
        deviceCode: 'C',
        switchName: 'beep',
        switchValue: '1',
      });
      expect(sent.success, sent.msg).toBe(true);
      await eventually(() => device.received.length > 0, 'the command reached the device');
      expect(device.received[0]).toMatchObject({ commandId: (sent.data as { id: string }).id, beep: '1' });
      // The command as it travelled: an envelope the device checks with its key.
      const raw = seen.find((m) => m.topic === 'bl/000000/C/cmd')?.payload as string;
      expect(JSON.parse(raw)).toEqual({
        timestamp: expect.stringMatching(/^\d{13}$/),
        signature: expect.stringMatching(/^[0-9a-f]{64}$/),
        body: expect.any(String),
      });
      expect(openCommand('another-secret', raw)).toBeUndefined();
      // Neither the secret nor the key it is stored as is in any payload, either way.
      const everything = seen.filter((m) => m.topic.startsWith('bl/000000/C/')).map((m) => m.payload);
      expect(everything.length).toBeGreaterThanOrEqual(3);
      for (const payload of everything) {
        expect(payload).not.toContain(secret);
        expect(payload).not.toContain(signingKey(secret));
      }
      // A command that is not the server's (unsigned, though on the right topic) is ignored.
      await spy.publishAsync('bl/000000/C/cmd', JSON.stringify({ commandId: 'forged', beep: '0' }), {
        qos: 1,
      });
      await eventually(() => device.ignored.length > 0, 'the forged command ignored');
      expect(device.received.map((c) => c.commandId)).not.toContain('forged');
    } finally {
      await device.stop();
    }
  });

  it('drops unsigned, badly signed, stale, replayed and oversized MQTT messages', async () => {
    const secret = secrets.T as string;
    const t = await asDevice('T');
    const acks: Record<string, unknown>[] = [];
    await t.subscribeAsync('bl/000000/T/ack', { qos: 1 });
    t.on('message', (_topic, payload) => acks.push(JSON.parse(payload.toString())));
    const publish = (payload: string) => t.publishAsync('bl/000000/T/telemetry', payload, { qos: 1 });
    await publish(JSON.stringify({ messageId: 'clear', secret, temperature: 1 }));
    await publish(signedPayload('not-the-secret', { messageId: 'forged', temperature: 1 }));
    await publish(
      signedPayload(secret, { messageId: 'stale', temperature: 1 }, String(Date.now() - 600_000)),
    );
    // A body changed after signing.
    const good = JSON.parse(signedPayload(secret, { messageId: 'changed', temperature: 1 }));
    await publish(JSON.stringify({ ...good, body: good.body.replace('1}', '9}') }));
    const once = signedPayload(secret, { messageId: 'once', temperature: 2 });
    await publish(once);
    await publish(once);
    const answered = await eventually(() => acks.length >= 6 && acks, 'six acks');
    const outcomes = answered.map((a) => [a.messageId ?? null, a.ok, a.code ?? 200]);
    expect(outcomes).toHaveLength(6);
    expect(outcomes).toEqual(
      expect.arrayContaining([
        [null, false, 401],
        ['forged', false, 401],
        ['stale', false, 401],
        ['changed', false, 401],
        ['once', true, 200],
        ['once', false, 409],
      ]),
    );
    expect(answered.find((a) => a.messageId === undefined)?.msg).toContain('MQTT 消息须签名');
    expect(answered.find((a) => a.messageId === 'stale')?.msg).toContain('请校准设备时钟');
    expect(await storedOf('T')).toBe(1);

    // Larger than a device message may be: the broker closes the connection, nothing is stored.
    const closed = closing(t);
    await t.publishAsync(
      'bl/000000/T/telemetry',
      signedPayload(secret, { messageId: 'big', temperature: 3, pad: 'x'.repeat(200_000) }),
    );
    await closed;
    expect(await storedOf('T')).toBe(1);
  });

  it('refuses readings dated 9999 or 1970 on both paths, and a stored 9999 reading pins nothing', async () => {
    const far = ['9999-12-31T00:00:00Z', 1, new Date(0).toISOString(), Date.now() + 600_000];
    for (const [i, time] of far.entries()) {
      const answer = await feed('Z', { messageId: `far-${i}`, time, temperature: 30 });
      expect(answer.status, String(time)).toBe(400);
      expect(answer.msg).toContain('outside the accepted window');
    }
    // In a batch, one such reading refuses the message (nothing of it is stored).
    const batch = await feed('Z', {
      messageId: 'far-batch',
      readings: [{ temperature: 5 }, { time: '9999-01-01T00:00:00Z', temperature: 6 }],
    });
    expect(batch.status).toBe(400);
    const zh = await feed(
      'Z',
      { messageId: 'far-zh', time: '1970-01-01T00:00:00Z', temperature: 5 },
      { language: 'zh' },
    );
    expect(zh.msg).toContain('不在可接收范围内');

    const z = await asDevice('Z');
    const acks: Record<string, unknown>[] = [];
    await z.subscribeAsync('bl/000000/Z/ack', { qos: 1 });
    z.on('message', (_topic, payload) => acks.push(JSON.parse(payload.toString())));
    for (const [i, time] of far.entries())
      await z.publishAsync(
        'bl/000000/Z/telemetry',
        signedPayload(secrets.Z as string, { messageId: `mqtt-far-${i}`, time, temperature: 30 }),
        { qos: 1 },
      );
    const answered = await eventually(() => acks.length >= far.length && acks, 'the far readings answered');
    expect(answered.map((a) => a.code)).toEqual(far.map(() => 400));
    expect(await storedOf('Z')).toBe(0);

    // A reading dated 9999 stored before readings were bounded: the last values still follow
    // the readings that come after it.
    await test.database.withTenant('000000', (tx) =>
      tx.execute(
        sql`insert into bl_temhumdata (id, tenant_id, device_code, temperature, humidity, reading_time)
            values (8300000000000000001, '000000', 'Z', 99, 99, '9999-06-01T00:00:00Z')`,
      ),
    );
    expect((await feed('Z', { messageId: 'now-1', temperature: 4.5 })).success).toBe(true);
    const board = (await call('GET', '/api/bl-iot/devices/board')).data as unknown as Record<
      string,
      unknown
    >[];
    expect(board.find((d) => d.deviceCode === 'Z')).toMatchObject({ temperature: '4.50' });
  });

  it('answers 429 past the failed authentications of an address, of a device, and of both paths', async () => {
    // One address trying secrets for many devices (no device reaching its own limit).
    const attacker = '198.51.100.7';
    const codes = ['A', 'B', 'C'];
    for (let i = 0; i < limits.perAddress; i++) {
      const answer = await feed(
        codes[i % 3] as string,
        { messageId: `x-${i}`, temperature: 1 },
        {
          secret: `guess-${i}`,
          from: attacker,
        },
      );
      expect(answer.status).toBe(401);
    }
    const limited = await feed(
      'A',
      { messageId: 'x-last', temperature: 1 },
      { from: attacker, language: 'zh' },
    );
    expect(limited.status).toBe(429);
    expect(limited.msg).toContain('认证失败次数过多');
    // Even a right secret from that address waits; a good device from another address works.
    expect((await feed('B', { messageId: 'x-right', temperature: 1 }, { from: attacker })).status).toBe(429);
    const elsewhere = await feed('B', { messageId: 'x-elsewhere', temperature: 1 }, { from: '203.0.113.9' });
    expect(elsewhere.success, elsewhere.msg).toBe(true);

    // One device tried from many addresses (bad signatures count as wrong secrets).
    for (let i = 0; i < limits.perDevice; i++) {
      const answer = await feed(
        'W',
        { messageId: `w-${i}`, temperature: 1 },
        {
          secret: 'guess',
          sign: i % 2 === 0,
          from: `192.0.2.${100 + i}`,
        },
      );
      expect(answer.status).toBe(401);
    }
    const device = await feed('W', { messageId: 'w-last', temperature: 1 }, { from: '192.0.2.200' });
    expect(device.status).toBe(429);
    expect(device.msg).toBe(
      'Too many failed device authentications from this address or for this device: try again in 15 minutes',
    );
    expect(
      (await feed('W', { messageId: 'w-state', led: '1' }, { kind: 'state', from: '192.0.2.201' })).status,
    ).toBe(429);
    // Another device from those addresses is not held back.
    expect((await feed('C', { messageId: 'w-other', temperature: 1 }, { from: '192.0.2.100' })).success).toBe(
      true,
    );
    // A signature out of its window says so, and is no guess at the secret: not counted.
    for (let i = 0; i < limits.perDevice + 1; i++) {
      const text = JSON.stringify({ messageId: `stale-${i}`, temperature: 1 });
      const stale = await app.inject({
        method: 'POST',
        url: '/api/bl-iot/feed/000000/C/readings',
        remoteAddress: '192.0.2.50',
        headers: {
          ...feedHeaders(secrets.C as string, text, true, String(Date.now() - 3600_000)),
          'blade-language': 'en',
        },
        payload: text,
      });
      expect(body(stale).msg).toContain('set the device');
    }

    // Wrong passwords at the broker count for the device on the HTTP feed too, and the reverse.
    for (let i = 0; i < limits.perDevice; i++)
      await expect(asDevice('E', `guess-${i}`)).rejects.toThrow(/Bad username or password/);
    await expect(asDevice('E')).rejects.toThrow(/Not authorized/);
    expect((await feed('E', { messageId: 'e-1', temperature: 1 }, { from: '203.0.113.10' })).status).toBe(
      429,
    );
    await expect(asDevice('W')).rejects.toThrow(/Not authorized/);
  });

  it('refuses an HTTP message larger than a device message may be, before parsing it', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/bl-iot/feed/000000/C/readings',
      remoteAddress: '192.0.2.60',
      headers: { ...feedHeaders(secrets.C as string, ''), 'blade-language': 'en' },
      payload: JSON.stringify({ messageId: 'big', temperature: 1, pad: 'x'.repeat(200_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(body(response).msg).toBe('Device message too large: at most 128 KB');
    // 1,000 readings with ISO times and offsets fit.
    const readings = Array.from({ length: 1000 }, (_, i) => ({
      time: new Date(Date.now() - (i + 1) * 60_000).toISOString().replace('Z', '+00:00'),
      temperature: 12.34,
      humidity: 56.78,
    }));
    const full = await feed('C', { messageId: 'full', readings }, { from: '192.0.2.61' });
    expect(full.data, full.msg).toMatchObject({ accepted: 1000 });
  });

  it('makes the embedded broker’s server password once and keeps it', async () => {
    const port = await freePort();
    const config = loadConfig({ MQTT_EMBEDDED: '1', MQTT_EMBEDDED_PORT: String(port) });
    const start = () =>
      startDeviceMqtt({
        config,
        database: test.database,
        log: app.log,
        notify: async () => undefined,
        limiter: feedLimiter(config, databaseCounter(test.database)),
      });
    const first = await start();
    const [kept] = await queryRows<{ value: string }>(
      test.database.db,
      sql`select value from sys_secret where name = 'mqtt'`,
    );
    expect(kept?.value).toMatch(/^[\w-]{43}$/);
    await first?.stop();
    const second = await start();
    try {
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
        protocolVersion: 4,
        reconnectPeriod: 0,
        clientId: 'operator',
        username: 'bl-server',
        password: kept?.value,
      });
      await client.endAsync(true);
    } finally {
      await second?.stop();
    }
  });
});
