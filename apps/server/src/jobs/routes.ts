import { ok } from '@bl/contract';
import { isId } from '@bl/entities';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Database, queryRows } from '../db/database.ts';
import { xlsxType } from '../engine/excel-columns.ts';
import type { ExportResult } from '../engine/export.ts';
import { requireAuth } from '../http/context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { translate } from '../i18n/messages.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import type { JobQueue } from './queue.ts';

export const jobDetailPath = '/api/bl-jobs/job/detail';
/** A job id through the one id check: past the largest bigint it is a 400, not a database refusal. */
const jobId = z.string().refine(isId);
export const jobDownloadPath = '/api/bl-jobs/job/download';

/** Export files are kept this long after their job ends, then removed by the cleanup schedule. */
export const exportFileHours = 24;

/** A job's state for the page that started it: status, progress, then its result or errors. */
export function registerJobRoutes(
  app: FastifyInstance,
  database: Database,
  jobs: JobQueue,
  store: ObjectStore,
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    jobDetailPath,
    {
      schema: {
        tags: ['job'],
        summary: 'A background job the signed-in user started: status, progress, result or row errors',
        querystring: z.object({ id: jobId }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const state = await database.withTenant(auth.tenantId, (tx) => jobs.state(tx, auth, request.query.id));
      if (!state) throw notFound('error.notFound');
      return ok(state, translate('ok', request.language));
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    jobDownloadPath,
    {
      schema: {
        tags: ['job'],
        summary: 'The file a finished export job wrote, for the user who started it',
        querystring: z.object({ id: jobId }),
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      const state = await database.withTenant(auth.tenantId, (tx) => jobs.state(tx, auth, request.query.id));
      if (!state) throw notFound('error.notFound');
      const result = state.result as Partial<ExportResult> | null;
      if (state.kind !== 'export' || state.status !== 'done' || !result?.file || !result.disposition)
        throw badRequest('job.notReady');
      const file = await store.get(result.file);
      if (!file) throw notFound('error.notFound');
      reply
        .type(xlsxType)
        .header('content-disposition', result.disposition)
        .header('cache-control', 'no-store');
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.send(file.stream);
    },
  );
}

/**
 * Removes the files of export jobs that ended more than `exportFileHours` ago (every tenant's:
 * run by the job queue's schedule, once across processes); their rows stay, without the file.
 */
export async function removeOldExports(database: Database, store: ObjectStore): Promise<number> {
  const old = await queryRows<{ id: string; file: string }>(
    database.db,
    sql`select id::text as id, result->>'file' as file from bl_job
        where kind = 'export' and result ? 'file'
          and update_time < now() - make_interval(hours => ${exportFileHours})`,
  );
  for (const job of old) {
    await store.remove(job.file);
    await database.db.execute(sql`update bl_job set result = result - 'file' where id = ${job.id}`);
  }
  return old.length;
}
