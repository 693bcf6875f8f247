import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { provisionalColumns, provisionalFields } from '../bills/provisional.ts';
import { entityColumns, id } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { label } from '../label.ts';

const qty = () => numeric({ precision: 18, scale: 4 });
const money = () => numeric({ precision: 18, scale: 2 });
const price = () => numeric({ precision: 18, scale: 4 });
const hidden = { list: false, search: 'none' as const };

/**
 * Lines of a cost bill (spec 02 §3.9 costbilldetail): one charge each. A storage line follows
 * one piece of stock (barcode) from its inbound bill (`inBillNo`, `instockDate`) to its outbound
 * (`outstockDate`) or the end of the period and charges `realityQty × unitPrice` per day
 * (`dayAmout`, the spec's spelling) for `realityDay` days; a work line charges a handling or
 * service fee of the business bill `billNo`. `isCost` 1 marks a line billed, 0 one shown but
 * not charged (spec 02 §4 "isCost: 1 billable").
 */
export const costBillDetailTable = pgTable(
  'bl_costbilldetail',
  {
    ...entityColumns(),
    headerId: id().notNull(),
    billNo: varchar({ length: 64 }),
    agreementCode: varchar({ length: 64 }),
    barcode: varchar({ length: 128 }),
    // Blank on a fee of the owner's whole stock (storage by the day): no one material.
    materialCode: varchar({ length: 64 }),
    packspecCode: varchar({ length: 64 }),
    batchNo: varchar({ length: 64 }),
    qty: qty(),
    qtyWeg: qty(),
    volume: qty(),
    weg: qty(),
    boardQty: qty(),
    warehousePlaceCode: varchar({ length: 64 }),
    costPlaceCode: varchar({ length: 64 }),
    makeDate: date(),
    isCost: varchar({ length: 1 }).notNull().default('1'),
    costType: varchar({ length: 64 }),
    workType: varchar({ length: 8 }),
    acctTypeCode: varchar({ length: 64 }),
    acctTypeName: varchar({ length: 128 }),
    realityQty: qty(),
    realityDay: integer(),
    unitPrice: price(),
    amount: money(),
    dayAmout: price(),
    inQty: qty(),
    inWeg: qty(),
    inVolume: qty(),
    instockDate: date(),
    isCostStart: varchar({ length: 1 }).notNull().default('1'),
    inBillNo: varchar({ length: 64 }),
    outQty: qty(),
    outWeg: qty(),
    outVolume: qty(),
    outstockDate: date(),
    packageWarehouseBillNo: varchar({ length: 64 }),
    stage: integer(),
  },
  (t) => [
    index('bl_costbilldetail_header_idx').on(t.tenantId, t.headerId),
    index('bl_costbilldetail_material_idx').on(t.tenantId, t.materialCode),
  ],
);

export const costbilldetail = defineEntity({
  name: 'costbilldetail',
  service: 'bl-acct',
  area: 'acct',
  parent: 'costbill',
  label: label('费用账单明细', '費用帳單明細', 'Cost bill line'),
  table: costBillDetailTable,
  unfilled: {
    stage:
      'by nature: only a line of storage fees has a storage-time tier; a typed line and other fees have none',
  },
  titleField: 'materialCode',
  defaultSort: { field: 'id', order: 'asc' },
  fields: {
    ...commonFields,
    headerId: f.parentId(label('所属账单', '所屬帳單', 'Cost bill')),
    billNo: f.text(label('业务单号', '業務單號', 'Business bill no.'), { maxLength: 64 }),
    agreementCode: f.ref(label('协议编号', '協議編號', 'Agreement'), 'lgagreement', {
      valueField: 'agreementCode',
      list: false,
    }),
    barcode: f.text(label('条码', '條碼', 'Barcode'), { maxLength: 128 }),
    // Not required: a storage line charges the stock as a whole, and the bill is saved again
    // through its form with it (issue 29, 12).
    materialCode: f.ref(label('物料', '物料', 'Material'), 'material', { line: 2 }),
    packspecCode: f.ref(label('包装规格', '包裝規格', 'Pack spec'), 'packspec', { list: false }),
    batchNo: f.text(label('批次号', '批次號', 'Batch no.'), { maxLength: 64, list: false }),
    qty: f.decimal(label('数量', '數量', 'Quantity'), 4, { min: 0, list: false }),
    qtyWeg: f.decimal(label('重量（KG）', '重量（KG）', 'Weight (kg)'), 4, { min: 0, list: false }),
    volume: f.decimal(label('体积（立方米）', '體積（立方米）', 'Volume (m³)'), 4, { min: 0, list: false }),
    weg: f.decimal(label('重量（吨）', '重量（噸）', 'Weight (t)'), 4, { min: 0, list: false }),
    boardQty: f.decimal(label('板数', '板數', 'Pallets'), 4, { min: 0, list: false }),
    warehousePlaceCode: f.ref(label('库位', '庫位', 'Location'), 'warehouseplace', { list: false }),
    costPlaceCode: f.ref(label('计费库位', '計費庫位', 'Charged location'), 'warehouseplace', {
      list: false,
    }),
    makeDate: f.date(label('业务日期', '業務日期', 'Business date'), { list: false, line: 7 }),
    isCost: f.flag(label('是否计费', '是否計費', 'Billable'), { defaultValue: '1' }),
    costType: f.ref(label('费用类型', '費用類型', 'Cost type'), 'costtype', { line: 1 }),
    workType: f.dict(label('作业类型', '作業類型', 'Work type'), 'costWorkType'),
    acctTypeCode: f.text(label('结算科目编码', '結算科目編碼', 'Account code'), { maxLength: 64, ...hidden }),
    acctTypeName: f.text(label('结算科目名称', '結算科目名稱', 'Account name'), {
      maxLength: 128,
      ...hidden,
    }),
    realityQty: f.decimal(label('计费数量', '計費數量', 'Billed quantity'), 4, { min: 0, line: 3 }),
    realityDay: f.integer(label('计费天数', '計費天數', 'Billed days'), { min: 0, max: 36600, line: 6 }),
    // The month-bill stage of the cost details on the line (their storage-time tier, ADR 0024).
    stage: f.integer(label('计费阶段', '計費階段', 'Stage'), { min: 1, max: 6, form: 'readonly' }),
    unitPrice: f.money(label('单价', '單價', 'Unit price'), { scale: 4, min: 0, line: 4 }),
    amount: f.money(label('金额', '金額', 'Amount'), { form: 'readonly', line: 5 }),
    dayAmout: f.money(label('日费用', '日費用', 'Amount per day'), {
      scale: 4,
      form: 'readonly',
      list: false,
    }),
    inQty: f.decimal(label('入库数量', '入庫數量', 'Inbound quantity'), 4, { min: 0, list: false }),
    inWeg: f.decimal(label('入库重量（吨）', '入庫重量（噸）', 'Inbound weight (t)'), 4, {
      min: 0,
      list: false,
    }),
    inVolume: f.decimal(label('入库体积', '入庫體積', 'Inbound volume (m³)'), 4, { min: 0, list: false }),
    instockDate: f.date(label('入库日期', '入庫日期', 'Inbound date'), { list: false }),
    isCostStart: f.flag(label('入库当天计费', '入庫當天計費', 'Inbound day charged'), {
      defaultValue: '1',
      list: false,
    }),
    inBillNo: f.text(label('入库单号', '入庫單號', 'Inbound bill no.'), { maxLength: 64, list: false }),
    outQty: f.decimal(label('出库数量', '出庫數量', 'Outbound quantity'), 4, { min: 0, list: false }),
    outWeg: f.decimal(label('出库重量（吨）', '出庫重量（噸）', 'Outbound weight (t)'), 4, {
      min: 0,
      list: false,
    }),
    outVolume: f.decimal(label('出库体积', '出庫體積', 'Outbound volume (m³)'), 4, { min: 0, list: false }),
    outstockDate: f.date(label('出库日期', '出庫日期', 'Outbound date'), { list: false }),
    packageWarehouseBillNo: f.text(label('包仓单号', '包倉單號', 'Package-warehouse bill no.'), {
      maxLength: 64,
      list: false,
    }),
  },
});

/**
 * The stock summary of a cost bill (spec 02 §3.9 costbilldetailpack): per material, the
 * opening stock of the period, what came in and went out (goods crossing the door and owner
 * transfers), what was lost or found (counts, losses, processing), and the closing stock, each as
 * quantity, weight and pallets. Piece-based (package) charges are billed on it: `packQty`
 * packages held, `realityQty` the quantity billed after minimums and rounding, times `unitPrice`.
 */
export const costBillDetailPackTable = pgTable(
  'bl_costbilldetailpack',
  {
    ...entityColumns(),
    headerId: id().notNull(),
    materialCode: varchar({ length: 64 }).notNull(),
    packspecCode: varchar({ length: 64 }),
    unitCode: varchar({ length: 32 }),
    beginQty: qty(),
    beginWeg: qty(),
    beginBoard: qty(),
    inQty: qty(),
    inWeg: qty(),
    inBoard: qty(),
    outQty: qty(),
    outWeg: qty(),
    outBoard: qty(),
    adjustQty: qty(),
    adjustWeg: qty(),
    adjustBoard: qty(),
    endQty: qty(),
    endWeg: qty(),
    endBoard: qty(),
    packQty: qty(),
    realityQty: qty(),
    unitPrice: price(),
    amount: money(),
    remark: varchar({ length: 500 }),
  },
  (t) => [index('bl_costbilldetailpack_header_idx').on(t.tenantId, t.headerId)],
);

const weightT = (zh: string, mo: string, en: string) =>
  f.decimal(label(`${zh}（吨）`, `${mo}（噸）`, `${en} (t)`), 4, { min: 0, list: false });
const board = (zh: string, mo: string, en: string) =>
  f.decimal(label(zh, mo, en), 4, { min: 0, list: false });

export const costbilldetailpack = defineEntity({
  name: 'costbilldetailpack',
  service: 'bl-acct',
  area: 'acct',
  parent: 'costbill',
  label: label('费用账单进出存汇总', '費用帳單進出存匯總', 'Cost bill stock summary'),
  table: costBillDetailPackTable,
  unfilled: {
    amount: 'issue 30: computed with the per-lot owner statement',
  },
  titleField: 'materialCode',
  defaultSort: { field: 'id', order: 'asc' },
  fields: {
    ...commonFields,
    headerId: f.parentId(label('所属账单', '所屬帳單', 'Cost bill')),
    materialCode: f.ref(label('物料', '物料', 'Material'), 'material', { required: true, line: 1 }),
    packspecCode: f.ref(label('包装规格', '包裝規格', 'Pack spec'), 'packspec', { list: false }),
    unitCode: f.ref(label('单位', '單位', 'Unit'), 'unit', { maxLength: 32, list: false }),
    beginQty: f.decimal(label('期初数量', '期初數量', 'Opening quantity'), 4, { min: 0, line: 2 }),
    beginWeg: weightT('期初重量', '期初重量', 'Opening weight'),
    beginBoard: board('期初板数', '期初板數', 'Opening pallets'),
    inQty: f.decimal(label('入库数量', '入庫數量', 'Quantity in'), 4, { min: 0, line: 3 }),
    inWeg: weightT('入库重量', '入庫重量', 'Weight in'),
    inBoard: board('入库板数', '入庫板數', 'Pallets in'),
    outQty: f.decimal(label('出库数量', '出庫數量', 'Quantity out'), 4, { min: 0, line: 4 }),
    outWeg: weightT('出库重量', '出庫重量', 'Weight out'),
    outBoard: board('出库板数', '出庫板數', 'Pallets out'),
    // Lost (positive) or found (negative) by counts, losses and processing: neither in nor out,
    // so opening + in − out − this = closing (issue 29, 2).
    adjustQty: f.decimal(label('损溢数量', '損溢數量', 'Quantity lost'), 4, { line: 5 }),
    adjustWeg: f.decimal(label('损溢重量（吨）', '損溢重量（噸）', 'Weight lost (t)'), 4, { list: false }),
    adjustBoard: f.decimal(label('损溢板数', '損溢板數', 'Pallets lost'), 4, { list: false }),
    endQty: f.decimal(label('期末数量', '期末數量', 'Closing quantity'), 4, { min: 0, line: 6 }),
    endWeg: weightT('期末重量', '期末重量', 'Closing weight'),
    endBoard: board('期末板数', '期末板數', 'Closing pallets'),
    packQty: f.decimal(label('包装件数', '包裝件數', 'Packages'), 4, { min: 0 }),
    realityQty: f.decimal(label('计费数量', '計費數量', 'Billed quantity'), 4, { min: 0, line: 7 }),
    unitPrice: f.money(label('单价', '單價', 'Unit price'), { scale: 4, min: 0, line: 8 }),
    amount: f.money(label('金额', '金額', 'Amount'), { form: 'readonly', line: 9 }),
    remark: f.text(label('备注', '備註', 'Remark'), { maxLength: 500, ...hidden }),
  },
});

/**
 * Cost bills (spec 02 §3.9 costbill): what one owner is billed for a period, from `costDate`
 * to `costDateEnd`, with its charge lines (`details`) and its stock summary (`packs`). The
 * billing run writes the lines; `amount` is their sum, `payAmount` what the owner has paid so
 * far (the sum of its pay details), and the statuses move by the confirm, invoice and payment
 * actions. `costTemp` names the statement template (the product calls templates "temp", as in
 * blpathbuildtemp.tempUrl).
 */
export const costBillTable = pgTable(
  'bl_costbill',
  {
    ...entityColumns(),
    costBillNo: varchar({ length: 64 }).notNull(),
    costTemp: varchar({ length: 64 }),
    customerCode: varchar({ length: 64 }).notNull(),
    customerName: varchar({ length: 128 }),
    costDate: date().notNull(),
    costDateEnd: date().notNull(),
    ...provisionalColumns(),
    amount: money(),
    discountAmount: money(),
    payAmount: money(),
    payStatus: varchar({ length: 8 }).notNull().default('0'),
    costStatus: varchar({ length: 8 }).notNull().default('1'),
    invoiceNo: varchar({ length: 64 }),
    remark: varchar({ length: 500 }),
  },
  (t) => [
    uniqueIndex('bl_costbill_cost_bill_no_uq').on(t.tenantId, t.costBillNo).where(sql`is_deleted = 0`),
    index('bl_costbill_customer_idx').on(t.tenantId, t.customerCode, t.costDate),
  ],
);

export const costbill = defineEntity({
  name: 'costbill',
  service: 'bl-acct',
  area: 'acct',
  label: label('费用账单', '費用帳單', 'Cost bill'),
  table: costBillTable,
  titleField: 'costBillNo',
  // Numbered like every bill: a blank number takes the next of its serial sequence (issue 29, 12).
  numberField: 'costBillNo',
  defaultSort: { field: 'costDate', order: 'desc' },
  // Draft (1) → confirm → confirmed (2) → send → sent to the owner (3); settled is the payment
  // status. Un-confirm only while nothing is paid. A confirmed or sent bill and its lines are locked.
  flow: {
    status: 'costStatus',
    locks: [{ field: 'costStatus', values: ['2', '3'] }],
    actions: {
      confirm: {
        label: label('确认', '確認', 'Confirm'),
        confirm: label(
          '确定确认选择的账单？确认后账单及明细不能再修改。',
          '確定確認選擇的帳單？確認後帳單及明細不能再修改。',
          'Confirm the selected cost bills? Their lines can no longer change.',
        ),
        when: { costStatus: ['1'] },
        refuse: 'billing.notDraft',
        sets: { costStatus: '2' },
      },
      unconfirm: {
        label: label('取消确认', '取消確認', 'Un-confirm'),
        confirm: label(
          '确定取消确认选择的账单？',
          '確定取消確認選擇的帳單？',
          'Un-confirm the selected cost bills?',
        ),
        danger: true,
        when: { costStatus: ['2'], payStatus: ['0'] },
        refuse: 'billing.cannotUnconfirm',
        sets: { costStatus: '1' },
      },
      send: {
        label: label('发送货主', '發送貨主', 'Send to owner'),
        confirm: label(
          '确定已将选择的账单发送给货主？',
          '確定已將選擇的帳單發送給貨主？',
          'Mark the selected cost bills as sent to their owners?',
        ),
        when: { costStatus: ['2'] },
        refuse: 'billing.notConfirmed',
        sets: { costStatus: '3' },
      },
    },
  },
  children: [
    { key: 'details', entity: () => costbilldetail, parentField: 'headerId' },
    { key: 'packs', entity: () => costbilldetailpack, parentField: 'headerId', distinctBy: ['materialCode'] },
  ],
  fields: {
    ...commonFields,
    costBillNo: f.text(label('账单编号', '帳單編號', 'Cost bill no.'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    costTemp: f.text(label('账单模板', '帳單模板', 'Statement template'), { maxLength: 64, ...hidden }),
    customerCode: f.ref(label('货主', '貨主', 'Owner'), 'customer', { required: true }),
    customerName: f.text(label('货主名称', '貨主名稱', 'Owner name'), {
      maxLength: 128,
      form: 'readonly',
      list: false,
      nameOf: 'customerCode',
    }),
    costDate: f.date(label('计费开始日期', '計費開始日期', 'Period from'), {
      required: true,
      sortable: true,
    }),
    costDateEnd: f.date(label('计费结束日期', '計費結束日期', 'Period to'), {
      required: true,
      sortable: true,
    }),
    ...provisionalFields,
    amount: f.money(label('账单金额', '帳單金額', 'Billed amount'), { form: 'readonly' }),
    discountAmount: f.money(label('优惠金额', '優惠金額', 'Discount'), { min: 0 }),
    payAmount: f.money(label('已收金额', '已收金額', 'Amount paid'), { form: 'readonly' }),
    payStatus: f.dict(label('收款状态', '收款狀態', 'Payment status'), 'costPayStatus', {
      defaultValue: '0',
      form: 'readonly',
    }),
    costStatus: f.dict(label('账单状态', '帳單狀態', 'Statement status'), 'costBillStatus', {
      defaultValue: '1',
      form: 'readonly',
    }),
    invoiceNo: f.text(label('发票号', '發票號', 'Invoice no.'), { maxLength: 64 }),
    remark: f.textarea(label('备注', '備註', 'Remark'), { maxLength: 500 }),
  },
});
