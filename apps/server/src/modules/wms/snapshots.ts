import { ok } from '@bl/contract';
import { type FieldMeta, label, monthSchema, stockAmountParts, stockKeyParts } from '@bl/entities';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Database, queryRows, type Tx } from '../../db/database.ts';
import { maxExportRows } from '../../engine/export.ts';
import { requireButton } from '../../engine/permissions.ts';
import type { AuthContext } from '../../http/context.ts';
import { requireAuth } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { translate } from '../../i18n/messages.ts';
import { failStaleJobs, type JobHandler, type JobQueue, liveJob } from '../../jobs/queue.ts';
import { snake, startSheetExport, stockEntity } from '../reports/index.ts';

/**
 * Monthly stock snapshots (issue 20 target 6, ADR 0028 amendment): the balance of every key at
 * the end of a month, kept in `bl_stock_snapshot` (migration 0057). A period's balance of a key
 * is today's balance less what the stream moved since the period ended (balance = sum(stream),
 * ADR 0008), so a snapshot of last month reads one month of stream, not the whole history.
 * Written owner by owner, each in a transaction of its own that replaces that owner's rows of
 * the period: running it again, or a retry after a crash, gives the same rows.
 */

export const snapshotJobKind = 'stockSnapshot';
export const snapshotRunPath = '/api/bl-wms/stocksnapshot/run';
export const snapshotListPath = '/api/bl-wms/stocksnapshot/list';
export const snapshotExportPath = '/api/bl-wms/stocksnapshot/export';
/**
 * The screen's own buttons (the wms module's seed menu `stockSnapshot`, ADR 0034): granting the menu entry
 * and its buttons is what lets a role see the screen and call these routes.
 */
export const snapshotButtons = {
  view: 'stockSnapshot_view',
  take: 'stockSnapshot_take',
  export: 'stockSnapshot_export',
} as const;

const month = monthSchema;

/** The last day of a month (YYYY-MM) as YYYY-MM-DD. */
export function periodEnd(yearMonth: string): string {
  const [year, monthNo] = yearMonth.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNo, 0)).toISOString().slice(0, 10);
}

/** The month before the one `today` falls in (UTC), as YYYY-MM. */
export function previousMonth(today: Date): string {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

const keyColumns =
  'customer_code, material_code, batch_no, customer_batch_no, warehouse_place_code, barcode, packspec_code, stock_status';

/** The owners holding (or having held) stock in the tenant, in code order. */
async function snapshotOwners(tx: Tx, tenantId: string): Promise<string[]> {
  const rows = await queryRows<{ owner: string }>(
    tx,
    sql`select distinct customer_code as owner from bl_stock
        where tenant_id = ${tenantId} and is_deleted = 0 order by 1`,
  );
  return rows.map((r) => r.owner);
}

/**
 * Replaces one owner's snapshot of the period (ending on `end`, YYYY-MM-DD): today's balance of
 * each key less the stream rows dated after the end. Keys at zero then are left out. Answers
 * the rows written.
 */
export async function snapshotOwner(tx: Tx, tenantId: string, end: string, owner: string): Promise<number> {
  await tx.execute(
    sql`delete from bl_stock_snapshot where tenant_id = ${tenantId} and period = ${end}::date
          and customer_code = ${owner}`,
  );
  const cut = sql`(${end}::date + 1)::timestamp at time zone 'UTC'`;
  const written = await queryRows<{ n: number }>(
    tx,
    sql`with since as (
          select ${sql.raw(keyColumns)}, sum(qty) qty, sum(weg) weg, sum(qty_weg) qty_weg, sum(board) board,
                 sum(volume) volume
          from bl_stockstream
          where tenant_id = ${tenantId} and is_deleted = 0 and customer_code = ${owner} and stream_time >= ${cut}
          group by ${sql.raw(keyColumns)}
        ), rows as (
          insert into bl_stock_snapshot (tenant_id, period, ${sql.raw(keyColumns)}, qty, weg, qty_weg, board, volume)
          select b.tenant_id, ${end}::date, ${sql.raw(
            keyColumns
              .split(', ')
              .map((c) => `b.${c}`)
              .join(', '),
          )},
                 b.qty - coalesce(s.qty, 0), b.weg - coalesce(s.weg, 0), b.qty_weg - coalesce(s.qty_weg, 0),
                 b.board - coalesce(s.board, 0), b.volume - coalesce(s.volume, 0)
          from bl_stock b left join since s using (${sql.raw(keyColumns)})
          where b.tenant_id = ${tenantId} and b.is_deleted = 0 and b.customer_code = ${owner}
            and b.qty - coalesce(s.qty, 0) <> 0
          returning 1
        )
        select count(*)::int as n from rows`,
  );
  return written[0]?.n ?? 0;
}

/**
 * Queues the snapshot of a month, refusing a month that has not ended and one whose snapshot
 * is queued or running. The check and the new job are one transaction under a per-tenant lock.
 */
export async function startSnapshot(
  tx: Tx,
  jobs: JobQueue,
  auth: AuthContext,
  language: 'zh' | 'mo' | 'en',
  yearMonth: string,
  today = new Date(),
): Promise<string> {
  const end = periodEnd(yearMonth);
  if (end >= today.toISOString().slice(0, 10)) throw badRequest('snapshot.notEnded', { period: yearMonth });
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stock-snapshot|${auth.tenantId}`}))`);
  await failStaleJobs(tx, auth.tenantId, snapshotJobKind);
  const [busy] = await queryRows<{ id: string }>(
    tx,
    sql`select id::text as id from bl_job
        where tenant_id = ${auth.tenantId} and kind = ${snapshotJobKind} and target = ${end}
          and ${liveJob}
        limit 1`,
  );
  if (busy) throw badRequest('snapshot.running', { period: yearMonth });
  return jobs.enqueue(tx, auth, snapshotJobKind, { target: end, language });
}

/** Writes a period's snapshot owner by owner, reporting each owner as it is done. */
export function snapshotJob(database: Database): JobHandler {
  return async (run) => {
    const end = run.target;
    const owners = await database.withTenant(run.tenantId, (tx) => snapshotOwners(tx, run.tenantId));
    run.progress(0, owners.length);
    let rows = 0;
    for (const [index, owner] of owners.entries()) {
      rows += await database.withTenant(run.tenantId, (tx) => snapshotOwner(tx, run.tenantId, end, owner));
      run.progress(index + 1, owners.length);
    }
    return {
      status: 'done',
      message: translate('snapshot.done', run.language, {
        period: end.slice(0, 7),
        owners: owners.length,
        rows,
      }),
      result: { period: end, owners: owners.length, rows },
    };
  };
}

/**
 * The monthly schedule (once across processes, pg-boss): last month's snapshot for every
 * tenant, each owner in a transaction of its own. A tenant that fails is logged and the others
 * go on.
 */
export async function runMonthlySnapshots(
  database: Database,
  today: Date,
  log: (error: unknown, tenantId: string) => void,
): Promise<void> {
  const end = periodEnd(previousMonth(today));
  const tenants = await queryRows<{ tenantId: string }>(
    database.db,
    sql`select tenant_id as "tenantId" from blade_tenant where is_deleted = 0 order by tenant_id`,
  );
  for (const { tenantId } of tenants) {
    try {
      const owners = await database.withTenant(tenantId, (tx) => snapshotOwners(tx, tenantId));
      for (const owner of owners)
        await database.withTenant(tenantId, (tx) => snapshotOwner(tx, tenantId, end, owner));
    } catch (error) {
      log(error, tenantId);
    }
  }
}

const filterQuery = z.object({
  period: month,
  customerCode: z.string().trim().max(64).optional().default(''),
  materialCode: z.string().trim().max(64).optional().default(''),
});
type SnapshotFilter = z.infer<typeof filterQuery>;
const listQuery = filterQuery.extend({
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(500).default(20),
});

/** The snapshot rows of a month in the tenant, narrowed to an owner and a material when given. */
const snapshotWhere = (tenantId: string, { period, customerCode, materialCode }: SnapshotFilter) =>
  sql`tenant_id = ${tenantId} and period = ${periodEnd(period)}::date
      ${customerCode ? sql`and customer_code = ${customerCode}` : sql``}
      ${materialCode ? sql`and material_code = ${materialCode}` : sql``}`;

/** The columns of a snapshot row as the list and the export read them (amounts as text). */
const snapshotColumns = [...stockKeyParts, ...stockAmountParts];

/** The rows matched, in key order (byte order past owner and material, as the unique key). */
const snapshotRows = (where: SQL) =>
  sql`select to_char(period, 'YYYY-MM-DD') as period, ${sql.raw(
    snapshotColumns.map((name) => `${snake(name)}::text as "${name}"`).join(', '),
  )} from bl_stock_snapshot where ${where}
      order by customer_code, material_code, ${sql.raw(
        keyColumns
          .split(', ')
          .slice(2)
          .map((c) => `${c} collate "C"`)
          .join(', '),
      )}`;

export function registerSnapshotRoutes(app: FastifyInstance, database: Database, jobs: JobQueue) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    snapshotRunPath,
    {
      config: { button: snapshotButtons.take },
      schema: {
        tags: ['stock'],
        summary: "Starts (as a job) the snapshot of a month's closing stock per key; answers the job id",
        body: z.object({ period: month }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const jobId = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, snapshotButtons.take);
        return startSnapshot(tx, jobs, auth, request.language, request.body.period);
      });
      return ok({ jobId }, translate('ok', request.language));
    },
  );

  typed.get(
    snapshotListPath,
    {
      config: { button: snapshotButtons.view },
      schema: {
        tags: ['stock'],
        summary:
          "A month's closing stock per key from its snapshot, a page at a time, by owner and material; when its last snapshot job ended",
        querystring: listQuery,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { current, size } = request.query;
      const end = periodEnd(request.query.period);
      const page = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, snapshotButtons.view);
        const where = snapshotWhere(auth.tenantId, request.query);
        const [count] = await queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from bl_stock_snapshot where ${where}`,
        );
        const records = await queryRows(
          tx,
          sql`${snapshotRows(where)} limit ${size} offset ${(current - 1) * size}`,
        );
        // When the last snapshot job of the month ended: a month taken with nothing in stock at
        // its end reads differently from one never taken (the monthly schedule leaves no job).
        const [taken] = await queryRows<{ takenAt: string | null }>(
          tx,
          sql`select to_char(max(update_time) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "takenAt"
              from bl_job where tenant_id = ${auth.tenantId} and kind = ${snapshotJobKind} and target = ${end}
                and status = 'done'`,
        );
        return { records, total: count?.n ?? 0, current, size, takenAt: taken?.takenAt ?? null };
      });
      return ok(page, translate('ok', request.language));
    },
  );

  typed.get(
    snapshotExportPath,
    {
      schema: {
        tags: ['stock'],
        summary: "A month's closing stock per key from its snapshot as .xlsx, by owner and material",
        querystring: filterQuery,
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      const where = snapshotWhere(auth.tenantId, request.query);
      const file = await startSheetExport(
        database,
        {
          title: snapshotTitle,
          plainName: `stock-snapshot-${request.query.period}`,
          columns: snapshotColumns.map((name) => ({ name, field: stockField(name) })),
          check: async (tx) => {
            await requireButton(tx, auth, snapshotButtons.export);
            const [count] = await queryRows<{ n: number }>(
              tx,
              sql`select count(*)::int as n from bl_stock_snapshot where ${where}`,
            );
            const rows = count?.n ?? 0;
            if (rows > maxExportRows)
              throw badRequest('excel.tooManyExportRows', { count: rows, max: maxExportRows });
            return undefined;
          },
          rows: snapshotRows(where),
        },
        auth,
        request.language,
        request.log,
      );
      return reply
        .type(file.contentType)
        .header('content-disposition', file.disposition)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
}

/** The sheet's and the file's name: the screen's (menu `stockSnapshot`, module.ts). */
const snapshotTitle = label('月末库存快照', '月末庫存快照', 'Month-end stock snapshots');

/** The stock ledger's field of a snapshot column: its label, kind and dictionary. */
function stockField(name: string): FieldMeta {
  const field = stockEntity.fields.find((f) => f.name === name);
  if (!field) throw new Error(`stock.${name} is not a field`);
  return field;
}
