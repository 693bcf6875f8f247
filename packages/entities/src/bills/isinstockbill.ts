import { date, numeric, varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import {
  computed,
  headerTable,
  lineFields,
  lineTable,
  locks,
  postingColumns,
  postingFields,
  reviewColumns,
  reviewFields,
} from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';
import { postingActions } from './posting-actions.ts';

/** Inbound bill lines: what arrives, per material, batch and location. */
export const isinstockbillDetailTable = lineTable('bl_isinstockbilldetail', {
  productDate: date(),
  validityDate: date(),
  // Kept by receipts (isrecbill) counted against this bill (docs/adr/0023).
  recQty: numeric({ precision: 18, scale: 4 }),
});

export const isinstockbilldetail = defineEntity({
  name: 'isinstockbilldetail',
  service: 'bl-wms',
  area: 'warehousingManagement',
  parent: 'isinstockbill',
  label: label('入库单明细', '入庫單明細', 'Inbound bill line'),
  table: isinstockbillDetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...lineFields,
    // Posted with the goods into the ledger: pick-down takes the earliest validity first (FEFO).
    productDate: f.date(label('生产日期', '生產日期', 'Production date')),
    validityDate: f.date(label('有效期至', '有效期至', 'Best before')),
    recQty: computed(f.decimal(label('已收货数量', '已收貨數量', 'Received at dock'), 4)),
  },
});

/**
 * Inbound bills (spec 02 §3.5 isinstockbill): goods of an owner received into the warehouse.
 * `applyNo` names the reservation it was made from; posting writes the stock stream.
 */
export const isinstockbillTable = headerTable('bl_isinstockbill', {
  applyNo: varchar({ length: 64 }),
  type: varchar({ length: 8 }).notNull(),
  stockType: varchar({ length: 8 }),
  orderDate: date(),
  makeDate: date(),
  ...reviewColumns(),
  ...postingColumns(),
  isBagWarehouse: varchar({ length: 1 }).notNull().default('0'),
  costTime: date(),
});

export const isinstockbill = defineEntity({
  name: 'isinstockbill',
  service: 'bl-wms',
  area: 'warehousingManagement',
  label: label('入库单', '入庫單', 'Inbound bill'),
  table: isinstockbillTable,
  titleField: 'billNo',
  children: [billDetails(() => isinstockbilldetail)],
  flow: {
    status: 'isReview',
    locks: [locks.posted('posted'), locks.reviewed('posted')],
    postings: [{ kind: 'in', fee: '1', movement: 'door' }],
    postOnSave: { when: { isReview: ['0'] }, sets: { streamStatus: '1' } },
    actions: {
      ...postingActions(),
    },
  },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    applyNo: f.ref(label('预约单号', '預約單號', 'Reservation no.'), 'orderisinstockbill', {
      valueField: 'billNo',
      labelField: 'billNo',
      list: false,
    }),
    type: f.dict(label('入库类型', '入庫類型', 'Inbound type'), 'inboundType', { required: true }),
    stockType: f.dict(label('库存状态', '庫存狀態', 'Stock status'), 'stockStatus', { defaultValue: '1' }),
    orderDate: f.date(label('预约日期', '預約日期', 'Reservation date'), { list: false }),
    makeDate: f.date(label('制单日期', '製單日期', 'Made on'), { list: false }),
    // Chosen on the form: 0 posts when submitted, 1 waits for the review action (which alone sets 2).
    isReview: { ...reviewFields.isReview, form: 'edit' },
    ...postingFields,
    isBagWarehouse: f.flag(label('包仓', '包倉', 'Package warehouse'), { defaultValue: '0', list: false }),
    costTime: f.date(label('计费起始日', '計費起始日', 'Billing starts'), { list: false }),
  },
});
