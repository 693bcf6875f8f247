import type { Language } from '@bl/contract';
import { ok } from '@bl/contract';
import { idSchema } from '@bl/entities';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database, Tx } from '../../db/database.ts';
import { parseIds } from '../../engine/crud.ts';
import { requireButton } from '../../engine/permissions.ts';
import { type AuthContext, requireAuth } from '../../http/context.ts';
import { translate } from '../../i18n/messages.ts';
import { type BillFlow, inbound, outbound, reviewBills, unreviewBills } from './bills.ts';
import {
  keepLoadingTimes,
  loadOutbound,
  markPrinted,
  receiveNotices,
  reviewLoading,
  reviewSorting,
  sortOutbound,
  unreviewLoading,
  unreviewSorting,
} from './flows.ts';
import {
  confirmReservations,
  inboundReservation,
  outboundReservation,
  quotableLines,
  reservationQuotedBy,
  unconfirmReservations,
} from './reservations.ts';

const idsQuery = z.object({ ids: z.string().max(20_000).optional() });
const applyQuery = z.object({ applyNo: z.string().trim().min(1).max(64) });
const timesBody = z.object({
  id: idSchema,
  planStartTime: z.string().max(40).nullish(),
  planEndTime: z.string().max(40).nullish(),
  actualStartTime: z.string().max(40).nullish(),
  actualEndTime: z.string().max(40).nullish(),
});

type Run = (tx: Tx, auth: AuthContext, ids: string[], language: Language) => Promise<unknown>;

/**
 * The bespoke actions of the warehouse bills (issue 7 API names), each
 * `POST /api/bl-wms/{bill}/{action}?ids=`, all or nothing, behind the button `{bill}_{action}`:
 * review / unreview of inbound and outbound bills (post and reverse stock), of reservations
 * (confirm), sorting and loading bills; sort and load of outbound bills (make the sorting /
 * loading bill); printSort / printBoard of sorting bills; receive / receiveAdvance of delivery
 * notices. Plus `GET {bill}/quotable?applyNo=` (a reservation's open lines for a bill to quote)
 * and `POST loadbill/times` (loading time upkeep).
 */
export function registerWmsRoutes(app: FastifyInstance, database: Database) {
  const action = (path: string, tag: string, name: string, summary: string, run: Run) => {
    app.post(
      `${path}/${name}`,
      { schema: { tags: [tag], summary, querystring: idsQuery } },
      async (request) => {
        const auth = requireAuth(request.auth);
        const ids = parseIds((request.query as z.infer<typeof idsQuery>).ids);
        const data = await database.withTenant(auth.tenantId, async (tx) => {
          await requireButton(tx, auth, `${tag}_${name}`);
          return run(tx, auth, ids, request.language);
        });
        return ok(data, translate('ok', request.language));
      },
    );
  };

  for (const flow of [inbound, outbound] satisfies BillFlow[]) {
    const { path, label } = flow.header;
    action(
      path,
      flow.name,
      'review',
      `${label.en}: review ids and post their stock`,
      async (tx, auth, ids, l) => ({
        reviewed: await reviewBills(tx, flow, auth, ids, l),
      }),
    );
    action(
      path,
      flow.name,
      'unreview',
      `${label.en}: un-review ids and reverse their stock`,
      async (tx, auth, ids, l) => ({
        unreviewed: await unreviewBills(tx, flow, auth, ids, l),
      }),
    );
    const reservation = reservationQuotedBy(flow.name);
    app.get(
      `${path}/quotable`,
      {
        schema: {
          tags: [flow.name],
          summary: `${label.en}: the open lines of a confirmed ${reservation.header.label.en} to quote`,
          querystring: applyQuery,
        },
      },
      async (request) => {
        const auth = requireAuth(request.auth);
        const { applyNo } = request.query as z.infer<typeof applyQuery>;
        const data = await database.withTenant(auth.tenantId, async (tx) => {
          await requireButton(tx, auth, `${flow.name}_add`);
          return quotableLines(tx, reservation, auth, applyNo, request.language);
        });
        return ok(data, translate('ok', request.language));
      },
    );
  }

  for (const reservation of [inboundReservation, outboundReservation]) {
    const { path, label } = reservation.header;
    action(path, reservation.name, 'review', `${label.en}: confirm ids`, async (tx, auth, ids, l) => ({
      reviewed: await confirmReservations(tx, reservation, auth, ids, l),
    }));
    action(
      path,
      reservation.name,
      'unreview',
      `${label.en}: back to new (nothing quoted)`,
      async (tx, auth, ids, l) => ({
        unreviewed: await unconfirmReservations(tx, reservation, auth, ids, l),
      }),
    );
  }

  const outboundPath = outbound.header.path;
  action(
    outboundPath,
    'osoutstockbill',
    'sort',
    'Outbound bill: make the sorting bill of each reviewed bill',
    async (tx, auth, ids, l) => ({
      sorted: await sortOutbound(tx, auth, ids, l),
    }),
  );
  action(
    outboundPath,
    'osoutstockbill',
    'load',
    'Outbound bill: make one loading bill of sorted bills',
    loadOutbound,
  );

  const sortingPath = '/api/bl-wms/stocksortingbill';
  action(
    sortingPath,
    'stocksortingbill',
    'review',
    'Sorting bill: sorted and checked',
    async (tx, auth, ids, l) => ({
      reviewed: await reviewSorting(tx, auth, ids, l),
    }),
  );
  action(
    sortingPath,
    'stocksortingbill',
    'unreview',
    'Sorting bill: back to new',
    async (tx, auth, ids, l) => ({
      unreviewed: await unreviewSorting(tx, auth, ids, l),
    }),
  );
  action(
    sortingPath,
    'stocksortingbill',
    'printSort',
    'Sorting bill: sort list printed',
    async (tx, auth, ids, l) => ({
      printed: await markPrinted(tx, auth, ids, l, 'printSortStatus'),
    }),
  );
  action(
    sortingPath,
    'stocksortingbill',
    'printBoard',
    'Sorting bill: pallet board sheet printed',
    async (tx, auth, ids, l) => ({
      printed: await markPrinted(tx, auth, ids, l, 'printBillBoardStatus'),
    }),
  );

  const loadingPath = '/api/bl-wms/loadbill';
  action(
    loadingPath,
    'loadbill',
    'review',
    'Loading bill: loaded (completes its outbound bills)',
    async (tx, auth, ids, l) => ({
      reviewed: await reviewLoading(tx, auth, ids, l),
    }),
  );
  action(loadingPath, 'loadbill', 'unreview', 'Loading bill: back on the dock', async (tx, auth, ids, l) => ({
    unreviewed: await unreviewLoading(tx, auth, ids, l),
  }));
  app.post(
    `${loadingPath}/times`,
    {
      schema: {
        tags: ['loadbill'],
        summary: 'Loading bill: keep the planned and actual start and end',
        body: timesBody,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const body = request.body as z.infer<typeof timesBody>;
      const data = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'loadbill_edit');
        return keepLoadingTimes(tx, auth, body, request.language);
      });
      return ok(data, translate('ok', request.language));
    },
  );

  const noticePath = '/api/bl-wms/osnoticedeliverybill';
  action(
    noticePath,
    'osnoticedeliverybill',
    'receive',
    'Delivery notice: receive (stock at hand) and make the outbound reservation',
    async (tx, auth, ids, l) => ({
      reservations: await receiveNotices(tx, auth, ids, l, false),
    }),
  );
  action(
    noticePath,
    'osnoticedeliverybill',
    'receiveAdvance',
    'Delivery notice: receive in advance and make the outbound reservation',
    async (tx, auth, ids, l) => ({
      reservations: await receiveNotices(tx, auth, ids, l, true),
    }),
  );
}
