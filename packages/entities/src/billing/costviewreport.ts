import { sql } from 'drizzle-orm';
import { date, index, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import type { FieldInput } from '../kinds.ts';
import { label } from '../label.ts';

const qty = () => numeric({ precision: 18, scale: 4 });
const money = () => numeric({ precision: 18, scale: 2 });

/**
 * Settlement report rows (spec 02 §3.9 costviewreport): per business bill, what the owner is
 * charged for it, split as the /acct/lcr reports split it: storage, handling (loading and
 * unloading), transport and sundry fees, with the owner's own order number
 * (`customerBillNo`), the packing unit, the vehicle (`carNo`, a transport car's number: plain
 * text, the car entity is in the transport folder) and the pallets. The billing run writes the
 * rows from the cost details, one per owner × business bill × day (`costDate`) × work type
 * (storage rows have an empty bill number), and rewrites them in place when it runs again
 * (apps/server/src/modules/billing/settlement-report.ts, docs/adr/0032); on screen every field
 * is read-only.
 */
export const costViewReportTable = pgTable(
  'bl_costviewreport',
  {
    ...entityColumns(),
    customerCode: varchar({ length: 64 }),
    costBillNo: varchar({ length: 64 }),
    costDate: date(),
    billNo: varchar({ length: 64 }),
    customerBillNo: varchar({ length: 64 }),
    workType: varchar({ length: 8 }),
    materialCode: varchar({ length: 64 }),
    packUnitCode: varchar({ length: 32 }),
    qty: qty(),
    weg: qty(),
    carNo: varchar({ length: 32 }),
    board: qty(),
    storageAmount: money(),
    handlingAmount: money(),
    transportAmount: money(),
    otherAmount: money(),
    amount: money(),
  },
  (t) => [
    index('bl_costviewreport_customer_idx').on(t.tenantId, t.customerCode, t.costDate),
    index('bl_costviewreport_bill_idx').on(t.tenantId, t.billNo),
    uniqueIndex('bl_costviewreport_row_uq')
      .on(t.tenantId, t.customerCode, t.costDate, t.billNo, t.workType)
      .where(sql`is_deleted = 0`),
  ],
);

const ro = { form: 'readonly' as const };
const amount = (zh: string, mo: string, en: string, o: Partial<FieldInput> = {}) =>
  f.money(label(zh, mo, en), { ...ro, ...o });

export const costviewreport = defineEntity({
  name: 'costviewreport',
  readOnly: true,
  service: 'bl-acct',
  area: 'acct',
  label: label('结算报表', '結算報表', 'Settlement report'),
  table: costViewReportTable,
  unfilled: {
    packUnitCode: 'issue 30: the summary reports fill the pack unit',
    carNo: 'by nature: only a row of an outbound bill that names its vehicle has one',
    customerBillNo:
      "by nature: only a row of an inbound or outbound bill made from the owner's reservation has one",
  },
  titleField: 'billNo',
  defaultSort: { field: 'costDate', order: 'desc' },
  fields: {
    ...commonFields,
    customerCode: f.ref(label('货主', '貨主', 'Owner'), 'customer', ro),
    costBillNo: f.text(label('账单编号', '帳單編號', 'Cost bill no.'), { ...ro, maxLength: 64, list: false }),
    costDate: f.date(label('业务日期', '業務日期', 'Business date'), { ...ro, sortable: true }),
    billNo: f.text(label('业务单号', '業務單號', 'Business bill no.'), { ...ro, maxLength: 64 }),
    workType: f.dict(label('作业类型', '作業類型', 'Work type'), 'costWorkType', ro),
    storageAmount: amount('仓储费', '倉儲費', 'Storage fee'),
    handlingAmount: amount('装卸费', '裝卸費', 'Handling fee'),
    transportAmount: amount('运输费', '運輸費', 'Transport fee'),
    otherAmount: amount('杂费', '雜費', 'Sundry fees'),
    amount: amount('合计金额', '合計金額', 'Total'),
    customerBillNo: f.text(label('客户单号', '客戶單號', 'Owner order no.'), { ...ro, maxLength: 64 }),
    materialCode: f.ref(label('物料', '物料', 'Material'), 'material', { ...ro, list: false }),
    packUnitCode: f.ref(label('包装单位', '包裝單位', 'Packing unit'), 'unit', {
      ...ro,
      maxLength: 32,
      list: false,
    }),
    qty: f.decimal(label('数量', '數量', 'Quantity'), 4, { ...ro, list: false }),
    weg: f.decimal(label('重量（吨）', '重量（噸）', 'Weight (t)'), 4, { ...ro, list: false }),
    carNo: f.text(label('车牌号', '車牌號', 'Vehicle no.'), { ...ro, maxLength: 32 }),
    board: f.decimal(label('板数', '板數', 'Pallets'), 4, ro),
  },
});
