import { ok } from '@bl/contract';
import { daySchema, idSchema } from '@bl/entities';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Database, queryRows, type Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import { attachment, xlsxType } from '../../engine/excel-columns.ts';
import { requireButton } from '../../engine/permissions.ts';
import { afterWriteRules, lineTotalsRules, removeRules } from '../../engine/rules.ts';
import type { AuthContext } from '../../http/context.ts';
import { requireAuth } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import { failStaleJobs, type JobHandler, type JobQueue, liveJob } from '../../jobs/queue.ts';
import { inOutParts } from '../ledger/index.ts';
import { cents, fromCents } from './cost-details.ts';
import { billableThrough, chargeOwner, feeRows, type OwnerResult, ownersToCharge } from './engine.ts';
import { registerMonthBillRules } from './month-bills.ts';
import { billingJobKind, refuseClosedPeriod, registerPeriodCloseRoutes } from './period-close.ts';
import { refreshArrears, registerReceivablesRoutes } from './receivables.ts';
import { registerSettlementRules } from './settlement.ts';
import { registerSettlementReportRules } from './settlement-report.ts';
import { lineSources, statementWorkbook } from './statement.ts';

const day = daySchema;

const runBody = z.object({
  /** One owner, or '' / absent for every owner. */
  customerCode: z.string().trim().max(64).optional().default(''),
  start: day,
  end: day,
});

/** A run's target as stored on its bl_job row: owner ('*' = all), first and last day. */
const targetOf = (owner: string, start: string, end: string) => `${owner || '*'}|${start}|${end}`;

function checkPeriod(start: string, end: string) {
  const days = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000 + 1;
  if (!Number.isFinite(days) || days < 1 || days > 366) throw badRequest('billing.period');
}

/**
 * Queues a billing run, refusing one while a run of the same owner (or of all owners) over an
 * overlapping period is queued or running. The check and the new row are one transaction
 * under a per-tenant lock, so two requests at once cannot both pass.
 */
export async function startBillingRun(
  tx: Tx,
  jobs: JobQueue,
  auth: AuthContext,
  language: 'zh' | 'mo' | 'en',
  input: { customerCode: string; start: string; end: string },
  now = new Date(),
): Promise<{ jobId: string; notices: string[] }> {
  const { customerCode: owner, start } = input;
  checkPeriod(start, input.end);
  // No day that has not happened is charged (issue 29, 1): a period that has not begun is
  // refused, one that reaches past today is cut to today and the answer says so.
  const through = billableThrough(now);
  if (start > through) throw badRequest('billing.futurePeriod', { from: start, to: input.end, through });
  const end = input.end > through ? through : input.end;
  const notices =
    end < input.end ? [translate('billing.periodCut', language, { through, from: nextDay(through) })] : [];
  if (owner) {
    const [known] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from bl_customer
          where tenant_id = ${auth.tenantId} and is_deleted = 0 and code = ${owner}`,
    );
    if (!known?.n) throw badRequest('billing.unknownOwner', { owner });
  }
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing-run|${auth.tenantId}`}))`);
  await failStaleJobs(tx, auth.tenantId, billingJobKind);
  const [busy] = await queryRows<{ target: string }>(
    tx,
    sql`select target from bl_job
        where tenant_id = ${auth.tenantId} and kind = ${billingJobKind} and ${liveJob}
          and (split_part(target, '|', 1) in ('*', ${owner || '*'}) or ${owner || '*'} = '*')
          and split_part(target, '|', 2)::date <= ${end}::date
          and split_part(target, '|', 3)::date >= ${start}::date
        limit 1`,
  );
  if (busy) {
    const [who = '*', from = start, to = end] = busy.target.split('|');
    throw badRequest('billing.running', { owner: who === '*' ? '*' : who, from, to });
  }
  const jobId = await jobs.enqueue(tx, auth, billingJobKind, {
    target: targetOf(owner, start, end),
    language,
  });
  return { jobId, notices };
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Charges each owner of a run in a transaction of its own; the job reports owner by owner. */
export function billingJob(database: Database): JobHandler {
  return async (run) => {
    const [owner = '*', start = '', end = ''] = run.target.split('|');
    const owners =
      owner === '*'
        ? await database.withTenant(run.tenantId, (tx) => ownersToCharge(tx, run.tenantId))
        : [owner];
    run.progress(0, owners.length);
    const results: OwnerResult[] = [];
    for (const [index, code] of owners.entries()) {
      results.push(
        await database.withTenant(run.tenantId, (tx) =>
          chargeOwner(tx, run.auth, run.language, code, start, end),
        ),
      );
      run.progress(index + 1, owners.length);
    }
    const rows = results.reduce((n, r) => n + r.rows, 0);
    const amount = fromCents(results.reduce((sum, r) => sum + cents(r.amount), 0n));
    return {
      status: 'done',
      message: translate('billing.done', run.language, { owners: owners.length, rows, amount }),
      result: { owners: results, rows, amount },
    };
  };
}

/** The nightly run: yesterday (UTC) for every owner of every tenant, as its first administrator. */
export async function runNightlyBilling(
  database: Database,
  today: Date,
  log: (error: unknown, tenantId: string) => void,
): Promise<void> {
  const yesterday = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 1))
    .toISOString()
    .slice(0, 10);
  const tenants = await queryRows<{ tenantId: string }>(
    database.db,
    sql`select tenant_id as "tenantId" from blade_tenant where is_deleted = 0 order by tenant_id`,
  );
  for (const { tenantId } of tenants) {
    try {
      await database.withTenant(tenantId, async (tx) => {
        const [user] = await queryRows<{ id: string; account: string }>(
          tx,
          sql`select id::text as id, account from blade_user where tenant_id = ${tenantId} and is_deleted = 0
              order by id limit 1`,
        );
        if (!user) return;
        const auth: AuthContext = {
          tenantId,
          userId: user.id,
          sessionId: '',
          clientId: 'nightly-billing',
          account: user.account,
          userName: user.account,
          roleIds: [],
          roleAliases: [],
          allPowerful: false,
          deptId: '',
        };
        for (const owner of await ownersToCharge(tx, tenantId)) {
          await chargeOwner(tx, auth, 'zh', owner, yesterday, yesterday);
        }
        // Overdue days follow the calendar: the arrears rows are recomputed each night (ADR 0039).
        await refreshArrears(tx, auth, today);
      });
    } catch (error) {
      log(error, tenantId);
    }
  }
}

/** Recomputes a saved bill's amounts in SQL (numeric, rounded once) and answers them. */
async function recompute(tx: Tx, saved: Record<string, unknown>, update: ReturnType<typeof sql>) {
  const [row] = await queryRows<Record<string, unknown>>(tx, update);
  if (row) Object.assign(saved, row);
}

/**
 * Amounts the server fills on save (ADR 0024): handling and value-added-service bills
 * qty × price; rent days × area × day price (a package-warehouse bill's amount is the wms
 * module's rule, flow-code-control.ts); the
 * difference of each price-adjustment line, (new − old price) × qty.
 */
function registerAmountRules() {
  for (const table of ['bl_handlingbill', 'bl_valueaddservicebill']) {
    afterWriteRules[table.slice(3)] = (tx, saved) =>
      recompute(
        tx,
        saved,
        sql`update ${sql.raw(table)} set amount = round(qty * price, 2)
            where id = ${String(saved.id)}::bigint returning amount::text as amount`,
      );
  }
  afterWriteRules.rentwarehousebill = async (tx, saved) => {
    if (String(saved.endDate) < String(saved.startDate)) throw badRequest('billing.endBeforeStart');
    await recompute(
      tx,
      saved,
      sql`update bl_rentwarehousebill set rent_days = end_date - start_date + 1,
            amount = round(rent_area * day_price * (end_date - start_date + 1), 2)
          where id = ${String(saved.id)}::bigint
          returning rent_days as "rentDays", amount::text as amount`,
    );
  };
  // From its lines: the engine runs it after every write of them (header or line endpoints).
  lineTotalsRules.adjustpricebill = async (tx, saved) => {
    await tx.execute(
      sql`update bl_adjustpricebilldetail set diff_amount = round((new_price - coalesce(price, 0)) * coalesce(qty, 0), 2)
          where header_id = ${String(saved.id)}::bigint`,
    );
    await recompute(
      tx,
      saved,
      // The quantities too (issue 28: they stayed empty), over the same lines as the amount: one
      // rule per header, since a second registration would overwrite this one (commit fc3f47f).
      sql`update bl_adjustpricebill h set total_amount = coalesce(t.amount, 0), total_qty = t.qty,
            total_weg = t.qty_weg, total_board = t.board, total_volume = t.volume
          from (select sum(diff_amount) amount, coalesce(sum(qty), 0) qty, coalesce(sum(qty_weg), 0) qty_weg,
                       coalesce(sum(board), 0) board, coalesce(sum(volume), 0) volume
                from bl_adjustpricebilldetail d where d.header_id = ${String(saved.id)}::bigint and d.is_deleted = 0) t
          where h.id = ${String(saved.id)}::bigint
          returning total_amount::text as "totalAmount", total_qty::text as "totalQty",
            total_weg::text as "totalWeg", total_board::text as "totalBoard", total_volume::text as "totalVolume"`,
    );
  };
}

/**
 * An owner's stock summary over a period, per material (the cost bill's 进出存汇总): opening,
 * in, out, lost or found (adjust) and closing, in quantity, weight and pallets, from the posted
 * stream rows by fee day. In and out are the one rule of every in/out figure (`inOutParts`):
 * goods crossing the door and owner transfers, never a move between places (issue 29, 2).
 */
function stockSummarySql(tenantId: string, owner: string, from: string, to: string) {
  const inPeriod = sql`r.fee_day >= ${from}::date`;
  const parts = (amount: 'qty' | 'weg' | 'board') => {
    const figure = inOutParts('r', amount, 'owner');
    return sql`sum(case when r.fee_day < ${from}::date then r.${sql.raw(amount)} else 0 end)::text as begin_${sql.raw(amount)},
      sum(case when ${inPeriod} then ${figure.in} else 0 end)::text as in_${sql.raw(amount)},
      sum(case when ${inPeriod} then ${figure.out} else 0 end)::text as out_${sql.raw(amount)},
      sum(case when ${inPeriod} then ${figure.adjust} else 0 end)::text as adjust_${sql.raw(amount)},
      sum(r.${sql.raw(amount)})::text as end_${sql.raw(amount)}`;
  };
  return sql`select r.material_code, ${parts('qty')}, ${parts('weg')}, ${parts('board')}
    from (${feeRows(tenantId, owner)}) r
    where r.stream_status = '1' and r.fee_day <= ${to}::date
    group by r.material_code
    having sum(abs(r.qty)) > 0
    order by r.material_code`;
}

/**
 * A cost bill's amount: its lines less its discount. A line no cost detail of the bill backs
 * (typed in the form, or a fee line whose price was corrected) is priced first as the fee
 * engine prices the lines it makes: amount = billed quantity × unit price (the billed quantity
 * of a storage line is its quantity summed over its days), amount per day = amount over its
 * billed days (issue 28: a typed line kept no amount and the bill's total left it out).
 */
const costBillAmount = async (tx: Tx, saved: Record<string, unknown>) => {
  await tx.execute(
    sql`update bl_costbilldetail d
        set amount = round(coalesce(d.reality_qty, 0) * coalesce(d.unit_price, 0), 2),
            day_amout = round(round(coalesce(d.reality_qty, 0) * coalesce(d.unit_price, 0), 2)
              / greatest(coalesce(d.reality_day, 1), 1), 4)
        from bl_costbill b
        where b.id = ${String(saved.id)}::bigint and d.header_id = b.id and d.tenant_id = b.tenant_id
          and d.is_deleted = 0
          and not exists (select 1 from bl_costdetail c
            where c.tenant_id = d.tenant_id and c.is_deleted = 0 and c.cost_bill_no = b.cost_bill_no
              and c.cost_type is not distinct from d.cost_type and c.bill_no is not distinct from d.bill_no
              and coalesce(c.material_code, '') = coalesce(d.material_code, '')
              and c.unit_price is not distinct from d.unit_price and c.stage is not distinct from d.stage)`,
  );
  await recompute(
    tx,
    saved,
    sql`update bl_costbill b set amount = coalesce((select sum(amount) from bl_costbilldetail d
          where d.header_id = b.id and d.is_deleted = 0), 0) - coalesce(discount_amount, 0)
        where b.id = ${String(saved.id)}::bigint returning amount::text as amount`,
  );
};

/** What a cost bill of an owner and period is made of, before it is written (costBillMaking). */
interface CostBillMaking {
  /** The last day charged: the period's end, or today for a period not over yet. */
  through: string;
  provisional: '0' | '1';
  lines: Record<string, string | number | null>[];
  packs: Record<string, string>[];
}

/**
 * The one reckoning of a cost bill (issue 29, 12): its lines from the owner's not yet billed
 * cost-detail rows of the period, one per group (fee kind, price, stage, bill line), and its
 * stock summary per material (opening, in, out, lost, closing). Saving a new bill writes what
 * this answers; the form's preview shows the same before saving. Refuses a period that ends
 * before it starts or has not begun, and one overlapping another live bill of the owner
 * (`billId`: the bill being made, which does not count).
 */
async function costBillMaking(
  tx: Tx,
  tenantId: string,
  input: { owner: string; from: string; periodEnd: string; billId?: string },
): Promise<CostBillMaking> {
  const { owner, from, periodEnd } = input;
  if (periodEnd < from) throw badRequest('billing.endBeforeStart');
  // As a monthly bill (issue 29, 1): nothing after today; made while its period runs, the
  // bill is provisional (its stock summary stops at today) and cannot be confirmed.
  const today = billableThrough();
  if (from > today) throw badRequest('billing.futurePeriod', { from, to: periodEnd, through: today });
  const to = periodEnd < today ? periodEnd : today;
  const [other] = await queryRows<{ bill: string; from: string; to: string }>(
    tx,
    sql`select cost_bill_no as bill, to_char(cost_date, 'YYYY-MM-DD') as "from",
          to_char(cost_date_end, 'YYYY-MM-DD') as "to"
        from bl_costbill where tenant_id = ${tenantId} and is_deleted = 0
          and id <> ${input.billId ?? '0'}::bigint
          and customer_code = ${owner} and cost_status <> '4'
          and cost_date <= ${periodEnd}::date and cost_date_end >= ${from}::date
        limit 1`,
  );
  if (other) throw badRequest('billing.billOverlap', { owner, ...other });
  // `day_amout`, the amount per charged day: the line's amount over its distinct days, so
  // it holds for a line that groups several days' rows as for a one-day work line.
  const lines = await queryRows<Record<string, string | number | null>>(
    tx,
    sql`select cost_type, min(work_type) as work_type, min(agreement_code) as agreement_code, bill_no,
          coalesce(material_code, '') as material_code, unit_price::text as unit_price, stage,
          sum(qty)::text as qty, sum(weg)::text as weg, sum(volume)::text as volume,
          sum(board_qty)::text as board_qty, sum(reality_qty)::text as reality_qty,
          count(distinct source_date)::int as reality_day, sum(amount)::text as amount,
          round(sum(amount) / greatest(count(distinct source_date), 1), 4)::text as day_amout,
          to_char(min(source_date), 'YYYY-MM-DD') as make_date
        from bl_costdetail
        where tenant_id = ${tenantId} and is_deleted = 0 and customer_code = ${owner}
          and cost_bill_no is null and cost_date between ${from}::date and ${to}::date
        group by cost_type, bill_no, coalesce(material_code, ''), unit_price, stage
        order by min(source_date), cost_type, bill_no, stage`,
  );
  const packs = await queryRows<Record<string, string>>(tx, stockSummarySql(tenantId, owner, from, to));
  return { through: to, provisional: periodEnd >= today ? '1' : '0', lines, packs };
}

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const camelRow = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [camel(k), v]));

/**
 * A cost bill as saving it now would make it, written nowhere (the form's preview): its lines
 * and stock summary under the line entities' field names, the amount they sum to (in SQL, as
 * the saved bill's) and the last day charged.
 */
export async function previewCostBill(
  tx: Tx,
  auth: AuthContext,
  input: { owner: string; from: string; periodEnd: string },
) {
  const making = await costBillMaking(tx, auth.tenantId, input);
  const amounts = making.lines.map((l) => sql`${l.amount ?? '0'}::numeric`);
  const [total] = await queryRows<{ amount: string }>(
    tx,
    amounts.length === 0
      ? sql`select '0.00' as amount`
      : sql`select round(${sql.join(amounts, sql` + `)}, 2)::text as amount`,
  );
  return {
    madeThrough: making.through,
    provisional: making.provisional,
    amount: total?.amount ?? '0.00',
    details: making.lines.map((l) => ({ ...camelRow(l), isCost: '1' })),
    packs: making.packs.map(camelRow),
  };
}

/**
 * A new cost bill is filled by the server (the owner's name by the engine, FieldInput.nameOf):
 * the lines and stock summary `costBillMaking` reckons, the lines stamped with the bill's number
 * on their cost details, and the amount. Removing a draft gives its cost details back.
 */
function registerCostBillRules() {
  // The amount from the lines: the engine runs it after every write of them (header or line endpoints).
  lineTotalsRules.costbill = costBillAmount;
  afterWriteRules.costbill = async (tx, saved, { auth, id, language }) => {
    const billId = String(saved.id);
    // Nothing is made or changed over a closed month (issue 30): reopen it first, with a reason.
    await refuseClosedPeriod(tx, auth.tenantId, language, {
      entity: 'costbill',
      billNo: String(saved.costBillNo),
      from: String(saved.costDate),
      to: String(saved.costDateEnd),
    });
    if (id === undefined) {
      const owner = String(saved.customerCode);
      const from = String(saved.costDate);
      const {
        through: to,
        provisional,
        lines,
        packs,
      } = await costBillMaking(tx, auth.tenantId, {
        owner,
        from,
        periodEnd: String(saved.costDateEnd),
        billId,
      });
      if (lines.length > 0)
        await tx.execute(
          sql`insert into bl_costbilldetail (id, tenant_id, create_user, update_user, header_id, bill_no,
                agreement_code, material_code, qty, weg, volume, board_qty, make_date, is_cost, cost_type,
                work_type, reality_qty, reality_day, unit_price, amount, stage, day_amout)
              values ${sql.join(
                lines.map(
                  (l) => sql`(${nextId()}, ${auth.tenantId}, ${auth.userId}::bigint, ${auth.userId}::bigint,
                    ${billId}::bigint, ${l.bill_no}, ${l.agreement_code}, nullif(${l.material_code}, ''), ${l.qty}::numeric,
                    ${l.weg}::numeric, ${l.volume}::numeric, ${l.board_qty}::numeric, ${l.make_date}::date, '1',
                    ${l.cost_type}, ${l.work_type}, ${l.reality_qty}::numeric, ${l.reality_day}::int,
                    ${l.unit_price}::numeric, ${l.amount}::numeric, ${l.stage}::int, ${l.day_amout}::numeric)`,
                ),
                sql`, `,
              )}`,
        );
      await tx.execute(
        sql`update bl_costdetail set cost_bill_no = ${String(saved.costBillNo)}
            where tenant_id = ${auth.tenantId} and is_deleted = 0 and customer_code = ${owner}
              and cost_bill_no is null and cost_date between ${from}::date and ${to}::date`,
      );
      if (packs.length > 0)
        await tx.execute(
          sql`insert into bl_costbilldetailpack (id, tenant_id, create_user, update_user, header_id, material_code,
                begin_qty, begin_weg, begin_board, in_qty, in_weg, in_board, out_qty, out_weg, out_board,
                adjust_qty, adjust_weg, adjust_board, end_qty, end_weg, end_board)
              values ${sql.join(
                packs.map(
                  (p) => sql`(${nextId()}, ${auth.tenantId}, ${auth.userId}::bigint, ${auth.userId}::bigint,
                    ${billId}::bigint, ${p.material_code}, ${p.begin_qty}::numeric, ${p.begin_weg}::numeric,
                    ${p.begin_board}::numeric, ${p.in_qty}::numeric, ${p.in_weg}::numeric, ${p.in_board}::numeric,
                    ${p.out_qty}::numeric, ${p.out_weg}::numeric, ${p.out_board}::numeric,
                    ${p.adjust_qty}::numeric, ${p.adjust_weg}::numeric, ${p.adjust_board}::numeric, ${p.end_qty}::numeric,
                    ${p.end_weg}::numeric, ${p.end_board}::numeric)`,
                ),
                sql`, `,
              )}`,
        );
      await recompute(
        tx,
        saved,
        sql`update bl_costbill b set made_through = ${to}::date, provisional = ${provisional}
            where b.id = ${billId}::bigint
            returning to_char(made_through, 'YYYY-MM-DD') as "madeThrough", provisional`,
      );
      // Its lines were made here, after the engine's totals of the (then empty) bill.
      await costBillAmount(tx, saved);
    }
  };
  removeRules.costbill = async (tx, rows, _language, auth) => {
    if (rows.length === 0) return;
    await tx.execute(
      sql`update bl_costdetail set cost_bill_no = null
          where tenant_id = ${auth.tenantId} and cost_bill_no in (${sql.join(
            rows.map((r) => sql`${String(r.costBillNo)}`),
            sql`, `,
          )})`,
    );
  };
}

/** Two agreements of one owner in force over overlapping periods are refused on save. */
export function registerBillingRules() {
  registerAmountRules();
  registerCostBillRules();
  afterWriteRules.lgagreement = async (tx, saved, { auth }) => {
    const start = String(saved.startDate ?? '');
    const end = saved.endDate ? String(saved.endDate) : null;
    if (end !== null && end < start) throw badRequest('billing.endBeforeStart');
    if (saved.agreementStatus === '3' || saved.agreementStatus === '4') return;
    const [other] = await queryRows<{ agreementCode: string; startDate: string; endDate: string | null }>(
      tx,
      sql`select agreement_code as "agreementCode", to_char(start_date, 'YYYY-MM-DD') as "startDate",
            to_char(end_date, 'YYYY-MM-DD') as "endDate"
          from bl_lgagreement
          where tenant_id = ${auth.tenantId} and is_deleted = 0 and id <> ${String(saved.id)}::bigint
            and customer_code = ${String(saved.customerCode)} and agreement_status not in ('3', '4')
            and start_date <= coalesce(${end}::date, 'infinity'::date)
            and coalesce(end_date, 'infinity'::date) >= ${start}::date
          order by start_date limit 1`,
    );
    if (other)
      throw badRequest('billing.overlap', {
        owner: String(saved.customerCode),
        other: other.agreementCode,
        from: other.startDate,
        to: other.endDate ?? '…',
      });
  };
  registerSettlementRules();
  registerMonthBillRules();
  registerSettlementReportRules();
}

export function registerBillingRoutes(app: FastifyInstance, database: Database, jobs: JobQueue) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/bl-acct/billing/run',
    {
      schema: {
        tags: ['billing'],
        summary: 'Starts a billing run (a job) for one owner or all owners over a period',
        body: runBody,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const started = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'costdetail_run');
        return startBillingRun(tx, jobs, auth, request.language, request.body);
      });
      // A run cut to today says so as its message, and lists it for the screen.
      return ok(started, started.notices[0] ?? translate('ok', request.language));
    },
  );

  typed.get(
    '/api/bl-acct/billing/runs',
    {
      schema: {
        tags: ['billing'],
        summary: 'The latest billing runs of the tenant: owner, period, status, progress, result',
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const runs = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'costdetail_view');
        return queryRows(
          tx,
          sql`select id::text as id, target, status, done, total, message, result,
                create_time as "createTime", update_time as "updateTime"
              from bl_job where kind = ${billingJobKind} order by create_time desc, id desc limit 50`,
        );
      });
      return ok(runs, translate('ok', request.language));
    },
  );

  typed.get(
    '/api/bl-acct/billing/stock-days',
    {
      schema: {
        tags: ['billing'],
        summary: 'Drill-down of a storage charge: the lots an owner held at the end of a day',
        querystring: z.object({ customerCode: z.string().trim().min(1).max(64), day }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { customerCode, day: on } = request.query;
      const lots = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'costdetail_view');
        return queryRows(
          tx,
          sql`select material_code as "materialCode", batch_no as "batchNo",
                to_char(lot, 'YYYY-MM-DD') as "instockDate", (${on}::date - lot + 1) as "dayNo",
                sum(qty)::text as qty, sum(weg)::text as weg, sum(volume)::text as volume,
                sum(board)::text as board
              from (
                select s.material_code, s.batch_no, s.qty, s.weg, s.volume, s.board,
                  coalesce(s.instock_date, coalesce(i.bill_date, o.bill_date, (s.stream_time at time zone 'UTC')::date)) as lot,
                  coalesce(i.bill_date, o.bill_date, (s.stream_time at time zone 'UTC')::date) as fee_day
                from bl_stockstream s
                left join bl_isinstockbill i on s.bill_type = 'isinstockbill' and i.tenant_id = s.tenant_id
                  and i.bill_no = s.bill_no and i.is_deleted = 0
                left join bl_osoutstockbill o on s.bill_type = 'osoutstockbill' and o.tenant_id = s.tenant_id
                  and o.bill_no = s.bill_no and o.is_deleted = 0
                where s.tenant_id = ${auth.tenantId} and s.customer_code = ${customerCode}
                  and s.is_deleted = 0 and s.stream_status = '1'
              ) r
              where fee_day <= ${on}::date
              group by material_code, batch_no, lot
              having sum(qty) > 0 or sum(weg) > 0 or sum(volume) > 0 or sum(board) > 0
              order by lot, material_code, batch_no`,
        );
      });
      return ok(lots, translate('ok', request.language));
    },
  );

  typed.get(
    '/api/bl-acct/billing/cost-bill-preview',
    {
      schema: {
        tags: ['billing'],
        summary: 'The lines and stock summary a new cost bill of this owner and period would get',
        querystring: z.object({
          customerCode: z.string().trim().min(1).max(64),
          costDate: day,
          costDateEnd: day,
        }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { customerCode, costDate, costDateEnd } = request.query;
      const preview = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'costbill_add');
        return previewCostBill(tx, auth, { owner: customerCode, from: costDate, periodEnd: costDateEnd });
      });
      return ok(preview, translate('ok', request.language));
    },
  );

  typed.get(
    '/api/bl-acct/billing/line-sources',
    {
      schema: {
        tags: ['billing'],
        summary:
          'Drill-down of a cost-bill line: the cost-detail rows it gathers, with their days and bill lines',
        querystring: z.object({ lineId: idSchema }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const rows = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'costbill_view');
        return lineSources(tx, auth, request.query.lineId, request.language);
      });
      return ok(rows, translate('ok', request.language));
    },
  );

  typed.get(
    '/api/bl-acct/billing/statement',
    {
      schema: {
        tags: ['billing'],
        summary: "An owner's statement for a cost bill's period as an Excel workbook",
        querystring: z.object({ id: idSchema }),
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      const file = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'costbill_export');
        return statementWorkbook(tx, auth, request.query.id, request.language);
      });
      return reply
        .header('content-type', xlsxType)
        .header('content-disposition', attachment(file.fileName, 'statement.xlsx'))
        .send(file.buffer);
    },
  );
  registerPeriodCloseRoutes(app, database);
  registerReceivablesRoutes(app, database);
}
