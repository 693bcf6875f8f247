import { type PgColumnBuilderBase, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { f } from '../fields.ts';
import type { BillLock } from '../flow.ts';
import type { FieldInput } from '../kinds.ts';
import { type Label, label } from '../label.ts';
import {
  billHeaderColumns,
  billHeaderFields,
  billHeaderIndexes,
  billLineColumns,
  billLineFields,
  billLineIndexes,
} from './common.ts';

/**
 * Small blocks on top of common.ts for the bills of this folder: header and line tables, the
 * line fields as most bills list them, and the status columns several bills share.
 */

/** A bill header table: `bl_<name>` with the shared header columns and the bill's own. */
export const headerTable = <N extends string, C extends Record<string, PgColumnBuilderBase>>(
  name: N,
  columns: C,
) =>
  pgTable(name, { ...entityColumns(), ...billHeaderColumns(), ...columns }, (t) =>
    billHeaderIndexes(name, t),
  );

/** A bill line table: `bl_<name>` with the shared line columns and the bill's own. */
export const lineTable = <N extends string, C extends Record<string, PgColumnBuilderBase>>(
  name: N,
  columns: C = {} as C,
) => pgTable(name, { ...entityColumns(), ...billLineColumns(), ...columns }, (t) => billLineIndexes(name, t));

export const relabel = (field: FieldInput, l: Label, o: Partial<FieldInput> = {}): FieldInput => ({
  ...field,
  label: l,
  ...o,
});
export const unlisted = (field: FieldInput): FieldInput => ({ ...field, list: false });
/** Filled by the bill's domain module or an action, shown but not edited in the generic form. */
export const computed = (field: FieldInput): FieldInput => ({ ...field, form: 'readonly' });

/** Line fields with the weight in tonnes out of the list (kg stays): twelve list columns. */
export const lineFields = { ...billLineFields, weg: unlisted(billLineFields.weg) };

/** Bills without lines: the line totals mean nothing there and are left out of screens. */
const hiddenTotal = (field: FieldInput): FieldInput => ({
  ...field,
  list: false,
  view: false,
  form: 'hidden',
  unfilled: 'by nature: a bill without lines has no line totals',
});
export const headerOnlyFields = {
  ...billHeaderFields,
  totalQty: hiddenTotal(billHeaderFields.totalQty),
  totalWeg: hiddenTotal(billHeaderFields.totalWeg),
  totalBoard: hiddenTotal(billHeaderFields.totalBoard),
  totalVolume: hiddenTotal(billHeaderFields.totalVolume),
  totalAmount: hiddenTotal(billHeaderFields.totalAmount),
};

/** Review (spec 02 §4 isReview): 0 no review needed, 1 review needed, 2 reviewed. */
export const reviewColumns = () => ({ isReview: varchar({ length: 1 }).notNull().default('1') });
export const reviewFields = {
  isReview: f.dict(label('审核状态', '審核狀態', 'Review'), 'isReview', {
    defaultValue: '1',
    form: 'readonly',
  }),
};

/** Bill life (`state`, set by actions) and voiding (`invalid`, 0 valid / 1 invalid). */
export const stateColumns = () => ({
  state: varchar({ length: 8 }).notNull().default('0'),
  invalid: varchar({ length: 1 }).notNull().default('0'),
});
export const stateFields = {
  state: f.dict(label('单据状态', '單據狀態', 'Status'), 'billState', {
    defaultValue: '0',
    form: 'readonly',
  }),
  invalid: f.dict(label('有效标志', '有效標誌', 'Validity'), 'invalid', {
    defaultValue: '0',
    form: 'readonly',
    list: false,
  }),
};

/** Posting: whether the bill has written its stock stream (posting twice is refused). */
export const postingColumns = () => ({ streamStatus: varchar({ length: 8 }).notNull().default('0') });
export const postingFields = {
  streamStatus: f.dict(label('过账状态', '過賬狀態', 'Posting'), 'streamStatus', {
    defaultValue: '0',
    form: 'readonly',
  }),
};

/**
 * Wordings bills kept from before locks were declared (their users and tests know them):
 * server message keys of a refused header edit and delete. Without one, the engine's
 * `bill.locked` names the bill and its state.
 */
const wordings = {
  /** Reservations, sorting, loading, delivery notices: reviewed or processed. */
  handled: { editMessage: 'flow.locked', removeMessage: 'flow.locked' },
  /** A posted inbound bill. */
  posted: { editMessage: 'bill.postedLocked', removeMessage: 'bill.postedNoDelete' },
  /** A posted outbound bill: its goods have left. */
  shipped: { editMessage: 'bill.postedLocked', removeMessage: 'bill.delivered' },
  /** A completed sorting or loading bill: its goods are on the truck. */
  delivered: { editMessage: 'flow.locked', removeMessage: 'bill.delivered' },
} satisfies Record<string, Partial<BillLock>>;
type Wording = keyof typeof wordings;

const lock = <F extends string>(field: F, values: string[], wording?: Wording): BillLock<F> => ({
  field,
  values,
  ...(wording && wordings[wording]),
});

/**
 * The locks bills declare (`flow.locks`, docs/adr/0014-bill-locks.md), by the status columns
 * above: reviewed (isReview 2), posted (streamStatus 1), past new (state confirmed, in
 * progress, completed or closed), finished (completed or closed); `of` for other fields.
 */
export const locks = {
  reviewed: (wording?: Wording) => lock('isReview', ['2'], wording),
  posted: (wording?: Wording) => lock('streamStatus', ['1'], wording),
  pastNew: (wording?: Wording) => lock('state', ['1', '2', '3', '4'], wording),
  finished: (wording?: Wording) => lock('state', ['3', '4'], wording),
  of: lock,
};

/** Who takes the goods: consignee name, phone and address on outbound documents. */
export const consigneeColumns = () => ({
  consigneeName: varchar({ length: 64 }),
  consigneePhone: varchar({ length: 32 }),
  consigneeAddress: varchar({ length: 255 }),
});
export const consigneeFields = {
  consigneeName: f.text(label('收货人', '收貨人', 'Consignee'), { maxLength: 64 }),
  consigneePhone: f.text(label('收货人电话', '收貨人電話', 'Consignee phone'), {
    maxLength: 32,
    list: false,
  }),
  consigneeAddress: f.text(label('收货地址', '收貨地址', 'Delivery address'), { list: false }),
};

/** The vehicle on a bill: plate, driver and phone as typed (transport master data links later). */
export const vehicleColumns = () => ({
  carNo: varchar({ length: 32 }),
  driverName: varchar({ length: 64 }),
  driverPhone: varchar({ length: 32 }),
});
export const vehicleFields = {
  carNo: f.text(label('车牌号', '車牌號', 'Plate no.'), { maxLength: 32, list: false }),
  driverName: f.text(label('司机', '司機', 'Driver'), { maxLength: 64, list: false }),
  driverPhone: f.text(label('司机电话', '司機電話', 'Driver phone'), { maxLength: 32, list: false }),
};

/** A date-time column in the engine's style, for the bills' event times. */
export const at = () => timestamp({ withTimezone: true });
