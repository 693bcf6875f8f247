import { ok } from '@bl/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { parseIds } from '../../engine/crud.ts';
import { requireButton } from '../../engine/permissions.ts';
import { requireAuth } from '../../http/context.ts';
import { translate } from '../../i18n/messages.ts';
import { type BillFlow, inbound, outbound, reviewBills, unreviewBills } from './bills.ts';

const idsQuery = z.object({ ids: z.string().max(20_000).optional() });

/**
 * Review and un-review of inbound and outbound bills (issue 7 API names):
 * `POST /api/bl-wms/{bill}/review?ids=` and `/unreview?ids=`, all or nothing, each behind its
 * button (`{bill}_review`, `{bill}_unreview`).
 */
export function registerWmsRoutes(app: FastifyInstance, database: Database) {
  const actions = [
    ['review', reviewBills],
    ['unreview', unreviewBills],
  ] as const;
  for (const flow of [inbound, outbound] satisfies BillFlow[]) {
    for (const [action, run] of actions) {
      app.post(
        `${flow.header.path}/${action}`,
        {
          schema: {
            tags: [flow.name],
            summary:
              action === 'review'
                ? `${flow.header.label.en}: review ids=1,2,3 and post their stock (all or nothing)`
                : `${flow.header.label.en}: un-review ids=1,2,3 and reverse their stock (all or nothing)`,
            querystring: idsQuery,
          },
        },
        async (request) => {
          const auth = requireAuth(request.auth);
          const ids = parseIds((request.query as z.infer<typeof idsQuery>).ids);
          const count = await database.withTenant(auth.tenantId, async (tx) => {
            await requireButton(tx, auth, `${flow.name}_${action}`);
            return run(tx, flow, auth, ids, request.language);
          });
          return ok(
            { [action === 'review' ? 'reviewed' : 'unreviewed']: count },
            translate('ok', request.language),
          );
        },
      );
    }
  }
}
