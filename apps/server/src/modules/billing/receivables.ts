import {
  type Ageing,
  ageingBuckets,
  ageingExportPath,
  ageingPath,
  arrearsRefreshPath,
  type Language,
  ok,
} from '@bl/contract';
import { daySchema } from '@bl/entities';
import { entityByName } from '@bl/entities/registry';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Database, queryRows, type Tx } from '../../db/database.ts';
import { nextId } from '../../db/ids.ts';
import { attachment, xlsxType } from '../../engine/excel-columns.ts';
import { loadExcel } from '../../engine/export.ts';
import { requireButton } from '../../engine/permissions.ts';
import type { AuthContext } from '../../http/context.ts';
import { requireAuth } from '../../http/context.ts';
import { translate } from '../../i18n/messages.ts';

/**
 * Receivables: arrears and ageing (issue 30, docs/adr/0039-receivables-ageing.md). Every figure
 * comes from one SQL function, `bl_receivables(tenant, asOf)` (migration 0076): the bills an
 * owner owes (cost bills confirmed or sent, monthly bills reviewed, each from its period's last
 * day, due `paymentDays` after it) with what the payments dated up to that day took off them.
 * Credit used (ADR 0033) sums the same function's open amounts, so the two agree to the cent.
 */

/**
 * Per owner, as of `asOf`: billed, paid (money received), deducted, the closing balance (billed
 * less paid less deducted), the open amount by age past each bill's due date (not yet due,
 * 1–30, 31–60, 61–90, over 90 days: the "0-30" bucket is the first month past due) and overdue
 * (all but not yet due). Owners with no bill by then are left out.
 */
export function ageingSql(tenantId: string, asOf: string, owner?: string) {
  return sql`
    select a.customer_code as "customerCode", c.name as "customerName", a.billed::text as billed,
      a.paid::text as paid, a.deducted::text as deducted, a.closing::text as closing,
      a.not_due::text as "notDue", a.age0to30::text as "age0to30", a.age31to60::text as "age31to60",
      a.age61to90::text as "age61to90", a.age_over90::text as "ageOver90", a.overdue::text as overdue,
      to_char(a.due_date, 'YYYY-MM-DD') as "dueDate", a.overdue_days as "overdueDays"
    from (${ageingRowsSql(tenantId, sql`${asOf}::date`)}) a
    left join bl_customer c on c.tenant_id = ${tenantId} and c.code = a.customer_code and c.is_deleted = 0
    where ${owner ? sql`a.customer_code = ${owner}` : sql`true`}
    order by a.customer_code`;
}

export async function ageingOf(tx: Tx, tenantId: string, asOf: string, owner?: string) {
  return queryRows<Ageing>(tx, ageingSql(tenantId, asOf, owner));
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Rewrites the tenant's arrears rows (`customerarrears`, per owner and month) from the month of
 * each owner's first bill to the month under way: each month as of its last day (today for the
 * month under way), its opening balance the month before's closing, billed, paid and deducted
 * in the month the differences of the two. Upserts on the entity's key (an unchanged row keeps
 * its version), so a refresh is idempotent; one statement for all owners and months.
 */
export async function refreshArrears(tx: Tx, auth: AuthContext, now = new Date()) {
  const day = now.toISOString().slice(0, 10);
  const months = await queryRows<{ period: string; asOf: string; before: string }>(
    tx,
    sql`select to_char(m, 'YYYY-MM') as period,
          to_char(least((m + interval '1 month - 1 day')::date, ${day}::date), 'YYYY-MM-DD') as "asOf",
          to_char((m - interval '1 day')::date, 'YYYY-MM-DD') as before
        from generate_series(
          (select date_trunc('month', min(bill_date)) from bl_receivables(${auth.tenantId}, ${day}::date)),
          date_trunc('month', ${day}::date), interval '1 month') m
        order by m`,
  );
  const rows = await queryRows<Record<string, string | number | null>>(
    tx,
    sql`with months as (
          select x.period, x."asOf"::date as as_of, x.before::date as before
          from jsonb_to_recordset(${JSON.stringify(months)}::jsonb) as x(period text, "asOf" text, before text)
        ),
        figures as (
          select m.period, m.as_of, a.* from months m
          cross join lateral (${ageingRowsSql(auth.tenantId, sql`m.as_of`)}) a
        ),
        opening as (
          select m.period, o.customer_code, o.closing, o.billed, o.paid, o.deducted from months m
          cross join lateral (${ageingRowsSql(auth.tenantId, sql`m.before`)}) o
        )
        select f.customer_code, f.period, coalesce(o.closing, 0)::text as opening_balance,
          (f.billed - coalesce(o.billed, 0))::text as billed, (f.paid - coalesce(o.paid, 0))::text as paid,
          (f.deducted - coalesce(o.deducted, 0))::text as deducted, f.closing::text as closing,
          f.not_due::text as not_due, f.age0to30::text as age0to30, f.age31to60::text as age31to60,
          f.age61to90::text as age61to90, f.age_over90::text as age_over90, f.overdue::text as overdue,
          to_char(f.as_of, 'YYYY-MM-DD') as as_of, to_char(f.due_date, 'YYYY-MM-DD') as due_date,
          f.overdue_days
        from figures f
        left join opening o on o.period = f.period and o.customer_code = f.customer_code
        order by f.customer_code, f.period`,
  );
  let written = 0;
  for (let at = 0; at < rows.length; at += 500) {
    const changed = await queryRows<{ id: string }>(
      tx,
      sql`insert into bl_customerarrears (id, tenant_id, create_user, create_dept, create_time, update_user,
            update_time, customer_code, period, opening_balance, billed_amount, paid_amount, deducted_amount,
            closing_balance, not_due_amount, age0to30, age31to60, age61to90, age_over90, overdue_amount,
            as_of_date, due_date, overdue_days)
          values ${sql.join(
            rows.slice(at, at + 500).map(
              (
                r,
              ) => sql`(${nextId()}, ${auth.tenantId}, ${auth.userId}::bigint, ${auth.deptId || null}::bigint,
                ${now}, ${auth.userId}::bigint, ${now}, ${r.customer_code}, ${r.period}, ${r.opening_balance}::numeric,
                ${r.billed}::numeric, ${r.paid}::numeric, ${r.deducted}::numeric, ${r.closing}::numeric,
                ${r.not_due}::numeric, ${r.age0to30}::numeric, ${r.age31to60}::numeric, ${r.age61to90}::numeric,
                ${r.age_over90}::numeric, ${r.overdue}::numeric, ${r.as_of}::date, ${r.due_date}::date,
                ${r.overdue_days}::int)`,
            ),
            sql`, `,
          )}
          on conflict (tenant_id, customer_code, period) where is_deleted = 0 do update set
            opening_balance = excluded.opening_balance, billed_amount = excluded.billed_amount,
            paid_amount = excluded.paid_amount, deducted_amount = excluded.deducted_amount,
            closing_balance = excluded.closing_balance, not_due_amount = excluded.not_due_amount,
            age0to30 = excluded.age0to30, age31to60 = excluded.age31to60, age61to90 = excluded.age61to90,
            age_over90 = excluded.age_over90, overdue_amount = excluded.overdue_amount,
            as_of_date = excluded.as_of_date, due_date = excluded.due_date, overdue_days = excluded.overdue_days,
            update_user = excluded.update_user, update_time = excluded.update_time,
            version = bl_customerarrears.version + 1
          where (bl_customerarrears.opening_balance, bl_customerarrears.billed_amount,
              bl_customerarrears.paid_amount, bl_customerarrears.deducted_amount,
              bl_customerarrears.closing_balance, bl_customerarrears.not_due_amount, bl_customerarrears.age0to30,
              bl_customerarrears.age31to60, bl_customerarrears.age61to90, bl_customerarrears.age_over90,
              bl_customerarrears.overdue_amount, bl_customerarrears.as_of_date, bl_customerarrears.due_date,
              bl_customerarrears.overdue_days)
            is distinct from (excluded.opening_balance, excluded.billed_amount, excluded.paid_amount,
              excluded.deducted_amount, excluded.closing_balance, excluded.not_due_amount, excluded.age0to30,
              excluded.age31to60, excluded.age61to90, excluded.age_over90, excluded.overdue_amount,
              excluded.as_of_date, excluded.due_date, excluded.overdue_days)
          returning id::text as id`,
    );
    written += changed.length;
  }
  // Rows no longer backed (a bill un-confirmed, removed) go: the account is what the bills say.
  const gone = await queryRows<{ id: string }>(
    tx,
    sql`update bl_customerarrears a set is_deleted = 1, update_user = ${auth.userId}::bigint, update_time = ${now},
          version = a.version + 1
        where a.tenant_id = ${auth.tenantId} and a.is_deleted = 0
          and (a.customer_code, a.period) not in (
            select x.c, x.p from jsonb_to_recordset(${JSON.stringify(
              rows.map((r) => ({ c: r.customer_code, p: r.period })),
            )}::jsonb) as x(c text, p text))
        returning a.id::text as id`,
  );
  return { rows: written + gone.length };
}

/** The ageing figures of every owner as of `asOf` (an SQL date expression), snake-cased for SQL use. */
function ageingRowsSql(tenantId: string, asOf: ReturnType<typeof sql>) {
  const age = sql`(${asOf} - r.due_date)`;
  const open = sql`greatest(r.open_amount, 0)`;
  const bucket = (when: ReturnType<typeof sql>) =>
    sql`round(coalesce(sum(case when ${when} then ${open} else 0 end), 0), 2)`;
  return sql`select r.customer_code, round(sum(r.amount), 2) as billed, round(sum(r.paid), 2) as paid,
      round(sum(r.deducted), 2) as deducted,
      round(sum(r.open_amount), 2) as closing,
      ${bucket(sql`${age} <= 0`)} as not_due, ${bucket(sql`${age} between 1 and 30`)} as age0to30,
      ${bucket(sql`${age} between 31 and 60`)} as age31to60, ${bucket(sql`${age} between 61 and 90`)} as age61to90,
      ${bucket(sql`${age} > 90`)} as age_over90, ${bucket(sql`${age} > 0`)} as overdue,
      min(case when r.open_amount > 0 then r.due_date end) as due_date,
      coalesce(max(case when r.open_amount > 0 and ${age} > 0 then ${age} end), 0)::int as overdue_days
    from bl_receivables(${tenantId}, ${asOf}) r
    group by r.customer_code`;
}

/** The ageing of every owner as of a day as an Excel workbook, labelled in the reader's language. */
async function ageingWorkbook(rows: Ageing[], asOf: string, language: Language) {
  const entity = entityByName.get('customerarrears');
  const labelOf = (name: string) => entity?.fields.find((f) => f.name === name)?.label[language] ?? name;
  const columns: [keyof Ageing, string][] = [
    ['customerCode', labelOf('customerCode')],
    ['customerName', translate('receivables.ownerName', language)],
    ['billed', translate('receivables.billed', language)],
    ['paid', translate('receivables.paid', language)],
    ['deducted', translate('receivables.deducted', language)],
    ['closing', labelOf('closingBalance')],
    ['notDue', labelOf('notDueAmount')],
    ['age0to30', labelOf('age0to30')],
    ['age31to60', labelOf('age31to60')],
    ['age61to90', labelOf('age61to90')],
    ['ageOver90', labelOf('ageOver90')],
    ['overdue', labelOf('overdueAmount')],
    ['dueDate', labelOf('dueDate')],
    ['overdueDays', labelOf('overdueDays')],
  ];
  const money = new Set<keyof Ageing>(ageingBuckets);
  for (const name of ['billed', 'paid', 'deducted', 'closing', 'overdue'] as const) money.add(name);
  const workbook = new (await loadExcel()).Workbook();
  const title = translate('receivables.title', language, { asOf });
  const sheet = workbook.addWorksheet(asOf);
  sheet.addRow([title]).font = { bold: true, size: 14 };
  sheet.addRow(columns.map(([, text]) => text)).font = { bold: true };
  for (const row of rows) {
    // Amounts as numbers (Excel sums them); the figures were computed exactly in SQL.
    const line = sheet.addRow(columns.map(([name]) => (money.has(name) ? Number(row[name]) : row[name])));
    columns.forEach(([name], i) => {
      if (money.has(name)) line.getCell(i + 1).numFmt = '#,##0.00';
    });
  }
  sheet.columns.forEach((column) => {
    column.width = 16;
  });
  return { buffer: Buffer.from(await workbook.xlsx.writeBuffer()), fileName: `${title}.xlsx` };
}

const ageingQuery = z.object({
  asOf: daySchema.optional(),
  customerCode: z.string().max(64).optional(),
});

export function registerReceivablesRoutes(app: FastifyInstance, database: Database) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    ageingPath,
    {
      schema: {
        tags: ['billing'],
        summary:
          "Each owner's receivables as of a day (default today): billed, paid, balance, ageing buckets",
        querystring: ageingQuery,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const asOf = request.query.asOf ?? today();
      const rows = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'customerarrears_view');
        return ageingOf(tx, auth.tenantId, asOf, request.query.customerCode || undefined);
      });
      return ok({ asOf, rows }, translate('ok', request.language));
    },
  );

  typed.get(
    ageingExportPath,
    {
      schema: {
        tags: ['billing'],
        summary: 'The ageing of every owner as of a day as an Excel workbook',
        querystring: ageingQuery,
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      const asOf = request.query.asOf ?? today();
      const file = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'customerarrears_export');
        const rows = await ageingOf(tx, auth.tenantId, asOf, request.query.customerCode || undefined);
        return ageingWorkbook(rows, asOf, request.language);
      });
      return reply
        .header('content-type', xlsxType)
        .header('content-disposition', attachment(file.fileName, 'ageing.xlsx'))
        .send(file.buffer);
    },
  );

  typed.post(
    arrearsRefreshPath,
    {
      schema: {
        tags: ['billing'],
        summary: 'Rewrites the arrears rows (per owner and month) from the bills and payments',
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const done = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'customerarrears_view');
        return refreshArrears(tx, auth);
      });
      return ok(done, translate('receivables.refreshed', request.language, { rows: done.rows }));
    },
  );
}
