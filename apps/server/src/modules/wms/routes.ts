import { ok } from '@bl/contract';
import { idSchema } from '@bl/entities';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { requireButton } from '../../engine/permissions.ts';
import { requireAuth } from '../../http/context.ts';
import { translate } from '../../i18n/messages.ts';
import { type BillFlow, inbound, outbound } from './bills.ts';
import { keepLoadingTimes } from './flows.ts';
import { quotableLines, reservationQuotedBy } from './reservations.ts';

const applyQuery = z.object({ applyNo: z.string().trim().min(1).max(64) });
const timesBody = z.object({
  id: idSchema,
  planStartTime: z.string().max(40).nullish(),
  planEndTime: z.string().max(40).nullish(),
  actualStartTime: z.string().max(40).nullish(),
  actualEndTime: z.string().max(40).nullish(),
});

/**
 * The warehouse bills' routes beyond the generic ones and their declared flow actions (which
 * the flow engine serves, modules/flow): `GET {bill}/quotable?applyNo=` (a reservation's open
 * lines for an inbound or outbound bill to quote) and `POST loadbill/times` (loading time upkeep).
 */
export function registerWmsRoutes(app: FastifyInstance, database: Database) {
  for (const flow of [inbound, outbound] satisfies BillFlow[]) {
    const { path, label } = flow.header;
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

  const loadingPath = '/api/bl-wms/loadbill';
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
}
