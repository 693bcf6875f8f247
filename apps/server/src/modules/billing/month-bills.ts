import type { Language } from '@bl/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import type { Row } from '../../engine/crud.ts';
import { afterWriteRules, lineTotalsRules } from '../../engine/rules.ts';
import type { AuthContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import type { FlowCode } from '../flow/index.ts';
import { type Agreement, agreementOn, agreementsOf, billableThrough, feeRows, ruleOf } from './engine.ts';
import { refuseClosedPeriod } from './period-close.ts';

/** What a monthly bill is made with: the agreement over its period and the rule's stage terms. */
interface MonthTerms {
  agreementCode: string;
  basis: string;
  free: number;
  period: number;
  /** The six stage prices (decimal strings), stage 1 first. */
  prices: string[];
  modulus: string;
}

interface MonthLine {
  materialCode: string;
  batchNo: string | null;
  instockDate: string;
  storageDays: number;
  qtyDays: string;
  stage: number;
  qty: string;
  weg: string;
  volume: string;
  board: string;
  price: string;
  amount: string;
}

const periodDays = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/**
 * The agreement that covers the whole period (in force, from on or before its first day to on
 * or after its last), else the refusal that says why there is none (ADR 0032).
 */
function agreementOver(agreements: Agreement[], bill: string, owner: string, from: string, to: string) {
  if (agreements.length === 0) throw badRequest('monthbill.noAgreement', { bill, owner });
  const covering = agreementOn(agreements, to);
  if (covering && covering.startDate <= from) return covering;
  const ended = agreements
    .filter((a) => a.agreementStatus === '3' || (a.endDate !== null && a.endDate < to))
    .sort((a, b) => (a.endDate ?? '').localeCompare(b.endDate ?? ''))
    .at(-1);
  if (ended && !covering)
    throw badRequest('monthbill.agreementEnded', {
      bill,
      owner,
      agreement: ended.agreementCode,
      date: ended.endDate ?? '—',
    });
  throw badRequest('monthbill.noAgreementInForce', { bill, owner, from, to });
}

/** The terms of a bill: its agreement, the rule over it, the six stage prices (in SQL, exact). */
async function termsOf(tx: Tx, tenantId: string, bill: string, owner: string, from: string, to: string) {
  const agreement = agreementOver(await agreementsOf(tx, tenantId, owner), bill, owner, from, to);
  const rule = await ruleOf(tx, tenantId, owner);
  const basis = agreement.chargeBasis || '1';
  if (basis === '5') throw badRequest('billing.areaBasis', { owner });
  const price = rule?.storagePrice ?? agreement.storagePrice;
  if (price === null) throw badRequest('billing.noStoragePrice', { agreement: agreement.agreementCode });
  const free = Math.max(0, rule?.storageTime ?? 0);
  const tiered = rule?.isSubsectBill === '1';
  // Stage k's price: the price of tier k − 1 (ADR 0024), the cap applying when set; untiered, one price.
  const prices = await queryRows<{ price: string }>(
    tx,
    sql`select (case when ${tiered} then
              case when ${rule?.storageHighestPrice ?? null}::numeric is null
                then ${price}::numeric + (k - 1) * ${rule?.storageIncreasePrice ?? '0'}::numeric
                else least(${price}::numeric + (k - 1) * ${rule?.storageIncreasePrice ?? '0'}::numeric,
                  ${rule?.storageHighestPrice ?? null}::numeric) end
              else ${price}::numeric end)::text as price
        from generate_series(1, 6) k order by k`,
  );
  return {
    agreementCode: agreement.agreementCode,
    basis,
    free,
    period: free > 0 ? free : 30,
    prices: tiered ? prices.map((p) => p.price) : prices.map(() => prices[0]?.price as string),
    modulus: rule?.billingModulus ?? '1',
    tiered,
  } satisfies MonthTerms & { tiered: boolean };
}

/**
 * One line per receipt lot (material, batch, received date) the owner held at the end of some
 * day of the period (ADR 0024's day model and running balances): the days it was charged (held,
 * past the free days counted from its receipt, with a quantity on the basis), its billed
 * quantity-days (basis × modulus, summed over those days), the stage its age reached on the
 * last day it was held in the period, the quantities it held that day, the stage's price and
 * amount = round(quantity-days × price, 2).
 */
const linesSql = (
  tenantId: string,
  owner: string,
  from: string,
  to: string,
  t: MonthTerms & { tiered: boolean },
) => sql`
  with deltas as (
    select material_code as m, batch_no as b, coalesce(instock_date, fee_day) as lot, fee_day,
      sum(qty) as qty, sum(weg) as weg, sum(volume) as volume, sum(board) as board
    from (${feeRows(tenantId, owner)}) f
    where stream_status = '1' and fee_day <= ${to}::date
    group by 1, 2, 3, 4
  ),
  balances as (
    select m, b, lot, fee_day as since, lead(fee_day) over w as until,
      sum(qty) over w as qty, sum(weg) over w as weg, sum(volume) over w as volume, sum(board) over w as board
    from deltas
    window w as (partition by m, b, lot order by fee_day)
  ),
  held as (
    select d.day, r.m, r.b, r.lot, (d.day - r.lot + 1) as n, r.qty, r.weg, r.volume, r.board,
      case ${t.basis} when '2' then r.weg when '3' then r.volume when '4' then r.board else r.qty end as basis_qty
    from (select g::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') g) d
    join balances r on r.since <= d.day and (r.until is null or d.day < r.until)
    where r.qty > 0 or r.weg > 0 or r.volume > 0 or r.board > 0
  ),
  lots as (
    select m, b, lot, max(day) as last_day,
      count(*) filter (where n > ${t.free} and basis_qty > 0)::int as storage_days,
      coalesce(sum(basis_qty * ${t.modulus}::numeric) filter (where n > ${t.free} and basis_qty > 0), 0) as qty_days
    from held
    group by m, b, lot
  ),
  staged as (
    select l.*, h.qty, h.weg, h.volume, h.board,
      case when not ${t.tiered} or h.n <= ${t.free} then 1
        else least((h.n - ${t.free} - 1) / ${t.period} + 1, 6) end as stage
    from lots l
    join held h on h.m = l.m and h.b is not distinct from l.b and h.lot = l.lot and h.day = l.last_day
  )
  select m as "materialCode", b as "batchNo", to_char(lot, 'YYYY-MM-DD') as "instockDate",
    storage_days as "storageDays", qty_days::text as "qtyDays", stage::int as stage,
    qty::text as qty, weg::text as weg, volume::text as volume, board::text as board,
    (${`{${t.prices.join(',')}}`}::numeric[])[stage]::text as price,
    round(qty_days * (${`{${t.prices.join(',')}}`}::numeric[])[stage], 2)::text as amount
  from staged
  order by lot, m, b`;

/**
 * Makes a monthly bill's lines from the ledger (the bill's "make" action): the old lines go,
 * the new ones are written, the header takes the agreement and the totals. Refused, leaving
 * nothing, for an owner without agreement, an agreement that ended, or a bill already
 * reviewed (the flow's state guard). Making it again with the same ledger gives the same lines.
 */
export async function makeMonthBill(
  tx: Tx,
  auth: AuthContext,
  bill: Row,
  language: Language,
  now = new Date(),
): Promise<{ lines: number; amount: string; notice?: string }> {
  const billNo = String(bill.billNo);
  const owner = String(bill.customerCode ?? '');
  const from = String(bill.periodStart);
  const periodEnd = String(bill.periodEnd);
  if (periodEnd < from) throw badRequest('billing.endBeforeStart');
  if (periodDays(from, periodEnd) > 366) throw badRequest('billing.period');
  // No day that has not happened is charged (issue 29, 1): made while its period runs, the
  // bill stops at today and is provisional until it is made again once the period is over.
  const through = billableThrough(now);
  if (from > through) throw badRequest('billing.futurePeriod', { from, to: periodEnd, through });
  const to = periodEnd < through ? periodEnd : through;
  const provisional = periodEnd >= through;
  await refuseClosedPeriod(tx, auth.tenantId, language, { entity: 'monthbill', billNo, from, to: periodEnd });
  const terms = await termsOf(tx, auth.tenantId, billNo, owner, from, to);
  const lines = await queryRows<MonthLine>(tx, linesSql(auth.tenantId, owner, from, to, terms));
  await tx.execute(
    sql`update bl_monthbilldetail set is_deleted = 1, update_user = ${auth.userId}::bigint, update_time = ${now}
        where tenant_id = ${auth.tenantId} and header_id = ${String(bill.id)}::bigint and is_deleted = 0`,
  );
  const [p1, p2, p3, p4, p5, p6] = terms.prices;
  if (lines.length > 0)
    await tx.execute(
      sql`insert into bl_monthbilldetail (id, tenant_id, create_user, create_dept, create_time, update_user,
            update_time, header_id, bill_no, line_number, material_code, batch_no, instock_date, storage_days,
            qty_days, stage, qty, weg, volume, board, price, price1, price2, price3, price4, price5, price6, amount)
          values ${sql.join(
            lines.map(
              (
                l,
                i,
              ) => sql`(${nextId()}, ${auth.tenantId}, ${auth.userId}::bigint, ${auth.deptId || null}::bigint,
                ${now}, ${auth.userId}::bigint, ${now}, ${String(bill.id)}::bigint, ${billNo}, ${i + 1},
                ${l.materialCode}, ${l.batchNo}, ${l.instockDate}::date, ${l.storageDays}, ${l.qtyDays}::numeric,
                ${String(l.stage)}, ${l.qty}::numeric, ${l.weg}::numeric, ${l.volume}::numeric, ${l.board}::numeric,
                ${l.price}::numeric, ${p1}::numeric, ${p2}::numeric, ${p3}::numeric, ${p4}::numeric, ${p5}::numeric,
                ${p6}::numeric, ${l.amount}::numeric)`,
            ),
            sql`, `,
          )}`,
    );
  await tx.execute(
    sql`update bl_monthbill set agreement_code = ${terms.agreementCode}, made_through = ${to}::date,
          provisional = ${provisional ? '1' : '0'}, update_user = ${auth.userId}::bigint,
          update_time = ${now}, version = version + 1
        where id = ${String(bill.id)}::bigint`,
  );
  const totals = await totalsOf(tx, String(bill.id));
  return {
    lines: lines.length,
    amount: totals.totalAmount ?? '0.00',
    ...(provisional && {
      notice: translate('billing.provisional', language, { bill: billNo, through: to, end: periodEnd }),
    }),
  };
}

/** Writes a bill's totals from its live lines (quantity held, weight, volume, pallets, amount). */
async function totalsOf(tx: Tx, id: string) {
  const [row] = await queryRows<Record<string, string>>(
    tx,
    sql`update bl_monthbill h set
          total_qty = t.qty, total_weg = t.weg, total_volume = t.volume, total_board = t.board,
          total_amount = t.amount, pay_amount = coalesce(h.pay_amount, 0),
          unpaid_amount = t.amount - coalesce(h.pay_amount, 0)
        from (select coalesce(sum(qty), 0) as qty, coalesce(sum(weg), 0) as weg,
                coalesce(sum(volume), 0) as volume, coalesce(sum(board), 0) as board,
                coalesce(sum(amount), 0) as amount
              from bl_monthbilldetail where header_id = ${id}::bigint and is_deleted = 0) t
        where h.id = ${id}::bigint
        returning h.total_qty::text as "totalQty", h.total_weg::text as "totalWeg",
          h.total_volume::text as "totalVolume", h.total_board::text as "totalBoard",
          h.total_amount::text as "totalAmount", h.unpaid_amount::text as "unpaidAmount"`,
  );
  return row ?? {};
}

/**
 * Refuses to review or confirm a provisional bill (made before its period ended, issue 29, 1):
 * it must be made again once the period is over. `action` is the action's name as the reader
 * sees it.
 */
export function refuseProvisional(bills: Row[], numberField: string, endField: string, action: string) {
  const bill = bills.find((b) => b.provisional === '1');
  if (bill)
    throw badRequest('billing.provisionalRefused', {
      bill: String(bill[numberField]),
      through: String(bill.madeThrough ?? ''),
      end: String(bill[endField]),
      action: action.toLowerCase(),
    });
}

/** The monthly bill's actions beyond their declaration (packages/entities bills/monthbill.ts). */
export const monthBillFlowCode: FlowCode = {
  monthbill: {
    make: {
      run: async (ctx) => {
        let lines = 0;
        const notices: string[] = [];
        for (const bill of ctx.bills) {
          const made = await makeMonthBill(ctx.tx, ctx.auth, bill, ctx.language);
          lines += made.lines;
          if (made.notice) notices.push(made.notice);
        }
        // A provisional bill says so as the answer's message (the flow route's notices).
        return { made: ctx.bills.length, lines, ...(notices.length > 0 && { notices }) };
      },
    },
    review: {
      // A bill is reviewed with its lines: one never made has nothing to review, one made
      // before its period ended has days still to charge.
      check: async (ctx) => {
        refuseProvisional(
          ctx.bills,
          'billNo',
          'periodEnd',
          ctx.entity.flow?.actions?.review?.label[ctx.language] ?? '',
        );
        for (const bill of ctx.bills) {
          const [row] = await queryRows<{ n: number }>(
            ctx.tx,
            sql`select count(*)::int as n from bl_monthbilldetail
                where tenant_id = ${ctx.auth.tenantId} and header_id = ${String(bill.id)}::bigint and is_deleted = 0`,
          );
          if (!row?.n) throw badRequest('monthbill.empty', { bill: String(bill.billNo) });
        }
      },
    },
    // A paid bill is a receivable with payments against it, and a bill over a closed month stays
    // as it was closed (issue 30, ADR 0039): un-review is refused for either.
    unreview: {
      check: async ({ tx, auth, bills }) => {
        for (const bill of bills) {
          if (String(bill.payStatus ?? '0') !== '0')
            throw badRequest('settle.month.unreviewPaid', { bill: String(bill.billNo) });
          const [closed] = await queryRows<{ month: string }>(
            tx,
            sql`select to_char(month, 'YYYY-MM') as month from bl_billing_period
                where tenant_id = ${auth.tenantId} and status = '1'
                  and month <= ${String(bill.periodEnd)}::date
                  and (month + interval '1 month')::date > ${String(bill.periodStart)}::date
                order by month limit 1`,
          );
          if (closed)
            throw badRequest('period.monthBillClosed', { bill: String(bill.billNo), month: closed.month });
        }
      },
    },
  },
};

/**
 * On save: the period is checked, and the header's totals are the server's (from its lines).
 * Line figures are computed (`form: 'readonly'`): the engine drops them from any request.
 */
export function registerMonthBillRules() {
  afterWriteRules.monthbill = async (tx, saved, { auth, language }) => {
    if (String(saved.periodEnd) < String(saved.periodStart)) throw badRequest('billing.endBeforeStart');
    // Nothing is made or changed over a closed month (issue 30): reopen it first, with a reason.
    await refuseClosedPeriod(tx, auth.tenantId, language, {
      entity: 'monthbill',
      billNo: String(saved.billNo),
      from: String(saved.periodStart),
      to: String(saved.periodEnd),
    });
  };
  // The engine runs it after every write of the lines (with the header or on their own).
  lineTotalsRules.monthbill = async (tx, saved) => {
    Object.assign(saved, await totalsOf(tx, String(saved.id)));
  };
}
