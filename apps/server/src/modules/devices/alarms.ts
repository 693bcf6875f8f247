import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { queryRows, type Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import { type DeviceCommand, recordCommand } from './commands.ts';

/** The limits that apply to one device: its own setting, else its storage area's. */
export interface AlarmSetting {
  minTemperature: string | null;
  maxTemperature: string | null;
  minHumidity: string | null;
  maxHumidity: string | null;
  delayMinutes: number;
  clearMargin: string;
  notifyPhones: string | null;
  /** '1': the buzzer is switched on when an alarm is raised and off when the last one clears. */
  autoBeep: string;
}

/** Minutes between notifications of an active, unacknowledged alarm when its setting leaves them empty. */
export const defaultNotifyIntervalMinutes = 30;

export type Measure = 'temperature' | 'humidity';
export const measures: Measure[] = ['temperature', 'humidity'];

/** A reading as the alarm rules see it (values as decimal strings, as stored). */
export interface StoredReading {
  readingTime: Date;
  temperature: string;
  humidity: string | null;
}

/** An alarm that was raised by this batch: what the notification says. */
export interface RaisedAlarm {
  id: string;
  tenantId: string;
  deviceCode: string;
  measure: Measure;
  direction: 'low' | 'high';
  value: string;
  limit: string;
  time: string;
  phones: string[];
  /** The how-many-th notification of a still active alarm (absent: the first, when raised). */
  repeat?: number;
}

/**
 * The enabled settings of some devices: each device's own when it has one, else its storage
 * area's (a setting without a device). A device with neither is absent: nothing is checked.
 */
export async function settingsOf(
  tx: Tx,
  tenantId: string,
  deviceCodes: string[],
): Promise<Map<string, AlarmSetting>> {
  if (deviceCodes.length === 0) return new Map();
  const rows = await queryRows<AlarmSetting & { deviceCode: string }>(
    tx,
    sql`select d.device_code as "deviceCode", s.min_temperature as "minTemperature", s.max_temperature as "maxTemperature",
               s.min_humidity as "minHumidity", s.max_humidity as "maxHumidity",
               coalesce(s.delay_minutes, 0) as "delayMinutes", coalesce(s.clear_margin, 0)::text as "clearMargin",
               s.notify_phones as "notifyPhones", s.auto_beep as "autoBeep"
        from bl_deviceinfo d
        cross join lateral (
          select * from bl_devicealarmsetting s
          where s.tenant_id = d.tenant_id and s.is_deleted = 0 and s.alarm_enabled = '1'
            and (s.device_code = d.device_code
                 or (s.device_code is null and s.warehouse_area_code = d.warehouse_area_code))
          order by (s.device_code is null) limit 1) s
        where d.tenant_id = ${tenantId} and d.is_deleted = 0
          and d.device_code in (select jsonb_array_elements_text(${JSON.stringify(deviceCodes)}::jsonb))`,
  );
  return new Map(rows.map(({ deviceCode, ...setting }) => [deviceCode, setting]));
}

const limitsOf = (setting: AlarmSetting, measure: Measure) =>
  measure === 'temperature'
    ? { min: setting.minTemperature, max: setting.maxTemperature }
    : { min: setting.minHumidity, max: setting.maxHumidity };

/** Compared as numbers of at most two decimals: exact enough in a double for readings. */
const num = (value: string | null) => (value === null ? null : Number(value));

/** 'low', 'high' or null (in range, or no limit on that side). */
export function outOfRange(setting: AlarmSetting, measure: Measure, value: string | null) {
  const v = num(value);
  if (v === null) return null;
  const { min, max } = limitsOf(setting, measure);
  if (min !== null && v < Number(min)) return 'low' as const;
  if (max !== null && v > Number(max)) return 'high' as const;
  return null;
}

/** Back inside the range by the clear margin: what ends an alarm. */
function backInRange(setting: AlarmSetting, measure: Measure, value: string) {
  const v = Number(value);
  const margin = Number(setting.clearMargin);
  const { min, max } = limitsOf(setting, measure);
  return (min === null || v >= Number(min) + margin) && (max === null || v <= Number(max) - margin);
}

interface OpenAlarm {
  id: string;
  measure: Measure;
  direction: 'low' | 'high';
  limitValue: string;
  peakValue: string;
  state: 'pending' | 'active';
  outSince: Date;
  raisedTime: Date | null;
  isNew?: boolean;
  changed?: boolean;
  ended?: 'dropped' | 'cleared';
  clearedTime?: Date;
}

/**
 * Runs a device's readings (oldest first) through its alarm rules. A value out of range opens a
 * pending alarm; once it has stayed out for the setting's delay the alarm becomes active (raised,
 * once: one open alarm per device and measure); a value back inside the range by the clear
 * margin drops a pending alarm and clears an active one. The device's open alarms are locked
 * first, so two messages of one device are evaluated one after the other. With the setting's
 * automatic buzzer, a raise switches the buzzer on and the clearing of the last active alarm
 * switches it off (commands recorded here, published by the caller once committed).
 */
export async function evaluateAlarms(
  tx: Tx,
  tenantId: string,
  deviceCode: string,
  setting: AlarmSetting | undefined,
  readings: StoredReading[],
  options: { commandTimeoutSeconds: number; now: Date },
): Promise<{ raised: RaisedAlarm[]; commands: DeviceCommand[] }> {
  // The device row is the lock: alarms of one device are decided by one transaction at a time.
  await tx.execute(
    sql`select 1 from bl_deviceinfo where tenant_id = ${tenantId} and device_code = ${deviceCode}
        and is_deleted = 0 for update`,
  );
  const open = await queryRows<OpenAlarm>(
    tx,
    sql`select id::text as id, measure, direction, limit_value as "limitValue", peak_value as "peakValue", state,
               out_since as "outSince", raised_time as "raisedTime"
        from bl_devicealarm
        where tenant_id = ${tenantId} and device_code = ${deviceCode} and state in ('pending', 'active')`,
  );
  // Drivers differ in how they hand back timestamps: made Dates here.
  const current = new Map<Measure, OpenAlarm>(
    open.map((alarm) => [
      alarm.measure,
      {
        ...alarm,
        outSince: new Date(alarm.outSince),
        raisedTime: alarm.raisedTime ? new Date(alarm.raisedTime) : null,
      },
    ]),
  );
  const finished: OpenAlarm[] = [];
  const raised: RaisedAlarm[] = [];
  const phones = (setting?.notifyPhones ?? '')
    .split(/[,，\s]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  for (const reading of readings) {
    for (const measure of measures) {
      const value = measure === 'temperature' ? reading.temperature : reading.humidity;
      if (value === null) continue;
      let alarm = current.get(measure);
      const out = setting ? outOfRange(setting, measure, value) : null;
      if (out && setting) {
        if (!alarm) {
          const limits = limitsOf(setting, measure);
          alarm = {
            id: nextId(),
            measure,
            direction: out,
            limitValue: String(out === 'low' ? limits.min : limits.max),
            peakValue: value,
            state: 'pending',
            outSince: reading.readingTime,
            raisedTime: null,
            isNew: true,
          };
          current.set(measure, alarm);
        } else {
          const worse =
            alarm.direction === 'high'
              ? Number(value) > Number(alarm.peakValue)
              : Number(value) < Number(alarm.peakValue);
          if (worse) alarm.peakValue = value;
          alarm.changed = true;
        }
        const delayMs = setting.delayMinutes * 60_000;
        if (
          alarm.state === 'pending' &&
          reading.readingTime.getTime() - alarm.outSince.getTime() >= delayMs
        ) {
          alarm.state = 'active';
          alarm.raisedTime = reading.readingTime;
          alarm.changed = true;
          raised.push({
            id: alarm.id,
            tenantId,
            deviceCode,
            measure,
            direction: alarm.direction,
            value,
            limit: alarm.limitValue,
            time: reading.readingTime.toISOString(),
            phones,
          });
        }
      } else if (alarm && (!setting || backInRange(setting, measure, value))) {
        alarm.ended = alarm.state === 'pending' ? 'dropped' : 'cleared';
        alarm.clearedTime = reading.readingTime;
        finished.push(alarm);
        current.delete(measure);
      }
    }
  }
  for (const alarm of [...finished, ...current.values()]) {
    if (alarm.ended === 'dropped') {
      if (!alarm.isNew) await tx.execute(sql`delete from bl_devicealarm where id = ${alarm.id}`);
      continue;
    }
    const state = alarm.ended === 'cleared' ? 'cleared' : alarm.state;
    // Notified now when raised here: the re-notify job counts its interval from this.
    const notified = raised.some((r) => r.id === alarm.id);
    const notifyTime = notified ? options.now.toISOString() : null;
    if (alarm.isNew) {
      await tx.execute(
        sql`insert into bl_devicealarm (id, tenant_id, device_code, measure, direction, limit_value, peak_value,
              state, out_since, raised_time, cleared_time, notify_time, notify_count)
            values (${alarm.id}, ${tenantId}, ${deviceCode}, ${alarm.measure}, ${alarm.direction},
              ${alarm.limitValue}, ${alarm.peakValue}, ${state}, ${alarm.outSince.toISOString()},
              ${alarm.raisedTime?.toISOString() ?? null}, ${alarm.clearedTime?.toISOString() ?? null},
              ${notifyTime}, ${notified ? 1 : 0})`,
      );
    } else if (alarm.changed || alarm.ended) {
      await tx.execute(
        sql`update bl_devicealarm set peak_value = ${alarm.peakValue}, state = ${state},
              raised_time = ${alarm.raisedTime?.toISOString() ?? null},
              cleared_time = ${alarm.clearedTime?.toISOString() ?? null},
              notify_time = coalesce(${notifyTime}::timestamptz, notify_time),
              notify_count = notify_count + ${notified ? 1 : 0}
            where id = ${alarm.id}`,
      );
    }
  }
  const commands: DeviceCommand[] = [];
  const cleared = finished.some((alarm) => alarm.ended === 'cleared');
  if (setting?.autoBeep === '1' && (raised.length > 0 || cleared)) {
    const stillActive = [...current.values()].some((alarm) => alarm.state === 'active');
    commands.push(
      await recordCommand(
        tx,
        { tenantId, deviceCode, switchName: 'beep', switchValue: stillActive ? '1' : '0' },
        { userId: null, timeoutSeconds: options.commandTimeoutSeconds, now: options.now },
      ),
    );
  }
  return { raised, commands };
}

const measureText = { temperature: '温度', humidity: '湿度' } as const;
const directionText = { low: '低于下限', high: '高于上限' } as const;

/**
 * Sends raised alarms through the text-message webhook the sign-in codes use (CODE_SENDER=webhook,
 * CODE_SENDER_URL) with `purpose: 'deviceAlarm'`; with the log sender they go to the server log.
 * In-app, the top bar reads the open alarms (routes.ts). A failed delivery is logged: the alarm
 * stands and shows in the app whatever the gateway does.
 */
export function alarmNotifier(config: Config, log: FastifyBaseLogger, fetchImpl: typeof fetch = fetch) {
  return async (alarms: RaisedAlarm[]) => {
    for (const alarm of alarms) {
      const again = alarm.repeat ? `【第 ${alarm.repeat} 次通知，仍未确认】` : '';
      const text = `${again}设备 ${alarm.deviceCode} ${measureText[alarm.measure]} ${alarm.value} ${directionText[alarm.direction]} ${alarm.limit}（${alarm.time}）`;
      if (config.codeSender === 'webhook' && config.codeSenderUrl) {
        const response = await fetchImpl(config.codeSenderUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ purpose: 'deviceAlarm', ...alarm, text }),
          signal: AbortSignal.timeout(10_000),
        }).catch((error: unknown) => {
          log.warn({ err: error, alarmId: alarm.id }, 'device alarm notification failed');
          return null;
        });
        if (response && !response.ok)
          log.warn({ alarmId: alarm.id, status: response.status }, 'device alarm notification refused');
      } else {
        log.warn(
          { alarmId: alarm.id, tenantId: alarm.tenantId, phones: alarm.phones },
          `device alarm: ${text}`,
        );
      }
    }
  };
}
