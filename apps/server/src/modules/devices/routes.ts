import { ok } from '@bl/contract';
import { instantSchema } from '@bl/entities';
import { sql } from 'drizzle-orm';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { afterCommit, type Database, queryRows } from '../../db/database.ts';
import { requireButton } from '../../engine/permissions.ts';
import { requireAuth } from '../../http/context.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import type { RaisedAlarm } from './alarms.ts';
import { type DeviceCommand, recordCommand } from './commands.ts';
import {
  type DeviceCredential,
  ingestReadings,
  maxMessageBytes,
  newSecret,
  parseMessage,
  readingsMessage,
  readingWindowOf,
  reportState,
  secretHash,
  stateMessage,
  tooLarge,
} from './ingest.ts';
import { countsAsFailure, type FeedLimiter } from './limits.ts';
import { type DeviceMqtt, deviceUsername, topicOf } from './mqtt.ts';

/** Longest chart range, in days; the resolution follows the range (see `resolutionOf`). */
export const maxHistoryDays = 400;

/** Raw readings up to a week, hourly roll-ups up to three months, daily beyond (ADR 0026). */
export function resolutionOf(from: Date, to: Date): 'raw' | 'hour' | 'day' {
  const days = (to.getTime() - from.getTime()) / 86_400_000;
  if (days <= 7) return 'raw';
  if (days <= 92) return 'hour';
  return 'day';
}

const done = <T>(request: FastifyRequest, data: T) => ok(data, translate('ok', request.language));

/** A timestamp column as ISO 8601 UTC text: the same on both drivers (one answers Dates, the other text). */
const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The raw JSON text of a feed request: what an HMAC signature covers. */
const rawBodies = new WeakMap<FastifyRequest, string>();

/**
 * A feed request's credential: a signature (`X-Device-Timestamp` and `X-Device-Signature`,
 * HMAC-SHA256 hex of `{timestamp}.{raw body}`) when it carries one, else the bearer secret.
 */
const credentialOf = (request: FastifyRequest): DeviceCredential => {
  const signature = request.headers['x-device-signature'];
  const timestamp = request.headers['x-device-timestamp'];
  if (signature !== undefined || timestamp !== undefined) {
    if (typeof signature !== 'string' || typeof timestamp !== 'string' || !/^[0-9a-f]{64}$/i.test(signature))
      throw unauthorized('device.badSignature');
    return { kind: 'signature', signature, timestamp, body: rawBodies.get(request) ?? '' };
  }
  const raw = request.headers.authorization ?? '';
  const match = /^bearer\s+(\S+)$/i.exec(raw.trim());
  if (!match?.[1]) throw unauthorized('device.badSecret');
  return { kind: 'secret', secret: match[1] };
};

const feedParams = z.object({ tenantId: z.string().max(12), deviceCode: z.string().max(64) });
const dateTime = instantSchema;

/**
 * Device monitoring routes (issue 19): the device feed (public, authenticated by the device's
 * secret), the device board, a device's history, the alarms and their acknowledgement, the
 * secret's rotation and the switch commands.
 */
export function registerDeviceRoutes(
  app: FastifyInstance,
  database: Database,
  deps: {
    config: Config;
    notify: (alarms: RaisedAlarm[]) => Promise<void>;
    mqtt: () => DeviceMqtt | undefined;
    /** Failed-authentication counts per address and device (limits.ts), shared with the broker. */
    limiter: FeedLimiter;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const window = readingWindowOf(deps.config);
  const limits = deps.limiter;
  const publishCommands = async (commands: DeviceCommand[], log: FastifyRequest['log']) => {
    const mqtt = deps.mqtt();
    if (!mqtt) return;
    for (const command of commands)
      await mqtt
        .publishCommand(command)
        .catch((error: unknown) =>
          log.warn({ err: error, commandId: command.id }, 'device command not published'),
        );
  };
  /**
   * A feed request's work behind the failed-authentication limits: refused (429) past them
   * before its credential is read; a wrong credential counts against its address and device.
   */
  const limited = async <T>(
    request: FastifyRequest,
    tenantId: string,
    deviceCode: string,
    work: () => Promise<T>,
  ) => {
    await limits.check(request.ip, tenantId, deviceCode);
    try {
      return await work();
    } catch (error) {
      if (countsAsFailure(error)) await limits.fail(request.ip, tenantId, deviceCode);
      throw error;
    }
  };

  // The feed in a scope of its own: its JSON parser keeps the raw text a signature covers, and
  // takes no more than a device message may hold (`maxMessageBytes`) before parsing.
  app.register(async (scope) => {
    scope.setErrorHandler((error: FastifyError) => {
      // The parent answers it, with the feed's limit in the message rather than the server's.
      throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? tooLarge() : error;
    });
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: maxMessageBytes },
      (request, body, done) => {
        const text = String(body);
        rawBodies.set(request, text);
        try {
          done(null, text === '' ? undefined : JSON.parse(text));
        } catch {
          done(badRequest('error.validation', { detail: 'body: not JSON' }), undefined);
        }
      },
    );
    registerFeed(scope.withTypeProvider<ZodTypeProvider>());
  });

  function registerFeed(feed: typeof api) {
    feed.post(
      '/api/bl-iot/feed/:tenantId/:deviceCode/readings',
      {
        config: { public: true },
        schema: {
          tags: ['devices'],
          summary:
            'Device feed: one reading ({messageId, time, temperature, humidity}) or a batch ({messageId, readings: [...]}), Authorization: Bearer <device secret>. A messageId is used once; readings are kept once per device and instant.',
          params: feedParams,
          body: z.unknown(),
        },
      },
      async (request) => {
        const { tenantId, deviceCode } = request.params;
        const result = await limited(request, tenantId, deviceCode, () =>
          ingestReadings(
            database,
            tenantId,
            deviceCode,
            credentialOf(request),
            parseMessage(readingsMessage, request.body),
            { commandTimeoutSeconds: deps.config.deviceCommandTimeoutSeconds, window },
          ),
        );
        if (result.raised.length > 0) await deps.notify(result.raised);
        await publishCommands(result.commands, request.log);
        const { raised, commands, ...counts } = result;
        return done(request, { ...counts, alarms: raised.length, commands: commands.length });
      },
    );

    feed.post(
      '/api/bl-iot/feed/:tenantId/:deviceCode/state',
      {
        config: { public: true },
        schema: {
          tags: ['devices'],
          summary:
            "Device feed: the device's switches ({messageId, beep, led}), Authorization: Bearer <device secret>",
          params: feedParams,
          body: z.unknown(),
        },
      },
      async (request) => {
        const { tenantId, deviceCode } = request.params;
        const state = await limited(request, tenantId, deviceCode, () =>
          reportState(
            database,
            tenantId,
            deviceCode,
            credentialOf(request),
            parseMessage(stateMessage, request.body),
          ),
        );
        return done(request, state);
      },
    );
  }

  api.post(
    '/api/bl-iot/deviceinfo/secret',
    {
      schema: {
        tags: ['devices'],
        summary:
          'Makes a new secret for a device (the old one stops working); the secret is answered once, only its hash is kept',
        body: z.object({ deviceCode: z.string().min(1).max(64) }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { deviceCode } = request.body;
      const secret = newSecret();
      await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'deviceinfo_edit');
        const found = await queryRows(
          tx,
          sql`update bl_deviceinfo set secret_time = now() where tenant_id = ${auth.tenantId}
              and device_code = ${deviceCode} and is_deleted = 0 returning 1`,
        );
        if (found.length === 0) throw notFound('device.notFound', { device: deviceCode });
        await tx.execute(
          sql`insert into bl_device_secret (tenant_id, device_code, secret_hash, create_user)
              values (${auth.tenantId}, ${deviceCode}, ${secretHash(secret)}, ${auth.userId})
              on conflict (tenant_id, device_code) do update set secret_hash = excluded.secret_hash,
                create_user = excluded.create_user, create_time = now()`,
        );
      });
      return done(request, {
        tenantId: auth.tenantId,
        deviceCode,
        secret,
        httpPath: `/api/bl-iot/feed/${auth.tenantId}/${deviceCode}/readings`,
        // MQTT: this account (password: the secret), this client id; messages signed (ADR 0026).
        mqttUsername: deviceUsername(auth.tenantId, deviceCode),
        topics: {
          telemetry: topicOf(auth.tenantId, deviceCode, 'telemetry'),
          state: topicOf(auth.tenantId, deviceCode, 'state'),
          cmd: topicOf(auth.tenantId, deviceCode, 'cmd'),
          ack: topicOf(auth.tenantId, deviceCode, 'ack'),
        },
      });
    },
  );

  api.get(
    '/api/bl-iot/devices/board',
    {
      schema: {
        tags: ['devices'],
        summary:
          'Device board: every device with its last values, online state (a report within twice its interval), open alarm and pending commands',
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const rows = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'deviceinfo_view');
        return queryRows<Record<string, unknown>>(
          tx,
          sql`select d.id::text as id, d.device_code as "deviceCode", d.device_name as "deviceName",
                d.warehouse_code as "warehouseCode", d.warehouse_area_code as "warehouseAreaCode",
                d.temperature::text as temperature, d.humidity::text as humidity,
                d.beep_state as "beepState", d.led_state as "ledState", ${iso('d.last_report_time')} as "lastReportTime",
                d.report_interval as "reportInterval", ${iso('d.secret_time')} as "secretTime",
                (d.last_report_time is not null
                  and d.last_report_time >= now() - make_interval(secs => 2 * d.report_interval)) as online,
                (select json_build_object('id', a.id::text, 'measure', a.measure, 'direction', a.direction,
                    'peakValue', a.peak_value::text, 'limitValue', a.limit_value::text, 'raisedTime', a.raised_time,
                    'acknowledged', a.ack_time is not null)
                 from bl_devicealarm a where a.tenant_id = d.tenant_id and a.device_code = d.device_code
                   and a.state = 'active' order by a.raised_time limit 1) as alarm,
                (select json_agg(json_build_object('switchName', c.switch_name, 'switchValue', c.switch_value,
                    'state', case when c.state = 'done' then 'done' when c.timeout_time <= now() then 'timeout'
                                  else 'pending' end,
                    'createTime', c.create_time, 'timeoutTime', c.timeout_time))
                 from (select distinct on (switch_name) * from bl_devicecommand c
                       where c.tenant_id = d.tenant_id and c.device_code = d.device_code
                       order by switch_name, create_time desc) c) as commands
              from bl_deviceinfo d
              where d.tenant_id = ${auth.tenantId} and d.is_deleted = 0
              order by d.device_code`,
        );
      });
      return done(request, rows);
    },
  );

  api.get(
    '/api/bl-iot/devices/history',
    {
      schema: {
        tags: ['devices'],
        summary:
          "A device's readings over a range for the chart: raw up to 7 days, hourly roll-ups up to 92, daily beyond; with its limits and alarms",
        querystring: z.object({ deviceCode: z.string().min(1).max(64), from: dateTime, to: dateTime }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const from = new Date(request.query.from);
      const to = new Date(request.query.to);
      const { deviceCode } = request.query;
      if (!(to > from)) throw badRequest('error.validation', { detail: 'from < to' });
      if (to.getTime() - from.getTime() > maxHistoryDays * 86_400_000)
        throw badRequest('device.rangeTooLong', { days: maxHistoryDays });
      const resolution = resolutionOf(from, to);
      return done(
        request,
        await database.withTenant(auth.tenantId, async (tx) => {
          await requireButton(tx, auth, 'deviceinfo_view');
          const range = {
            tenantId: auth.tenantId,
            deviceCode,
            from: from.toISOString(),
            to: to.toISOString(),
          };
          const points =
            resolution === 'raw'
              ? await queryRows<Record<string, unknown>>(
                  tx,
                  sql`select ${iso('reading_time')} as t, temperature::text as temperature, humidity::text as humidity
                      from bl_temhumdata
                      where tenant_id = ${range.tenantId} and device_code = ${range.deviceCode} and is_deleted = 0
                        and reading_time >= ${range.from}::timestamptz and reading_time < ${range.to}::timestamptz
                      order by reading_time`,
                )
              : await queryRows<Record<string, unknown>>(
                  tx,
                  sql`select ${iso('bucket')} as t, round(temperature_sum / readings, 2)::text as temperature,
                        case when humidity_readings > 0 then round(humidity_sum / humidity_readings, 2)::text end as humidity,
                        temperature_min::text as "temperatureMin", temperature_max::text as "temperatureMax",
                        humidity_min::text as "humidityMin", humidity_max::text as "humidityMax", readings
                      from ${sql.raw(resolution === 'hour' ? 'bl_temhumdata_hourly' : 'bl_temhumdata_daily')}
                      where tenant_id = ${range.tenantId} and device_code = ${range.deviceCode}
                        and bucket >= ${range.from}::timestamptz and bucket < ${range.to}::timestamptz
                      order by bucket`,
                );
          const [limits] = await queryRows<Record<string, unknown>>(
            tx,
            sql`select s.min_temperature::text as "minTemperature", s.max_temperature::text as "maxTemperature",
                  s.min_humidity::text as "minHumidity", s.max_humidity::text as "maxHumidity"
                from bl_devicealarmsetting s
                join bl_deviceinfo d on d.tenant_id = s.tenant_id and d.device_code = ${deviceCode} and d.is_deleted = 0
                where s.tenant_id = ${auth.tenantId} and s.is_deleted = 0 and s.alarm_enabled = '1'
                  and (s.device_code = d.device_code
                       or (s.device_code is null and s.warehouse_area_code = d.warehouse_area_code))
                order by (s.device_code is null) limit 1`,
          );
          const alarms = await queryRows<Record<string, unknown>>(
            tx,
            sql`select id::text as id, measure, direction, peak_value::text as "peakValue", ${iso('raised_time')} as "raisedTime",
                  ${iso('cleared_time')} as "clearedTime"
                from bl_devicealarm
                where tenant_id = ${auth.tenantId} and device_code = ${deviceCode} and state <> 'pending'
                  and raised_time < ${range.to}::timestamptz
                  and (cleared_time is null or cleared_time >= ${range.from}::timestamptz)
                order by raised_time`,
          );
          return { resolution, points, limits: limits ?? null, alarms };
        }),
      );
    },
  );

  const alarmSelect = sql`select a.id::text as id, a.device_code as "deviceCode", d.device_name as "deviceName",
      a.measure, a.direction, a.limit_value::text as "limitValue", a.peak_value::text as "peakValue", a.state,
      ${iso('a.out_since')} as "outSince", ${iso('a.raised_time')} as "raisedTime",
      ${iso('a.cleared_time')} as "clearedTime",
      extract(epoch from coalesce(a.cleared_time, now()) - a.raised_time)::int as "durationSeconds",
      ${iso('a.ack_time')} as "ackTime", a.ack_user_name as "ackUserName", a.ack_comment as "ackComment",
      a.notify_count as "notifyCount"
    from bl_devicealarm a
    left join bl_deviceinfo d on d.tenant_id = a.tenant_id and d.device_code = a.device_code and d.is_deleted = 0`;

  api.get(
    '/api/bl-iot/alarms',
    {
      schema: {
        tags: ['devices'],
        summary: 'Alarm history, newest first, with durations; state=active for the open ones only',
        querystring: z.object({
          current: z.coerce.number().int().min(1).default(1),
          size: z.coerce.number().int().min(1).max(200).default(20),
          state: z.enum(['active', 'cleared']).optional(),
          deviceCode: z.string().max(64).optional(),
        }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { current, size, state, deviceCode } = request.query;
      return done(
        request,
        await database.withTenant(auth.tenantId, async (tx) => {
          await requireButton(tx, auth, 'deviceinfo_view');
          const where = sql`a.tenant_id = ${auth.tenantId} and a.state <> 'pending'
            ${state ? sql`and a.state = ${state}` : sql``}
            ${deviceCode ? sql`and a.device_code = ${deviceCode}` : sql``}`;
          const [counted] = await queryRows<{ total: number }>(
            tx,
            sql`select count(*)::int as total from bl_devicealarm a where ${where}`,
          );
          const records = await queryRows<Record<string, unknown>>(
            tx,
            sql`${alarmSelect} where ${where} order by a.raised_time desc, a.id desc
                limit ${size} offset ${(current - 1) * size}`,
          );
          const total = counted?.total ?? 0;
          return { records, total, size, current, pages: Math.ceil(total / size) };
        }),
      );
    },
  );

  api.get(
    '/api/bl-iot/alarms/summary',
    {
      schema: {
        tags: ['devices'],
        summary: 'Open alarms for the top bar: how many, how many not acknowledged',
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const [row] = await database.withTenant(auth.tenantId, (tx) =>
        queryRows<{ active: number; unacknowledged: number }>(
          tx,
          sql`select count(*)::int as active, count(*) filter (where ack_time is null)::int as unacknowledged
              from bl_devicealarm where tenant_id = ${auth.tenantId} and state = 'active'`,
        ),
      );
      return done(request, row ?? { active: 0, unacknowledged: 0 });
    },
  );

  api.post(
    '/api/bl-iot/alarms/acknowledge',
    {
      schema: {
        tags: ['devices'],
        summary: 'Acknowledges an alarm with a comment (once)',
        body: z.object({ id: z.string().regex(/^\d+$/), comment: z.string().max(500) }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const comment = request.body.comment.trim();
      if (!comment) throw badRequest('device.ackCommentRequired');
      return done(
        request,
        await database.withTenant(auth.tenantId, async (tx) => {
          await requireButton(tx, auth, 'deviceinfo_edit');
          const [alarm] = await queryRows<{
            ackTime: Date | null;
            ackUserName: string | null;
            state: string;
          }>(
            tx,
            sql`select ack_time as "ackTime", ack_user_name as "ackUserName", state from bl_devicealarm
                where id = ${request.body.id} and tenant_id = ${auth.tenantId} for update`,
          );
          if (!alarm || alarm.state === 'pending') throw notFound('device.alarmNotFound');
          if (alarm.ackTime)
            throw conflict('device.alarmAcknowledged', {
              user: alarm.ackUserName ?? '',
              time: new Date(alarm.ackTime).toISOString(),
            });
          await tx.execute(
            sql`update bl_devicealarm set ack_time = now(), ack_user = ${auth.userId},
                  ack_user_name = ${auth.userName || auth.account}, ack_comment = ${comment}
                where id = ${request.body.id}`,
          );
          const [row] = await queryRows<Record<string, unknown>>(
            tx,
            sql`${alarmSelect} where a.id = ${request.body.id}`,
          );
          return row;
        }),
      );
    },
  );

  api.post(
    '/api/bl-iot/devices/command',
    {
      schema: {
        tags: ['devices'],
        summary:
          "Switches a device's buzzer or light: publishes the command on bl/{tenant}/{device}/cmd; pending until the device reports the new state",
        body: z.object({
          deviceCode: z.string().min(1).max(64),
          switchName: z.enum(['beep', 'led']),
          switchValue: z.enum(['0', '1']),
        }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const mqtt = deps.mqtt();
      if (!mqtt) throw badRequest('device.noBroker');
      const { deviceCode, switchName, switchValue } = request.body;
      const command = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'deviceinfo_edit');
        const [device] = await queryRows<{ name: string }>(
          tx,
          sql`select device_name as name from bl_deviceinfo where tenant_id = ${auth.tenantId}
              and device_code = ${deviceCode} and is_deleted = 0 for update`,
        );
        if (!device) throw notFound('device.notFound', { device: deviceCode });
        const recorded = await recordCommand(
          tx,
          { tenantId: auth.tenantId, deviceCode, switchName, switchValue },
          { userId: auth.userId, timeoutSeconds: deps.config.deviceCommandTimeoutSeconds },
        );
        afterCommit(tx, () => publishCommands([recorded], request.log));
        return recorded;
      });
      return done(request, {
        id: command.id,
        deviceCode,
        switchName,
        switchValue,
        state: 'pending',
        timeoutTime: command.timeoutTime,
      });
    },
  );
}
