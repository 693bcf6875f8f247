import { ok } from '@bl/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { requireAuth } from '../http/context.ts';
import { notFound } from '../http/errors.ts';
import { translate } from '../i18n/messages.ts';
import type { JobQueue } from './queue.ts';

export const jobDetailPath = '/api/bl-jobs/job/detail';

/** A job's state for the page that started it: status, progress, then its result or errors. */
export function registerJobRoutes(app: FastifyInstance, database: Database, jobs: JobQueue) {
  app.withTypeProvider<ZodTypeProvider>().get(
    jobDetailPath,
    {
      schema: {
        tags: ['job'],
        summary: 'A background job the signed-in user started: status, progress, result or row errors',
        querystring: z.object({ id: z.string().regex(/^\d{1,19}$/) }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const state = await database.withTenant(auth.tenantId, (tx) => jobs.state(tx, auth, request.query.id));
      if (!state) throw notFound('error.notFound');
      return ok(state, translate('ok', request.language));
    },
  );
}
