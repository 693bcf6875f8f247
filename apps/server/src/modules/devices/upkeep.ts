import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/database.ts';
import { defaultNotifyIntervalMinutes, type Measure, type RaisedAlarm } from './alarms.ts';

/** Months of partitions kept ready ahead of the current one. */
export const partitionsAhead = 3;

/**
 * Partition upkeep (ADR 0026): the monthly partitions of the readings exist from the current
 * month to `partitionsAhead` months on, and those wholly older than `retentionMonths` are
 * dropped (with their hourly roll-ups; the daily ones are kept). Run by a scheduled job, once
 * across processes; as the owner, since it changes the schema.
 */
export async function maintainPartitions(
  database: Database,
  retentionMonths: number,
  now = new Date(),
): Promise<{ created: number; dropped: string[] }> {
  const [made] = await queryRows<{ made: number }>(
    database.db,
    sql`select bl_temhumdata_add_partitions(${now.toISOString()}::timestamptz::date, ${partitionsAhead + 1}) as made`,
  );
  const cutoff = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - retentionMonths, 1));
  const stamp = `${cutoff.getUTCFullYear()}${String(cutoff.getUTCMonth() + 1).padStart(2, '0')}`;
  const old = await queryRows<{ name: string }>(
    database.db,
    sql`select c.relname as name from pg_inherits i
        join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'bl_temhumdata'::regclass and c.relname ~ '^bl_temhumdata_[0-9]{6}$'
          and substring(c.relname from 15) < ${stamp}
        order by 1`,
  );
  for (const { name } of old) await database.db.execute(sql.raw(`DROP TABLE "${name}"`));
  if (old.length > 0)
    await database.db.execute(
      sql`delete from bl_temhumdata_hourly where bucket < ${cutoff.toISOString()}::timestamptz`,
    );
  return { created: Number(made?.made ?? 0), dropped: old.map((o) => o.name) };
}

/** Tenants in use (the global registry: no tenant context needed). */
async function tenants(database: Database) {
  return queryRows<{ tenantId: string }>(
    database.db,
    sql`select tenant_id as "tenantId" from blade_tenant where is_deleted = 0 order by tenant_id`,
  );
}

/**
 * The sweep: a device without a report for twice its interval is marked offline; message ids
 * older than a day are forgotten (a message that old is refused by its age anyway).
 */
export async function sweepDevices(database: Database, now = new Date()): Promise<{ offline: number }> {
  let offline = 0;
  for (const { tenantId } of await tenants(database)) {
    offline += await database.withTenant(tenantId, async (tx) => {
      const marked = await queryRows(
        tx,
        sql`update bl_deviceinfo set online_status = '0'
            where tenant_id = ${tenantId} and is_deleted = 0 and online_status = '1'
              and (last_report_time is null
                   or last_report_time < ${now.toISOString()}::timestamptz - make_interval(secs => 2 * report_interval))
            returning 1`,
      );
      await tx.execute(
        sql`delete from bl_device_nonce where tenant_id = ${tenantId}
            and received_time < ${now.toISOString()}::timestamptz - interval '1 day'`,
      );
      return marked.length;
    });
  }
  return { offline };
}

/**
 * Recomputes a device's roll-ups for a time range from the raw readings (repair after a
 * restore, and the check that the incremental roll-ups are right).
 */
export async function rebuildRollups(
  database: Database,
  tenantId: string,
  deviceCode: string,
  from: Date,
  to: Date,
) {
  await database.withTenant(tenantId, async (tx) => {
    for (const [table, unit] of [
      ['bl_temhumdata_hourly', 'hour'],
      ['bl_temhumdata_daily', 'day'],
    ] as const) {
      const start = sql.raw(`date_trunc('${unit}', `);
      await tx.execute(
        sql`delete from ${sql.raw(table)} where tenant_id = ${tenantId} and device_code = ${deviceCode}
            and bucket >= ${start}${from.toISOString()}::timestamptz at time zone 'UTC') at time zone 'UTC'
            and bucket < ${to.toISOString()}::timestamptz`,
      );
      await tx.execute(
        sql`insert into ${sql.raw(table)} (tenant_id, device_code, bucket, readings, temperature_sum, temperature_min,
              temperature_max, humidity_readings, humidity_sum, humidity_min, humidity_max)
            select tenant_id, device_code, ${sql.raw(`date_trunc('${unit}', reading_time at time zone 'UTC') at time zone 'UTC'`)} b,
              count(*), sum(temperature), min(temperature), max(temperature),
              count(humidity), sum(humidity), min(humidity), max(humidity)
            from bl_temhumdata
            where tenant_id = ${tenantId} and device_code = ${deviceCode} and is_deleted = 0
              and reading_time >= ${start}${from.toISOString()}::timestamptz at time zone 'UTC') at time zone 'UTC'
              and reading_time < ${to.toISOString()}::timestamptz
            group by 1, 2, 3`,
      );
    }
  });
}

/**
 * The re-notify job (every minute, once across processes): an active alarm nobody has
 * acknowledged is notified again once its setting's `notifyInterval` (minutes; empty:
 * `defaultNotifyIntervalMinutes`) has passed since its last notification. Acknowledging or
 * clearing it ends the repetition. The notification time is moved in the same statement that
 * picks the alarm, so a run that overlaps another (or a retry) sends nothing twice; the sending
 * itself follows the commit (as for a raise: a failed delivery is logged, the alarm stands).
 */
export async function renotifyAlarms(database: Database, now = new Date()): Promise<RaisedAlarm[]> {
  const due: RaisedAlarm[] = [];
  for (const { tenantId } of await tenants(database)) {
    const rows = await database.withTenant(tenantId, (tx) =>
      queryRows<{
        id: string;
        deviceCode: string;
        measure: Measure;
        direction: 'low' | 'high';
        value: string;
        limit: string;
        time: string;
        phones: string | null;
        repeat: number;
      }>(
        tx,
        sql`with due as (
              select a.id, s.notify_phones
              from bl_devicealarm a
              join bl_deviceinfo d on d.tenant_id = a.tenant_id and d.device_code = a.device_code and d.is_deleted = 0
              cross join lateral (
                select s.notify_interval, s.notify_phones from bl_devicealarmsetting s
                where s.tenant_id = a.tenant_id and s.is_deleted = 0 and s.alarm_enabled = '1'
                  and (s.device_code = d.device_code
                       or (s.device_code is null and s.warehouse_area_code = d.warehouse_area_code))
                order by (s.device_code is null) limit 1) s
              where a.tenant_id = ${tenantId} and a.state = 'active' and a.ack_time is null
                and coalesce(a.notify_time, a.raised_time)
                    <= ${now.toISOString()}::timestamptz
                       - make_interval(mins => coalesce(s.notify_interval, ${defaultNotifyIntervalMinutes}))
              for update of a skip locked)
            update bl_devicealarm a set notify_time = ${now.toISOString()}::timestamptz,
              notify_count = a.notify_count + 1
            from due where a.id = due.id
            returning a.id::text as id, a.device_code as "deviceCode", a.measure, a.direction,
              a.peak_value::text as value, a.limit_value::text as limit,
              to_char(a.raised_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as time,
              due.notify_phones as phones, a.notify_count as repeat`,
      ),
    );
    for (const row of rows)
      due.push({
        ...row,
        tenantId,
        repeat: Number(row.repeat),
        phones: (row.phones ?? '')
          .split(/[,，\s]+/)
          .map((p) => p.trim())
          .filter(Boolean),
      });
  }
  return due;
}
