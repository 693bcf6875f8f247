import { randomBytes, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { Config } from '../../config.ts';
import { type Database, queryRows } from '../../db/database.ts';
import { systemSecret } from '../../db/schema/index.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';
import type { RaisedAlarm } from './alarms.ts';
import { commandPayload, type DeviceCommand } from './commands.ts';
import {
  type BatchItem,
  errorOf,
  ingestBatch,
  maxMessageBytes,
  openEnvelope,
  parseMessage,
  readingsMessage,
  readingWindowOf,
  reportState,
  secretHash,
  signedEnvelope,
  stateMessage,
  storedHashes,
} from './ingest.ts';
import type { FeedLimiter } from './limits.ts';

/** Telemetry is stored in batches: at most this many messages... */
export const mqttBatchSize = 500;
/** ...or what arrived within this many milliseconds of the first waiting one. */
export const mqttBatchWaitMs = 200;
/** Batches stored at the same time (each holds one pooled connection per tenant in it). */
export const mqttBatchesInFlight = 2;
/** The embedded broker closes a connection that sends a larger MQTT packet (a message plus its topic and header). */
export const maxPacketBytes = maxMessageBytes + 1024;

/**
 * Topic layout (ADR 0026), one level per tenant and device:
 *   bl/{tenantId}/{deviceCode}/telemetry  device → server: readings (as the HTTP body), signed
 *   bl/{tenantId}/{deviceCode}/state      device → server: `{ messageId, beep?, led? }`, signed
 *   bl/{tenantId}/{deviceCode}/cmd        server → device: `{ commandId, beep? | led? }` ('0' / '1'), signed
 *   bl/{tenantId}/{deviceCode}/ack        server → device: the outcome of each message it sent
 * Signed: the payload is the envelope `{ timestamp, signature, body }` (ingest.ts, `signedEnvelope`).
 */
export const topicOf = (tenantId: string, deviceCode: string, kind: 'telemetry' | 'state' | 'cmd' | 'ack') =>
  `bl/${tenantId}/${deviceCode}/${kind}`;

/** A device's MQTT account: `{tenantId}/{deviceCode}` (its password is its secret). */
export const deviceUsername = (tenantId: string, deviceCode: string) => `${tenantId}/${deviceCode}`;

export interface DeviceMqtt {
  /** Publishes a switch command on the device's `cmd` topic (QoS 1), signed with the device's key. */
  publishCommand(command: DeviceCommand): Promise<void>;
  /** The broker URL the feed is connected to. */
  url: string;
  /** Telemetry messages received and not yet stored and answered (waiting or in a batch being stored). */
  unsettled(): number;
  /** Messages refused so far, by the message key of the refusal (unsigned, bad signature, out of window...). */
  refused(): Record<string, number>;
  stop(): Promise<void>;
}

interface EmbeddedBroker {
  url: string;
  close(): Promise<void>;
}

/** Who an embedded broker's client authenticated as. */
type Identity = { kind: 'server' } | { kind: 'device'; tenantId: string; deviceCode: string };

/** A device account's tenant and code, or undefined when the name cannot be one. */
function deviceOf(username: string): { tenantId: string; deviceCode: string } | undefined {
  const slash = username.indexOf('/');
  if (slash < 0) return undefined;
  const tenantId = username.slice(0, slash);
  const deviceCode = username.slice(slash + 1);
  if (!/^[\w-]{1,12}$/.test(tenantId) || deviceCode.length === 0 || deviceCode.length > 64) return undefined;
  // A code a topic level cannot hold is no device's.
  if (/[/+#]/.test(deviceCode)) return undefined;
  return { tenantId, deviceCode };
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** An authentication refusal with its CONNACK return code (4: bad user name or password, 5: not authorized). */
const refusal = (returnCode: 2 | 4 | 5, message: string) =>
  Object.assign(new Error(message), { returnCode }) as AuthenticateError;

/**
 * What a client may do on the embedded broker (ADR 0026): the server's account anything; a
 * device publish its own telemetry and state, and subscribe to its own `cmd` and `ack`, nothing
 * else (no wildcards, no other device, no `$SYS`).
 */
export function mayPublish(identity: Identity | undefined, topic: string) {
  if (identity?.kind === 'server') return true;
  if (identity?.kind !== 'device') return false;
  const { tenantId, deviceCode } = identity;
  return (
    topic === topicOf(tenantId, deviceCode, 'telemetry') || topic === topicOf(tenantId, deviceCode, 'state')
  );
}
export function maySubscribe(identity: Identity | undefined, topic: string) {
  if (identity?.kind === 'server') return true;
  if (identity?.kind !== 'device') return false;
  const { tenantId, deviceCode } = identity;
  return topic === topicOf(tenantId, deviceCode, 'cmd') || topic === topicOf(tenantId, deviceCode, 'ack');
}

/**
 * A broker inside the server process for the demo (MQTT_EMBEDDED=1), with the rules an
 * external broker is given in docs/deploy.md. Every client authenticates: the server's own
 * with its account (`MQTT_USERNAME`, its password), a device as `{tenantId}/{deviceCode}` with
 * its secret, checked against the stored hash, and its client id equal to that name (no one
 * can take over another's session). Anonymous clients are refused. Failed device
 * authentications count per address and device (limits.ts); past the limit a connection is
 * refused before its password is looked at. A packet larger than `maxPacketBytes` closes its
 * connection.
 */
async function startEmbeddedBroker(options: {
  port: number;
  database: Database;
  server: { username: string; password: string };
  limiter: FeedLimiter;
  log: FastifyBaseLogger;
}): Promise<EmbeddedBroker> {
  const { database, server, limiter, log } = options;
  const identities = new WeakMap<Client, Identity>();
  const addressOf = (client: Client) => (client.conn as net.Socket | undefined)?.remoteAddress;
  const authenticateDevice = async (client: Client, username: string, password: string) => {
    const device = deviceOf(username);
    if (!device) return refusal(4, 'bad user name or password');
    const { tenantId, deviceCode } = device;
    const address = addressOf(client);
    if (await limiter.blocked(address, tenantId, deviceCode)) return refusal(5, 'too many failed attempts');
    const hashes = await database.withTenant(tenantId, (tx) => storedHashes(tx, tenantId, [deviceCode]));
    const stored = hashes.get(deviceCode);
    if (stored === undefined || !sameText(secretHash(password), stored)) {
      await limiter.fail(address, tenantId, deviceCode);
      return refusal(4, 'bad user name or password');
    }
    if (client.id !== username) return refusal(2, 'a device connects with its user name as client id');
    identities.set(client, { kind: 'device', tenantId, deviceCode });
    return undefined;
  };
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      const given = password?.toString('utf8') ?? '';
      if (!username || !given) return done(refusal(4, 'anonymous clients are not allowed'), false);
      if (username === server.username) {
        if (!sameText(given, server.password)) return done(refusal(4, 'bad user name or password'), false);
        identities.set(client, { kind: 'server' });
        return done(null, true);
      }
      authenticateDevice(client, username, given).then(
        (error) => done(error ?? null, !error),
        (error: unknown) => {
          log.warn({ err: error }, 'MQTT device authentication failed');
          done(refusal(5, 'not authorized'), false);
        },
      );
    },
    authorizePublish: (client, packet, done) => {
      // The broker's own messages ($SYS) have no client.
      if (!client) return done(null);
      if (mayPublish(identities.get(client), packet.topic) && packet.payload.length <= maxMessageBytes)
        return done(null);
      done(new Error('not allowed'));
    },
    authorizeSubscribe: (client, subscription, done) => {
      if (maySubscribe(identities.get(client), subscription.topic)) return done(null, subscription);
      done(null, null);
    },
  });
  const listener = net.createServer((socket) => {
    const client = broker.handle(socket);
    limitPacketSize(client, maxPacketBytes);
  });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(options.port, '0.0.0.0', () => resolve());
  });
  return {
    url: `mqtt://127.0.0.1:${options.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        broker.close(() => listener.close(() => resolve()));
      }),
  };
}

/**
 * aedes takes packets of any size MQTT allows (256 MB), CONNECT included, and holds each whole
 * before handing it on. Its parser (mqtt-packet) reads a packet's length first: a length over
 * the limit ends the connection there, before the rest arrives.
 */
function limitPacketSize(client: Client, limit: number) {
  const parser = (client as unknown as { _parser?: Record<string, unknown> })._parser;
  const readLength = parser?._parseLength as (() => boolean) | undefined;
  if (!parser || typeof readLength !== 'function') return;
  parser._parseLength = function (this: { packet: { length: number }; _emitError(error: Error): boolean }) {
    const done = readLength.call(this);
    if (done && this.packet.length > limit) return this._emitError(new Error('packet too large'));
    return done;
  };
}

/**
 * The server's password on the broker: MQTT_PASSWORD, else for the embedded broker one made
 * once and kept in the database (like the token key), else none (an external broker that lets
 * the server in without one).
 */
async function serverPassword(config: Config, database: Database): Promise<string | undefined> {
  if (config.mqttPassword) return config.mqttPassword;
  if (!config.mqttEmbedded) return undefined;
  await database.db
    .insert(systemSecret)
    .values({ name: 'mqtt', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await queryRows<{ value: string }>(
    database.db,
    sql`select value from sys_secret where name = 'mqtt'`,
  );
  if (!row?.value) throw new Error('the MQTT password could not be stored');
  return row.value;
}

/** Refusals a device gets wrong through a fault of its own (or someone posing as it): logged. */
const loggedRefusals = new Set<string>([
  'device.badSecret',
  'device.badSignature',
  'device.signatureExpired',
  'device.unsignedMessage',
  'device.readingOutOfWindow',
  'device.messageTooLarge',
]);

/**
 * The MQTT device feed: connects to MQTT_URL (or an embedded broker) with the server's account,
 * subscribes to every device's telemetry and state through a shared subscription (one server
 * process consumes each message), checks each message's signature, stores what arrives exactly
 * as the HTTP feed does, and answers on the device's ack topic. Undefined when no broker is
 * configured.
 */
export async function startDeviceMqtt(options: {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  notify: (alarms: RaisedAlarm[]) => Promise<void>;
  /** The failed-authentication counts the embedded broker shares with the HTTP feed. */
  limiter: FeedLimiter;
  /** The batch's limits (tests shorten or lengthen the wait). */
  batch?: { size: number; waitMs: number };
}): Promise<DeviceMqtt | undefined> {
  const { config, database, log, notify } = options;
  const commandTimeoutSeconds = config.deviceCommandTimeoutSeconds;
  const window = readingWindowOf(config);
  const batchSize = options.batch?.size ?? mqttBatchSize;
  const batchWaitMs = options.batch?.waitMs ?? mqttBatchWaitMs;
  if (!config.mqttUrl && !config.mqttEmbedded) return undefined;
  const password = await serverPassword(config, database);
  const embedded = config.mqttEmbedded
    ? await startEmbeddedBroker({
        port: config.mqttEmbeddedPort,
        database,
        server: { username: config.mqttUsername, password: password as string },
        limiter: options.limiter,
        log,
      })
    : undefined;
  const url = embedded?.url ?? (config.mqttUrl as string);
  if (!embedded && !password)
    log.warn(
      'MQTT_PASSWORD is not set: the device feed connects to the broker without an account (docs/deploy.md)',
    );
  let client: MqttClient;
  try {
    client = await mqtt.connectAsync(url, {
      clientId: `${config.mqttUsername}-${randomBytes(6).toString('hex')}`,
      ...(password && { username: config.mqttUsername, password }),
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
    });
  } catch (error) {
    await embedded?.close();
    throw error;
  }
  // aedes has no shared subscriptions, and with it there is one process anyway.
  const prefix = embedded ? '' : `$share/${config.mqttSharedGroup}/`;
  await client.subscribeAsync([`${prefix}bl/+/+/telemetry`, `${prefix}bl/+/+/state`], { qos: 1 });

  const ack = (tenantId: string, deviceCode: string, body: object) =>
    client
      .publishAsync(topicOf(tenantId, deviceCode, 'ack'), JSON.stringify(body), { qos: 0 })
      .catch(() => undefined);

  const refusedBy = new Map<string, number>();
  const refuse = async (
    tenantId: string,
    deviceCode: string,
    messageId: unknown,
    error: unknown,
    topic: string,
  ) => {
    const { code, key, params } = errorOf(error);
    refusedBy.set(key, (refusedBy.get(key) ?? 0) + 1);
    if (code === 500) log.error({ err: error, topic }, 'device message failed');
    else if (loggedRefusals.has(key)) log.warn({ topic, refusal: key, params }, 'device message refused');
    await ack(tenantId, deviceCode, {
      messageId,
      ok: false,
      code,
      msg: translate(key as MessageKey, 'zh', params as Record<string, string>),
    });
  };
  /** A command, signed with the device's key (the SHA-256 of its secret) so that it can tell it is the server's. */
  const publishCommand = async (command: DeviceCommand) => {
    const { tenantId, deviceCode } = command;
    const hashes = await database.withTenant(tenantId, (tx) => storedHashes(tx, tenantId, [deviceCode]));
    const key = hashes.get(deviceCode);
    if (!key) {
      log.warn({ commandId: command.id, deviceCode }, 'device has no secret: command not published');
      return;
    }
    await client.publishAsync(
      topicOf(tenantId, deviceCode, 'cmd'),
      JSON.stringify(signedEnvelope(key, commandPayload(command))),
      { qos: 1 },
    );
  };
  const publishCommands = (commands: DeviceCommand[]) =>
    Promise.all(
      commands.map((command) =>
        publishCommand(command).catch((error: unknown) =>
          log.warn({ err: error, commandId: command.id }, 'device command not published'),
        ),
      ),
    );

  // Telemetry waits here a moment and is stored per batch (ADR 0026): one commit for many
  // messages instead of one each. Every message is answered once its batch has committed.
  let waiting: (BatchItem & { topic: string })[] = [];
  let timer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<void>>();
  let storing = 0;
  const storeBatch = async (batch: (BatchItem & { topic: string })[]) => {
    const outcomes = await ingestBatch(database, batch, { commandTimeoutSeconds, window }).catch(
      (error: unknown) => batch.map(() => ({ ok: false as const, error })),
    );
    // Answered in arrival order: a device sees its acks in the order it sent.
    for (const [i, item] of batch.entries()) {
      const outcome = outcomes[i];
      const { tenantId, deviceCode, message } = item;
      if (!outcome?.ok) {
        await refuse(tenantId, deviceCode, message.messageId, outcome?.error, item.topic);
        continue;
      }
      const { raised, commands, ...counts } = outcome.result;
      if (raised.length > 0)
        await notify(raised).catch((error: unknown) => log.warn({ err: error }, 'notify failed'));
      await publishCommands(commands);
      await ack(tenantId, deviceCode, {
        messageId: message.messageId,
        ok: true,
        ...counts,
        alarms: raised.length,
      });
    }
  };
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (waiting.length === 0 || inFlight.size >= mqttBatchesInFlight) return;
    const batch = waiting.slice(0, batchSize);
    waiting = waiting.slice(batchSize);
    storing += batch.length;
    const running: Promise<void> = storeBatch(batch)
      .catch((error: unknown) => log.error({ err: error }, 'device batch failed'))
      .finally(() => {
        storing -= batch.length;
        inFlight.delete(running);
        // What piled up meanwhile has waited long enough.
        flush();
      });
    inFlight.add(running);
    if (waiting.length >= batchSize) flush();
  };
  const enqueue = (item: BatchItem & { topic: string }) => {
    waiting.push(item);
    if (waiting.length >= batchSize) flush();
    else timer ??= setTimeout(flush, batchWaitMs);
  };
  /** Stores everything received so far (shutdown): nothing acknowledged by the broker is lost. */
  const drain = async () => {
    while (waiting.length > 0 || inFlight.size > 0) {
      flush();
      await Promise.race(inFlight);
    }
  };

  const handle = async (topic: string, payload: Buffer) => {
    const [root, tenantId = '', deviceCode = '', kind] = topic.split('/');
    if (root !== 'bl' || (kind !== 'telemetry' && kind !== 'state')) return;
    let messageId: unknown;
    try {
      // Bounded before parsing; an unsigned payload (a secret in clear) is refused here.
      const { credential, raw } = openEnvelope(payload);
      messageId = (raw as { messageId?: unknown } | undefined)?.messageId;
      if (kind === 'telemetry') {
        enqueue({ tenantId, deviceCode, message: parseMessage(readingsMessage, raw), credential, topic });
      } else {
        const message = parseMessage(stateMessage, raw);
        const state = await reportState(database, tenantId, deviceCode, credential, message);
        await ack(tenantId, deviceCode, { messageId, ok: true, ...state });
      }
    } catch (error) {
      await refuse(tenantId, deviceCode, messageId, error, topic);
    }
  };
  client.on('message', (topic, payload) => void handle(topic, payload));
  client.on('error', (error) => log.warn({ err: error }, 'device MQTT connection error'));

  return {
    url,
    unsettled: () => waiting.length + storing,
    refused: () => Object.fromEntries(refusedBy),
    publishCommand,
    async stop() {
      // No new messages (the broker gives them to another process of the group), then the
      // waiting ones stored and answered, then the connection closed.
      await client
        .unsubscribeAsync([`${prefix}bl/+/+/telemetry`, `${prefix}bl/+/+/state`])
        .catch(() => undefined);
      await drain();
      await client.endAsync(true).catch(() => undefined);
      await embedded?.close();
    },
  };
}
