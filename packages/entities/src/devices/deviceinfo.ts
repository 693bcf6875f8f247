import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Temperature and humidity sensors (spec 02 §3.10 deviceinfo), placed in a warehouse area.
 * `temperature` (°C) and `humidity` (%RH) are the last reading and `onlineStatus` and
 * `lastReportTime` when it came, all written by the device feed. The buzzer (`beepState`) and
 * the light (`ledState`) can be switched from here; the device module sends the change.
 */
export const deviceInfoTable = pgTable(
  'bl_deviceinfo',
  {
    ...entityColumns(),
    deviceCode: varchar({ length: 64 }).notNull(),
    deviceName: varchar({ length: 128 }).notNull(),
    warehouseCode: varchar({ length: 64 }),
    warehouseAreaCode: varchar({ length: 64 }),
    deviceStatus: varchar({ length: 8 }).notNull().default('1'),
    temperature: numeric({ precision: 8, scale: 2 }),
    humidity: numeric({ precision: 8, scale: 2 }),
    beepState: varchar({ length: 1 }).notNull().default('0'),
    ledState: varchar({ length: 1 }).notNull().default('0'),
    onlineStatus: varchar({ length: 1 }).notNull().default('0'),
    lastReportTime: timestamp({ withTimezone: true }),
    /** Seconds between the device's reports: no report for twice as long and it shows offline. */
    reportInterval: integer().notNull().default(60),
    /** When the device's secret was last made (the secret itself is never stored). */
    secretTime: timestamp({ withTimezone: true }),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_deviceinfo_device_code_uq').on(t.tenantId, t.deviceCode).where(sql`is_deleted = 0`),
    index('bl_deviceinfo_warehouse_idx').on(t.tenantId, t.warehouseCode),
  ],
);

export const deviceinfo = defineEntity({
  name: 'deviceinfo',
  service: 'bl-iot',
  area: 'device',
  label: label('温湿度设备', '溫濕度設備', 'Temperature and humidity sensor'),
  table: deviceInfoTable,
  unfilled: {
    temperature: 'by nature: a reading of the device, empty until it first reports',
    humidity: 'by nature: a reading of the device, empty until it first reports',
    lastReportTime: 'by nature: a reading of the device, empty until it first reports',
    secretTime: 'by nature: set when a secret is made for the device (deviceinfo/secret)',
  },
  titleField: 'deviceName',
  defaultSort: { field: 'deviceCode', order: 'asc' },
  fields: {
    ...commonFields,
    deviceCode: f.text(label('设备编号', '設備編號', 'Device no.'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    deviceName: f.text(label('设备名称', '設備名稱', 'Device name'), { required: true, maxLength: 128 }),
    warehouseCode: f.ref(label('仓库', '倉庫', 'Warehouse'), 'warehouse'),
    warehouseAreaCode: f.ref(label('库区', '庫區', 'Storage area'), 'warehousearea', { list: false }),
    deviceStatus: f.dict(label('设备状态', '設備狀態', 'Device status'), 'deviceStatus', {
      required: true,
      defaultValue: '1',
      list: false,
    }),
    temperature: f.decimal(label('温度（℃）', '溫度（℃）', 'Temperature (°C)'), 2, { form: 'readonly' }),
    humidity: f.decimal(label('湿度（%RH）', '濕度（%RH）', 'Humidity (%RH)'), 2, { form: 'readonly' }),
    // Reported by the device; switched by a command from the device board, never typed in.
    beepState: f.dict(label('蜂鸣器', '蜂鳴器', 'Buzzer'), 'deviceSwitch', {
      defaultValue: '0',
      form: 'readonly',
    }),
    ledState: f.dict(label('指示灯', '指示燈', 'Indicator light'), 'deviceSwitch', {
      defaultValue: '0',
      form: 'readonly',
    }),
    onlineStatus: f.dict(label('在线状态', '在線狀態', 'Connection'), 'deviceOnline', {
      defaultValue: '0',
      form: 'readonly',
    }),
    lastReportTime: f.datetime(label('最后上报时间', '最後上報時間', 'Last report'), {
      form: 'readonly',
      sortable: true,
    }),
    reportInterval: f.integer(label('上报间隔（秒）', '上報間隔（秒）', 'Report interval (s)'), {
      min: 5,
      max: 86400,
      defaultValue: 60,
      list: false,
    }),
    secretTime: f.datetime(label('密钥生成时间', '密鑰產生時間', 'Secret made at'), {
      form: 'readonly',
      list: false,
    }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
