import { type Language, ok } from '@bl/contract';
import { monthSchema } from '@bl/entities';
import { entityByName } from '@bl/entities/registry';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAudit } from '../../audit/audit.ts';
import { type Database, queryRows, type Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import { requireButton } from '../../engine/permissions.ts';
import type { AuthContext } from '../../http/context.ts';
import { requireAuth } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import { failStaleJobs, liveJob } from '../../jobs/queue.ts';

/** The kind of a billing run's job (`bl_job.kind`): a period close waits for none to be live. */
export const billingJobKind = 'billing';

/**
 * Period (month) close (issue 16, ADR 0031). Closing a month writes the month-start stock of the
 * next month (`bl_monthbegininv`, per owner × warehouse × material, from the ledger by fee day as
 * the engine reads it) and marks the month closed in `bl_billing_period` (migration 0059).
 * Months are closed in order and reopened from the latest, so the closed months are always one
 * stretch; while closed, no cost detail is dated inside it (cost-details.ts dates a late charge
 * on the first open day after it, naming its own day).
 */

export const closePath = '/api/bl-acct/billing/close';
export const reopenPath = '/api/bl-acct/billing/reopen';
export const periodsPath = '/api/bl-acct/billing/periods';

const monthQuery = z.object({ month: monthSchema });
/** A reopen says why (issue 30): it lets bills over a closed month change, so it is audited. */
const reopenBody = z.object({ month: monthSchema, reason: z.string().max(500).optional() });

/** The first day of a month (YYYY-MM) shifted by `by` months, as YYYY-MM-DD. */
export function monthStart(month: string, by = 0): string {
  const [year, monthNo] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNo - 1 + by, 1)).toISOString().slice(0, 10);
}

/** The last day of a month (YYYY-MM) as YYYY-MM-DD. */
export function monthEnd(month: string): string {
  const [year, monthNo] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNo, 0)).toISOString().slice(0, 10);
}

/** The closed stretch of a tenant: first day of its first closed month to last day of its last. */
export async function closedStretch(tx: Tx, tenantId: string): Promise<{ from: string; to: string } | null> {
  const [row] = await queryRows<{ first: string | null; last: string | null }>(
    tx,
    sql`select to_char(min(month), 'YYYY-MM') as first, to_char(max(month), 'YYYY-MM') as last
        from bl_billing_period where tenant_id = ${tenantId} and status = '1'`,
  );
  if (!row?.first || !row.last) return null;
  return { from: monthStart(row.first), to: monthEnd(row.last) };
}

/** The closed months of a tenant, oldest first (YYYY-MM). */
async function closedMonths(tx: Tx, tenantId: string): Promise<string[]> {
  const rows = await queryRows<{ month: string }>(
    tx,
    sql`select to_char(month, 'YYYY-MM') as month from bl_billing_period
        where tenant_id = ${tenantId} and status = '1' order by month`,
  );
  return rows.map((r) => r.month);
}

/**
 * Refuses to make or change a bill whose period touches a closed month (issue 30, ADR 0039):
 * a closed month's bills never change, until the month is reopened (an audited action with a
 * reason). `entity` names the bill's kind in the message (cost bill, monthly bill).
 */
export async function refuseClosedPeriod(
  tx: Tx,
  tenantId: string,
  language: Language,
  bill: { entity: string; billNo: string; from: string; to: string },
) {
  const [closed] = await queryRows<{ month: string }>(
    tx,
    sql`select to_char(month, 'YYYY-MM') as month from bl_billing_period
        where tenant_id = ${tenantId} and status = '1'
          and month <= ${bill.to}::date and (month + interval '1 month')::date > ${bill.from}::date
        order by month limit 1`,
  );
  if (closed)
    throw badRequest('period.billInClosed', {
      kind: entityByName.get(bill.entity)?.label[language] ?? bill.entity,
      bill: bill.billNo,
      from: bill.from,
      to: bill.to,
      month: closed.month,
    });
}

/** Each owner × warehouse × material held at the end of `end` (stream rows by fee day, ADR 0024). */
const monthEndStock = (tenantId: string, end: string) => sql`
  select s.customer_code as "customerCode", coalesce(a.warehouse_code, '') as "warehouseCode",
    min(w.name) as "warehouseName", s.material_code as "materialCode",
    sum(s.qty)::text as qty, sum(s.qty_weg)::text as "qtyWeg", sum(s.weg)::text as weg,
    sum(s.board)::text as board, sum(s.volume)::text as volume
  from bl_stockstream s
  left join bl_isinstockbill i on s.bill_type = 'isinstockbill' and i.tenant_id = s.tenant_id
    and i.bill_no = s.bill_no and i.is_deleted = 0
  left join bl_osoutstockbill o on s.bill_type = 'osoutstockbill' and o.tenant_id = s.tenant_id
    and o.bill_no = s.bill_no and o.is_deleted = 0
  left join bl_warehouseplace p on p.tenant_id = s.tenant_id and p.code = s.warehouse_place_code and p.is_deleted = 0
  left join bl_warehousearea a on a.tenant_id = p.tenant_id and a.code = p.warehouse_area_code and a.is_deleted = 0
  left join bl_warehouse w on w.tenant_id = a.tenant_id and w.code = a.warehouse_code and w.is_deleted = 0
  where s.tenant_id = ${tenantId} and s.is_deleted = 0 and s.stream_status = '1'
    and coalesce(i.bill_date, o.bill_date, (s.stream_time at time zone 'UTC')::date) <= ${end}::date
  group by s.customer_code, coalesce(a.warehouse_code, ''), s.material_code
  having sum(s.qty) <> 0 or sum(s.weg) <> 0 or sum(s.qty_weg) <> 0 or sum(s.board) <> 0 or sum(s.volume) <> 0
  order by 1, 2, 4`;

interface Balance {
  customerCode: string;
  warehouseCode: string;
  warehouseName: string | null;
  materialCode: string;
  qty: string;
  qtyWeg: string;
  weg: string;
  board: string;
  volume: string;
}

/**
 * Closes a month: refused before it has ended, out of order, while a billing run is queued or
 * running, or while a cost bill over it is still a draft (named). Rewrites the next month's
 * month-start stock (updating the rows a former close wrote, removing those no longer held) and
 * marks the month closed. One transaction, under the lock billing runs start under.
 */
export async function closeMonth(tx: Tx, auth: AuthContext, month: string, today = new Date()) {
  const tenantId = auth.tenantId;
  const end = monthEnd(month);
  if (end >= today.toISOString().slice(0, 10)) throw badRequest('period.notEnded', { month });
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing-run|${tenantId}`}))`);
  const closed = await closedMonths(tx, tenantId);
  if (closed.includes(month)) throw badRequest('period.alreadyClosed', { month });
  const last = closed.at(-1);
  if (last !== undefined && month < last) throw badRequest('period.laterClosed', { later: last });
  const previous = monthStart(month, -1).slice(0, 7);
  if (last !== undefined && last !== previous) throw badRequest('period.previousOpen', { previous });
  await failStaleJobs(tx, tenantId, billingJobKind);
  const [busy] = await queryRows<{ target: string }>(
    tx,
    sql`select target from bl_job where tenant_id = ${tenantId} and kind = ${billingJobKind}
          and ${liveJob} limit 1`,
  );
  if (busy) {
    const [owner = '*', from = '', to = ''] = busy.target.split('|');
    throw badRequest('period.running', { owner, from, to });
  }
  const drafts = await queryRows<{ bill: string }>(
    tx,
    sql`select cost_bill_no as bill from bl_costbill
        where tenant_id = ${tenantId} and is_deleted = 0 and cost_status = '1'
          and cost_date <= ${end}::date and cost_date_end >= ${monthStart(month)}::date
        order by cost_bill_no limit 11`,
  );
  if (drafts.length > 0)
    throw badRequest('period.draftBills', {
      month,
      bills: `${drafts
        .slice(0, 10)
        .map((d) => d.bill)
        .join(', ')}${drafts.length > 10 ? ', …' : ''}`,
    });

  const start = monthStart(month, 1);
  const balances = await queryRows<Balance>(tx, monthEndStock(tenantId, end));
  const now = new Date();
  for (let at = 0; at < balances.length; at += 500) {
    await tx.execute(
      sql`insert into bl_monthbegininv (id, tenant_id, create_user, create_dept, create_time, update_user,
            update_time, customer_code, warehouse_code, warehouse_name, cost_date, material_code, qty, qty_weg,
            weg, board_qty, volume)
          values ${sql.join(
            balances.slice(at, at + 500).map(
              (
                b,
              ) => sql`(${nextId()}, ${tenantId}, ${auth.userId}::bigint, ${auth.deptId || null}::bigint, ${now},
                ${auth.userId}::bigint, ${now}, ${b.customerCode}, ${b.warehouseCode}, ${b.warehouseName},
                ${start}::date, ${b.materialCode}, ${b.qty}::numeric, ${b.qtyWeg}::numeric, ${b.weg}::numeric,
                ${b.board}::numeric, ${b.volume}::numeric)`,
            ),
            sql`, `,
          )}
          on conflict (tenant_id, customer_code, warehouse_code, cost_date, material_code) where is_deleted = 0
          do update set warehouse_name = excluded.warehouse_name, qty = excluded.qty, qty_weg = excluded.qty_weg,
            weg = excluded.weg, board_qty = excluded.board_qty, volume = excluded.volume,
            update_user = excluded.update_user, update_time = excluded.update_time,
            version = bl_monthbegininv.version + 1`,
    );
  }
  // Rows of that day no longer held (written by a former close, or entered by hand) go.
  await tx.execute(
    sql`update bl_monthbegininv m set is_deleted = 1, update_user = ${auth.userId}::bigint, update_time = ${now},
          version = m.version + 1
        where m.tenant_id = ${tenantId} and m.is_deleted = 0 and m.cost_date = ${start}::date
          and (m.customer_code, m.warehouse_code, m.material_code) not in (
            select x.c, x.w, x.m from jsonb_to_recordset(${JSON.stringify(
              balances.map((b) => ({ c: b.customerCode, w: b.warehouseCode, m: b.materialCode })),
            )}::jsonb) as x(c text, w text, m text))`,
  );
  await tx.execute(
    sql`insert into bl_billing_period (tenant_id, month, status, rows, closed_by, closed_at)
        values (${tenantId}, ${monthStart(month)}::date, '1', ${balances.length}, ${auth.userId}::bigint, ${now})
        on conflict (tenant_id, month) do update set status = '1', rows = excluded.rows,
          closed_by = excluded.closed_by, closed_at = excluded.closed_at, reopened_by = null, reopened_at = null,
          reopen_reason = null`,
  );
  await writeAudit(tx, auth, {
    action: { flow: 'monthClose' },
    entity: entityByName.get('monthbegininv'),
    detail: `month=${month}`,
  });
  return { rows: balances.length, start };
}

/**
 * Reopens a closed month, the latest closed one only, for a reason (kept on the period and in the
 * operation log). Its month-start rows stay until the next close.
 */
export async function reopenMonth(tx: Tx, auth: AuthContext, month: string, reason: string) {
  if (reason.trim() === '') throw badRequest('period.reasonRequired');
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing-run|${auth.tenantId}`}))`);
  const closed = await closedMonths(tx, auth.tenantId);
  if (!closed.includes(month)) throw badRequest('period.notClosed', { month });
  const last = closed.at(-1) as string;
  if (last !== month) throw badRequest('period.laterClosed', { later: last });
  await tx.execute(
    sql`update bl_billing_period set status = '0', reopened_by = ${auth.userId}::bigint, reopened_at = now(),
          reopen_reason = ${reason.trim()}
        where tenant_id = ${auth.tenantId} and month = ${monthStart(month)}::date`,
  );
  await writeAudit(tx, auth, {
    action: { flow: 'monthReopen' },
    entity: entityByName.get('monthbegininv'),
    changes: { month: [month, month], reason: [null, reason.trim()] },
    detail: `month=${month}`,
  });
}

export function registerPeriodCloseRoutes(app: FastifyInstance, database: Database) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    closePath,
    {
      schema: {
        tags: ['billing'],
        summary: "Closes a month: writes the next month's month-start stock and stops charges dated in it",
        body: monthQuery,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { month } = request.body;
      const done = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'monthbegininv_close');
        return closeMonth(tx, auth, month);
      });
      return ok(
        { month, ...done },
        translate('period.closedDone', request.language, { month, rows: done.rows, start: done.start }),
      );
    },
  );

  typed.post(
    reopenPath,
    {
      schema: {
        tags: ['billing'],
        summary: 'Reopens the latest closed month, for a reason (audited)',
        body: reopenBody,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { month, reason = '' } = request.body;
      await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'monthbegininv_reopen');
        await reopenMonth(tx, auth, month, reason);
      });
      return ok({ month }, translate('period.reopenedDone', request.language, { month }));
    },
  );

  typed.get(
    periodsPath,
    {
      schema: {
        tags: ['billing'],
        summary: 'The months of the tenant that were ever closed, latest first, with their state',
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const periods = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'monthbegininv_view');
        return queryRows(
          tx,
          sql`select to_char(month, 'YYYY-MM') as month, status, rows, closed_at as "closedAt",
                reopened_at as "reopenedAt", reopen_reason as "reopenReason"
              from bl_billing_period where tenant_id = ${auth.tenantId} order by month desc limit 120`,
        );
      });
      return ok(periods, translate('ok', request.language));
    },
  );
}
