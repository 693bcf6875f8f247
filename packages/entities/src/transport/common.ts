import { numeric, varchar } from 'drizzle-orm/pg-core';
import { billLineColumns, billLineFields } from '../bills/common.ts';
import { f } from '../fields.ts';
import type { FieldInput } from '../kinds.ts';
import { type Label, label } from '../label.ts';

/**
 * Building blocks of the transport documents (spec 02 §3.8): the line columns (the bill line
 * of §3.5 plus `agreementCode` and `remark`), and the fields that name transport master data.
 */

export const transportQty = () => numeric({ precision: 18, scale: 4 });

export const transportLineColumns = () => ({
  ...billLineColumns(),
  agreementCode: varchar({ length: 64 }),
  remark: varchar({ length: 500 }),
});

const unlisted = (field: FieldInput): FieldInput => ({ ...field, list: false });

/**
 * Line fields of a transport document. The freight is charged per kilogram (spec 02 §9), so the
 * weight in kg stays in the list and the weight in tonnes, barcode and storage location leave it;
 * the line price is the freight unit price.
 */
export const transportLineFields = {
  ...billLineFields,
  barcode: unlisted(billLineFields.barcode),
  weg: unlisted(billLineFields.weg),
  warehousePlaceCode: unlisted(billLineFields.warehousePlaceCode),
  price: f.money(label('运费单价', '運費單價', 'Freight unit price'), { scale: 4, min: 0 }),
  agreementCode: f.ref(label('协议编号', '協議編號', 'Agreement'), 'lgagreement', {
    valueField: 'agreementCode',
    labelField: 'name',
    list: false,
  }),
  remark: f.text(label('备注', '備註', 'Remark'), { maxLength: 500, search: 'none', list: false }),
} satisfies Record<keyof ReturnType<typeof transportLineColumns>, FieldInput>;

/** Loaded count on consignment and dispatch lines, kept by the loading step. */
export const affirmQtyField = f.decimal(label('已装车数量', '已裝車數量', 'Loaded quantity'), 4, {
  min: 0,
  form: 'readonly',
});

/** The number of a transport document: unique in the tenant among live documents. */
export const billNoField = (l: Label): FieldInput =>
  f.text(l, { required: true, maxLength: 64, unique: true, sortable: true });

export const billRemarkField = f.textarea(label('单据备注', '單據備註', 'Remark'), { maxLength: 500 });

/** Plate numbers are at most 20 characters (a Chinese plate has 7 or 8). */
export const carNoLength = 20;

export const driverField = (o: { required?: boolean } = {}): FieldInput =>
  f.ref(label('司机', '司機', 'Driver'), 'basicdriver', {
    valueField: 'driverCode',
    labelField: 'driverName',
    ...o,
  });

export const carField = (o: { required?: boolean } = {}): FieldInput =>
  f.ref(label('车牌号', '車牌號', 'Plate no.'), 'basiccar', {
    valueField: 'carNo',
    labelField: 'carNo',
    maxLength: carNoLength,
    ...o,
  });

export const lineField = (o: { required?: boolean; list?: boolean } = {}): FieldInput =>
  f.ref(label('线路', '線路', 'Route'), 'basicline', {
    valueField: 'lineCode',
    labelField: 'lineName',
    ...o,
  });

export const addressField = (l: Label): FieldInput => f.text(l, { list: false, search: 'none' });
