import { sql } from 'drizzle-orm';
import { pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/**
 * Hand-held terminals (spec 02 §3.4 pdainfo): the PDAs scanning in the warehouse, where each
 * is and who signs in on it. A serial number belongs to one device. The handheld app registers
 * its terminal on first use and stamps the last user and time at every sign-in (ADR 0041); a
 * terminal whose status is not "in use" or "idle" is refused and its sessions end.
 */
export const pdaInfoTable = pgTable(
  'bl_pdainfo',
  {
    ...entityColumns(),
    code: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 128 }).notNull(),
    serialNumber: varchar({ length: 64 }),
    model: varchar({ length: 64 }),
    warehouseCode: varchar({ length: 64 }),
    userAccount: varchar({ length: 64 }),
    deviceStatus: varchar({ length: 8 }).notNull().default('1'),
    lastSeenTime: timestamp({ withTimezone: true }),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_pdainfo_code_uq').on(t.tenantId, t.code).where(sql`is_deleted = 0`),
    uniqueIndex('bl_pdainfo_serial_number_uq').on(t.tenantId, t.serialNumber).where(sql`is_deleted = 0`),
  ],
);

export const pdainfo = defineEntity({
  name: 'pdainfo',
  service: 'bl-wms',
  area: 'basicData',
  label: label('手持终端', '手持終端', 'Handheld terminal'),
  table: pdaInfoTable,
  unfilled: {
    lastSeenTime: 'by nature: stamped when a handheld signs in on the terminal (modules/handheld)',
  },
  fields: {
    ...commonFields,
    code: f.text(label('设备编码', '設備編碼', 'Device code'), {
      required: true,
      maxLength: 64,
      unique: true,
    }),
    name: f.text(label('设备名称', '設備名稱', 'Device name'), { required: true, maxLength: 128 }),
    serialNumber: f.text(label('序列号', '序號', 'Serial number'), { maxLength: 64, unique: true }),
    model: f.text(label('型号', '型號', 'Model'), { maxLength: 64 }),
    warehouseCode: f.ref(label('所属仓库', '所屬倉庫', 'Warehouse'), 'warehouse'),
    userAccount: f.text(label('使用人账号', '使用人帳號', 'User account'), { maxLength: 64 }),
    deviceStatus: f.dict(label('设备状态', '設備狀態', 'Device status'), 'deviceStatus', {
      required: true,
      defaultValue: '1',
    }),
    lastSeenTime: f.datetime(label('最后使用时间', '最後使用時間', 'Last seen'), {
      form: 'readonly',
      search: 'none',
    }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
