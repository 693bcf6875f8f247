/**
 * The stock reports of spec 01 §2 /reportManagement as the screens show them: the server's
 * report code (`/api/bl-wms/report/{code}/list|export`, buttons `{code}_view|_export`), the
 * columns (fields of the ledger entity, whose labels and kinds come from the catalogue, or the
 * report's own columns, labelled by `reports.columns.*`) and the filters of its search form.
 */

/** A filter of the search form and the query parameters it sends. */
export type ReportFilter =
  /** A ledger key picked from its master data (owner, material, location): `{name}_equal`. */
  | { name: string; kind: 'ref' }
  /** Free text: a contains-match on `{name}`. */
  | { name: string; kind: 'text' }
  /** A dictionary value: `{name}_equal`. */
  | { name: string; kind: 'dict' }
  /** The storage area of the row's location: `warehouseAreaCode_equal`. */
  | { name: 'warehouseAreaCode'; kind: 'area' }
  /** Whole days, both ends included: `{name}_dategt` and `{name}_datelt`. */
  | { name: string; kind: 'dateRange' };

export type ReportCode =
  | 'stockByWarehouseArea'
  | 'stockByCustomerBatchNo'
  | 'stockByDetails'
  | 'stockDetail'
  | 'stockStreamDetail'
  | 'ylmatReportDetail'
  | 'ylmatReportDayWare'
  | 'ylmatReportbillSum'
  | 'packmatReport'
  | 'importmatReport';

export interface ReportSpec {
  code: ReportCode;
  /** The ledger entity whose fields name the columns and filters. */
  source: 'stock' | 'stockstream';
  columns: string[];
  filters: ReportFilter[];
  /** Rows open the key's history (stockDetailViewShow). */
  opensDetail?: boolean;
  /** Rows link to the bill that moved the stock. */
  linksBills?: boolean;
}

/** Columns that are not fields of the ledger entity. */
export const ownColumnNames = [
  'warehouseAreaCode',
  'warehouseAreaName',
  'placeCount',
  'lineCount',
  'day',
  'warehouseCode',
  'inQty',
  'outQty',
  'adjustQty',
  'moveCount',
] as const;
export type OwnColumn = (typeof ownColumnNames)[number];
/** How the report's own columns read (text unless said). */
export const ownColumnKinds: Partial<Record<OwnColumn, 'integer' | 'decimal' | 'date'>> = {
  placeCount: 'integer',
  lineCount: 'integer',
  day: 'date',
  inQty: 'decimal',
  outQty: 'decimal',
  adjustQty: 'decimal',
  moveCount: 'integer',
};
export const isOwnColumn = (name: string): name is OwnColumn =>
  (ownColumnNames as readonly string[]).includes(name);
export const amountColumns = ['qty', 'weg', 'qtyWeg', 'board', 'volume'] as const;

const stockFilters: ReportFilter[] = [
  { name: 'customerCode', kind: 'ref' },
  { name: 'materialCode', kind: 'ref' },
  { name: 'batchNo', kind: 'text' },
  { name: 'customerBatchNo', kind: 'text' },
  { name: 'warehouseAreaCode', kind: 'area' },
  { name: 'warehousePlaceCode', kind: 'ref' },
  { name: 'stockStatus', kind: 'dict' },
];
const balanceColumns = [
  'customerCode',
  'materialCode',
  'batchNo',
  'customerBatchNo',
  'warehouseAreaCode',
  'warehouseAreaName',
  'warehousePlaceCode',
  'barcode',
  'packspecCode',
  'stockStatus',
  'unitCode',
  ...amountColumns,
  'instockDate',
  'productDate',
  'validityDate',
];

/** The in/out figures of the material reports, and the movements each sums. */
const inOutColumns = ['inQty', 'outQty', 'adjustQty', 'moveCount'];
const movementFilters: ReportFilter[] = [
  { name: 'customerCode', kind: 'ref' },
  { name: 'materialCode', kind: 'ref' },
  { name: 'warehouseAreaCode', kind: 'area' },
  { name: 'billNo', kind: 'text' },
  { name: 'streamTime', kind: 'dateRange' },
];

export const reportSpecs: Record<ReportCode, ReportSpec> = {
  stockByWarehouseArea: {
    code: 'stockByWarehouseArea',
    source: 'stock',
    columns: ['warehouseAreaCode', 'warehouseAreaName', 'placeCount', 'lineCount', ...amountColumns],
    filters: stockFilters,
  },
  stockByCustomerBatchNo: {
    code: 'stockByCustomerBatchNo',
    source: 'stock',
    columns: ['customerCode', 'customerBatchNo', 'materialCode', 'lineCount', ...amountColumns],
    filters: stockFilters,
  },
  stockByDetails: {
    code: 'stockByDetails',
    source: 'stock',
    columns: balanceColumns,
    filters: stockFilters,
  },
  stockDetail: {
    code: 'stockDetail',
    source: 'stock',
    columns: balanceColumns,
    filters: stockFilters,
    opensDetail: true,
  },
  stockStreamDetail: {
    code: 'stockStreamDetail',
    source: 'stockstream',
    columns: [
      'streamTime',
      'billType',
      'billNo',
      'lineNumber',
      'direction',
      'streamStatus',
      'customerCode',
      'materialCode',
      'batchNo',
      'customerBatchNo',
      'warehouseAreaCode',
      'warehousePlaceCode',
      'stockStatus',
      ...amountColumns,
    ],
    filters: [
      ...stockFilters,
      { name: 'billNo', kind: 'text' },
      { name: 'direction', kind: 'dict' },
      { name: 'streamTime', kind: 'dateRange' },
    ],
    linksBills: true,
  },
  // The material reports of /acct/lcr (issue 30, ADR 0043): sums per day, warehouse, bill or material.
  ylmatReportDetail: {
    code: 'ylmatReportDetail',
    source: 'stockstream',
    columns: ['day', 'customerCode', 'materialCode', ...inOutColumns],
    filters: movementFilters,
  },
  ylmatReportDayWare: {
    code: 'ylmatReportDayWare',
    source: 'stockstream',
    columns: ['day', 'warehouseCode', 'materialCode', ...inOutColumns],
    filters: movementFilters,
  },
  ylmatReportbillSum: {
    code: 'ylmatReportbillSum',
    source: 'stockstream',
    columns: ['day', 'billType', 'billNo', 'customerCode', ...inOutColumns],
    filters: movementFilters,
    linksBills: true,
  },
  packmatReport: {
    code: 'packmatReport',
    source: 'stockstream',
    columns: ['customerCode', 'materialCode', ...inOutColumns],
    filters: movementFilters,
  },
  importmatReport: {
    code: 'importmatReport',
    source: 'stockstream',
    columns: ['customerCode', 'materialCode', ...inOutColumns],
    filters: movementFilters,
  },
};

/** The query parameters of a filled-in search form: blank fields send nothing. */
export function reportParams(
  filters: ReportFilter[],
  values: Record<string, unknown>,
): Record<string, string> {
  const params: Record<string, string> = {};
  for (const filter of filters) {
    const value = values[filter.name];
    if (value === undefined || value === null || value === '') continue;
    if (filter.kind === 'dateRange') {
      const [from, to] = value as [string, string];
      params[`${filter.name}_dategt`] = from;
      params[`${filter.name}_datelt`] = to;
    } else if (filter.kind === 'text') {
      const text = String(value).trim();
      if (text) params[filter.name] = text;
    } else {
      params[`${filter.name}_equal`] = String(value);
    }
  }
  return params;
}

/** Where a bill of a stream row opens: the view route of its entity (spec 01 §2). */
export const billViewRoutes: Record<string, string> = {
  isinstockbill: '/warehousingManagement/isinstockbillFormView',
  osoutstockbill: '/outWarehouseManagement/osoutstockbillFormView',
};

/** The report screens by spec route. */
export const reportRoutes: Record<string, ReportCode> = {
  '/reportManagement/stockByWarehouseAreaView': 'stockByWarehouseArea',
  '/reportManagement/stockByCustomerBatchNoView': 'stockByCustomerBatchNo',
  '/reportManagement/stockByDetailsView': 'stockByDetails',
  '/reportManagement/stockDetailView': 'stockDetail',
  '/reportManagement/stockStreamDetailView': 'stockStreamDetail',
  '/acct/lcr/ylmatReportDetail': 'ylmatReportDetail',
  '/acct/lcr/ylmatReportDayWare': 'ylmatReportDayWare',
  '/acct/lcr/ylmatReportbillSum': 'ylmatReportbillSum',
  '/acct/lcr/packmatReport': 'packmatReport',
  '/acct/lcr/importmatReport': 'importmatReport',
};
export const boardRoute = '/reportManagement/stockpageshow2';
export const detailShowRoute = '/reportManagement/stockDetailViewShow';

/** Bands of the bin board: 0 empty, 1-4 filling up, 5 over capacity, 6 holding stock with no limit. */
export type OccupancyBand = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/**
 * The colour of a location on the bin board by occupancy (0 empty … 1 full, above 1 over-filled):
 * five steps from pale to deep, red when over capacity. A location with no capacity of its own
 * (basis `qty` or `none`: the server compares it with the fullest location) is never "full": it
 * has no limit, and takes a band of its own.
 */
export function occupancyBand(occupancy: string, qty: string, basis = 'volume'): OccupancyBand {
  const ratio = Number(occupancy);
  if (Number(qty) === 0) return 0;
  if (basis === 'qty' || basis === 'none') return 6;
  if (ratio > 1) return 5;
  if (ratio >= 0.8) return 4;
  if (ratio >= 0.5) return 3;
  if (ratio >= 0.2) return 2;
  return 1;
}
