import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Aedes } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';
import type { RaisedAlarm } from './alarms.ts';
import { commandPayload, type DeviceCommand } from './commands.ts';
import {
  type BatchItem,
  errorOf,
  ingestBatch,
  parseMessage,
  readingsMessage,
  reportState,
  stateMessage,
} from './ingest.ts';

/** Telemetry is stored in batches: at most this many messages... */
export const mqttBatchSize = 500;
/** ...or what arrived within this many milliseconds of the first waiting one. */
export const mqttBatchWaitMs = 200;
/** Batches stored at the same time (each holds one pooled connection per tenant in it). */
export const mqttBatchesInFlight = 2;

/**
 * Topic layout (ADR 0026), one level per tenant and device:
 *   bl/{tenantId}/{deviceCode}/telemetry  device → server: readings (as the HTTP body, plus `secret`)
 *   bl/{tenantId}/{deviceCode}/state      device → server: `{ messageId, secret, beep?, led? }`
 *   bl/{tenantId}/{deviceCode}/cmd        server → device: `{ commandId, beep? | led? }` ('0' / '1')
 *   bl/{tenantId}/{deviceCode}/ack        server → device: the outcome of each message it sent
 */
export const topicOf = (tenantId: string, deviceCode: string, kind: 'telemetry' | 'state' | 'cmd' | 'ack') =>
  `bl/${tenantId}/${deviceCode}/${kind}`;

export interface DeviceMqtt {
  /** Publishes a command to a device (QoS 1). */
  publish(topic: string, payload: object): Promise<void>;
  /** The broker URL the feed is connected to. */
  url: string;
  /** Telemetry messages received and not yet stored and answered (waiting or in a batch being stored). */
  unsettled(): number;
  stop(): Promise<void>;
}

interface EmbeddedBroker {
  url: string;
  close(): Promise<void>;
}

/**
 * A broker inside the server process for the demo (MQTT_EMBEDDED=1). Only the server's own
 * client may subscribe to the feed topics (payloads carry device secrets); any other client may
 * subscribe only to one device's `cmd` and `ack` topics.
 */
async function startEmbeddedBroker(port: number, serverClientId: string): Promise<EmbeddedBroker> {
  const broker = await Aedes.createBroker({
    authorizeSubscribe: (client, subscription, done) => {
      if (client?.id === serverClientId) return done(null, subscription);
      const parts = subscription.topic.split('/');
      const own =
        parts.length === 4 &&
        parts[0] === 'bl' &&
        (parts[3] === 'cmd' || parts[3] === 'ack') &&
        !subscription.topic.includes('+') &&
        !subscription.topic.includes('#');
      done(own ? null : new Error('not allowed'), own ? subscription : null);
    },
  });
  const server = net.createServer(broker.handle as (socket: net.Socket) => void);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '0.0.0.0', () => resolve());
  });
  return {
    url: `mqtt://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        broker.close(() => server.close(() => resolve()));
      }),
  };
}

/**
 * The MQTT device feed: connects to MQTT_URL (or an embedded broker), subscribes to every
 * device's telemetry and state through a shared subscription (one server process consumes each
 * message), stores what arrives exactly as the HTTP feed does, and answers on the device's ack
 * topic. Undefined when no broker is configured.
 */
export async function startDeviceMqtt(options: {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  notify: (alarms: RaisedAlarm[]) => Promise<void>;
  /** The batch's limits (tests shorten or lengthen the wait). */
  batch?: { size: number; waitMs: number };
}): Promise<DeviceMqtt | undefined> {
  const { config, database, log, notify } = options;
  const commandTimeoutSeconds = config.deviceCommandTimeoutSeconds;
  const batchSize = options.batch?.size ?? mqttBatchSize;
  const batchWaitMs = options.batch?.waitMs ?? mqttBatchWaitMs;
  if (!config.mqttUrl && !config.mqttEmbedded) return undefined;
  const clientId = `bl-server-${randomBytes(6).toString('hex')}`;
  const embedded = config.mqttEmbedded
    ? await startEmbeddedBroker(config.mqttEmbeddedPort, clientId)
    : undefined;
  const url = embedded?.url ?? (config.mqttUrl as string);
  let client: MqttClient;
  try {
    client = await mqtt.connectAsync(url, {
      clientId,
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

  const refuse = async (
    tenantId: string,
    deviceCode: string,
    messageId: unknown,
    error: unknown,
    topic: string,
  ) => {
    const { code, key, params } = errorOf(error);
    if (code === 500) log.error({ err: error, topic }, 'device message failed');
    await ack(tenantId, deviceCode, {
      messageId,
      ok: false,
      code,
      msg: translate(key as MessageKey, 'zh', params as Record<string, string>),
    });
  };
  const publishCommands = (commands: DeviceCommand[]) =>
    Promise.all(
      commands.map((command) =>
        client
          .publishAsync(
            topicOf(command.tenantId, command.deviceCode, 'cmd'),
            JSON.stringify(commandPayload(command)),
            { qos: 1 },
          )
          .catch((error: unknown) =>
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
    const outcomes = await ingestBatch(database, batch, { commandTimeoutSeconds }).catch((error: unknown) =>
      batch.map(() => ({ ok: false as const, error })),
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
      let raw: unknown;
      try {
        raw = JSON.parse(payload.toString('utf8'));
      } catch {
        raw = undefined;
      }
      messageId = (raw as { messageId?: unknown } | undefined)?.messageId;
      if (kind === 'telemetry') {
        enqueue({ tenantId, deviceCode, message: parseMessage(readingsMessage, raw), topic });
      } else {
        const message = parseMessage(stateMessage, raw);
        const state = await reportState(
          database,
          tenantId,
          deviceCode,
          { kind: 'secret', secret: message.secret ?? '' },
          message,
        );
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
    async publish(topic, payload) {
      await client.publishAsync(topic, JSON.stringify(payload), { qos: 1 });
    },
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
