import { numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { billHeaderIndexes, billLineFields, billLineIndexes, lineBillNo } from '../bills/common.ts';
import { entityColumns, id } from '../columns.ts';
import type { ChildInput, EntityDefinition } from '../define.ts';
import { defineEntity } from '../define.ts';
import { commonFields, f } from '../fields.ts';
import { type Label, label } from '../label.ts';

/**
 * BOM items: one material and how much of it one processing run consumes (pull-material
 * items) or yields (finished-product items). Per-run quantities are kept to six decimals,
 * because a run may take a fraction of a base unit (glue in kg per gift box). The spec's
 * `updateBy` on pull items is the engine's `updateUser`.
 */
const bomItemColumns = () => ({
  headerId: id().notNull(),
  billNo: varchar({ length: 64 }),
  materialCode: varchar({ length: 64 }).notNull(),
  qty: numeric({ precision: 18, scale: 6 }).notNull(),
  remark: varchar({ length: 500 }),
});

const bomItemFields = (qtyLabel: Label) => ({
  ...commonFields,
  headerId: billLineFields.headerId,
  billNo: billLineFields.billNo,
  materialCode: f.ref(label('物料', '物料', 'Material'), 'material', { required: true }),
  qty: f.decimal(qtyLabel, 6, { required: true, min: 0.000001 }),
  remark: f.text(label('备注', '備註', 'Remark'), { maxLength: 500, search: 'none' }),
});

/** Raw materials a BOM consumes per run. */
export const secbomPullItemTable = pgTable(
  'bl_secbompullitem',
  { ...entityColumns(), ...bomItemColumns() },
  (t) => billLineIndexes('bl_secbompullitem', t),
);

export const secbompullitem = defineEntity({
  name: 'secbompullitem',
  service: 'bl-wms',
  area: 'secondaryProcessing',
  parent: 'secbombill',
  label: label('BOM领料明细', 'BOM領料明細', 'BOM raw material'),
  table: secbomPullItemTable,
  titleField: 'materialCode',
  defaultSort: { field: 'id', order: 'asc' },
  fields: bomItemFields(label('单次用量', '單次用量', 'Quantity per run')),
});

/** Finished products a BOM yields per run. */
export const secbomFinishedItemTable = pgTable(
  'bl_secbomfinisheditem',
  { ...entityColumns(), ...bomItemColumns() },
  (t) => billLineIndexes('bl_secbomfinisheditem', t),
);

export const secbomfinisheditem = defineEntity({
  name: 'secbomfinisheditem',
  service: 'bl-wms',
  area: 'secondaryProcessing',
  parent: 'secbombill',
  label: label('BOM成品明细', 'BOM成品明細', 'BOM finished product'),
  table: secbomFinishedItemTable,
  titleField: 'materialCode',
  defaultSort: { field: 'id', order: 'asc' },
  fields: bomItemFields(label('单次产出数量', '單次產出數量', 'Output per run')),
});

/**
 * The two item sets of a BOM: at least one raw material and one finished product (spec 02 §5),
 * and a material appears once per set.
 */
const bomChildren = (pull: () => EntityDefinition, finished: () => EntityDefinition): ChildInput[] => [
  {
    key: 'pullLines',
    entity: pull,
    parentField: 'headerId',
    minLines: 1,
    distinctBy: ['materialCode'],
    fromHeader: lineBillNo,
  },
  {
    key: 'finishedLines',
    entity: finished,
    parentField: 'headerId',
    minLines: 1,
    distinctBy: ['materialCode'],
    fromHeader: lineBillNo,
  },
];

/**
 * Secondary-processing BOMs (spec 02 §3.6 BOM head): the recipe of a value-added processing job
 * (kitting, repacking, labelling): the raw materials taken out of stock and the finished
 * products put back. `typeDesc` is the free-text description of the processing ("gift box
 * assembly"), which also names the BOM in pickers. Production tasks copy a BOM by its number.
 */
export const secbombillTable = pgTable(
  'bl_secbombill',
  {
    ...entityColumns(),
    billNo: varchar({ length: 64 }).notNull(),
    typeDesc: varchar({ length: 255 }),
    remark: varchar({ length: 500 }),
    spareString1: varchar({ length: 255 }),
    spareString2: varchar({ length: 255 }),
    spareString3: varchar({ length: 255 }),
    spareString4: varchar({ length: 255 }),
  },
  (t) => billHeaderIndexes('bl_secbombill', t),
);

export const secbombill = defineEntity({
  name: 'secbombill',
  service: 'bl-wms',
  area: 'secondaryProcessing',
  label: label('BOM清单', 'BOM清單', 'Bill of materials'),
  table: secbombillTable,
  titleField: 'billNo',
  children: bomChildren(
    () => secbompullitem,
    () => secbomfinisheditem,
  ),
  fields: {
    ...commonFields,
    billNo: f.text(label('BOM编号', 'BOM編號', 'BOM no.'), {
      required: true,
      maxLength: 64,
      unique: true,
      sortable: true,
    }),
    typeDesc: f.text(label('加工类型说明', '加工類型說明', 'Processing description')),
    remark: f.text(label('备注', '備註', 'Remark'), { maxLength: 500, search: 'none' }),
    spareString1: billLineFields.spareString1,
    spareString2: billLineFields.spareString2,
    spareString3: billLineFields.spareString3,
    spareString4: billLineFields.spareString4,
  },
});
