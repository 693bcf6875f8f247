import type { Language } from '@bl/contract';
import { type FeeKind, feeCostTypes } from '@bl/entities/billing/cost-types';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.ts';
import type { AuthContext } from '../../http/context.ts';
import { translate } from '../../i18n/messages.ts';
import { type CostCharge, writeCostDetails } from './cost-details.ts';
import { refreshSettlementRows } from './settlement-report.ts';

const kind = (name: FeeKind) => ({
  costType: feeCostTypes[name].code,
  workType: feeCostTypes[name].workType,
});

/** Fee kinds (`costdetail.costType`, the seeded cost types) and their work types (dict costWorkType). */
export const feeKinds = {
  storage: kind('storage'),
  unload: kind('unload'),
  load: kind('load'),
  handling: kind('handling'),
  service: kind('service'),
  rent: kind('rent'),
  packageWarehouse: kind('packageWarehouse'),
  lading: kind('lading'),
  freight: kind('freight'),
} as const;

/**
 * The source-key kind of a price-adjustment line: its row carries the cost type the adjustment
 * names (any cost type of the tenant), so the key, not the cost type, says where it came from.
 */
export const adjustKind = 'ADJUST';

/** Every source-key kind a run of an owner writes (the writer's scope). */
const runKinds = [...Object.values(feeKinds).map((k) => k.costType), adjustKind];

/** Reviewed bills that carry their own amount: table, fee kind, quantity and price columns. */
const feeBills = [
  { table: 'bl_handlingbill', kind: feeKinds.handling, qty: 'qty', price: 'price' },
  { table: 'bl_valueaddservicebill', kind: feeKinds.service, qty: 'qty', price: 'price' },
  { table: 'bl_rentwarehousebill', kind: feeKinds.rent, qty: 'rent_area * rent_days', price: 'day_price' },
  { table: 'bl_packagewarehousebill', kind: feeKinds.packageWarehouse, qty: 'rent_area', price: 'price' },
] as const;

/** How far before a run's start it re-checks charged days for late postings (days). */
export const lookBackLimitDays = 366;

export interface Agreement {
  agreementCode: string;
  startDate: string;
  endDate: string | null;
  agreementStatus: string;
  chargeBasis: string | null;
  storagePrice: string | null;
  loadPrice: string | null;
  unloadPrice: string | null;
}

export interface Rule {
  code: string;
  storageTime: number | null;
  isSubsectBill: string;
  storagePrice: string | null;
  loadPrice: string | null;
  unloadPrice: string | null;
  storageIncreasePrice: string | null;
  storageHighestPrice: string | null;
  billingModulus: string | null;
}

/** What applies on one day: the agreement in force and the prices of the rule over it. */
interface DayTerms {
  day: string;
  agreementCode: string;
  basis: string;
  storagePrice: string | null;
  loadPrice: string | null;
  unloadPrice: string | null;
  step: string;
  cap: string | null;
  free: number;
  period: number;
  tiered: boolean;
  modulus: string;
}

export interface OwnerResult {
  customerCode: string;
  rows: number;
  amount: string;
  /** Why the owner (or some of its days) was not charged, in the run's language. */
  skipped: string[];
}

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * The last day a charge may run to (issue 29, 1): today, the UTC day in progress (ADR 0024's
 * days are UTC days), so goods received today are charged one day; no day after it has
 * happened. Every run, monthly bill and cost bill stops here.
 */
export const billableThrough = (now = new Date()) => now.toISOString().slice(0, 10);

export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) out.push(day);
  return out;
}

/**
 * A stream row's fee day: the business date of the inbound or outbound bill it belongs to,
 * else the UTC day it was posted (ADR 0024 "The day model").
 */
export const feeRows = (tenantId: string, owner: string) => sql`
  select s.*, coalesce(i.bill_date, o.bill_date, (s.stream_time at time zone 'UTC')::date) as fee_day
  from bl_stockstream s
  left join bl_isinstockbill i on s.bill_type = 'isinstockbill' and i.tenant_id = s.tenant_id
    and i.bill_no = s.bill_no and i.is_deleted = 0
  left join bl_osoutstockbill o on s.bill_type = 'osoutstockbill' and o.tenant_id = s.tenant_id
    and o.bill_no = s.bill_no and o.is_deleted = 0
  where s.tenant_id = ${tenantId} and s.customer_code = ${owner} and s.is_deleted = 0`;

/**
 * An owner's consignment notes (as shipper) that are fully signed for (state 7) with a freight:
 * the day of the last sign-off of their goods (UTC, via the departure lines' arrival bills and
 * the delivery bills of those), and when the note or a delivery last changed.
 */
const signedNotes = (tenantId: string, owner: string) => sql`
  select n.bill_no, n.freight, max(dv.sign_time at time zone 'UTC')::date as day,
    greatest(max(n.update_time), max(dv.update_time)) as changed
  from bl_consignmentbill n
  join bl_loadingbilldetail ld on ld.tenant_id = n.tenant_id and ld.apply_code = n.bill_no and ld.is_deleted = 0
  join bl_deliverybill dv on dv.tenant_id = n.tenant_id and dv.apply_code = ld.arrival_bill_no
    and dv.is_deleted = 0 and dv.sign_time is not null
  where n.tenant_id = ${tenantId} and n.is_deleted = 0 and n.shipper_customer = ${owner}
    and n.bill_type = '2' and n.state = '7' and n.is_cancel = '0' and coalesce(n.freight, 0) <> 0
  group by n.bill_no, n.freight`;

// Exported for the monthly bills (month-bills.ts, ADR 0032): the same rule and agreements apply.
export async function ruleOf(tx: Tx, tenantId: string, owner: string): Promise<Rule | undefined> {
  const [rule] = await queryRows<Rule>(
    tx,
    sql`select code, storage_time as "storageTime", is_subsect_bill as "isSubsectBill",
          storage_price::text as "storagePrice", load_price::text as "loadPrice",
          unload_price::text as "unloadPrice", storage_increase_price::text as "storageIncreasePrice",
          storage_highest_price::text as "storageHighestPrice", billing_modulus::text as "billingModulus"
        from bl_billingrules
        where tenant_id = ${tenantId} and is_deleted = 0
          and (customer_code = ${owner} or coalesce(customer_code, '') = '')
        order by (customer_code = ${owner}) desc nulls last, code
        limit 1`,
  );
  return rule;
}

export async function agreementsOf(tx: Tx, tenantId: string, owner: string): Promise<Agreement[]> {
  return queryRows<Agreement>(
    tx,
    sql`select agreement_code as "agreementCode", to_char(start_date, 'YYYY-MM-DD') as "startDate",
          to_char(end_date, 'YYYY-MM-DD') as "endDate", agreement_status as "agreementStatus",
          charge_basis as "chargeBasis", storage_price::text as "storagePrice",
          load_price::text as "loadPrice", unload_price::text as "unloadPrice"
        from bl_lgagreement
        where tenant_id = ${tenantId} and is_deleted = 0 and customer_code = ${owner}
        order by start_date`,
  );
}

/** The agreement in force on a day (status 2 and the day within its dates). */
export function agreementOn(agreements: Agreement[], day: string): Agreement | undefined {
  return agreements.find(
    (a) => a.agreementStatus === '2' && a.startDate <= day && (a.endDate === null || day <= a.endDate),
  );
}

/**
 * The days to charge: the run's period, plus the days charged before whose stock changed since
 * (postings made or reversed after the run that charged them): a late posting is charged in
 * this run, naming its day.
 */
async function daysToCharge(tx: Tx, tenantId: string, owner: string, start: string, end: string) {
  const [last] = await queryRows<{ lastRun: string | null }>(
    tx,
    sql`select max(run_time)::text as "lastRun" from bl_billing_day
        where tenant_id = ${tenantId} and customer_code = ${owner}`,
  );
  let recheck: string[] = [];
  if (last?.lastRun) {
    const limit = addDays(start, -lookBackLimitDays);
    const [changed] = await queryRows<{ from: string | null }>(
      tx,
      sql`select to_char(min(day), 'YYYY-MM-DD') as "from" from (
            select fee_day as day from (${feeRows(tenantId, owner)}) r
            where greatest(r.create_time, r.update_time) > ${last.lastRun}::timestamptz
            ${sql.join(
              feeBills.map(
                (bill) => sql`union all select bill_date from ${sql.raw(bill.table)}
                  where tenant_id = ${tenantId} and customer_code = ${owner}
                    and update_time > ${last.lastRun}::timestamptz`,
              ),
              sql` `,
            )}
            union all select effective_date from bl_adjustpricebill
              where tenant_id = ${tenantId} and customer_code = ${owner}
                and update_time > ${last.lastRun}::timestamptz
            union all select day from (${signedNotes(tenantId, owner)}) n
              where n.changed > ${last.lastRun}::timestamptz
          ) changed where day < ${start}::date`,
    );
    if (changed?.from) {
      const from = [changed.from, limit].sort()[1] as string;
      const covered = await queryRows<{ day: string }>(
        tx,
        sql`select to_char(day, 'YYYY-MM-DD') as day from bl_billing_day
            where tenant_id = ${tenantId} and customer_code = ${owner}
              and day >= ${from}::date and day < ${start}::date
            order by day`,
      );
      recheck = covered.map((row) => row.day);
    }
  }
  // Never a day that has not happened, whoever asked (a run is cut before it is queued).
  const through = billableThrough();
  return [...recheck, ...daysBetween(start, end < through ? end : through)];
}

const storageSql = (tenantId: string, owner: string, terms: DayTerms[]) => {
  const days = JSON.stringify(
    terms.map((t) => ({
      day: t.day,
      agreement_code: t.agreementCode,
      basis: t.basis,
      price: t.storagePrice,
      step: t.step,
      cap: t.cap,
      free: t.free,
      period: t.period,
      tiered: t.tiered,
      modulus: t.modulus,
    })),
  );
  const last = terms
    .map((t) => t.day)
    .sort()
    .at(-1) as string;
  return sql`
    with d as (
      select * from jsonb_to_recordset(${days}::jsonb) as x(day date, agreement_code text, basis text,
        price numeric, step numeric, cap numeric, free int, period int, tiered boolean, modulus numeric)
    ),
    -- Each lot's running balance (ADR 0024 "Figures"): the day deltas, summed in fee-day order;
    -- a balance holds from its day until the lot's next change, so each charged day meets one
    -- balance per lot instead of every stream row of the owner.
    deltas as (
      select material_code as m, batch_no as b, coalesce(instock_date, fee_day) as lot, fee_day,
        sum(qty) as qty, sum(weg) as weg, sum(volume) as volume, sum(board) as board
      from (${feeRows(tenantId, owner)}) f
      where stream_status = '1' and fee_day <= ${last}::date
      group by 1, 2, 3, 4
    ),
    balances as (
      select m, b, lot, fee_day as since,
        lead(fee_day) over w as until,
        sum(qty) over w as qty, sum(weg) over w as weg, sum(volume) over w as volume,
        sum(board) over w as board
      from deltas
      window w as (partition by m, b, lot order by fee_day)
    ),
    held as (
      select d.day, r.lot, r.qty, r.weg, r.volume, r.board
      from d join balances r on r.since <= d.day and (r.until is null or d.day < r.until)
    ),
    lot_days as (
      select d.day, d.agreement_code, d.price, d.step, d.cap, d.modulus, h.qty, h.weg, h.volume, h.board,
        case d.basis when '2' then h.weg when '3' then h.volume when '4' then h.board else h.qty end as basis_qty,
        case when d.tiered then ((d.day - h.lot + 1) - d.free - 1) / d.period else 0 end as tier
      from held h join d on d.day = h.day
      where (d.day - h.lot + 1) > d.free
    ),
    priced as (
      select day, agreement_code, tier, modulus,
        case when cap is null then price + tier * step else least(price + tier * step, cap) end as unit_price,
        qty, weg, volume, board, basis_qty
      from lot_days
      where basis_qty > 0
    )
    select to_char(day, 'YYYY-MM-DD') as day, agreement_code as "agreementCode", tier,
      unit_price::text as "unitPrice",
      sum(qty)::text as qty, sum(weg)::text as weg, sum(volume)::text as volume, sum(board)::text as board,
      (sum(basis_qty) * modulus)::text as "realityQty",
      round(sum(basis_qty) * modulus * unit_price, 2)::text as amount
    from priced
    group by day, agreement_code, tier, modulus, unit_price
    order by day, tier`;
};

const handlingSql = (tenantId: string, owner: string, days: string[]) => sql`
  select bill_no as "billNo", line_number as "lineNumber", direction,
    to_char(fee_day, 'YYYY-MM-DD') as day, min(material_code) as "materialCode",
    abs(sum(qty))::text as qty, abs(sum(weg))::text as weg, abs(sum(volume))::text as volume,
    abs(sum(board))::text as board
  from (${feeRows(tenantId, owner)}) f
  where stream_status = '1'
    and (direction = '1' and instock_status = '1' or direction = '2' and outstock_status = '1')
    and fee_day in (${sql.join(
      days.map((d) => sql`${d}::date`),
      sql`, `,
    )})
  group by bill_no, line_number, direction, fee_day
  order by bill_no, line_number, direction`;

/** Multiplies two decimal strings and rounds to 2 decimals, half away from zero, in SQL. */
async function roundedProducts(tx: Tx, pairs: [string, string][]): Promise<string[]> {
  if (pairs.length === 0) return [];
  const rows = await queryRows<{ amount: string }>(
    tx,
    sql`select round(a::numeric * b::numeric, 2)::text as amount
        from jsonb_to_recordset(${JSON.stringify(pairs.map(([a, b], i) => ({ i, a, b })))}::jsonb)
          as x(i int, a text, b text)
        order by i`,
  );
  return rows.map((r) => r.amount);
}

const basisOf = (basis: string, line: { qty: string; weg: string; volume: string; board: string }) =>
  basis === '2' ? line.weg : basis === '3' ? line.volume : basis === '4' ? line.board : line.qty;

/**
 * Charges one owner for a period: storage per day, handling per posted bill line, through the
 * one cost-detail writer, then records the days as charged. Runs in the caller's transaction.
 */
export async function chargeOwner(
  tx: Tx,
  auth: AuthContext,
  language: Language,
  owner: string,
  start: string,
  end: string,
): Promise<OwnerResult> {
  const tenantId = auth.tenantId;
  // One run per owner at a time, across processes: a second waits, then finds the work done.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing|${tenantId}|${owner}`}))`);
  const skipped: string[] = [];
  const agreements = await agreementsOf(tx, tenantId, owner);
  const rule = await ruleOf(tx, tenantId, owner);
  const days = await daysToCharge(tx, tenantId, owner, start, end);
  const terms: DayTerms[] = [];
  const uncovered: string[] = [];
  for (const day of days) {
    const a = agreementOn(agreements, day);
    if (!a) {
      uncovered.push(day);
      continue;
    }
    const free = Math.max(0, rule?.storageTime ?? 0);
    terms.push({
      day,
      agreementCode: a.agreementCode,
      basis: a.chargeBasis || '1',
      storagePrice: rule?.storagePrice ?? a.storagePrice,
      loadPrice: rule?.loadPrice ?? a.loadPrice,
      unloadPrice: rule?.unloadPrice ?? a.unloadPrice,
      step: rule?.storageIncreasePrice ?? '0',
      cap: rule?.storageHighestPrice ?? null,
      free,
      period: free > 0 ? free : 30,
      tiered: rule?.isSubsectBill === '1',
      modulus: rule?.billingModulus ?? '1',
    });
  }
  if (agreements.length === 0) skipped.push(translate('billing.noAgreement', language, { owner }));
  else if (uncovered.length > 0) {
    const ended = agreements.filter((a) => a.endDate !== null && a.endDate < (uncovered.at(-1) as string));
    const last = ended.at(-1);
    skipped.push(
      last && !agreementOn(agreements, uncovered[0] as string)
        ? translate('billing.agreementEnded', language, {
            owner,
            agreement: last.agreementCode,
            date: last.endDate as string,
            days: uncovered.length,
          })
        : translate('billing.daysWithoutAgreement', language, {
            owner,
            from: uncovered[0] as string,
            to: uncovered.at(-1) as string,
            days: uncovered.length,
          }),
    );
  }
  const area = terms.filter((t) => t.basis === '5');
  if (area.length > 0) skipped.push(translate('billing.areaBasis', language, { owner }));
  const storageTerms = terms.filter((t) => t.basis !== '5' && t.storagePrice !== null);
  const unpriced = terms.find((t) => t.basis !== '5' && t.storagePrice === null);
  if (unpriced)
    skipped.push(translate('billing.noStoragePrice', language, { agreement: unpriced.agreementCode }));

  const charges: CostCharge[] = [];
  if (storageTerms.length > 0) {
    const stored = await queryRows<{
      day: string;
      agreementCode: string;
      tier: number;
      unitPrice: string;
      qty: string;
      weg: string;
      volume: string;
      board: string;
      realityQty: string;
      amount: string;
    }>(tx, storageSql(tenantId, owner, storageTerms));
    for (const s of stored) {
      const stage = Math.min(Number(s.tier) + 1, 6);
      charges.push({
        key: `${feeKinds.storage.costType}|${owner}|${s.day}|t${s.tier}`,
        day: s.day,
        ...feeKinds.storage,
        agreementCode: s.agreementCode,
        qty: s.qty,
        weg: s.weg,
        volume: s.volume,
        boardQty: s.board,
        realityQty: s.realityQty,
        unitPrice: s.unitPrice,
        amount: s.amount,
        stage,
      });
    }
  }

  if (terms.length > 0) {
    const byDay = new Map(terms.map((t) => [t.day, t]));
    const lines = await queryRows<{
      billNo: string;
      lineNumber: number | null;
      direction: string;
      day: string;
      materialCode: string;
      qty: string;
      weg: string;
      volume: string;
      board: string;
    }>(
      tx,
      handlingSql(
        tenantId,
        owner,
        terms.map((t) => t.day),
      ),
    );
    const priced = lines
      .map((line) => {
        const t = byDay.get(line.day) as DayTerms;
        const kind = line.direction === '1' ? feeKinds.unload : feeKinds.load;
        const price = line.direction === '1' ? t.unloadPrice : t.loadPrice;
        const basis = t.basis === '5' ? '1' : t.basis;
        return { line, t, kind, price, quantity: basisOf(basis, line) };
      })
      .filter((p) => p.price !== null);
    const realities = await roundedProducts(
      tx,
      priced.map((p) => [p.quantity, p.t.modulus]),
    );
    const amounts = await roundedProducts(
      tx,
      priced.map((p, i) => [realities[i] as string, p.price as string]),
    );
    priced.forEach((p, i) => {
      charges.push({
        key: `${p.kind.costType}|${owner}|${p.line.billNo}|${p.line.lineNumber ?? 0}`,
        day: p.line.day,
        ...p.kind,
        agreementCode: p.t.agreementCode,
        billNo: p.line.billNo,
        lineNumber: p.line.lineNumber,
        materialCode: p.line.materialCode,
        qty: p.line.qty,
        weg: p.line.weg,
        volume: p.line.volume,
        boardQty: p.line.board,
        realityQty: realities[i] as string,
        unitPrice: p.price as string,
        amount: amounts[i] as string,
      });
    });
  }

  if (terms.length > 0) {
    const dayList = sql.join(
      terms.map((t) => sql`${t.day}::date`),
      sql`, `,
    );
    for (const bill of feeBills) {
      const bills = await queryRows<{
        billNo: string;
        day: string;
        qty: string;
        price: string;
        amount: string;
      }>(
        tx,
        sql`select bill_no as "billNo", to_char(bill_date, 'YYYY-MM-DD') as day,
              coalesce(${sql.raw(bill.qty)}, 0)::text as qty, coalesce(${sql.raw(bill.price)}, 0)::text as price,
              coalesce(amount, 0)::text as amount
            from ${sql.raw(bill.table)}
            where tenant_id = ${tenantId} and is_deleted = 0 and customer_code = ${owner}
              and is_review = '2' and bill_date in (${dayList})
            order by bill_no`,
      );
      const byDay = new Map(terms.map((t) => [t.day, t]));
      for (const b of bills) {
        charges.push({
          key: `${bill.kind.costType}|${owner}|${b.billNo}`,
          day: b.day,
          ...bill.kind,
          agreementCode: byDay.get(b.day)?.agreementCode ?? null,
          billNo: b.billNo,
          realityQty: b.qty,
          unitPrice: b.price,
          amount: b.amount,
        });
      }
    }
  }

  if (terms.length > 0) {
    // Reviewed price adjustments: each line's difference, (new − old price) × qty, is charged
    // under the adjustment's cost type on its effective day; an adjustment reviewed after that
    // day was charged lands as a correction dated in the next run (ADR 0024).
    const byDay = new Map(terms.map((t) => [t.day, t]));
    const lines = await queryRows<{
      billNo: string;
      lineNumber: number;
      costType: string;
      day: string;
      materialCode: string;
      qty: string;
      diffPrice: string;
      amount: string;
    }>(
      tx,
      sql`select h.bill_no as "billNo", d.line_number as "lineNumber", h.cost_type_code as "costType",
            to_char(h.effective_date, 'YYYY-MM-DD') as day, d.material_code as "materialCode",
            coalesce(d.qty, 0)::text as qty, (d.new_price - coalesce(d.price, 0))::text as "diffPrice",
            coalesce(d.diff_amount, 0)::text as amount
          from bl_adjustpricebill h
          join bl_adjustpricebilldetail d on d.tenant_id = h.tenant_id and d.header_id = h.id and d.is_deleted = 0
          where h.tenant_id = ${tenantId} and h.is_deleted = 0 and h.customer_code = ${owner}
            and h.is_review = '2' and h.effective_date in (${sql.join(
              terms.map((t) => sql`${t.day}::date`),
              sql`, `,
            )})
          order by h.bill_no, d.line_number`,
    );
    const workTypes = new Map(Object.values(feeKinds).map((k) => [k.costType as string, k.workType]));
    for (const line of lines) {
      charges.push({
        key: `${adjustKind}|${owner}|${line.billNo}|${line.lineNumber}`,
        day: line.day,
        costType: line.costType,
        workType: workTypes.get(line.costType) ?? feeKinds.storage.workType,
        agreementCode: byDay.get(line.day)?.agreementCode ?? null,
        billNo: line.billNo,
        lineNumber: line.lineNumber,
        materialCode: line.materialCode,
        qty: line.qty,
        realityQty: line.qty,
        unitPrice: line.diffPrice,
        amount: line.amount,
      });
    }
  }

  if (terms.length > 0) {
    // Freight (transport's computed `freight` of a consignment note, modules/transport/freight.ts):
    // one charge per note of the owner as shipper once it is fully signed for (state 7), on the
    // day of its last sign-off, traceable by the note's number.
    const byDay = new Map(terms.map((t) => [t.day, t]));
    const notes = await queryRows<{ billNo: string; day: string; amount: string }>(
      tx,
      sql`select bill_no as "billNo", to_char(day, 'YYYY-MM-DD') as day, freight::text as amount
          from (${signedNotes(tenantId, owner)}) n
          where day in (${sql.join(
            terms.map((t) => sql`${t.day}::date`),
            sql`, `,
          )})
          order by bill_no`,
    );
    for (const note of notes) {
      charges.push({
        key: `${feeKinds.freight.costType}|${owner}|${note.billNo}`,
        day: note.day,
        ...feeKinds.freight,
        agreementCode: byDay.get(note.day)?.agreementCode ?? null,
        billNo: note.billNo,
        realityQty: '1',
        unitPrice: note.amount,
        amount: note.amount,
      });
    }
  }

  // The scope: the days charged now (a day left out, e.g. without agreement, keeps its rows).
  const chargedDays = terms.map((t) => t.day);
  if (chargedDays.length === 0) return { customerCode: owner, rows: 0, amount: '0.00', skipped };
  const written = await writeCostDetails(
    tx,
    auth,
    {
      customerCode: owner,
      kinds: runKinds,
      from: chargedDays[0] as string,
      to: chargedDays.at(-1) as string,
      runStart: start,
    },
    charges,
  );
  await tx.execute(
    sql`insert into bl_billing_day (tenant_id, customer_code, day, run_time)
        select ${tenantId}, ${owner}, d::date, clock_timestamp()
        from unnest(${`{${chargedDays.join(',')}}`}::date[]) d
        on conflict (tenant_id, customer_code, day) do update set run_time = excluded.run_time`,
  );
  // The settlement report rows of the run's days follow the cost details (ADR 0032): every row
  // this run wrote is dated in [start, end] (corrections on its first day).
  await refreshSettlementRows(tx, auth, owner, start, end);
  return { customerCode: owner, rows: written.rows, amount: written.amount, skipped };
}

/** The owners a run for all owners covers: those with an agreement or any stock movement. */
export async function ownersToCharge(tx: Tx, tenantId: string): Promise<string[]> {
  const rows = await queryRows<{ code: string }>(
    tx,
    sql`select code from bl_customer c
        where c.tenant_id = ${tenantId} and c.is_deleted = 0
          and (exists (select 1 from bl_lgagreement a where a.tenant_id = c.tenant_id and a.is_deleted = 0
                        and a.customer_code = c.code)
            or exists (select 1 from bl_stock s where s.tenant_id = c.tenant_id and s.is_deleted = 0
                        and s.customer_code = c.code))
        order by code`,
  );
  return rows.map((r) => r.code);
}
