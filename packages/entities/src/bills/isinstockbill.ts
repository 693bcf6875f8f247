import { date, pgTable, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import {
  billDetails,
  billHeaderColumns,
  billHeaderFields,
  billHeaderIndexes,
  billLineColumns,
  billLineFields,
  billLineIndexes,
} from './common.ts';

/** Inbound bill lines: what arrives, per material, batch and location. */
export const isinstockbillDetailTable = pgTable(
  'bl_isinstockbill_detail',
  { ...entityColumns(), ...billLineColumns() },
  (t) => billLineIndexes('bl_isinstockbill_detail', t),
);

export const isinstockbilldetail = defineEntity({
  name: 'isinstockbilldetail',
  service: 'bl-wms',
  area: 'warehousingManagement',
  parent: 'isinstockbill',
  label: label('入库单明细', '入庫單明細', 'Inbound bill line'),
  table: isinstockbillDetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: { ...commonFields, ...billLineFields },
});

/** Inbound bills (spec 02 §3.5 isinstockbill): goods of an owner received into the warehouse. */
export const isinstockbillTable = pgTable(
  'bl_isinstockbill',
  {
    ...entityColumns(),
    ...billHeaderColumns(),
    applyNo: varchar({ length: 64 }),
    type: varchar({ length: 8 }),
    stockType: varchar({ length: 8 }),
    orderDate: date(),
    makeDate: date(),
    isReview: varchar({ length: 1 }).notNull().default('1'),
    isBagWarehouse: varchar({ length: 1 }).notNull().default('0'),
    costTime: date(),
  },
  (t) => billHeaderIndexes('bl_isinstockbill', t),
);

export const isinstockbill = defineEntity({
  name: 'isinstockbill',
  service: 'bl-wms',
  area: 'warehousingManagement',
  label: label('入库单', '入庫單', 'Inbound bill'),
  table: isinstockbillTable,
  titleField: 'billNo',
  children: [billDetails(() => isinstockbilldetail)],
  fields: {
    ...commonFields,
    ...billHeaderFields,
    applyNo: f.text(label('预约单号', '預約單號', 'Reservation no.'), { maxLength: 64 }),
    type: f.dict(label('入库类型', '入庫類型', 'Inbound type'), 'inboundType', { required: true }),
    stockType: f.dict(label('库存状态', '庫存狀態', 'Stock status'), 'stockStatus', { defaultValue: '1' }),
    orderDate: f.date(label('预约日期', '預約日期', 'Reservation date'), { list: false }),
    makeDate: f.date(label('制单日期', '製單日期', 'Made on'), { list: false }),
    isReview: f.dict(label('审核状态', '審核狀態', 'Review'), 'isReview', {
      defaultValue: '1',
      form: 'readonly',
    }),
    isBagWarehouse: f.flag(label('包仓', '包倉', 'Package warehouse'), { defaultValue: '0', list: false }),
    costTime: f.date(label('计费起始日', '計費起始日', 'Billing starts'), { list: false }),
  },
});
