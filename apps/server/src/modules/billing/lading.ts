import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Tx } from '../../db/database.ts';
import type { Row } from '../../engine/crud.ts';
import { display, fromUnits, toUnits } from '../../engine/decimal.ts';
import type { AuthContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import type { FlowCode, FlowContext } from '../flow/index.ts';
import { takenQuantities } from '../flow/index.ts';
import { type CostCharge, writeCostDetails } from './cost-details.ts';
import { agreementOn, agreementsOf, feeKinds, ruleOf } from './engine.ts';
import { refreshSettlementRows } from './settlement-report.ts';

/**
 * Ladings (docs/adr/0024-fee-engine.md "Addendum: lading accrual"): released on review, picked
 * up in trips, done with the last unit. Each trip accrues the LADING fee, one cost-detail row
 * per line picked, through the one writer, under a source key of its own kind (`LADINGPICK`,
 * which no billing run's scope names, so a run never touches them).
 */
export const ladingKind = 'LADINGPICK';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());
const billNo = (bill: Row) => text(bill.billNo) || String(bill.id);
const ids = (bills: Row[]) =>
  sql.join(
    bills.map((b) => sql`${b.id as string}::bigint`),
    sql`, `,
  );
const today = () => new Date().toISOString().slice(0, 10);

interface Line {
  id: string;
  headerId: string;
  lineNumber: number;
  materialCode: string;
  left: string;
}

const linesOf = (tx: Tx, auth: AuthContext, bills: Row[]) =>
  queryRows<Line & { qty: string; picked: string }>(
    tx,
    sql`select id::text id, header_id::text "headerId", coalesce(line_number, 0) "lineNumber",
               material_code "materialCode", qty::text qty, coalesce(picked_qty, 0)::text picked,
               (qty - coalesce(picked_qty, 0))::text "left"
        from bl_ladingbilldetail
        where tenant_id = ${auth.tenantId} and is_deleted = 0 and invalid = '0' and header_id in (${ids(bills)})
        order by header_id, line_number, id`,
  );

/** A lading is released with lines, each with a quantity above 0. */
async function checkReview(ctx: FlowContext) {
  const lines = await linesOf(ctx.tx, ctx.auth, ctx.bills);
  for (const bill of ctx.bills) {
    const own = lines.filter((l) => l.headerId === bill.id);
    if (own.length === 0) throw badRequest('lading.noLines', { bill: billNo(bill) });
    const bad = own.find((l) => toUnits(l.qty) <= 0n);
    if (bad) throw badRequest('bill.lineQty', { bill: billNo(bill), line: bad.lineNumber });
  }
}

/** Un-review only while nothing was picked up: the trips and their accruals stay as they are. */
async function checkUnreview(ctx: FlowContext) {
  const lines = await linesOf(ctx.tx, ctx.auth, ctx.bills);
  for (const bill of ctx.bills) {
    const picked = lines.filter((l) => l.headerId === bill.id).reduce((s, l) => s + toUnits(l.picked), 0n);
    if (picked > 0n) throw badRequest('lading.pickedUp', { bill: billNo(bill), picked: display(picked) });
  }
}

const pickupBody = z
  .object({
    lines: z
      .array(
        z.object({
          id: z.union([z.string(), z.number()]).transform(String),
          pickQty: z.union([z.string(), z.number()]),
        }),
      )
      .max(5000),
  })
  .partial();

/** What each pick-up takes, per line id, found by its check and written by its effect. */
const trips = new WeakMap<FlowContext, Map<string, bigint>>();

/**
 * The quantities of the trip: those the request names (`{ lines: [{ id, pickQty }] }`), else
 * everything left. Refused past the lading's `validUntil`, beyond what is left, or with nothing.
 */
async function checkPickup(ctx: FlowContext) {
  const day = today();
  for (const bill of ctx.bills) {
    const until = text(bill.validUntil).slice(0, 10);
    if (until && until < day) throw badRequest('lading.expired', { bill: billNo(bill), date: until });
  }
  const parsed = pickupBody.safeParse(ctx.input ?? {});
  if (!parsed.success) throw badRequest('lading.badPickup');
  const named = parsed.data.lines;
  const lines = await linesOf(ctx.tx, ctx.auth, ctx.bills);
  const now = takenQuantities(
    ctx.bills,
    lines,
    named?.map((entry) => ({ id: entry.id, qty: entry.pickQty })),
    { bad: 'lading.badPickup', over: 'lading.pickOver', nothing: 'lading.nothingToPick' },
  );
  trips.set(ctx, now);
}

/**
 * The LADING charges of one trip of a lading: per line picked, the quantity picked times the
 * owner's load price on the day (the billing rule's, else the agreement's in force: there is no
 * lading price of its own), rounded once to cents; without a price the trip is still recorded,
 * at 0. Keys `LADINGPICK|{lading id}|{line id}|{trip}`: the same trip always gives the same rows.
 */
export async function ladingCharges(
  tx: Tx,
  auth: AuthContext,
  bill: Row,
  trip: number,
  day: string,
  picked: { id: string; lineNumber: number; materialCode: string; qty: string }[],
): Promise<CostCharge[]> {
  const owner = text(bill.customerCode);
  const rule = await ruleOf(tx, auth.tenantId, owner);
  const agreement = agreementOn(await agreementsOf(tx, auth.tenantId, owner), day);
  const price = rule?.loadPrice ?? agreement?.loadPrice ?? '0';
  if (picked.length === 0) return [];
  const amounts = await queryRows<{ amount: string }>(
    tx,
    sql`select round(x.q::numeric * ${price}::numeric, 2)::text amount
        from jsonb_to_recordset(${JSON.stringify(picked.map((p, i) => ({ i, q: p.qty })))}::jsonb) as x(i int, q text)
        order by x.i`,
  );
  return picked.map((p, i) => ({
    key: `${ladingKind}|${bill.id as string}|${p.id}|${trip}`,
    day,
    ...feeKinds.lading,
    agreementCode: agreement?.agreementCode ?? null,
    billNo: text(bill.billNo) || null,
    lineNumber: p.lineNumber,
    materialCode: p.materialCode,
    qty: p.qty,
    realityQty: p.qty,
    unitPrice: price,
    amount: amounts[i]?.amount ?? '0.00',
  }));
}

/** Writes the trip's accrual, keeps `accrualAmount`, and moves the bill to in progress or done. */
async function pickUp(ctx: FlowContext) {
  const now = trips.get(ctx) ?? new Map<string, bigint>();
  const { tx, auth } = ctx;
  const day = today();
  const lines = await linesOf(tx, auth, ctx.bills);
  for (const line of lines) {
    const qty = now.get(line.id) ?? 0n;
    if (qty > 0n)
      await tx.execute(
        sql`update bl_ladingbilldetail set picked_qty = coalesce(picked_qty, 0) + ${fromUnits(qty)}::numeric
            where tenant_id = ${auth.tenantId} and id = ${line.id}::bigint`,
      );
  }
  const owners = new Set<string>();
  for (const bill of ctx.bills) {
    const prefix = `${ladingKind}|${bill.id as string}|`;
    const [done] = await queryRows<{ trips: number }>(
      tx,
      sql`select count(distinct split_part(source_key, '|', 4))::int trips from bl_costdetail
          where tenant_id = ${auth.tenantId} and is_deleted = 0 and customer_code = ${text(bill.customerCode)}
            and starts_with(source_key, ${prefix})`,
    );
    const picked = lines
      .filter((l) => l.headerId === bill.id && (now.get(l.id) ?? 0n) > 0n)
      .map((l) => ({ ...l, qty: fromUnits(now.get(l.id) as bigint) }));
    const charges = await ladingCharges(tx, auth, bill, (done?.trips ?? 0) + 1, day, picked);
    await writeCostDetails(
      tx,
      auth,
      { customerCode: text(bill.customerCode), kinds: [], from: day, to: day, runStart: day },
      charges,
    );
    owners.add(text(bill.customerCode));
    await tx.execute(
      sql`update bl_ladingbill set accrual_amount = (
            select coalesce(sum(amount), 0) from bl_costdetail
            where tenant_id = ${auth.tenantId} and is_deleted = 0 and customer_code = ${text(bill.customerCode)}
              and starts_with(source_key, ${prefix})),
          state = case when exists (
            select 1 from bl_ladingbilldetail d where d.tenant_id = ${auth.tenantId} and d.header_id = bl_ladingbill.id
              and d.is_deleted = 0 and d.invalid = '0' and d.qty > coalesce(d.picked_qty, 0)) then '2' else '3' end
          where tenant_id = ${auth.tenantId} and id = ${bill.id as string}::bigint`,
    );
  }
  // The settlement report rows of the day follow the cost details (ADR 0032).
  for (const owner of owners) await refreshSettlementRows(tx, auth, owner, day, day);
}

export const ladingFlowCode: FlowCode = {
  ladingbill: {
    review: { check: checkReview },
    unreview: { check: checkUnreview },
    pickup: {
      check: checkPickup,
      effect: pickUp,
      run: async (ctx) => {
        const [row] = await queryRows<{ picked: string }>(
          ctx.tx,
          sql`select coalesce(sum(accrual_amount), 0)::text picked from bl_ladingbill
              where tenant_id = ${ctx.auth.tenantId} and id in (${ids(ctx.bills)})`,
        );
        return { pickedUp: ctx.bills.length, accrualAmount: row?.picked ?? '0' };
      },
    },
  },
};
