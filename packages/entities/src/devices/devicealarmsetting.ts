import { sql } from 'drizzle-orm';
import { integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

const reading = () => numeric({ precision: 8, scale: 2 });

/**
 * Alarm settings of a sensor (spec 02 §3.10 devicealarmsetting), one per device: the allowed
 * temperature (°C) and humidity (%RH) ranges; a reading outside them raises an alarm, sounds
 * the buzzer (when `autoBeep`) and sends a text to `notifyPhones` (comma-separated), again every
 * `notifyInterval` minutes (empty: 30) while it is active and not acknowledged. A setting without a device applies to every device of
 * its storage area that has none of its own. An alarm is raised only after `delayMinutes` out of
 * range and cleared once the value is back inside the range by `clearMargin`.
 */
export const deviceAlarmSettingTable = pgTable(
  'bl_devicealarmsetting',
  {
    ...entityColumns(),
    deviceCode: varchar({ length: 64 }),
    warehouseAreaCode: varchar({ length: 64 }),
    delayMinutes: integer().default(0),
    clearMargin: numeric({ precision: 8, scale: 2 }).default('0'),
    minTemperature: reading(),
    maxTemperature: reading(),
    minHumidity: reading(),
    maxHumidity: reading(),
    alarmEnabled: varchar({ length: 1 }).notNull().default('1'),
    notifyPhones: varchar({ length: 255 }),
    notifyInterval: integer(),
    /** '1': the device's buzzer is switched on when an alarm is raised and off when it clears. */
    autoBeep: varchar({ length: 1 }).notNull().default('0'),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_devicealarmsetting_device_uq').on(t.tenantId, t.deviceCode).where(sql`is_deleted = 0`),
    uniqueIndex('bl_devicealarmsetting_area_uq')
      .on(t.tenantId, t.warehouseAreaCode)
      .where(sql`is_deleted = 0 AND device_code IS NULL`),
  ],
);

export const devicealarmsetting = defineEntity({
  name: 'devicealarmsetting',
  service: 'bl-iot',
  area: 'device',
  label: label('设备报警设置', '設備報警設定', 'Device alarm setting'),
  table: deviceAlarmSettingTable,
  titleField: 'deviceCode',
  defaultSort: { field: 'deviceCode', order: 'asc' },
  fields: {
    ...commonFields,
    deviceCode: f.ref(label('设备', '設備', 'Device'), 'deviceinfo', {
      unique: true,
      valueField: 'deviceCode',
      labelField: 'deviceName',
    }),
    minTemperature: f.decimal(label('最低温度（℃）', '最低溫度（℃）', 'Lowest temperature (°C)'), 2, {
      min: -100,
      max: 200,
    }),
    maxTemperature: f.decimal(label('最高温度（℃）', '最高溫度（℃）', 'Highest temperature (°C)'), 2, {
      min: -100,
      max: 200,
    }),
    minHumidity: f.decimal(label('最低湿度（%RH）', '最低濕度（%RH）', 'Lowest humidity (%RH)'), 2, {
      min: 0,
      max: 100,
    }),
    maxHumidity: f.decimal(label('最高湿度（%RH）', '最高濕度（%RH）', 'Highest humidity (%RH)'), 2, {
      min: 0,
      max: 100,
    }),
    warehouseAreaCode: f.ref(
      label(
        '库区（无设备时适用于整个库区）',
        '庫區（無設備時適用於整個庫區）',
        'Storage area (when no device: the whole area)',
      ),
      'warehousearea',
    ),
    delayMinutes: f.integer(label('延迟（分钟）', '延遲（分鐘）', 'Delay (minutes)'), {
      min: 0,
      max: 1440,
      defaultValue: 0,
    }),
    clearMargin: f.decimal(label('恢复回差', '恢復回差', 'Clear margin'), 2, {
      min: 0,
      max: 50,
      list: false,
    }),
    alarmEnabled: f.flag(label('启用报警', '啟用報警', 'Alarm on'), { defaultValue: '1' }),
    notifyPhones: f.text(label('通知手机号', '通知手機號', 'Phones to notify'), {
      maxLength: 255,
      search: 'none',
    }),
    notifyInterval: f.integer(
      label(
        '未确认时重复通知间隔（分钟，空为 30）',
        '未確認時重複通知間隔（分鐘，空為 30）',
        'Notify again while unacknowledged every (minutes, empty: 30)',
      ),
      {
        min: 1,
        max: 1440,
        list: false,
      },
    ),
    autoBeep: f.flag(label('报警时自动蜂鸣', '報警時自動蜂鳴', 'Buzzer on while alarmed'), {
      defaultValue: '0',
      list: false,
    }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
