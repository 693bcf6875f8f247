import { type EntityDefinition, entityByName } from '@bl/entities/registry';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.ts';
import { visible } from '../../engine/crud.ts';
import type { AuthContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';

/**
 * What a scanned code names (ADR 0041): a location by its code, or a material by its code or its
 * barcode (`barMark`), with the stock there, names included. One statement per scan: the
 * handheld asks this at every scan, so it costs one round trip, not a list call per kind.
 */

const stockEntity = entityByName.get('stock') as EntityDefinition;

export interface Place {
  code: string;
  name: string;
  warehouseCode: string;
  warehouseName: string;
}

export interface Material {
  code: string;
  name: string;
  spec: string | null;
  unitCode: string | null;
  barMark: string | null;
}

/** One balance, with the names a person reads. Quantities are text (numeric), never floats. */
export interface StockRow {
  id: string;
  customerCode: string;
  customerName: string | null;
  materialCode: string;
  materialName: string | null;
  batchNo: string;
  warehousePlaceCode: string;
  placeName: string | null;
  stockStatus: string;
  qty: string;
  unitCode: string | null;
  customerBatchNo: string;
  barcode: string;
  packspecCode: string;
}

export type Scan =
  | { kind: 'place'; place: Place; rows: StockRow[] }
  | { kind: 'material'; material: Material; rows: StockRow[] };

export async function findPlace(tx: Tx, auth: AuthContext, code: string): Promise<Place | undefined> {
  const [place] = await queryRows<Place>(
    tx,
    sql`select p.code, p.name, a.warehouse_code as "warehouseCode", coalesce(w.name, a.warehouse_code) as "warehouseName"
        from bl_warehouseplace p
        left join bl_warehousearea a on a.tenant_id = p.tenant_id and a.code = p.warehouse_area_code and a.is_deleted = 0
        left join bl_warehouse w on w.tenant_id = p.tenant_id and w.code = a.warehouse_code and w.is_deleted = 0
        where p.tenant_id = ${auth.tenantId} and p.is_deleted = 0 and p.code = ${code}`,
  );
  return place;
}

/** A material by its code or, failing that, its barcode. */
export async function findMaterial(tx: Tx, auth: AuthContext, code: string): Promise<Material | undefined> {
  const [material] = await queryRows<Material>(
    tx,
    sql`select code, name, spec, unit_code as "unitCode", bar_mark as "barMark" from bl_material
        where tenant_id = ${auth.tenantId} and is_deleted = 0 and (code = ${code} or bar_mark = ${code})
        order by (code = ${code}) desc, id limit 1`,
  );
  return material;
}

/**
 * Balances above zero, visible to the caller (data scope and owner scope of the stock list), at
 * a place, of a material, or both; oldest receipts first (the order a move takes them in).
 */
export async function stockRows(
  tx: Tx,
  auth: AuthContext,
  where: { place?: string; material?: string; status?: string; owner?: string },
): Promise<StockRow[]> {
  return queryRows<StockRow>(
    tx,
    sql`select bl_stock.id::text as id, bl_stock.customer_code as "customerCode", c.name as "customerName",
          bl_stock.material_code as "materialCode", m.name as "materialName", bl_stock.batch_no as "batchNo",
          bl_stock.warehouse_place_code as "warehousePlaceCode", p.name as "placeName",
          bl_stock.stock_status as "stockStatus", bl_stock.qty::text as qty, coalesce(bl_stock.unit_code, m.unit_code) as "unitCode",
          bl_stock.customer_batch_no as "customerBatchNo", bl_stock.barcode, bl_stock.packspec_code as "packspecCode"
        from bl_stock
        left join bl_material m on m.tenant_id = bl_stock.tenant_id and m.code = bl_stock.material_code and m.is_deleted = 0
        left join bl_customer c on c.tenant_id = bl_stock.tenant_id and c.code = bl_stock.customer_code and c.is_deleted = 0
        left join bl_warehouseplace p on p.tenant_id = bl_stock.tenant_id and p.code = bl_stock.warehouse_place_code and p.is_deleted = 0
        where ${visible(stockEntity, auth)} and bl_stock.qty > 0
          ${where.place === undefined ? sql`` : sql`and bl_stock.warehouse_place_code = ${where.place}`}
          ${where.material === undefined ? sql`` : sql`and bl_stock.material_code = ${where.material}`}
          ${where.status === undefined ? sql`` : sql`and bl_stock.stock_status = ${where.status}`}
          ${where.owner === undefined ? sql`` : sql`and bl_stock.customer_code = ${where.owner}`}
        order by bl_stock.instock_date nulls last, bl_stock.id
        limit 200`,
  );
}

/**
 * What `code` names. `expect` refuses the other kind at once (the move's from-place step takes a
 * place only); `place` narrows a material's stock to that location.
 */
export async function scanCode(
  tx: Tx,
  auth: AuthContext,
  code: string,
  options: { expect?: 'place' | 'material'; place?: string } = {},
): Promise<Scan> {
  if (options.expect !== 'material') {
    const place = await findPlace(tx, auth, code);
    if (place) return { kind: 'place', place, rows: await stockRows(tx, auth, { place: place.code }) };
    if (options.expect === 'place') throw badRequest('handheld.notPlace', { code });
  }
  const material = await findMaterial(tx, auth, code);
  if (material)
    return {
      kind: 'material',
      material,
      rows: await stockRows(tx, auth, { material: material.code, place: options.place }),
    };
  throw badRequest(options.expect === 'material' ? 'handheld.notMaterial' : 'handheld.unknownCode', { code });
}
