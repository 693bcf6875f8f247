import { date, integer, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { billHeaderIndexes, billLineFields, billLineIndexes, lineBillNo } from '../bills/common.ts';
import { entityColumns, id } from '../columns.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { type Label, label } from '../label.ts';

const qty = () => numeric({ precision: 18, scale: 4 });

/**
 * The lines of a production task (spec 02 §3.6): `qty` is the planned quantity, `arrQty` what
 * has been done so far (issued to processing on pull lines, received into stock on finished
 * lines) and `oustockQty` what is still pending (qty − arrQty: pending outbound on pull lines,
 * pending inbound on finished lines). Both are kept by the task's outbound and inbound steps.
 */
const taskLineColumns = () => ({
  headerId: id().notNull(),
  billNo: varchar({ length: 64 }),
  lineNumber: integer(),
  materialCode: varchar({ length: 64 }).notNull(),
  qty: qty().notNull(),
  oustockQty: qty(),
  arrQty: qty(),
  unitCode: varchar({ length: 32 }),
  remark: varchar({ length: 500 }),
  spareString1: varchar({ length: 255 }),
  spareString2: varchar({ length: 255 }),
  spareString3: varchar({ length: 255 }),
  spareString4: varchar({ length: 255 }),
});

interface TaskLineLabels {
  qty: Label;
  oustockQty: Label;
  arrQty: Label;
}

const taskLineFields = (labels: TaskLineLabels) => ({
  ...commonFields,
  headerId: billLineFields.headerId,
  billNo: billLineFields.billNo,
  lineNumber: billLineFields.lineNumber,
  materialCode: f.ref(label('物料', '物料', 'Material'), 'material', { required: true }),
  qty: f.decimal(labels.qty, 4, { required: true, min: 0.0001 }),
  oustockQty: f.decimal(labels.oustockQty, 4, { min: 0, form: 'readonly' }),
  arrQty: f.decimal(labels.arrQty, 4, { min: 0, form: 'readonly' }),
  unitCode: billLineFields.unitCode,
  remark: f.text(label('备注', '備註', 'Remark'), { maxLength: 500, search: 'none' }),
  spareString1: billLineFields.spareString1,
  spareString2: billLineFields.spareString2,
  spareString3: billLineFields.spareString3,
  spareString4: billLineFields.spareString4,
});

/** Raw materials a task takes out of stock for processing. */
export const secproductivePullItemTable = pgTable(
  'bl_secproductivepullitem',
  { ...entityColumns(), ...taskLineColumns() },
  (t) => billLineIndexes('bl_secproductivepullitem', t),
);

export const secproductivepullitem = defineEntity({
  name: 'secproductivepullitem',
  service: 'bl-wms',
  area: 'secondaryProcessing',
  parent: 'secproductive',
  label: label('加工领料明细', '加工領料明細', 'Task raw material'),
  table: secproductivePullItemTable,
  unfilled: {
    oustockQty: 'issue 31: production tasks issue and receive stock',
    arrQty: 'issue 31: production tasks issue and receive stock',
  },
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: taskLineFields({
    qty: label('计划领料数量', '計劃領料數量', 'Planned quantity'),
    oustockQty: label('待出库数量', '待出庫數量', 'Pending outbound'),
    arrQty: label('已领料数量', '已領料數量', 'Issued quantity'),
  }),
});

/** Finished goods a task puts into stock; `spareString3` is their batch number. */
export const secproductiveFinishedItemTable = pgTable(
  'bl_secproductivefinisheditem',
  { ...entityColumns(), ...taskLineColumns() },
  (t) => billLineIndexes('bl_secproductivefinisheditem', t),
);

export const secproductivefinisheditem = defineEntity({
  name: 'secproductivefinisheditem',
  service: 'bl-wms',
  area: 'secondaryProcessing',
  parent: 'secproductive',
  label: label('加工成品明细', '加工成品明細', 'Task finished goods'),
  table: secproductiveFinishedItemTable,
  unfilled: {
    oustockQty: 'issue 31: production tasks issue and receive stock',
    arrQty: 'issue 31: production tasks issue and receive stock',
  },
  titleField: 'materialCode',
  defaultSort: { field: 'lineNumber', order: 'asc' },
  fields: {
    ...taskLineFields({
      qty: label('计划产出数量', '計劃產出數量', 'Planned output'),
      oustockQty: label('待入库数量', '待入庫數量', 'Pending inbound'),
      arrQty: label('已入库数量', '已入庫數量', 'Received quantity'),
    }),
    spareString3: f.text(label('批次号', '批次號', 'Batch no.'), { maxLength: 64 }),
  },
});

/**
 * Production tasks of secondary processing (spec 02 §3.6 secproductive): one processing job
 * for an owner after a BOM. Its pull lines are issued out of stock (route
 * secproductiveFormEditOut), its finished lines received into stock (secproductiveFormEditIn);
 * `taskStatus` follows those steps. `billDate` (the processing date) and `taskStatus` are not
 * in the spec's field list: added so that tasks can be found by date and progress.
 */
export const secproductiveTable = pgTable(
  'bl_secproductive',
  {
    ...entityColumns(),
    billNo: varchar({ length: 64 }).notNull(),
    billDate: date(),
    bomNo: varchar({ length: 64 }).notNull(),
    custCode: varchar({ length: 64 }).notNull(),
    agreementCode: varchar({ length: 64 }),
    companyCode: varchar({ length: 64 }),
    taskStatus: varchar({ length: 8 }).notNull().default('1'),
    remark: varchar({ length: 500 }),
  },
  (t) => billHeaderIndexes('bl_secproductive', t),
);

export const secproductive = defineEntity({
  name: 'secproductive',
  service: 'bl-wms',
  area: 'secondaryProcessing',
  label: label('加工任务单', '加工任務單', 'Processing task'),
  table: secproductiveTable,
  ownerField: 'custCode',
  titleField: 'billNo',
  children: [
    {
      key: 'pullLines',
      entity: () => secproductivepullitem,
      parentField: 'headerId',
      minLines: 1,
      distinctBy: ['materialCode'],
      fromHeader: lineBillNo,
    },
    {
      key: 'finishedLines',
      entity: () => secproductivefinisheditem,
      parentField: 'headerId',
      minLines: 1,
      distinctBy: ['materialCode', 'spareString3'],
      fromHeader: lineBillNo,
    },
  ],
  fields: {
    ...commonFields,
    billNo: f.text(label('任务单号', '任務單號', 'Task no.'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    billDate: f.date(label('加工日期', '加工日期', 'Processing date'), { sortable: true }),
    bomNo: f.ref(label('BOM编号', 'BOM編號', 'BOM'), 'secbombill', {
      required: true,
      valueField: 'billNo',
      labelField: 'typeDesc',
    }),
    custCode: f.ref(label('货主', '貨主', 'Owner'), 'customer', { required: true }),
    agreementCode: f.ref(label('协议编号', '協議編號', 'Agreement'), 'lgagreement', {
      valueField: 'agreementCode',
      labelField: 'name',
    }),
    companyCode: f.ref(label('公司', '公司', 'Company'), 'company'),
    taskStatus: f.dict(label('任务状态', '任務狀態', 'Task status'), 'secProductiveStatus', {
      required: true,
      defaultValue: '1',
      form: 'readonly',
    }),
    remark: f.text(label('备注', '備註', 'Remark'), { maxLength: 500, search: 'none' }),
  },
});
