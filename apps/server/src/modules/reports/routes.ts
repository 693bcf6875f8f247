import { ok } from '@bl/contract';
import { idSchema } from '@bl/entities';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { requireButton } from '../../engine/permissions.ts';
import { requireAuth } from '../../http/context.ts';
import { translate } from '../../i18n/messages.ts';
import { balanceShow, boardOf } from './board.ts';
import { boardCode, reports } from './definitions.ts';
import { startReportExport } from './export.ts';
import { parseReportQuery, reportPage } from './query.ts';

const prefix = '/api/bl-wms/report';
const showQuery = z.object({
  id: idSchema,
  current: z.string().optional(),
  size: z.string().optional(),
});

/**
 * The stock reports (docs/adr/0008-stock-ledger.md, Reports), tenant-scoped and behind their
 * buttons: `GET /api/bl-wms/report/{code}/list` (a page, with `totals` of everything matched)
 * and `/export` (.xlsx ending with the totals row) for each report; the bin board
 * `stockpageshow2/board?warehouseAreaCode=`; one balance with its movements `stockDetail/show?id=`.
 */
export function registerReportRoutes(app: FastifyInstance, database: Database) {
  for (const report of reports) {
    const tags = ['report'];
    app.get(
      `${prefix}/${report.code}/list`,
      {
        config: { button: `${report.code}_view` },
        schema: {
          tags,
          summary: `${report.label.en}: a page of rows with the totals of every row matched (filters: ${report.filters.join(', ')}, warehouseAreaCode)`,
        },
      },
      async (request) => {
        const auth = requireAuth(request.auth);
        const page = await database.withTenant(auth.tenantId, async (tx) => {
          await requireButton(tx, auth, `${report.code}_view`);
          const query = parseReportQuery(
            report,
            auth,
            request.query as Record<string, unknown>,
            request.language,
          );
          return reportPage(tx, report, query);
        });
        return ok(page, translate('ok', request.language));
      },
    );
    app.get(
      `${prefix}/${report.code}/export`,
      {
        schema: {
          tags,
          summary: `${report.label.en}: every row the filters match as .xlsx, with a totals row`,
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request.auth);
        const { current: _c, size: _s, ...filters } = request.query as Record<string, unknown>;
        const query = parseReportQuery(report, auth, filters, request.language);
        const file = await startReportExport(database, report, auth, query, request.language, request.log);
        return reply
          .type(file.contentType)
          .header('content-disposition', file.disposition)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
  }
  app.get(
    `${prefix}/${boardCode}/board`,
    {
      schema: {
        tags: ['report'],
        summary:
          'Bin board: every location of a storage area (warehouseAreaCode) with its stock, occupancy, owners and statuses',
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const board = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, `${boardCode}_view`);
        return boardOf(tx, auth, request.query as Record<string, unknown>, request.language);
      });
      return ok(board, translate('ok', request.language));
    },
  );
  app.get(
    `${prefix}/stockDetail/show`,
    {
      schema: {
        tags: ['report'],
        summary: 'One stock balance (id) with a page of its movements and their totals',
        querystring: showQuery,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { id, ...paging } = request.query as z.infer<typeof showQuery>;
      const shown = await database.withTenant(auth.tenantId, async (tx) => {
        await requireButton(tx, auth, 'stockDetail_view');
        return balanceShow(tx, auth, id, paging, request.language);
      });
      return ok(shown, translate('ok', request.language));
    },
  );
}
