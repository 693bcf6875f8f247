import { date, numeric, varchar } from 'drizzle-orm/pg-core';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';
import {
  computed,
  headerTable,
  lineFields,
  lineTable,
  relabel,
  reviewColumns,
  reviewFields,
  unlisted,
} from './blocks.ts';
import { billDetails, billHeaderFields } from './common.ts';
import { feeBillFlow } from './fee-actions.ts';

/** Price lines: the old and new price of a material (and batch), and the difference it makes. */
export const adjustpricebillDetailTable = lineTable('bl_adjustpricebilldetail', {
  newPrice: numeric({ precision: 18, scale: 4 }).notNull(),
  diffAmount: numeric({ precision: 18, scale: 2 }),
});

export const adjustpricebilldetail = defineEntity({
  name: 'adjustpricebilldetail',
  service: 'bl-acct',
  area: 'otherBill',
  parent: 'adjustpricebill',
  label: label('调价单明细', '調價單明細', 'Price adjustment line'),
  table: adjustpricebillDetailTable,
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...commonFields,
    ...lineFields,
    barcode: unlisted(lineFields.barcode),
    qtyWeg: unlisted(lineFields.qtyWeg),
    board: unlisted(lineFields.board),
    volume: unlisted(lineFields.volume),
    warehousePlaceCode: unlisted(lineFields.warehousePlaceCode),
    price: relabel(lineFields.price, label('原单价', '原單價', 'Old price')),
    newPrice: f.money(label('新单价', '新單價', 'New price'), { scale: 4, min: 0, required: true }),
    diffAmount: computed(f.money(label('差额', '差額', 'Difference'))),
  },
});

/**
 * Price adjustments (spec 01 /otherBill adjustpricebill): an owner's fee price for a cost type
 * changed per material from an effective date; billing uses the new price from then on.
 */
export const adjustpricebillTable = headerTable('bl_adjustpricebill', {
  costTypeCode: varchar({ length: 64 }).notNull(),
  effectiveDate: date().notNull(),
  adjustReason: varchar({ length: 255 }),
  ...reviewColumns(),
});

export const adjustpricebill = defineEntity({
  name: 'adjustpricebill',
  service: 'bl-acct',
  area: 'otherBill',
  label: label('调价单', '調價單', 'Price adjustment'),
  table: adjustpricebillTable,
  titleField: 'billNo',
  children: [billDetails(() => adjustpricebilldetail)],
  // Reviewed, its differences are charged by the next billing run (docs/adr/0024-fee-engine.md).
  flow: feeBillFlow,
  fields: {
    ...commonFields,
    ...billHeaderFields,
    customerCode: { ...billHeaderFields.customerCode, required: true },
    costTypeCode: f.ref(label('费用类型', '費用類型', 'Cost type'), 'costtype', { required: true }),
    effectiveDate: f.date(label('生效日期', '生效日期', 'Effective from'), {
      required: true,
      sortable: true,
    }),
    adjustReason: f.text(label('调价原因', '調價原因', 'Reason'), { list: false, search: 'none' }),
    ...reviewFields,
  },
});
