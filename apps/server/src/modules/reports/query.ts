import type { Language, Page } from '@bl/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.ts';
import { visible } from '../../engine/crud.ts';
import { scopesApply } from '../../engine/data-scope.ts';
import { parseListQuery } from '../../engine/list-query.ts';
import type { AuthContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import {
  type AmountName,
  amountNames,
  type ReportDefinition,
  snake,
  stockEntity,
  streamEntity,
} from './definitions.ts';

export type ReportRow = Record<string, string | null>;
/** The ledger's amounts, and the report's own sums (`extraSums`) by name. */
export type Totals = Record<AmountName, string> & Record<string, string>;
export interface ReportPage extends Page<ReportRow> {
  /** The sums over every row the filters match (not only this page). */
  totals: Totals;
}

/** What a report query asks: its rows' conditions, order and page. */
export interface ReportQuery {
  /** Conditions on the ledger table alone. */
  where: SQL;
  /** The storage area filter, through the row's location; '' for none. */
  areaCode: string;
  orderBy: SQL[];
  current: number;
  size: number;
  /** Set by `parseReportQuery`; a query built otherwise (the bin board) reads the ledger. */
  tenantId?: string;
  /** Whether a filter on the ledger's own fields was given (the area filter is not one). */
  ledgerFiltered?: boolean;
  /** Whether data scopes may apply to the caller (undefined: they cannot, an administrator). */
  scopes?: SQL;
  /** Read the per-location totals kept by the ledger (bl_stock_place_total) instead of it. */
  fromTotals?: boolean;
}

const suffixes = [
  '_notequal',
  '_dateequal',
  '_notlike',
  '_notnull',
  '_dategt',
  '_datelt',
  '_equal',
  '_like',
  '_null',
  '_gt',
  '_lt',
  '',
];
const baseName = (key: string) => {
  const suffix = suffixes.find((s) => s && key.endsWith(s)) ?? '';
  return key.slice(0, key.length - suffix.length);
};

/**
 * The storage area filter (`warehouseAreaCode` or `warehouseAreaCode_equal`): an exact code,
 * through the location of the row. The other filters name fields of the ledger entity, with
 * the SpringBlade suffixes, as its list does; anything else is a 400.
 */
export function parseReportQuery(
  report: ReportDefinition,
  auth: AuthContext,
  query: Record<string, unknown>,
  language: Language,
): ReportQuery {
  const entity = report.source === 'stock' ? stockEntity : streamEntity;
  const ledgerFilters: Record<string, unknown> = {};
  const where: SQL[] = [visible(entity, auth)];
  let areaCode = '';
  for (const [key, raw] of Object.entries(query)) {
    if (key === 'ascs' || key === 'descs') continue;
    if (key === 'current' || key === 'size') {
      ledgerFilters[key] = raw;
      continue;
    }
    const value = String((Array.isArray(raw) ? raw[0] : raw) ?? '').trim();
    if (key === 'warehouseAreaCode' || key === 'warehouseAreaCode_equal') {
      areaCode = value;
      continue;
    }
    if (!report.filters.includes(baseName(key))) throw badRequest('crud.unknownFilter', { name: key });
    ledgerFilters[key] = raw;
  }
  const parsed = parseListQuery(entity, ledgerFilters, language);
  where.push(...parsed.where);
  if (report.onlyHeld) where.push(sql`bl_stock.qty <> 0`);
  if (report.materialTypes) {
    // Materials are the tenant's (a code once per tenant): an index probe per row's material.
    const table = sql.raw(report.source === 'stock' ? 'bl_stock' : 'bl_stockstream');
    where.push(sql`exists (select 1 from bl_material m where m.tenant_id = ${auth.tenantId}
      and m.code = ${table}.material_code and m.is_deleted = 0
      and m.type in (${sql.join(
        report.materialTypes.map((type) => sql`${type}`),
        sql`, `,
      )}))`);
  }

  const orderBy: SQL[] = [];
  for (const [param, direction] of [
    ['ascs', 'asc'],
    ['descs', 'desc'],
  ] as const) {
    const raw = query[param];
    if (raw === undefined || raw === '') continue;
    for (const part of String(raw).split(',')) {
      const index = report.columns.findIndex((c) => c.name === part.trim() && c.sortable);
      if (index < 0) throw badRequest('crud.unknownSort', { name: part });
      orderBy.push(sql.raw(`${index + 1} ${direction}`));
    }
  }
  orderBy.push(...report.defaultOrder);
  return {
    where: and(...where) as SQL,
    areaCode,
    orderBy,
    current: parsed.current,
    size: parsed.size,
    tenantId: auth.tenantId,
    ledgerFiltered: parsed.where.length > 0,
    ...(auth.allPowerful ? {} : { scopes: scopesApply(entity, auth) }),
  };
}

/**
 * FROM and WHERE of a report: the ledger table (or, for a per-place report, its rows summed per
 * location under the same name) with the location and its storage area (a location code is
 * unique in the tenant). Without `withPlace` the joins are left out: they add at most one row per
 * ledger row, so counting and summing need them only to filter or group by area.
 */
function fromWhere(report: ReportDefinition, query: ReportQuery, withPlace = true): SQL {
  const table = sql.raw(report.source === 'stock' ? 'bl_stock' : 'bl_stockstream');
  const area = query.areaCode ? sql` and p.warehouse_area_code = ${query.areaCode}` : sql``;
  if (report.perPlace && query.fromTotals) {
    const amounts = sql.raw(amountNames.map((name) => `sum(t.${snake(name)}) as ${snake(name)}`).join(', '));
    return sql`from (select t.tenant_id, t.warehouse_place_code, sum(t.line_count) as line_count, ${amounts}
        from bl_stock_place_total t where t.tenant_id = ${query.tenantId}
        group by t.tenant_id, t.warehouse_place_code having sum(t.line_count) <> 0) bl_stock
      left join bl_warehouseplace p on p.tenant_id = bl_stock.tenant_id
        and p.code = bl_stock.warehouse_place_code and p.is_deleted = 0
      left join bl_warehousearea a on a.tenant_id = p.tenant_id
        and a.code = p.warehouse_area_code and a.is_deleted = 0
      where true${area}`;
  }
  if (report.perPlace) {
    const amounts = sql.raw(
      amountNames.map((name) => `sum(bl_stock.${snake(name)}) as ${snake(name)}`).join(', '),
    );
    return sql`from (select bl_stock.tenant_id, bl_stock.warehouse_place_code, count(*) as line_count, ${amounts}
        from bl_stock where ${query.where} group by bl_stock.tenant_id, bl_stock.warehouse_place_code) bl_stock
      left join bl_warehouseplace p on p.tenant_id = bl_stock.tenant_id
        and p.code = bl_stock.warehouse_place_code and p.is_deleted = 0
      left join bl_warehousearea a on a.tenant_id = p.tenant_id
        and a.code = p.warehouse_area_code and a.is_deleted = 0
      where true${area}`;
  }
  if (!withPlace && !query.areaCode) return sql`from ${table} where ${query.where}`;
  // Counting and summing by area need only whether a row's location is one of the area's (a
  // location code is unique in the tenant): a semi-join to those locations, no row-by-row join
  // to the area, so an owner's totals stay an index-only scan (migration 0066). The tenant is a
  // value, not the row's column: correlated, the planner ran the sub-select once per row.
  if (!withPlace) {
    const tenant = query.tenantId === undefined ? sql`${table}.tenant_id` : sql`${query.tenantId}`;
    return sql`from ${table} where ${query.where} and ${table}.warehouse_place_code in (
      select p.code from bl_warehouseplace p
      where p.tenant_id = ${tenant} and p.is_deleted = 0 and p.warehouse_area_code = ${query.areaCode})`;
  }
  return sql`from ${table}
    left join bl_warehouseplace p on p.tenant_id = ${table}.tenant_id
      and p.code = ${table}.warehouse_place_code and p.is_deleted = 0
    left join bl_warehousearea a on a.tenant_id = p.tenant_id
      and a.code = p.warehouse_area_code and a.is_deleted = 0
    where ${query.where}${area}`;
}

/** The SELECT of a report's rows, ordered, without paging (the export reads all of it). */
export function rowsQuery(report: ReportDefinition, query: ReportQuery): SQL {
  const list = sql.join(
    report.columns.map((c) => sql`${c.select} as ${sql.identifier(c.name)}`),
    sql`, `,
  );
  const group = report.groupBy ? sql` group by ${sql.join(report.groupBy, sql`, `)}` : sql``;
  // A grouped report with no area column (owner batch) need not join every row to its location.
  const withPlace = report.columns.some((c) => c.usesPlace);
  return sql`select ${list} ${fromWhere(report, query, withPlace)}${group}
    order by ${sql.join(query.orderBy, sql`, `)}`;
}

/** How many rows (groups, for a grouped report) and the sums of every amount, in one pass. */
export async function countAndTotals(
  tx: Tx,
  report: ReportDefinition,
  query: ReportQuery,
): Promise<{ total: number; totals: Totals }> {
  const table = report.source === 'stock' ? 'bl_stock' : 'bl_stockstream';
  // Every figure of the totals row: the ledger's amounts, then the report's own sums.
  const figures = [
    ...amountNames.map((name) => ({ name, value: sql.raw(`${table}.${snake(name)}`) })),
    ...(report.extraSums ?? []),
  ];
  const sums = sql.join(
    figures.map(
      ({ name, value }) => sql`cast(coalesce(sum(${value}), 0) as text) as ${sql.identifier(name)}`,
    ),
    sql`, `,
  );
  if (report.groupBy && !report.perPlace) {
    // Groups counted as they stream out of the index in group order (the owner-batch report by
    // owner, ADR 0019): a count(distinct) would sort every row again.
    const inner = sql.join(
      figures.map(({ name, value }) => sql`sum(${value}) as ${sql.identifier(name)}`),
      sql`, `,
    );
    const outer = sql.join(
      figures.map(
        ({ name }) =>
          sql`cast(coalesce(sum(g.${sql.identifier(name)}), 0) as text) as ${sql.identifier(name)}`,
      ),
      sql`, `,
    );
    // A report grouping by the movement's warehouse reads the locations to group.
    const withPlace = report.columns.some((c) => c.usesPlace);
    const [row] = await queryRows<Totals & { total: number | string }>(
      tx,
      sql`select cast(count(*) as integer) as total, ${outer}
        from (select ${inner} ${fromWhere(report, query, withPlace)} group by ${sql.join(report.groupBy, sql`, `)}) g`,
    );
    const { total, ...totals } = row as Totals & { total: number | string };
    return { total: Number(total), totals: totals as Totals };
  }
  const rows = report.groupBy ? sql`count(distinct (${sql.join(report.groupBy, sql`, `)}))` : sql`count(*)`;
  const [row] = await queryRows<Totals & { total: number | string }>(
    tx,
    sql`select cast(${rows} as integer) as total, ${sums} ${fromWhere(report, query, false)}`,
  );
  const { total, ...totals } = row as Totals & { total: number | string };
  return { total: Number(total), totals: totals as Totals };
}

/** Any number, not a key another lock in the server uses: one folding of a tenant's totals at a time. */
const foldLockKey = 727_3019;

/**
 * Whether a per-location report can read the totals the ledger keeps (migration 0025, ADR 0019):
 * nothing filters it but the area, and no data scope applies to the caller (the totals do not
 * carry the rows' creators). If so, folds the tenant's delta rows into one row per location
 * first, unless another request is folding them (it then reads them unfolded: same sums).
 */
async function readsTotals(tx: Tx, report: ReportDefinition, query: ReportQuery): Promise<boolean> {
  if (!report.perPlace || query.ledgerFiltered !== false || !query.tenantId) return false;
  if (query.scopes) {
    const [row] = await queryRows<{ scoped: boolean }>(tx, sql`select ${query.scopes} as scoped`);
    if (row?.scoped) return false;
  }
  // Deleted and re-inserted by one statement: deltas a posting adds meanwhile are not in this
  // statement's snapshot, so they stay, and every sum is kept.
  const amounts = amountNames.map((name) => snake(name));
  const list = sql.raw(amounts.join(', '));
  const sums = sql.raw(amounts.map((name) => `sum(${name})`).join(', '));
  const nonzero = sql.raw(amounts.map((name) => `sum(${name}) <> 0`).join(' or '));
  await tx.execute(sql`
    with folding as materialized (
      select pg_try_advisory_xact_lock(${foldLockKey}, hashtext(${query.tenantId})) as mine),
    touched as (
      delete from bl_stock_place_total t
      where (select mine from folding) and t.tenant_id = ${query.tenantId}
        and t.warehouse_place_code in (select d.warehouse_place_code from bl_stock_place_total d
                                       where d.tenant_id = ${query.tenantId} and d.delta)
      returning t.*)
    insert into bl_stock_place_total (tenant_id, warehouse_place_code, line_count, ${list}, delta)
    select tenant_id, warehouse_place_code, sum(line_count), ${sums}, false from touched
    group by tenant_id, warehouse_place_code
    having sum(line_count) <> 0 or ${nonzero}`);
  return true;
}

/** One page of a report, with the row count and the totals of everything the filters match. */
export async function reportPage(tx: Tx, report: ReportDefinition, query: ReportQuery): Promise<ReportPage> {
  query.fromTotals = await readsTotals(tx, report, query);
  const { total, totals } = await countAndTotals(tx, report, query);
  const records = await queryRows<ReportRow>(
    tx,
    sql`${rowsQuery(report, query)} limit ${query.size} offset ${(query.current - 1) * query.size}`,
  );
  return {
    records,
    total,
    size: query.size,
    current: query.current,
    pages: Math.ceil(total / query.size),
    totals,
  };
}
