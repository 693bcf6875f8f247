import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  numeric,
  type PgColumn,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id } from '../columns.ts';
import type { ChildInput, EntityDefinition } from '../define.ts';
import { f } from '../fields.ts';
import type { FieldInput } from '../kinds.ts';
import { label } from '../label.ts';

const qty = () => numeric({ precision: 18, scale: 4 });

/**
 * The columns every bill header shares (spec 02 §3.5 "Headers share billNo, billDate or
 * makeDate, customerCode or supplierCode, agreementCode, warehouse area and place codes, audit
 * fields, totals and remark"). Totals are the sums of the lines, kept by the bill's domain
 * module; audit fields by its review action.
 */
export const billHeaderColumns = () => ({
  billNo: varchar({ length: 64 }).notNull(),
  billDate: date(),
  customerCode: varchar({ length: 64 }),
  agreementCode: varchar({ length: 64 }),
  warehouseCode: varchar({ length: 64 }),
  warehouseAreaCode: varchar({ length: 64 }),
  auditUser: varchar({ length: 64 }),
  auditTime: timestamp({ withTimezone: true }),
  totalQty: qty(),
  totalWeg: qty(),
  totalBoard: qty(),
  totalVolume: qty(),
  totalAmount: numeric({ precision: 18, scale: 2 }),
  remark: varchar({ length: 500 }),
});

export const billHeaderFields = {
  billNo: f.text(label('单据编号', '單據編號', 'Bill no.'), {
    required: true,
    maxLength: 64,
    unique: true,
    sortable: true,
  }),
  billDate: f.date(label('单据日期', '單據日期', 'Bill date'), { required: true, sortable: true }),
  customerCode: f.ref(label('货主', '貨主', 'Owner'), 'customer'),
  agreementCode: f.ref(label('协议编号', '協議編號', 'Agreement'), 'lgagreement', {
    valueField: 'agreementCode',
    labelField: 'name',
    list: false,
  }),
  warehouseCode: f.ref(label('仓库', '倉庫', 'Warehouse'), 'warehouse'),
  warehouseAreaCode: f.ref(label('库区', '庫區', 'Warehouse area'), 'warehousearea', { list: false }),
  auditUser: f.text(label('审核人', '審核人', 'Reviewed by'), {
    form: 'readonly',
    list: false,
    search: 'none',
    maxLength: 64,
  }),
  auditTime: f.datetime(label('审核时间', '審核時間', 'Reviewed at'), { form: 'readonly', list: false }),
  totalQty: f.decimal(label('总数量', '總數量', 'Total quantity'), 4, { form: 'readonly' }),
  totalWeg: f.decimal(label('总重量（KG）', '總重量（KG）', 'Total weight (kg)'), 4, {
    form: 'readonly',
    list: false,
  }),
  totalBoard: f.decimal(label('总板数', '總板數', 'Total pallets'), 4, { form: 'readonly', list: false }),
  totalVolume: f.decimal(label('总体积', '總體積', 'Total volume'), 4, { form: 'readonly', list: false }),
  totalAmount: f.money(label('总金额', '總金額', 'Total amount'), { form: 'readonly', list: false }),
  remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
} satisfies Record<keyof ReturnType<typeof billHeaderColumns>, FieldInput>;

/** Indexes of a bill header table: its number is unique in the tenant among live bills. */
export const billHeaderIndexes = (table: string, t: { tenantId: PgColumn; billNo: PgColumn }) => [
  uniqueIndex(`${table}_bill_no_uq`).on(t.tenantId, t.billNo).where(sql`is_deleted = 0`),
];

/**
 * The columns of detail and work lines (spec 02 §3.5 "Detail and work lines"), with the id
 * of the header they belong to.
 */
export const billLineColumns = () => ({
  headerId: id().notNull(),
  billNo: varchar({ length: 64 }),
  lineNumber: integer(),
  applyCode: varchar({ length: 64 }),
  applyLineNumber: integer(),
  barcode: varchar({ length: 128 }),
  materialCode: varchar({ length: 64 }).notNull(),
  materialType: varchar({ length: 8 }),
  batchNo: varchar({ length: 64 }),
  model: varchar({ length: 128 }),
  customerBatchNo: varchar({ length: 64 }),
  unitCode: varchar({ length: 32 }),
  price: numeric({ precision: 18, scale: 4 }),
  qty: qty(),
  weg: qty(),
  qtyWeg: qty(),
  boardQty: qty(),
  board: qty(),
  packspecCode: varchar({ length: 64 }),
  warehousePlaceCode: varchar({ length: 64 }),
  volumeLength: qty(),
  volumeWidth: qty(),
  volumeHeight: qty(),
  volume: qty(),
  invalid: varchar({ length: 1 }).notNull().default('0'),
  spareString1: varchar({ length: 255 }),
  spareString2: varchar({ length: 255 }),
  spareString3: varchar({ length: 255 }),
  spareString4: varchar({ length: 255 }),
});

const hidden = { list: false, search: 'none' as const };

/**
 * `line`: the columns a clerk fills on every line, in the order the lines editor shows them
 * first (material, quantity, unit, location, batch); the line's dates follow by their kind.
 */
export const billLineFields = {
  headerId: f.parentId(label('所属单据', '所屬單據', 'Bill')),
  billNo: f.text(label('单据编号', '單據編號', 'Bill no.'), { maxLength: 64, form: 'readonly', ...hidden }),
  lineNumber: f.integer(label('行号', '行號', 'Line no.'), { min: 1 }),
  applyCode: f.text(label('来源单号', '來源單號', 'Source bill no.'), { maxLength: 64, list: false }),
  applyLineNumber: f.integer(label('来源行号', '來源行號', 'Source line no.'), { min: 1, list: false }),
  barcode: f.text(label('条码', '條碼', 'Barcode'), { maxLength: 128 }),
  materialCode: f.ref(label('物料', '物料', 'Material'), 'material', { required: true, line: 1 }),
  materialType: f.dict(label('物料类型', '物料類型', 'Material type'), 'materialType', { list: false }),
  batchNo: f.text(label('批次号', '批次號', 'Batch no.'), { maxLength: 64, line: 5 }),
  model: f.text(label('型号', '型號', 'Model'), { maxLength: 128, list: false }),
  customerBatchNo: f.text(label('客户批次号', '客戶批次號', 'Owner batch no.'), {
    maxLength: 64,
    list: false,
  }),
  unitCode: f.ref(label('单位', '單位', 'Unit'), 'unit', { maxLength: 32, line: 3 }),
  price: f.money(label('单价', '單價', 'Unit price'), { scale: 4, min: 0 }),
  qty: f.decimal(label('数量', '數量', 'Quantity'), 4, { min: 0, positive: true, line: 2 }),
  weg: f.decimal(label('重量（吨）', '重量（噸）', 'Weight (t)'), 4, { min: 0 }),
  qtyWeg: f.decimal(label('重量（KG）', '重量（KG）', 'Weight (kg)'), 4, { min: 0 }),
  boardQty: f.decimal(label('每板数量', '每板數量', 'Quantity per pallet'), 4, { min: 0, list: false }),
  board: f.decimal(label('板数', '板數', 'Pallets'), 4, { min: 0 }),
  packspecCode: f.ref(label('包装规格', '包裝規格', 'Pack spec'), 'packspec', { list: false }),
  warehousePlaceCode: f.ref(label('库位', '庫位', 'Location'), 'warehouseplace', { line: 4 }),
  volumeLength: f.decimal(label('长（米）', '長（米）', 'Length (m)'), 4, { min: 0, list: false }),
  volumeWidth: f.decimal(label('宽（米）', '寬（米）', 'Width (m)'), 4, { min: 0, list: false }),
  volumeHeight: f.decimal(label('高（米）', '高（米）', 'Height (m)'), 4, { min: 0, list: false }),
  volume: f.decimal(label('体积（立方米）', '體積（立方米）', 'Volume (m³)'), 4, { min: 0 }),
  invalid: f.dict(label('有效标志', '有效標誌', 'Validity'), 'invalid', { defaultValue: '0', list: false }),
  spareString1: f.text(label('备用字段1', '備用欄位1', 'Spare 1'), { ...hidden }),
  spareString2: f.text(label('备用字段2', '備用欄位2', 'Spare 2'), { ...hidden }),
  spareString3: f.text(label('备用字段3', '備用欄位3', 'Spare 3'), { ...hidden }),
  spareString4: f.text(label('备用字段4', '備用欄位4', 'Spare 4'), { ...hidden }),
} satisfies Record<keyof ReturnType<typeof billLineColumns>, FieldInput>;

/** Indexes of a line table: lines are read by their header. */
export const billLineIndexes = (table: string, t: { tenantId: PgColumn; headerId: PgColumn }) => [
  index(`${table}_header_idx`).on(t.tenantId, t.headerId),
];

/** A line carries its bill's number, copied by the engine (ChildInput.fromHeader). */
export const lineBillNo = { billNo: 'billNo' };

/**
 * The lines of a bill under `details`: at least one ("The Details Can not be blank!"), and a
 * material quoted from the same source line cannot appear twice (spec 02 §5).
 */
export const billDetails = (entity: () => EntityDefinition, key = 'details'): ChildInput => ({
  key,
  entity,
  parentField: 'headerId',
  minLines: 1,
  distinctBy: ['materialCode', 'batchNo', 'applyCode', 'applyLineNumber'],
  fromHeader: lineBillNo,
});

/**
 * What makes a line of a bill made from an outbound bill's allocation distinct (sorting,
 * loading): the source line and every stock key part it took from.
 */
export const allocatedLineKey = [
  'applyCode',
  'applyLineNumber',
  'materialCode',
  'batchNo',
  'customerBatchNo',
  'warehousePlaceCode',
  'barcode',
  'packspecCode',
];
