import type { Language } from '@bl/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.ts';
import { visible } from '../../engine/crud.ts';
import { parseListQuery } from '../../engine/list-query.ts';
import type { AuthContext } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { reportByCode, stockEntity, streamEntity } from './definitions.ts';
import { type ReportPage, type ReportRow, reportPage } from './query.ts';

/** One balance line of a location, as the board's tooltip lists it. */
export interface BoardLine {
  id: string;
  customerCode: string;
  materialCode: string;
  batchNo: string;
  stockStatus: string;
  qty: string;
  volume: string;
}

export interface BoardPlace {
  code: string;
  name: string;
  rowNo: number | null;
  columnNo: number | null;
  layerNo: number | null;
  placeStatus: string;
  /** What the location holds: sums of its balances (the filters applied). */
  qty: string;
  volume: string;
  board: string;
  /** Capacity of the location: its volume, else its pallets, else the fullest location's qty. */
  capacityBasis: 'volume' | 'board' | 'qty' | 'none';
  /** Used / capacity, 0 when empty; may pass 1 when over-filled. Numeric in SQL, text here. */
  occupancy: string;
  owners: string[];
  statuses: string[];
  lines: BoardLine[];
}

export interface Board {
  area: { code: string; name: string };
  places: BoardPlace[];
}

const boardFilters = new Set(['customerCode', 'materialCode', 'batchNo', 'stockStatus']);

/**
 * The bin board of a storage area (spec 01 §2 stockpageshow2): every location of the area with
 * what it holds, its occupancy and its owners and stock statuses. The stock filters (owner,
 * material, batch, status) narrow what counts; the locations are always all shown.
 */
export async function boardOf(
  tx: Tx,
  auth: AuthContext,
  query: Record<string, unknown>,
  language: Language,
): Promise<Board> {
  const areaCode = String(query.warehouseAreaCode ?? query.warehouseAreaCode_equal ?? '').trim();
  if (!areaCode) throw badRequest('report.areaRequired');
  const filters: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (key === 'warehouseAreaCode' || key === 'warehouseAreaCode_equal') continue;
    if (!boardFilters.has(key.replace(/_(equal|like)$/, '')))
      throw badRequest('crud.unknownFilter', { name: key });
    filters[key] = value;
  }
  const stockWhere = and(
    visible(stockEntity, auth),
    sql`bl_stock.qty <> 0`,
    ...parseListQuery(stockEntity, filters, language).where,
  ) as SQL;
  const [area] = await queryRows<{ code: string; name: string }>(
    tx,
    sql`select code, name from bl_warehousearea
        where tenant_id = ${auth.tenantId} and code = ${areaCode} and is_deleted = 0`,
  );
  if (!area) throw notFound('report.areaMissing', { code: areaCode });
  const places = await queryRows<BoardPlace>(
    tx,
    sql`with held as (
          select bl_stock.id, bl_stock.warehouse_place_code place, bl_stock.customer_code, bl_stock.material_code,
                 bl_stock.batch_no, bl_stock.stock_status, bl_stock.qty, bl_stock.volume, bl_stock.board
          from bl_stock
          join bl_warehouseplace hp on hp.tenant_id = bl_stock.tenant_id and hp.code = bl_stock.warehouse_place_code
            and hp.is_deleted = 0 and hp.warehouse_area_code = ${areaCode}
          where ${stockWhere}),
        sums as (
          select p.code, p.name, p.row_no, p.column_no, p.layer_no, p.place_status, p.volume cap_volume,
                 p.max_board cap_board,
                 coalesce(sum(h.qty), 0) qty, coalesce(sum(h.volume), 0) volume, coalesce(sum(h.board), 0) board,
                 string_agg(distinct h.customer_code, ',') owners, string_agg(distinct h.stock_status, ',') statuses,
                 json_agg(json_build_object('id', cast(h.id as text), 'customerCode', h.customer_code, 'materialCode', h.material_code,
                   'batchNo', h.batch_no, 'stockStatus', h.stock_status, 'qty', cast(h.qty as text),
                   'volume', cast(h.volume as text)) order by h.customer_code, h.material_code, h.batch_no)
                   filter (where h.place is not null) lines
          from bl_warehouseplace p
          left join held h on h.place = p.code
          where p.tenant_id = ${auth.tenantId} and p.is_deleted = 0 and p.warehouse_area_code = ${areaCode}
          group by p.id)
        select code, name, row_no "rowNo", column_no "columnNo", layer_no "layerNo", place_status "placeStatus",
               cast(qty as text) qty, cast(volume as text) volume, cast(board as text) board,
               case when cap_volume > 0 then 'volume' when cap_board > 0 then 'board'
                    when max(qty) over () > 0 then 'qty' else 'none' end "capacityBasis",
               cast(round(case when cap_volume > 0 then volume / cap_volume
                    when cap_board > 0 then board / cap_board
                    when max(qty) over () > 0 then qty / max(qty) over () else 0 end, 4) as text) occupancy,
               coalesce(owners, '') owners, coalesce(statuses, '') statuses, coalesce(lines, '[]') lines
        from sums
        order by row_no nulls last, column_no nulls last, layer_no nulls last, code`,
  );
  return {
    area,
    places: places.map((p) => {
      const raw = p as unknown as { owners: string; statuses: string; lines: BoardLine[] | string };
      return {
        ...p,
        owners: raw.owners ? raw.owners.split(',').sort() : [],
        statuses: raw.statuses ? raw.statuses.split(',').sort() : [],
        lines: typeof raw.lines === 'string' ? (JSON.parse(raw.lines) as BoardLine[]) : raw.lines,
      };
    }),
  };
}

/**
 * One balance key (stockDetailViewShow): the balance with its location and area, and below it
 * a page of the key's movements with their totals, which add up to the balance.
 */
export async function balanceShow(
  tx: Tx,
  auth: AuthContext,
  id: string,
  paging: Record<string, unknown>,
  language: Language,
): Promise<{ balance: ReportRow; stream: ReportPage }> {
  const detail = reportByCode.get('stockDetail');
  const movements = reportByCode.get('stockStreamDetail');
  if (!detail || !movements) throw new Error('the stock reports are not defined');
  const list = parseListQuery(stockEntity, { current: paging.current, size: paging.size }, language);
  const [balance] = await reportPage(tx, detail, {
    where: and(visible(stockEntity, auth), sql`bl_stock.id = ${id}`) as SQL,
    areaCode: '',
    orderBy: [sql`1`],
    current: 1,
    size: 1,
  }).then((page) => page.records);
  if (!balance) throw notFound('crud.notFound', { entity: stockEntity.label[language] });
  const sameKey = sql`(bl_stockstream.customer_code, bl_stockstream.material_code, bl_stockstream.batch_no,
      bl_stockstream.customer_batch_no, bl_stockstream.warehouse_place_code, bl_stockstream.barcode,
      bl_stockstream.packspec_code, bl_stockstream.stock_status) = (select customer_code, material_code, batch_no,
      customer_batch_no, warehouse_place_code, barcode, packspec_code, stock_status from bl_stock
      where id = ${id} and tenant_id = ${auth.tenantId})`;
  const stream = await reportPage(tx, movements, {
    where: and(visible(streamEntity, auth), sameKey) as SQL,
    areaCode: '',
    orderBy: [sql`bl_stockstream.stream_time`, sql`bl_stockstream.id`],
    current: list.current,
    size: list.size,
  });
  return { balance, stream };
}
