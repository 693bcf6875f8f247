import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Aedes } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';
import type { RaisedAlarm } from './alarms.ts';
import {
  errorOf,
  ingestReadings,
  parseMessage,
  readingsMessage,
  reportState,
  stateMessage,
} from './ingest.ts';

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
}): Promise<DeviceMqtt | undefined> {
  const { config, database, log, notify } = options;
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
        const message = parseMessage(readingsMessage, raw);
        const result = await ingestReadings(database, tenantId, deviceCode, message.secret ?? '', message);
        if (result.raised.length > 0) await notify(result.raised);
        const { raised, ...counts } = result;
        await ack(tenantId, deviceCode, { messageId, ok: true, ...counts, alarms: raised.length });
      } else {
        const message = parseMessage(stateMessage, raw);
        const state = await reportState(database, tenantId, deviceCode, message.secret ?? '', message);
        await ack(tenantId, deviceCode, { messageId, ok: true, ...state });
      }
    } catch (error) {
      const { code, key, params } = errorOf(error);
      if (code === 500) log.error({ err: error, topic }, 'device message failed');
      await ack(tenantId, deviceCode, {
        messageId,
        ok: false,
        code,
        msg: translate(key as MessageKey, 'zh', params as Record<string, string>),
      });
    }
  };
  client.on('message', (topic, payload) => void handle(topic, payload));
  client.on('error', (error) => log.warn({ err: error }, 'device MQTT connection error'));

  return {
    url,
    async publish(topic, payload) {
      await client.publishAsync(topic, JSON.stringify(payload), { qos: 1 });
    },
    async stop() {
      await client.endAsync(true).catch(() => undefined);
      await embedded?.close();
    },
  };
}
