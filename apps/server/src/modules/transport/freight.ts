import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.ts';
import type { AuthContext } from '../../http/context.ts';
import { proportion, toUnits } from '../wms/decimal.ts';

/**
 * Freight (issue 17, docs/adr/0025-transport-flow.md): the one place it is computed, so that a
 * consignment's save, a departure, a delivery and (later) owner billing agree.
 *
 * The charging basis (tmsChargingType) says what a line is charged on: 1 its piece count, 2 its
 * weight in kilograms, 3 its volume in cubic metres. The rate is the line's own freight unit
 * price where it has one; by weight without one, the price list (basicgoodsforpay, a price per
 * kilogram, spec 02 §9) of the goods whose code is the line's material. A line's weight is its
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

/** The price list's price per kilogram by goods code, for the materials named. */
async function priceList(tx: Tx, auth: AuthContext, codes: string[]): Promise<Map<string, bigint>> {
  if (codes.length === 0) return new Map();
  const rows = await queryRows<{ code: string; price: string }>(
    tx,
    sql`select goods_code code, price::text price from bl_basicgoodsforpay
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
  const list = chargingType === '2' ? await priceList(tx, auth, codes) : new Map<string, bigint>();
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
