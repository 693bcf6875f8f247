import { sql } from 'drizzle-orm';
import { bigint, date, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

/** Largest value a serial number may reach: JavaScript's exact integers (bigint column). */
const maxSerial = Number.MAX_SAFE_INTEGER;

/**
 * Serial-number sequences (spec 02 §3.2 sysCode): bill numbers and other codes are drawn from
 * them by the server, per tenant, gap-tolerant but never duplicated (ARCHITECTURE.md). A number
 * reads prefix + date part + value zero-padded to `seqLength` digits, e.g. `RK` + `20240131` +
 * `0007`. `seqCurrentValue` is the last number given out: the server moves it by `step` under a
 * row lock, so forms only show it; when `resetCycle` starts a new day, month or year
 * (`lastResetDate` remembers the period) it starts again at `minValue`; past `maxValue` the
 * server refuses rather than repeat a number.
 * `seqCode` is what the server asks for, e.g. the bill's entity name `isinstockbill`.
 */
export const syscodeTable = pgTable(
  'bl_syscode',
  {
    ...entityColumns(),
    seqCode: varchar({ length: 64 }).notNull(),
    seqName: varchar({ length: 128 }).notNull(),
    prefixValue: varchar({ length: 32 }),
    datePattern: varchar({ length: 16 }),
    seqLength: integer().notNull().default(4),
    seqCurrentValue: bigint({ mode: 'number' }).notNull().default(0),
    minValue: bigint({ mode: 'number' }).notNull().default(1),
    maxValue: bigint({ mode: 'number' }),
    step: integer().notNull().default(1),
    resetCycle: varchar({ length: 8 }).notNull().default('0'),
    lastResetDate: date(),
    remark: varchar({ length: 500 }),
  },
  (t) => [uniqueIndex('bl_syscode_seq_code_uq').on(t.tenantId, t.seqCode).where(sql`is_deleted = 0`)],
);

export const syscode = defineEntity({
  name: 'syscode',
  service: 'bl-system',
  area: 'system',
  label: label('流水号', '流水號', 'Serial numbers'),
  table: syscodeTable,
  unfilled: {
    lastResetDate: 'by nature: only a sequence with a reset cycle remembers the period it last reset in',
  },
  titleField: 'seqName',
  defaultSort: { field: 'seqCode', order: 'asc' },
  fields: {
    ...commonFields,
    seqCode: f.text(label('流水号编码', '流水號編碼', 'Sequence code'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    seqName: f.text(label('流水号名称', '流水號名稱', 'Sequence name'), { required: true, maxLength: 128 }),
    prefixValue: f.text(label('前缀', '前綴', 'Prefix'), { maxLength: 32, search: 'none' }),
    datePattern: f.dict(label('日期格式', '日期格式', 'Date pattern'), 'seqDatePattern', { search: 'none' }),
    seqLength: f.integer(label('序号位数', '序號位數', 'Digits'), {
      required: true,
      min: 1,
      max: 16,
      defaultValue: 4,
      list: false,
    }),
    seqCurrentValue: f.integer(label('当前值', '當前值', 'Current value'), { form: 'readonly' }),
    minValue: f.integer(label('最小值', '最小值', 'Lowest value'), {
      required: true,
      min: 0,
      max: maxSerial,
      defaultValue: 1,
    }),
    maxValue: f.integer(label('最大值', '最大值', 'Highest value'), { min: 1, max: maxSerial }),
    step: f.integer(label('步长', '步長', 'Step'), {
      required: true,
      min: 1,
      max: 1000,
      defaultValue: 1,
      list: false,
    }),
    resetCycle: f.dict(label('重置周期', '重置週期', 'Reset cycle'), 'seqResetCycle', {
      required: true,
      defaultValue: '0',
    }),
    lastResetDate: f.date(label('上次重置日期', '上次重置日期', 'Last reset on'), {
      form: 'readonly',
      list: false,
      search: 'none',
    }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
