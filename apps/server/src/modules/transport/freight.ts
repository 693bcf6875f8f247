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

/** The price list's rate on one charging basis by goods code, for the materials named. */
async function priceList(
  tx: Tx,
  auth: AuthContext,
  chargingType: string,
  codes: string[],
): Promise<Map<string, bigint>> {
  const column = listColumns[chargingType];
  if (codes.length === 0 || !column) return new Map();
  const rows = await queryRows<{ code: string; price: string | null }>(
    tx,
    sql`select goods_code code, ${sql.raw(column)}::text price from bl_basicgoodsforpay
        where tenant_id = ${auth.tenantId} and is_deleted = 0 and goods_code in (${sql.join(
          codes.map((c) => sql`${c}`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((r) => [r.code, toUnits(r.price)]));
}

/** The freight of goods on one charging basis, as decimal text with two places. */
export async function computeFreight(
  tx: Tx,
  auth: AuthContext,
  chargingType: string,
  lines: FreightGoods[],
): Promise<string> {
  const codes = [...new Set(lines.map((l) => String(l.materialCode ?? '')))].filter(Boolean);
  return freightOf(chargingType, lines, await priceList(tx, auth, chargingType, codes));
}

/**
 * The arithmetic of `computeFreight`, given the price list's rates on the basis: each line's
 * basis (1/10 000) × rate (1/10 000), summed exactly, rounded half up to the cent once.
 */
export function freightOf(chargingType: string, lines: FreightGoods[], list: Map<string, bigint>): string {
  let total = 0n; // 1/10^8
  for (const line of lines) {
    const own = toUnits(line.price);
    const rate = own > 0n ? own : (list.get(String(line.materialCode ?? '')) ?? 0n);
    const basis =
      chargingType === '1' ? toUnits(line.qty) : chargingType === '3' ? toUnits(line.volume) : lineKg(line);
    total += basis * rate;
  }
  return money(proportion(total, 1n, 10n ** 6n));
}
