import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { queryRows, type Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';

/** The limits that apply to one device: its own setting, else its storage area's. */
export interface AlarmSetting {
  minTemperature: string | null;
  maxTemperature: string | null;
  minHumidity: string | null;
  maxHumidity: string | null;
  delayMinutes: number;
  clearMargin: string;
  notifyPhones: string | null;
}

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
}

/**
 * The enabled setting of a device: the device's own when it has one, else its storage area's
 * (a setting without a device). Undefined when neither exists: nothing is checked.
 */
export async function settingOf(
  tx: Tx,
  tenantId: string,
  deviceCode: string,
): Promise<AlarmSetting | undefined> {
  const [row] = await queryRows<AlarmSetting>(
    tx,
    sql`select s.min_temperature as "minTemperature", s.max_temperature as "maxTemperature",
               s.min_humidity as "minHumidity", s.max_humidity as "maxHumidity",
               coalesce(s.delay_minutes, 0) as "delayMinutes", coalesce(s.clear_margin, 0)::text as "clearMargin", s.notify_phones as "notifyPhones"
        from bl_devicealarmsetting s
        join bl_deviceinfo d on d.tenant_id = s.tenant_id and d.device_code = ${deviceCode} and d.is_deleted = 0
        where s.tenant_id = ${tenantId} and s.is_deleted = 0 and s.alarm_enabled = '1'
          and (s.device_code = d.device_code
               or (s.device_code is null and s.warehouse_area_code = d.warehouse_area_code))
        order by (s.device_code is null) limit 1`,
  );
  return row;
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
 * first, so two messages of one device are evaluated one after the other.
 */
export async function evaluateAlarms(
  tx: Tx,
  tenantId: string,
  deviceCode: string,
  setting: AlarmSetting | undefined,
  readings: StoredReading[],
): Promise<RaisedAlarm[]> {
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
    if (alarm.isNew) {
      await tx.execute(
        sql`insert into bl_devicealarm (id, tenant_id, device_code, measure, direction, limit_value, peak_value,
              state, out_since, raised_time, cleared_time)
            values (${alarm.id}, ${tenantId}, ${deviceCode}, ${alarm.measure}, ${alarm.direction},
              ${alarm.limitValue}, ${alarm.peakValue}, ${state}, ${alarm.outSince.toISOString()},
              ${alarm.raisedTime?.toISOString() ?? null}, ${alarm.clearedTime?.toISOString() ?? null})`,
      );
    } else if (alarm.changed || alarm.ended) {
      await tx.execute(
        sql`update bl_devicealarm set peak_value = ${alarm.peakValue}, state = ${state},
              raised_time = ${alarm.raisedTime?.toISOString() ?? null},
              cleared_time = ${alarm.clearedTime?.toISOString() ?? null}
            where id = ${alarm.id}`,
      );
    }
  }
  return raised;
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
      const text = `设备 ${alarm.deviceCode} ${measureText[alarm.measure]} ${alarm.value} ${directionText[alarm.direction]} ${alarm.limit}（${alarm.time}）`;
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
