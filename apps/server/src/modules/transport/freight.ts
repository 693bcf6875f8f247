import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.ts';
import { proportion, toUnits } from '../../engine/decimal.ts';
import type { AuthContext } from '../../http/context.ts';

/**
 * Freight (issue 17, docs/adr/0025-transport-flow.md): the one place it is computed, so that a
 * consignment's save, a departure, a delivery and (later) owner billing agree.
 *
 * The charging basis (tmsChargingType) says what a line is charged on: 1 its piece count, 2 its
 * weight in kilograms, 3 its volume in cubic metres. The rate is the line's own freight unit
 * price where it has one; without one, the price list (basicgoodsforpay) of the goods whose code
 * is the line's material, at its rate for that basis: per piece, per kilogram (spec 02 §9) or
 * per cubic metre (none on the list: no freight for the line). A line's weight is its
 * kilograms (`qtyWeg`), else its tonnes (`weg`) × 1000. Amounts are fixed-point: quantities in
 * 1/10 000, the result rounded half up to the cent.
 */
export interface FreightGoods {
  lineNumber?: unknown;
  materialCode?: unknown;
  qty?: unknown;
  /** Weight of the line in kilograms. */
  qtyWeg?: unknown;
  /** Weight of the line in tonnes, used when no kilograms are given. */
  weg?: unknown;
  volume?: unknown;
  /** The line's freight unit price, if any. */
  price?: unknown;
}

/** The line's weight in kilograms (units of 1/10 000 kg): kg as given, else tonnes × 1000. */
export function lineKg(line: FreightGoods): bigint {
  const kg = toUnits(line.qtyWeg);
  return kg > 0n ? kg : toUnits(line.weg) * 1000n;
}

/** Cents as decimal text: 12345n → '123.45'. */
const money = (cents: bigint) =>
  `${cents < 0n ? '-' : ''}${(cents < 0n ? -cents : cents) / 100n}.${String((cents < 0n ? -cents : cents) % 100n).padStart(2, '0')}`;

/** The price list's column of each charging basis: per piece, per kilogram, per cubic metre. */
const listColumns: Record<string, string> = { '1': 'piece_price', '2': 'price', '3': 'volume_price' };

/**
 * The price list's rate on one charging basis for each material named, in one statement: the
 * line of the material (or, as lists were kept before, the line whose goods code is the
 * material's code), else the line of its category or of the nearest category above it, else
 * the tenant's default line; a level without a price on this basis passes to the next.
 */
async function priceList(
  tx: Tx,
  auth: AuthContext,
  chargingType: string,
  codes: string[],
): Promise<Map<string, bigint>> {
  const column = listColumns[chargingType];
  if (codes.length === 0 || !column) return new Map();
  const price = sql.raw(`p.${column}`);
  const rows = await queryRows<{ code: string; price: string | null }>(
    tx,
    sql`with recursive named(code) as (select unnest(array[${sql.join(
      codes.map((c) => sql`${c}`),
      sql`, `,
    )}]::text[])),
        chain(code, category, depth) as (
          select n.code, m.category_code, 0 from named n
            join bl_material m on m.tenant_id = ${auth.tenantId} and m.is_deleted = 0 and m.code = n.code
           where m.category_code is not null and m.category_code <> ''
          union all
          select c.code, k.parent_code, c.depth + 1 from chain c
            join bl_category k on k.tenant_id = ${auth.tenantId} and k.is_deleted = 0 and k.code = c.category
           where k.parent_code is not null and k.parent_code <> '' and c.depth < 32)
        select n.code, coalesce(
          (select ${price} from bl_basicgoodsforpay p
            where p.tenant_id = ${auth.tenantId} and p.is_deleted = 0 and ${price} is not null
              and (p.material_code = n.code or (p.material_code is null and p.category_code is null
                   and p.is_default = '0' and p.goods_code = n.code))
            order by (p.material_code = n.code) desc nulls last limit 1),
          (select ${price} from chain c join bl_basicgoodsforpay p
              on p.tenant_id = ${auth.tenantId} and p.is_deleted = 0 and p.category_code = c.category
            where c.code = n.code and ${price} is not null order by c.depth limit 1),
          (select ${price} from bl_basicgoodsforpay p
            where p.tenant_id = ${auth.tenantId} and p.is_deleted = 0 and p.is_default = '1'
              and ${price} is not null limit 1))::text price
        from named n`,
  );
  return new Map(rows.filter((r) => r.price !== null).map((r) => [r.code, toUnits(r.price)]));
}

/** A line the price list has no rate for on the consignment's basis (and no price of its own). */
export interface UnpricedLine {
  lineNumber: number;
  materialCode: string;
}

/** The freight of goods on one charging basis, as decimal text with two places. */
export async function computeFreight(
  tx: Tx,
  auth: AuthContext,
  chargingType: string,
  lines: FreightGoods[],
): Promise<string> {
  return (await priceFreight(tx, auth, chargingType, lines)).freight;
}

/** The freight of goods on one charging basis, and the lines it could not price. */
export async function priceFreight(
  tx: Tx,
  auth: AuthContext,
  chargingType: string,
  lines: FreightGoods[],
): Promise<{ freight: string; unpriced: UnpricedLine[] }> {
  const codes = [...new Set(lines.map((l) => String(l.materialCode ?? '')))].filter(Boolean);
  const list = await priceList(tx, auth, chargingType, codes);
  return { freight: freightOf(chargingType, lines, list), unpriced: unpricedOf(chargingType, lines, list) };
}

/** Lines that carry something to charge on the basis but have no rate: never charged 0 silently. */
export function unpricedOf(
  chargingType: string,
  lines: FreightGoods[],
  list: Map<string, bigint>,
): UnpricedLine[] {
  return lines
    .filter((line) => toUnits(line.price) <= 0n && !list.has(String(line.materialCode ?? '')))
    .filter((line) => basisOf(chargingType, line) > 0n)
    .map((line) => ({
      lineNumber: Number(line.lineNumber ?? 0),
      materialCode: String(line.materialCode ?? ''),
    }));
}

/** What a line is charged on: its pieces, kilograms or cubic metres (1/10 000). */
const basisOf = (chargingType: string, line: FreightGoods) =>
  chargingType === '1' ? toUnits(line.qty) : chargingType === '3' ? toUnits(line.volume) : lineKg(line);

/**
 * The arithmetic of `computeFreight`, given the price list's rates on the basis: each line's
 * basis (1/10 000) × rate (1/10 000), summed exactly, rounded half up to the cent once.
 */
export function freightOf(chargingType: string, lines: FreightGoods[], list: Map<string, bigint>): string {
  let total = 0n; // 1/10^8
  for (const line of lines) {
    const own = toUnits(line.price);
    const rate = own > 0n ? own : (list.get(String(line.materialCode ?? '')) ?? 0n);
    total += basisOf(chargingType, line) * rate;
  }
  return money(proportion(total, 1n, 10n ** 6n));
}
