import { date, varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import {
  consigneeColumns,
  consigneeFields,
  headerTable,
  lineFields,
  lineTable,
  locks,
  reviewColumns,
  reviewFields,
  stateColumns,
  stateFields,
  unlisted,
} from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';

/** Sales order lines: what was sold at which price. */
export const ossobillDetailTable = lineTable('bl_ossobilldetail');

export const ossobilldetail = defineEntity({
  name: 'ossobilldetail',
  service: 'bl-wms',
  area: 'outWarehouseManagement',
  parent: 'ossobill',
  label: label('销售订单明细', '銷售訂單明細', 'Sales order line'),
  table: ossobillDetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...lineFields,
    barcode: unlisted(lineFields.barcode),
    warehousePlaceCode: unlisted(lineFields.warehousePlaceCode),
  },
});

/**
 * Sales orders (spec 02 §3.5 ossobill): an owner's sale to its customer that the warehouse
 * fulfils. `blackOrWhite` keeps the buyer's credit list at order time (1 black, 2 white, empty
 * on neither; the supply-chain dictionary), set by its credit check, so a black-listed order
 * can be held.
 */
export const ossobillTable = headerTable('bl_ossobill', {
  customerBillNo: varchar({ length: 64 }),
  deliveryDate: date(),
  ...consigneeColumns(),
  blackOrWhite: varchar({ length: 8 }),
  ...reviewColumns(),
  ...stateColumns(),
});

export const ossobill = defineEntity({
  name: 'ossobill',
  service: 'bl-wms',
  area: 'outWarehouseManagement',
  label: label('销售订单', '銷售訂單', 'Sales order'),
  table: ossobillTable,
  unfilled: {
    blackOrWhite: 'by nature: set only when the owner is on the black or white list',
  },
  titleField: 'billNo',
  children: [billDetails(() => ossobilldetail)],
  flow: {
    status: 'state',
    locks: [locks.reviewed(), locks.pastNew()],
    actions: {
      // Confirming checks the owner's credit list (docs/adr/0021-count-orders-waves.md) and
      // credit line (docs/adr/0033-owner-credit.md).
      review: {
        label: label('审核', '審核', 'Review'),
        confirm: label(
          '确定审核选择的销售订单？黑名单货主或超出信用额度的订单将被拒绝。',
          '確定審核選擇的銷售訂單？黑名單貨主或超出信用額度的訂單將被拒絕。',
          'Review the selected sales orders? Orders of a blacklisted owner, or over its credit, are refused.',
        ),
        when: { state: ['0'] },
        refuse: 'flow.alreadyReviewed',
        sets: { isReview: '2', state: '1' },
        audit: 'stamp',
      },
      // A credit override (docs/adr/0033-owner-credit.md): the review of an order the credit
      // checks refuse (blacklist, frozen credit, amount over the credit available), taken on
      // by someone with its own button; a tenant may require an approval for it.
      overrideReview: {
        label: label('信用特批审核', '信用特批審核', 'Review over credit'),
        confirm: label(
          '确定不经信用检查审核选择的销售订单？此操作将记录您为特批人。',
          '確定不經信用檢查審核選擇的銷售訂單？此操作將記錄您為特批人。',
          'Review the selected sales orders without the credit checks? You are recorded as approving the exception.',
        ),
        danger: true,
        when: { state: ['0'] },
        refuse: 'flow.alreadyReviewed',
        sets: { isReview: '2', state: '1' },
        audit: 'stamp',
      },
      unreview: {
        label: label('反审核', '反審核', 'Un-review'),
        confirm: label(
          '确定反审核选择的销售订单？',
          '確定反審核選擇的銷售訂單？',
          'Un-review the selected sales orders?',
        ),
        danger: true,
        when: { state: ['1'] },
        sets: { isReview: '1', state: '0' },
        audit: 'clear',
      },
      toOutbound: {
        label: label('生成出库单', '生成出庫單', 'Make outbound bill'),
        confirm: label(
          '确定为选择的销售订单各生成一张出库单？',
          '確定為選擇的銷售訂單各生成一張出庫單？',
          'Make an outbound bill for each selected sales order?',
        ),
        when: { state: ['1'] },
        sets: { state: '2' },
      },
    },
  },
  fields: {
    ...commonFields,
    ...billHeaderFields,
    warehouseCode: unlisted(billHeaderFields.warehouseCode),
    totalQty: unlisted(billHeaderFields.totalQty),
    totalAmount: { ...billHeaderFields.totalAmount, list: true },
    customerBillNo: f.text(label('客户订单号', '客戶訂單號', 'Customer order no.'), { maxLength: 64 }),
    deliveryDate: f.date(label('要求交货日期', '要求交貨日期', 'Deliver by'), { sortable: true }),
    ...consigneeFields,
    blackOrWhite: f.dict(label('黑白名单', '黑白名單', 'Credit list'), 'scmBlackWhite', { form: 'readonly' }),
    ...reviewFields,
    ...stateFields,
  },
});
