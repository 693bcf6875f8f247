import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.ts';
import type { Row } from '../../engine/crud.ts';
import { display, fromUnits, toUnits } from '../../engine/decimal.ts';
import type { AuthContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import type { FlowCode, FlowContext } from '../flow/index.ts';

/**
 * Receipts (isrecbill, docs/adr/0023-waves-receipts.md): a dock count against a reservation
 * (`applyNo`) or an inbound bill (`inBillNo`). Review refuses a material the bill does not
 * expect and a receipt that would take the received total of a material above what the bill
 * expects; the bill's received quantity per line (`recQty`) is then recomputed from all its
 * reviewed receipts, filling its lines of each material in line order. Un-review recomputes
 * without the receipt: it takes off exactly what it added. No stock moves: the inbound bill posts.
 */

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());
const ids = (values: string[]) =>
  sql.join(
    values.map((id) => sql`${id}::bigint`),
    sql`, `,
  );

/** The bill a receipt counts against. */
interface Source {
  /** The receipt's column naming it. */
  column: 'apply_no' | 'in_bill_no';
  header: 'bl_orderisinstockbill' | 'bl_isinstockbill';
  billNo: string;
}

function sourceOf(bill: Row): Source {
  const reservation = text(bill.applyNo);
  const inbound = text(bill.inBillNo);
  const named = { bill: text(bill.billNo) };
  if (reservation && inbound) throw badRequest('receipt.twoSources', named);
  if (!reservation && !inbound) throw badRequest('receipt.noSource', named);
  return reservation
    ? { column: 'apply_no', header: 'bl_orderisinstockbill', billNo: reservation }
    : { column: 'in_bill_no', header: 'bl_isinstockbill', billNo: inbound };
}

/** Received per material by the reviewed receipts of a source, with `with` and without `without`. */
async function receivedTotals(
  tx: Tx,
  auth: AuthContext,
  source: Source,
  withIds: string[],
  withoutIds: string[],
) {
  const column = sql.raw(`h.${source.column}`);
  return queryRows<{ material: string; qty: string }>(
    tx,
    sql`select d.material_code material, sum(d.qty)::text qty
        from bl_isrecbilldetail d join bl_isrecbill h on h.tenant_id = d.tenant_id and h.id = d.header_id
        where h.tenant_id = ${auth.tenantId} and h.is_deleted = 0 and ${column} = ${source.billNo}
          and d.is_deleted = 0 and d.invalid = '0'
          and (h.state = '3' ${withIds.length > 0 ? sql`or h.id in (${ids(withIds)})` : sql``})
          ${withoutIds.length > 0 ? sql`and h.id not in (${ids(withoutIds)})` : sql``}
        group by d.material_code`,
  );
}

/** Rewrites the source's received quantities from its reviewed receipts (line order per material). */
async function recompute(tx: Tx, auth: AuthContext, source: Source, withIds: string[], withoutIds: string[]) {
  const header = sql.raw(source.header);
  const detail = sql.raw(`${source.header}detail`);
  const received = await receivedTotals(tx, auth, source, withIds, withoutIds);
  const values =
    received.length === 0
      ? sql`select null::varchar m, null::numeric q where false`
      : sql`values ${sql.join(
          received.map((r) => sql`(${r.material}::varchar, ${r.qty}::numeric)`),
          sql`, `,
        )}`;
  await tx.execute(
    sql`with r(m, q) as (${values}),
        l as (select d.id, d.material_code m, d.qty,
                     coalesce(sum(d.qty) over (partition by d.material_code order by d.line_number, d.id
                       rows between unbounded preceding and 1 preceding), 0) before
              from ${detail} d join ${header} h on h.tenant_id = d.tenant_id and h.id = d.header_id
              where h.tenant_id = ${auth.tenantId} and h.is_deleted = 0 and h.bill_no = ${source.billNo}
                and d.is_deleted = 0 and d.invalid = '0')
        update ${detail} t set rec_qty = case when r.q is null then null
                                              else greatest(0, least(l.qty, r.q - l.before)) end
        from l left join r on r.m = l.m
        where t.id = l.id`,
  );
}

/** The expected quantities per material of the source, refusing a source that is not there. */
async function expected(tx: Tx, auth: AuthContext, source: Source, receipt: Row) {
  const header = sql.raw(source.header);
  const detail = sql.raw(`${source.header}detail`);
  const [found] = await queryRows<{ owner: string | null; state: string | null }>(
    tx,
    sql`select customer_code owner, ${sql.raw(source.header === 'bl_orderisinstockbill' ? 'state' : 'null')} state
        from ${header} where tenant_id = ${auth.tenantId} and is_deleted = 0 and bill_no = ${source.billNo}
        for update`,
  );
  const named = { bill: text(receipt.billNo), source: source.billNo };
  if (!found || (found.state !== null && !['1', '2', '3'].includes(found.state)))
    throw badRequest('receipt.sourceMissing', named);
  if (text(receipt.customerCode) && text(receipt.customerCode) !== text(found.owner))
    throw badRequest('receipt.otherOwner', { ...named, owner: text(found.owner) });
  const lines = await queryRows<{ material: string; qty: string }>(
    tx,
    sql`select d.material_code material, sum(d.qty)::text qty
        from ${detail} d join ${header} h on h.tenant_id = d.tenant_id and h.id = d.header_id
        where h.tenant_id = ${auth.tenantId} and h.is_deleted = 0 and h.bill_no = ${source.billNo}
          and d.is_deleted = 0 and d.invalid = '0'
        group by d.material_code`,
  );
  return { owner: text(found.owner), plan: new Map(lines.map((l) => [l.material, toUnits(l.qty)])) };
}

async function review(ctx: FlowContext) {
  const { tx, auth, bills } = ctx;
  const mine = bills.map((b) => b.id as string);
  for (const bill of bills) {
    const source = sourceOf(bill);
    const { owner, plan } = await expected(tx, auth, source, bill);
    const lines = await queryRows<{ id: string; lineNumber: number; material: string; qty: string | null }>(
      tx,
      sql`select id::text id, coalesce(line_number, 0) "lineNumber", material_code material, qty::text qty
          from bl_isrecbilldetail where tenant_id = ${auth.tenantId} and header_id = ${bill.id as string}::bigint
            and is_deleted = 0 and invalid = '0' order by line_number, id`,
    );
    if (lines.length === 0) throw badRequest('bill.noLines', { bill: text(bill.billNo) });
    for (const line of lines) {
      if (toUnits(line.qty) <= 0n)
        throw badRequest('bill.lineQty', { bill: text(bill.billNo), line: line.lineNumber });
      if (!plan.has(line.material))
        throw badRequest('receipt.notOnSource', {
          bill: text(bill.billNo),
          line: line.lineNumber,
          material: line.material,
          source: source.billNo,
        });
    }
    for (const total of await receivedTotals(tx, auth, source, mine, [])) {
      const expectedQty = plan.get(total.material) ?? 0n;
      if (toUnits(total.qty) > expectedQty)
        throw badRequest('receipt.over', {
          bill: text(bill.billNo),
          material: total.material,
          source: source.billNo,
          received: display(toUnits(total.qty)),
          expected: display(expectedQty),
        });
    }
    // Filled by the system: the owner and what the bill expects of each material.
    await tx.execute(
      sql`update bl_isrecbill set customer_code = ${owner}, receive_time = coalesce(receive_time, now())
          where tenant_id = ${auth.tenantId} and id = ${bill.id as string}::bigint`,
    );
    for (const [material, qty] of plan)
      await tx.execute(
        sql`update bl_isrecbilldetail set plan_qty = ${fromUnits(qty)}::numeric
            where tenant_id = ${auth.tenantId} and header_id = ${bill.id as string}::bigint and material_code = ${material}`,
      );
    await recompute(tx, auth, source, mine, []);
  }
}

async function unreview(ctx: FlowContext) {
  const mine = ctx.bills.map((b) => b.id as string);
  for (const bill of ctx.bills) await recompute(ctx.tx, ctx.auth, sourceOf(bill), [], mine);
}

export const receiptFlowCode: FlowCode = {
  isrecbill: { review: { check: review }, unreview: { effect: unreview } },
};
