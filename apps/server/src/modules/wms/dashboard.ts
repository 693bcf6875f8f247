import { ok } from '@bl/contract';
import { instantSchema } from '@bl/entities';
import { isinstockbillTable } from '@bl/entities/bills/isinstockbill';
import { osoutstockbillTable } from '@bl/entities/bills/osoutstockbill';
import { stockTable } from '@bl/entities/bills/stock';
import { stockstreamTable } from '@bl/entities/bills/stockstream';
import { and, count, countDistinct, desc, eq, gt, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { requireButton } from '../../engine/permissions.ts';
import { requireAuth } from '../../http/context.ts';
import { translate } from '../../i18n/messages.ts';
import { inOutParts } from '../ledger/index.ts';

/** Days the movement chart covers, today included. */
export const dashboardDays = 7;
/** Owners named in the stock-by-owner list; the rest are summed as one. */
const topOwnerCount = 8;

/**
 * The operations dashboard (/wel/dashboard): what waits for review, what is in stock and for
 * whom, and the goods moved in and out over the last week. Quantities stay decimal strings
 * (summed in SQL). `since` is the visitor's midnight six days ago, so the days are the
 * visitor's days whatever the server's time zone.
 */
export function registerDashboardRoutes(app: FastifyInstance, database: Database) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/bl-wms/dashboard',
    {
      schema: {
        tags: ['stock'],
        summary: 'Operations dashboard: bills awaiting review, stock by owner, movements per day',
        querystring: z.object({ since: instantSchema }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const since = new Date(request.query.since);
      const figures = await database.withTenant(auth.tenantId, async (tx) => {
        // Stock figures are stock screens' business: the same button guards both.
        await requireButton(tx, auth, 'stock_view');
        const awaiting = async (table: typeof isinstockbillTable | typeof osoutstockbillTable) => {
          const [row] = await tx
            .select({ total: count() })
            .from(table)
            .where(and(eq(table.tenantId, auth.tenantId), eq(table.isDeleted, 0), eq(table.isReview, '1')));
          return row?.total ?? 0;
        };
        const held = and(
          eq(stockTable.tenantId, auth.tenantId),
          eq(stockTable.isDeleted, 0),
          gt(stockTable.qty, '0'),
        );
        const [totals] = await tx
          .select({
            owners: countDistinct(stockTable.customerCode),
            qty: sql<string>`coalesce(sum(${stockTable.qty}), 0)::text`,
            qtyWeg: sql<string>`coalesce(sum(${stockTable.qtyWeg}), 0)::text`,
          })
          .from(stockTable)
          .where(held);
        const owners = await tx
          .select({
            customerCode: stockTable.customerCode,
            qty: sql<string>`sum(${stockTable.qty})::text`,
            qtyWeg: sql<string>`sum(${stockTable.qtyWeg})::text`,
          })
          .from(stockTable)
          .where(held)
          .groupBy(stockTable.customerCode)
          .orderBy(desc(sql`sum(${stockTable.qty})`), stockTable.customerCode)
          .limit(topOwnerCount);
        const day = sql<number>`floor(extract(epoch from (${stockstreamTable.streamTime} - ${since.toISOString()}::timestamptz)) / 86400)::int`;
        // Goods through the warehouse's door, as every in/out figure counts them (issue 29, 2):
        // not moves between places, nor owner transfers, nor reversed postings.
        const figure = inOutParts('bl_stockstream', 'qty', 'warehouse');
        const moved = await tx
          .select({
            day,
            inQty: sql<string>`coalesce(sum(${figure.in}), 0)::text`,
            outQty: sql<string>`coalesce(sum(${figure.out}), 0)::text`,
          })
          .from(stockstreamTable)
          .where(
            and(
              eq(stockstreamTable.tenantId, auth.tenantId),
              eq(stockstreamTable.isDeleted, 0),
              eq(stockstreamTable.streamStatus, '1'),
              gte(stockstreamTable.streamTime, since),
            ),
          )
          // By position: the day expression carries a parameter, which would not match a repeat of itself.
          .groupBy(sql`1`);
        return {
          awaitingReview: {
            inbound: await awaiting(isinstockbillTable),
            outbound: await awaiting(osoutstockbillTable),
          },
          stock: { owners: totals?.owners ?? 0, qty: totals?.qty ?? '0', qtyWeg: totals?.qtyWeg ?? '0' },
          topOwners: owners,
          // Every day of the week, moved or not; day 0 is the oldest.
          days: Array.from({ length: dashboardDays }, (_, index) => {
            const found = moved.find((row) => Number(row.day) === index);
            return { day: index, inQty: found?.inQty ?? '0', outQty: found?.outQty ?? '0' };
          }),
        };
      });
      return ok(figures, translate('ok', request.language));
    },
  );
}
