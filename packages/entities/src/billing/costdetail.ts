import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

const qty = () => numeric({ precision: 18, scale: 4 });
// The engine's own keys: not on lists, searches or views, where a reader saw STORAGE|C001|... (issue 29, 14).
const hidden = { list: false, search: 'none' as const, view: false };

/**
 * Daily cost details (spec 02 §3.9 costdetail): the ledger the daily billing run accrues, one
 * row per charged bill line and day (`costDate`), before any cost bill exists. A cost bill then
 * gathers the rows of its owner and period and stamps them with its `costBillNo`. `uuid` is the
 * run's key for the row, so that running a day twice cannot charge it twice; `isCostEnd` marks
 * the last charged day of a piece of stock (it went out). It stands alone rather than under a
 * cost bill because its rows exist before, and without, any bill.
 */
export const costDetailTable = pgTable(
  'bl_costdetail',
  {
    ...entityColumns(),
    uuid: varchar({ length: 64 }),
    costDate: date().notNull(),
    customerCode: varchar({ length: 64 }).notNull(),
    agreementCode: varchar({ length: 64 }),
    billNo: varchar({ length: 64 }),
    lineNumber: integer(),
    barcode: varchar({ length: 128 }),
    materialCode: varchar({ length: 64 }).notNull(),
    batchNo: varchar({ length: 64 }),
    productDate: date(),
    validityDate: date(),
    warehousePlaceCode: varchar({ length: 64 }),
    costType: varchar({ length: 64 }),
    workType: varchar({ length: 8 }),
    qty: qty(),
    qtyWeg: qty(),
    weg: qty(),
    volume: qty(),
    boardQty: qty(),
    realityQty: qty(),
    unitPrice: numeric({ precision: 18, scale: 4 }),
    amount: numeric({ precision: 18, scale: 2 }),
    isCost: varchar({ length: 1 }).notNull().default('1'),
    isCostEnd: varchar({ length: 1 }).notNull().default('0'),
    costBillNo: varchar({ length: 64 }),
    sourceKey: varchar({ length: 200 }),
    sourceDate: date(),
    stage: integer(),
  },
  (t) => [
    uniqueIndex('bl_costdetail_uuid_uq').on(t.tenantId, t.uuid).where(sql`is_deleted = 0`),
    index('bl_costdetail_customer_date_idx').on(t.tenantId, t.customerCode, t.costDate),
    index('bl_costdetail_cost_bill_idx').on(t.tenantId, t.costBillNo),
    index('bl_costdetail_source_idx').on(t.tenantId, t.customerCode, t.sourceDate),
  ],
);

export const costdetail = defineEntity({
  name: 'costdetail',
  service: 'bl-acct',
  area: 'acct',
  label: label('费用明细', '費用明細', 'Cost detail'),
  table: costDetailTable,
  unfilled: {
    stage:
      'by nature: only a storage fee has a storage-time tier; handling, lading and transport fees have none',
  },
  titleField: 'billNo',
  defaultSort: { field: 'costDate', order: 'desc' },
  // Rows come from the fee engine only (writeCostDetails): no add, edit, delete or import.
  // `run` is the button that starts a billing run (modules/billing/routes.ts).
  readOnly: true,
  actions: ['run'],
  fields: {
    ...commonFields,
    uuid: f.text(label('计费流水号', '計費流水號', 'Accrual key'), {
      maxLength: 64,
      unique: true,
      form: 'readonly',
      ...hidden,
    }),
    costDate: f.date(label('计费日期', '計費日期', 'Charge date'), { required: true, sortable: true }),
    customerCode: f.ref(label('货主', '貨主', 'Owner'), 'customer', { required: true }),
    agreementCode: f.ref(label('协议编号', '協議編號', 'Agreement'), 'lgagreement', {
      valueField: 'agreementCode',
      list: false,
    }),
    billNo: f.text(label('业务单号', '業務單號', 'Business bill no.'), { maxLength: 64 }),
    lineNumber: f.integer(label('行号', '行號', 'Line no.'), { min: 1, list: false }),
    barcode: f.text(label('条码', '條碼', 'Barcode'), { maxLength: 128, list: false }),
    materialCode: f.ref(label('物料', '物料', 'Material'), 'material', { required: true }),
    batchNo: f.text(label('批次号', '批次號', 'Batch no.'), { maxLength: 64, list: false }),
    productDate: f.date(label('生产日期', '生產日期', 'Production date'), { list: false }),
    validityDate: f.date(label('有效期至', '有效期至', 'Best before'), { list: false }),
    warehousePlaceCode: f.ref(label('库位', '庫位', 'Location'), 'warehouseplace', { list: false }),
    costType: f.ref(label('费用类型', '費用類型', 'Cost type'), 'costtype'),
    workType: f.dict(label('作业类型', '作業類型', 'Work type'), 'costWorkType', { list: false }),
    qty: f.decimal(label('数量', '數量', 'Quantity'), 4, { min: 0, list: false }),
    qtyWeg: f.decimal(label('重量（KG）', '重量（KG）', 'Weight (kg)'), 4, { min: 0, list: false }),
    weg: f.decimal(label('重量（吨）', '重量（噸）', 'Weight (t)'), 4, { min: 0, list: false }),
    volume: f.decimal(label('体积（立方米）', '體積（立方米）', 'Volume (m³)'), 4, { min: 0, list: false }),
    boardQty: f.decimal(label('板数', '板數', 'Pallets'), 4, { min: 0, list: false }),
    realityQty: f.decimal(label('计费数量', '計費數量', 'Billed quantity'), 4, { min: 0 }),
    unitPrice: f.money(label('单价', '單價', 'Unit price'), { scale: 4, min: 0 }),
    amount: f.money(label('金额', '金額', 'Amount'), { form: 'readonly' }),
    isCost: f.flag(label('是否计费', '是否計費', 'Billable'), { defaultValue: '1', list: false }),
    isCostEnd: f.flag(label('计费结束', '計費結束', 'Last charged day'), { defaultValue: '0' }),
    costBillNo: f.ref(label('账单编号', '帳單編號', 'Cost bill no.'), 'costbill', {
      valueField: 'costBillNo',
      labelField: 'costBillNo',
      form: 'readonly',
    }),
    sourceKey: f.text(label('计费来源', '計費來源', 'Charged for'), {
      maxLength: 200,
      form: 'readonly',
      ...hidden,
    }),
    sourceDate: f.date(label('所属日期', '所屬日期', 'Day charged'), { form: 'readonly', list: false }),
    stage: f.integer(label('计费阶段', '計費階段', 'Stage'), {
      min: 1,
      max: 6,
      form: 'readonly',
      list: false,
    }),
  },
});
