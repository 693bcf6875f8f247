import { index, numeric, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Temperature and humidity readings (spec 02 §3.10 temhumdata): one row per reading a sensor
 * reports, °C and %RH. `alarmFlag` marks a reading outside the device's alarm setting, set when
 * the reading is stored. On the database the table is partitioned by month of `readingTime` and
 * keyed by tenant, device and time (migration 0042, ADR 0026): a reading sent twice is kept once.
 */
export const temHumDataTable = pgTable(
  'bl_temhumdata',
  {
    ...entityColumns(),
    deviceCode: varchar({ length: 64 }).notNull(),
    temperature: numeric({ precision: 8, scale: 2 }).notNull(),
    humidity: numeric({ precision: 8, scale: 2 }),
    readingTime: timestamp({ withTimezone: true }).notNull(),
    alarmFlag: varchar({ length: 1 }).notNull().default('0'),
    /** When the server received it (readingTime is the device's clock, clamped). */
    receivedTime: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** '1' when the device's clock was ahead of the server's and its time was clamped. */
    clockFlag: varchar({ length: 1 }).notNull().default('0'),
  },
  (t) => [index('bl_temhumdata_device_time_idx').on(t.tenantId, t.deviceCode, t.readingTime)],
);

export const temhumdata = defineEntity({
  name: 'temhumdata',
  service: 'bl-iot',
  area: 'device',
  label: label('温湿度记录', '溫濕度記錄', 'Temperature and humidity reading'),
  table: temHumDataTable,
  titleField: 'deviceCode',
  defaultSort: { field: 'readingTime', order: 'desc' },
  // Written only by the device feed (modules/devices), which keeps the roll-ups in step.
  readOnly: true,
  fields: {
    ...commonFields,
    deviceCode: f.ref(label('设备', '設備', 'Device'), 'deviceinfo', {
      required: true,
      valueField: 'deviceCode',
      labelField: 'deviceName',
    }),
    temperature: f.decimal(label('温度（℃）', '溫度（℃）', 'Temperature (°C)'), 2, {
      required: true,
      min: -100,
      max: 200,
    }),
    humidity: f.decimal(label('湿度（%RH）', '濕度（%RH）', 'Humidity (%RH)'), 2, { min: 0, max: 100 }),
    readingTime: f.datetime(label('采集时间', '採集時間', 'Read at'), {
      required: true,
      search: 'range',
      sortable: true,
    }),
    alarmFlag: f.flag(label('超限报警', '超限報警', 'Out of range'), { defaultValue: '0', form: 'readonly' }),
    receivedTime: f.datetime(label('接收时间', '接收時間', 'Received at'), { form: 'readonly', list: false }),
    clockFlag: f.flag(label('设备时钟偏差', '設備時鐘偏差', 'Device clock off'), {
      defaultValue: '0',
      form: 'readonly',
      list: false,
    }),
  },
});
