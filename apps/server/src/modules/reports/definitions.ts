import { type FieldMeta, type Label, label, stockAmountParts, stockKeyParts } from '@bl/entities';
import { type EntityDefinition, entityByName } from '@bl/entities/registry';
import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { inOutParts, movementClassSql } from '../ledger/index.ts';

/**
 * The stock reports of spec 01 §2 /reportManagement (docs/adr/0008-stock-ledger.md, Reports).
 * Each reads the ledger (`bl_stock` balances or `bl_stockstream` movements) of the caller's
 * tenant and data scope, joined to its location and storage area, grouped and summed in SQL.
 */

/** The amounts every report sums: numeric in SQL, text in JSON, never a JavaScript float. */
export const amountNames = stockAmountParts;
export type AmountName = (typeof amountNames)[number];

export interface ReportColumn {
  name: string;
  /** A field of the source entity (its label, kind, dictionary), or a column of the report's own. */
  field: FieldMeta;
  /** The SELECT expression, as text (or null) so both drivers answer the same types. */
  select: SQL;
  /** Sortable by `ascs` / `descs`. */
  sortable: boolean;
  /** Reads the row's location or storage area (`p.`, `a.`): the query joins them only if one does. */
  usesPlace?: boolean;
}

export interface ReportDefinition {
  /** URL segment, menu code and button prefix (`{code}_view`, `{code}_export`). */
  code: string;
  /** The spec route of its screen. */
  route: string;
  label: Label;
  source: 'stock' | 'stockstream';
  /** Fields of the source entity a filter may name (any SpringBlade suffix), beyond the area. */
  filters: readonly string[];
  columns: ReportColumn[];
  /** Grouped reports sum per group; the others list one row per balance or movement. */
  groupBy?: SQL[];
  /**
   * The report reads balances already summed per location (`bl_stock` is then a subquery with
   * one row per location: its amounts summed and `line_count`), so grouping a whole warehouse
   * by storage area joins thousands of locations instead of every balance (ADR 0008, Reports).
   */
  perPlace?: boolean;
  /** Balances reports leave out keys whose stock is gone (the ledger keeps them at zero). */
  onlyHeld: boolean;
  defaultOrder: SQL[];
  /** The menu area it sits in: the reports' own, or billing's (/acct) for the finance reports. */
  area?: 'reportManagement' | 'acct';
  /** Only rows of materials of these types (`material.type`: 2 raw materials, 3 packaging). */
  materialTypes?: readonly string[];
  /**
   * Figures summed over the rows beyond the ledger's amounts (the in/out/adjust quantities), each
   * a column of the same name and a figure of the totals row.
   */
  extraSums?: { name: string; value: SQL }[];
}

const entityOf = (name: string): EntityDefinition => {
  const found = entityByName.get(name);
  if (!found) throw new Error(`${name} is not in the catalogue`);
  return found;
};
export const stockEntity = entityOf('stock');
export const streamEntity = entityOf('stockstream');

const fieldOf = (entity: EntityDefinition, name: string): FieldMeta => {
  const found = entity.fields.find((f) => f.name === name);
  if (!found) throw new Error(`${entity.name}.${name} is not a field`);
  return found;
};

/** A column of the report's own (not a field of the ledger): its label and kind. */
const ownField = (name: string, l: Label, kind: FieldMeta['kind'], scale?: number): FieldMeta => ({
  name,
  kind,
  label: l,
  required: false,
  list: true,
  search: 'none',
  form: 'readonly',
  view: true,
  sortable: true,
  unique: false,
  system: false,
  ...(scale !== undefined && { scale }),
});

const areaCodeField = ownField('warehouseAreaCode', label('库区', '庫區', 'Storage area'), 'text');
const areaNameField = ownField('warehouseAreaName', label('库区名称', '庫區名稱', 'Area name'), 'text');
const placeCountField = ownField('placeCount', label('库位数', '庫位數', 'Locations'), 'integer');
const lineCountField = ownField('lineCount', label('明细数', '明細數', 'Balance lines'), 'integer');
const billIdField = ownField('billId', label('单据', '單據', 'Bill'), 'text');
const dayField = ownField('day', label('日期', '日期', 'Day'), 'date');
const warehouseField = ownField('warehouseCode', label('仓库', '倉庫', 'Warehouse'), 'text');
/** What a movement is to the in/out figures (issue 29, 2): a place move is neither in nor out. */
const movementField: FieldMeta = {
  ...ownField('movement', label('收发类别', '收發類別', 'Movement class'), 'dict'),
  dict: 'movementClass',
};

/** Column SQL names of the ledger tables: `customerCode` → `customer_code`. */
export const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A plain column of `bl_stock` / `bl_stockstream`, as text. */
const ledgerColumn = (table: 'bl_stock' | 'bl_stockstream', entity: EntityDefinition, name: string) => ({
  name,
  field: fieldOf(entity, name),
  select: sql`cast(${sql.raw(`${table}.${snake(name)}`)} as text)`,
  sortable: true,
});

const sums = (table: 'bl_stock' | 'bl_stockstream', entity: EntityDefinition): ReportColumn[] =>
  amountNames.map((name) => ({
    name,
    field: fieldOf(entity, name),
    select: sql`cast(sum(${sql.raw(`${table}.${snake(name)}`)}) as text)`,
    sortable: true,
  }));

const stockColumn = (name: string) => ledgerColumn('bl_stock', stockEntity, name);
const streamColumn = (name: string) => ledgerColumn('bl_stockstream', streamEntity, name);
/** An instant as the generic list sends it (ISO 8601 in UTC), whatever the session's time zone. */
const streamTime: ReportColumn = {
  ...streamColumn('streamTime'),
  select: sql`to_char(bl_stockstream.stream_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};
const areaCode: ReportColumn = {
  name: 'warehouseAreaCode',
  field: areaCodeField,
  select: sql`coalesce(p.warehouse_area_code, '')`,
  sortable: true,
  usesPlace: true,
};
const areaName: ReportColumn = {
  name: 'warehouseAreaName',
  field: areaNameField,
  select: sql`coalesce(max(a.name), '')`,
  sortable: false,
  usesPlace: true,
};
const areaNamePlain: ReportColumn = { ...areaName, select: sql`coalesce(a.name, '')` };

/** The balance key, in the ledger's order. */
const keyNames = stockKeyParts;

const stockFilters = [...keyNames, 'instockDate', 'validityDate'] as const;
const balanceColumns = (): ReportColumn[] => [
  { ...stockColumn('id'), sortable: false },
  ...keyNames.map(stockColumn),
  areaCode,
  areaNamePlain,
  stockColumn('unitCode'),
  ...amountNames.map(stockColumn),
  stockColumn('instockDate'),
  stockColumn('productDate'),
  stockColumn('validityDate'),
];

/** Rows of a stream bill link to the bill: its id, found by type (an entity name) and number. */
const billTypes = ['isinstockbill', 'osoutstockbill'] as const;
const billIdSelect = sql`case ${sql.join(
  billTypes.map((type) => {
    const table = getTableName(entityOf(type).table as PgTable);
    return sql`when bl_stockstream.bill_type = ${type} then (select cast(b.id as text) from ${sql.raw(table)} b
      where b.tenant_id = bl_stockstream.tenant_id and b.bill_no = bl_stockstream.bill_no and b.is_deleted = 0
      order by b.id limit 1)`;
  }),
  sql` `,
)} end`;

/** The day a movement happened (UTC, as the period close counts it). */
const streamDaySql = sql`cast((bl_stockstream.stream_time at time zone 'UTC')::date as text)`;
const streamDay: ReportColumn = { name: 'day', field: dayField, select: streamDaySql, sortable: true };
/** The warehouse of a movement's location, through its storage area. */
const warehouseSql = sql`coalesce(a.warehouse_code, '')`;
const warehouseColumn: ReportColumn = {
  name: 'warehouseCode',
  field: warehouseField,
  select: warehouseSql,
  sortable: true,
  usesPlace: true,
};
/** In, out (positive) and adjusted (lost positive, found negative) quantities, the owner's view. */
const inOut = inOutParts('bl_stockstream', 'qty', 'owner');
const inOutSums = [
  { name: 'inQty', value: inOut.in },
  { name: 'outQty', value: inOut.out },
  { name: 'adjustQty', value: inOut.adjust },
];
const inOutLabels: Record<string, Label> = {
  inQty: label('收入数量', '收入數量', 'In'),
  outQty: label('发出数量', '發出數量', 'Out'),
  adjustQty: label('盘亏及损耗', '盤虧及損耗', 'Lost / found'),
};
const inOutColumns: ReportColumn[] = inOutSums.map(({ name, value }) => ({
  name,
  field: ownField(name, inOutLabels[name] as Label, 'decimal', 4),
  select: sql`cast(sum(${value}) as text)`,
  sortable: true,
}));
const moveCount: ReportColumn = {
  name: 'moveCount',
  field: ownField('moveCount', label('流水数', '流水數', 'Movements'), 'integer'),
  select: sql`cast(count(*) as text)`,
  sortable: true,
};
const movementFilters = ['customerCode', 'materialCode', 'billNo', 'billType', 'streamTime'] as const;

export const reports: ReportDefinition[] = [
  {
    code: 'stockByWarehouseArea',
    route: '/reportManagement/stockByWarehouseAreaView',
    label: label('库区库存', '庫區庫存', 'Stock by zone'),
    source: 'stock',
    filters: stockFilters,
    columns: [
      areaCode,
      areaName,
      {
        name: 'placeCount',
        field: placeCountField,
        select: sql`cast(count(distinct bl_stock.warehouse_place_code) as text)`,
        sortable: true,
      },
      {
        name: 'lineCount',
        field: lineCountField,
        select: sql`cast(sum(bl_stock.line_count) as text)`,
        sortable: true,
      },
      ...sums('bl_stock', stockEntity),
    ],
    groupBy: [sql`coalesce(p.warehouse_area_code, '')`],
    perPlace: true,
    onlyHeld: true,
    defaultOrder: [sql`1`],
  },
  {
    code: 'stockByCustomerBatchNo',
    route: '/reportManagement/stockByCustomerBatchNoView',
    label: label('客户批次库存', '客戶批次庫存', 'Stock by owner batch'),
    source: 'stock',
    filters: stockFilters,
    columns: [
      stockColumn('customerCode'),
      stockColumn('customerBatchNo'),
      stockColumn('materialCode'),
      { name: 'lineCount', field: lineCountField, select: sql`cast(count(*) as text)`, sortable: true },
      ...sums('bl_stock', stockEntity),
    ],
    groupBy: [sql`bl_stock.customer_code`, sql`bl_stock.customer_batch_no`, sql`bl_stock.material_code`],
    onlyHeld: true,
    defaultOrder: [sql`1`, sql`2`, sql`3`],
  },
  {
    code: 'stockByDetails',
    route: '/reportManagement/stockByDetailsView',
    label: label('库存明细', '庫存明細', 'Stock by details'),
    source: 'stock',
    filters: stockFilters,
    columns: balanceColumns(),
    onlyHeld: true,
    defaultOrder: [...keyNames.map((name) => sql.raw(`bl_stock.${snake(name)}`)), sql`bl_stock.id`],
  },
  {
    // Every key the ledger has seen, the emptied ones too: the way into a key's history (show).
    code: 'stockDetail',
    route: '/reportManagement/stockDetailView',
    label: label('库存详情', '庫存詳情', 'Stock detail'),
    source: 'stock',
    filters: stockFilters,
    columns: balanceColumns(),
    onlyHeld: false,
    defaultOrder: [...keyNames.map((name) => sql.raw(`bl_stock.${snake(name)}`)), sql`bl_stock.id`],
  },
  {
    code: 'stockStreamDetail',
    route: '/reportManagement/stockStreamDetailView',
    label: label('库存流水明细', '庫存流水明細', 'Stock movements'),
    source: 'stockstream',
    filters: [...keyNames, 'billNo', 'billType', 'direction', 'streamStatus', 'streamTime'],
    columns: [
      { ...streamColumn('id'), sortable: false },
      streamTime,
      streamColumn('billType'),
      streamColumn('billNo'),
      { name: 'billId', field: billIdField, select: billIdSelect, sortable: false },
      streamColumn('lineNumber'),
      streamColumn('direction'),
      {
        name: 'movement',
        field: movementField,
        select: movementClassSql('bl_stockstream.bill_type'),
        sortable: false,
      },
      streamColumn('streamStatus'),
      ...keyNames.map(streamColumn),
      areaCode,
      ...amountNames.map(streamColumn),
    ],
    onlyHeld: false,
    defaultOrder: [sql`bl_stockstream.stream_time desc`, sql`bl_stockstream.id desc`],
  },
  // The material reports of /acct/lcr (issue 30, ADR 0043): movements summed in SQL, with the
  // in/out rule of every report (goods through the door as the owner sees them, ADR 0037).
  {
    code: 'ylmatReportDetail',
    route: '/acct/lcr/ylmatReportDetail',
    label: label('原料收发明细', '原料收發明細', 'Raw materials in and out by day'),
    area: 'acct',
    source: 'stockstream',
    materialTypes: ['2'],
    filters: movementFilters,
    columns: [
      streamDay,
      streamColumn('customerCode'),
      streamColumn('materialCode'),
      ...inOutColumns,
      moveCount,
    ],
    extraSums: inOutSums,
    groupBy: [streamDaySql, sql`bl_stockstream.customer_code`, sql`bl_stockstream.material_code`],
    onlyHeld: false,
    defaultOrder: [sql`1 desc`, sql`2`, sql`3`],
  },
  {
    code: 'ylmatReportDayWare',
    route: '/acct/lcr/ylmatReportDayWare',
    label: label('原料日仓汇总', '原料日倉匯總', 'Raw materials by day and warehouse'),
    area: 'acct',
    source: 'stockstream',
    materialTypes: ['2'],
    filters: movementFilters,
    columns: [streamDay, warehouseColumn, streamColumn('materialCode'), ...inOutColumns, moveCount],
    extraSums: inOutSums,
    groupBy: [streamDaySql, warehouseSql, sql`bl_stockstream.material_code`],
    onlyHeld: false,
    defaultOrder: [sql`1 desc`, sql`2`, sql`3`],
  },
  {
    code: 'ylmatReportbillSum',
    route: '/acct/lcr/ylmatReportbillSum',
    label: label('原料单据汇总', '原料單據匯總', 'Raw materials by bill'),
    area: 'acct',
    source: 'stockstream',
    materialTypes: ['2'],
    filters: movementFilters,
    columns: [
      { ...streamDay, select: sql`min(${streamDaySql})` },
      streamColumn('billType'),
      streamColumn('billNo'),
      { name: 'billId', field: billIdField, select: billIdSelect, sortable: false },
      streamColumn('customerCode'),
      ...inOutColumns,
      moveCount,
    ],
    extraSums: inOutSums,
    // The tenant too: the bill's link reads the bill of the row's tenant.
    groupBy: [
      sql`bl_stockstream.bill_type`,
      sql`bl_stockstream.bill_no`,
      sql`bl_stockstream.customer_code`,
      sql`bl_stockstream.tenant_id`,
    ],
    onlyHeld: false,
    defaultOrder: [sql`1 desc`, sql`3`],
  },
  {
    code: 'packmatReport',
    route: '/acct/lcr/packmatReport',
    label: label('包材收发汇总', '包材收發匯總', 'Packaging in and out'),
    area: 'acct',
    source: 'stockstream',
    materialTypes: ['3'],
    filters: movementFilters,
    columns: [streamColumn('customerCode'), streamColumn('materialCode'), ...inOutColumns, moveCount],
    extraSums: inOutSums,
    groupBy: [sql`bl_stockstream.customer_code`, sql`bl_stockstream.material_code`],
    onlyHeld: false,
    defaultOrder: [sql`1`, sql`2`],
  },
  {
    // Goods received for each owner and material over a period, whatever their type: the
    // inbound side of a statement (进料), as the owner sees it.
    code: 'importmatReport',
    route: '/acct/lcr/importmatReport',
    label: label('进料汇总', '進料匯總', 'Goods received by material'),
    area: 'acct',
    source: 'stockstream',
    filters: movementFilters,
    columns: [streamColumn('customerCode'), streamColumn('materialCode'), ...inOutColumns, moveCount],
    extraSums: inOutSums,
    groupBy: [sql`bl_stockstream.customer_code`, sql`bl_stockstream.material_code`],
    onlyHeld: false,
    defaultOrder: [sql`1`, sql`2`],
  },
];

export const reportByCode = new Map(reports.map((r) => [r.code, r]));

/** The bin board and the detail show screen live under these codes too (menu and buttons). */
export const boardCode = 'stockpageshow2';
export const boardRoute = '/reportManagement/stockpageshow2';
export const showRoute = '/reportManagement/stockDetailViewShow';
