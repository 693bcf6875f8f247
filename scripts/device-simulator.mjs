#!/usr/bin/env node
// Simulated temperature and humidity sensors for the device monitoring demo (issue 19, ADR 0026).
//
//   npm run devices:simulate -- --server http://127.0.0.1:8080 --devices 5 --interval 5 \
//     [--mqtt mqtt://127.0.0.1:1883] [--sign] [--tenant 000000 --account admin --password admin]
//
// Signs in to a running server, makes sure devices SIM-001.. exist, makes each a new secret (the
// old one stops working) and then, every `interval` seconds, each device reports a reading with
// drift and now and then an excursion: over MQTT when --mqtt is given (half the devices, the
// others over HTTP), else over HTTP. Devices with MQTT obey switch commands (bl/{t}/{d}/cmd)
// and report their new state. With --sign, HTTP devices sign their requests (HMAC-SHA256 of
// timestamp and body, ADR 0026) instead of sending the secret.
//
// Over MQTT a device signs in as `{tenant}/{device}` with its secret as password and that name
// as client id, and every message both ways is a signed envelope `{timestamp, signature, body}`
// (signature = hex HMAC-SHA256 of `{timestamp}.{body}` keyed with the SHA-256 hex of the
// secret): the secret itself never travels in a payload, and a command whose signature does
// not check out is ignored. Ctrl-C stops it.
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';

/** The key a device signs with and checks the server's commands with: SHA-256 hex of its secret. */
export const signingKey = (secret) => createHash('sha256').update(secret).digest('hex');

const hmac = (key, timestamp, body) => createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex');

/**
 * An MQTT payload (ADR 0026): the message as JSON text in `body`, signed with the device's key.
 * `timestamp` is epoch ms (the server allows 300 s either way).
 */
export function signedPayload(secret, message, timestamp = String(Date.now())) {
  const body = JSON.stringify(message);
  return JSON.stringify({ timestamp, signature: hmac(signingKey(secret), timestamp, body), body });
}

/** How far a command's timestamp may be from the device's clock. */
const commandWindowMs = 300_000;

/**
 * A command as the device checks it: a signed envelope from the server (its signature, keyed
 * with the device's key, and its time within the window), else undefined.
 */
export function openCommand(secret, payload, now = Date.now()) {
  let envelope;
  try {
    envelope = JSON.parse(payload.toString());
  } catch {
    return undefined;
  }
  const { timestamp, signature, body } = envelope ?? {};
  if (typeof timestamp !== 'string' || typeof signature !== 'string' || typeof body !== 'string')
    return undefined;
  if (Math.abs(Number(timestamp) - now) > commandWindowMs) return undefined;
  const expected = Buffer.from(hmac(signingKey(secret), timestamp, body), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/**
 * The headers of a device's HTTP request: the bearer secret, or with `sign` a signature of
 * `{timestamp}.{body}` keyed with the SHA-256 hex of the secret (the secret never travels).
 */
export function feedHeaders(secret, body, sign = false, timestamp = String(Date.now())) {
  if (!sign) return { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
  return {
    'content-type': 'application/json',
    'x-device-timestamp': timestamp,
    'x-device-signature': hmac(signingKey(secret), timestamp, body),
  };
}

/**
 * One simulated sensor. `transport` says how readings go ('http' or 'mqtt'); with `mqttUrl`
 * it listens for commands either way. `hold` keeps received commands unapplied until
 * `release()` (tests look at a command while it is pending). `received` holds the commands
 * whose signature checked out, `ignored` the payloads that did not, `acks` the server's answers.
 */
export function createDevice(options) {
  const { tenantId, deviceCode, secret, httpBase, mqttUrl, transport = mqttUrl ? 'mqtt' : 'http' } = options;
  const state = { beep: '0', led: '0' };
  let temperature = options.temperature ?? 4 + Math.random() * 2;
  let humidity = options.humidity ?? 50 + Math.random() * 10;
  let client;
  const held = [];
  const device = {
    deviceCode,
    state,
    hold: false,
    /** Commands received (signed by the server), in order. */
    received: [],
    /** Payloads on the command topic that were not the server's (unsigned, badly signed, stale). */
    ignored: [],
    /** The server's answers on the ack topic. */
    acks: [],
    async start() {
      if (!mqttUrl) return device;
      const username = `${tenantId}/${deviceCode}`;
      client = await mqtt.connectAsync(mqttUrl, {
        clientId: username,
        username,
        password: secret,
        protocolVersion: 4,
        reconnectPeriod: 2000,
      });
      await client.subscribeAsync([`bl/${tenantId}/${deviceCode}/cmd`, `bl/${tenantId}/${deviceCode}/ack`], {
        qos: 1,
      });
      client.on('message', (topic, payload) => {
        if (topic.endsWith('/ack')) {
          try {
            device.acks.push(JSON.parse(payload.toString()));
          } catch {}
          return;
        }
        const command = openCommand(secret, payload);
        if (!command) {
          device.ignored.push(payload.toString());
          return;
        }
        device.received.push(command);
        if (device.hold) held.push(command);
        else void apply(command);
      });
      return device;
    },
    /** Applies the commands held back. */
    async release() {
      device.hold = false;
      while (held.length > 0) await apply(held.shift());
    },
    /** The next reading: a random walk, with a rare excursion above 10 °C. */
    next() {
      temperature += (5 - temperature) * 0.05 + (Math.random() - 0.5) * 0.4;
      humidity += (55 - humidity) * 0.05 + (Math.random() - 0.5) * 1.5;
      const excursion = Math.random() < (options.excursionChance ?? 0.02) ? 6 + Math.random() * 3 : 0;
      return {
        time: new Date().toISOString(),
        temperature: Math.round((temperature + excursion) * 100) / 100,
        humidity: Math.round(Math.min(100, Math.max(0, humidity)) * 100) / 100,
      };
    },
    /** Sends readings (one message) over the device's transport; answers the server's reply. */
    async send(readings = [device.next()]) {
      const message = { messageId: randomUUID(), readings };
      if (transport === 'mqtt') {
        await client.publishAsync(`bl/${tenantId}/${deviceCode}/telemetry`, signedPayload(secret, message), {
          qos: 1,
        });
        return { sent: true };
      }
      const body = JSON.stringify(message);
      const response = await fetch(`${httpBase}/api/bl-iot/feed/${tenantId}/${deviceCode}/readings`, {
        method: 'POST',
        headers: feedHeaders(secret, body, options.sign),
        body,
      });
      return response.json();
    },
    async reportState() {
      const message = { messageId: randomUUID(), beep: state.beep, led: state.led };
      if (client) {
        await client.publishAsync(`bl/${tenantId}/${deviceCode}/state`, signedPayload(secret, message), {
          qos: 1,
        });
        return;
      }
      const body = JSON.stringify(message);
      await fetch(`${httpBase}/api/bl-iot/feed/${tenantId}/${deviceCode}/state`, {
        method: 'POST',
        headers: feedHeaders(secret, body, options.sign),
        body,
      });
    },
    async stop() {
      await client?.endAsync(true);
    },
  };
  async function apply(command) {
    if (command.beep === '0' || command.beep === '1') state.beep = command.beep;
    if (command.led === '0' || command.led === '1') state.led = command.led;
    await device.reportState();
  }
  return device;
}

const md5 = (text) => createHash('md5').update(text).digest('hex');

async function main() {
  const { values } = parseArgs({
    options: {
      server: { type: 'string', default: 'http://127.0.0.1:8080' },
      mqtt: { type: 'string' },
      tenant: { type: 'string', default: '000000' },
      account: { type: 'string', default: 'admin' },
      password: { type: 'string', default: 'admin' },
      devices: { type: 'string', default: '5' },
      interval: { type: 'string', default: '5' },
      sign: { type: 'boolean', default: false },
    },
  });
  const base = values.server.replace(/\/+$/, '');
  const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
  const query = new URLSearchParams({
    grantType: 'password',
    tenantId: values.tenant,
    account: values.account,
    password: md5(values.password),
  });
  const signIn = await (
    await fetch(`${base}/api/bl-auth/token?${query}`, { method: 'POST', headers: { authorization: basic } })
  ).json();
  const token = signIn.data?.accessToken ?? signIn.accessToken;
  if (!token) throw new Error(`sign-in failed: ${JSON.stringify(signIn)}`);
  const call = async (path, body) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'blade-auth': `bearer ${token}`,
        'content-type': 'application/json',
        'blade-language': 'en',
      },
      body: JSON.stringify(body),
    });
    return response.json();
  };
  const count = Number(values.devices);
  const devices = [];
  for (let i = 1; i <= count; i++) {
    const deviceCode = `SIM-${String(i).padStart(3, '0')}`;
    // Fails harmlessly when the device exists already.
    await call('/api/bl-iot/deviceinfo/submit', {
      deviceCode,
      deviceName: `模拟传感器 ${i}`,
      deviceStatus: '1',
      reportInterval: Number(values.interval),
    });
    const made = await call('/api/bl-iot/deviceinfo/secret', { deviceCode });
    if (!made.success) throw new Error(`${deviceCode}: ${made.msg}`);
    const device = createDevice({
      tenantId: values.tenant,
      deviceCode,
      secret: made.data.secret,
      httpBase: base,
      mqttUrl: values.mqtt,
      transport: values.mqtt && i % 2 === 1 ? 'mqtt' : 'http',
      sign: values.sign,
    });
    devices.push(await device.start());
  }
  console.log(`${devices.length} simulated devices reporting every ${values.interval} s (Ctrl-C stops)`);
  const timer = setInterval(() => {
    for (const device of devices)
      device.send().catch((error) => console.warn(`${device.deviceCode}: ${error.message}`));
  }, Number(values.interval) * 1000);
  process.on('SIGINT', async () => {
    clearInterval(timer);
    for (const device of devices) await device.stop();
    process.exit(0);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
