import { ok } from '@bl/contract';
import { areas, type Catalogue, type CatalogueEntity, dicts, idSchema } from '@bl/entities';
import { type EntityDefinition, entities } from '@bl/entities/registry';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { writeAudit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { requireAuth } from '../http/context.ts';
import { registerUploads } from '../http/uploads.ts';
import { translate } from '../i18n/messages.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { detailRow, listRows, parseIds, removeRecords, submitRecord } from './crud.ts';
import { buildTemplate, checkExport, startExport } from './export.ts';
import { checkUpload, importLimits, importRows, parseSheet, readUpload } from './import.ts';
import { parseListQuery } from './list-query.ts';
import { isNamed, type NamesBody, namesBody, referenceNames } from './names.ts';
import { buttonCode, readButton, requireButton } from './permissions.ts';

function toCatalogueEntity(entity: EntityDefinition): CatalogueEntity {
  return {
    name: entity.name,
    service: entity.service,
    area: entity.area,
    path: entity.path,
    label: entity.label,
    titleField: entity.titleField,
    ...(entity.parent !== undefined && { parent: entity.parent }),
    children: entity.children.map((c) => ({ key: c.key, entity: c.entity().name })),
    fields: entity.fields,
    defaultSort: entity.defaultSort,
    readOnly: entity.readOnly,
    ...(entity.flow && { locks: entity.flow.locks.map(({ field, values }) => ({ field, values })) }),
    ...(entity.flow?.status !== undefined && { status: entity.flow.status }),
    ...(entity.owned && { owned: entity.owned }),
    ...(entity.ownerField !== undefined && { ownerField: entity.ownerField }),
    ...(entity.numberField !== undefined && { numberField: entity.numberField }),
    ...(entity.flow?.actions && {
      flowActions: Object.entries(entity.flow.actions).map(([name, action]) => ({
        name,
        label: action.label,
        confirm: action.confirm,
        danger: action.danger ?? false,
        print: action.print ?? false,
        ...(action.when && { when: action.when as Record<string, readonly string[]> }),
        ...(action.quantities && { quantities: action.quantities }),
        ...(action.form && { form: action.form }),
      })),
    }),
  };
}

/** The catalogue as served: built once, it never changes while the server runs. */
export const catalogue: Catalogue = {
  entities: entities.map(toCatalogueEntity),
  dicts: Object.values(dicts),
  areas: areas.map(({ code, label }) => ({ code, label })),
};

const idQuery = z.object({ id: idSchema });
const idsQuery = z.object({ ids: z.string().max(20_000).optional() });

/** The generic API of every catalogue entity: list, detail, submit, remove. */
export function registerEntityRoutes(
  app: FastifyInstance,
  database: Database,
  options: { uploadTimeoutMs: number; importJobMinBytes: number; jobs: JobQueue },
) {
  app.get(
    '/api/bl-system/catalogue',
    { schema: { tags: ['catalogue'], summary: 'Every entity with its fields, dictionaries and menu areas' } },
    async (request) => ok(catalogue, translate('ok', request.language)),
  );

  for (const entity of entities) {
    const tags = [entity.name];
    const name = entity.label.en;
    app.get(
      `${entity.path}/list`,
      {
        config: { button: readButton(entity, 'view') },
        schema: {
          tags,
          summary: `${name}: a page of records (current, size, ascs, descs, filters with SpringBlade suffixes)`,
        },
      },
      async (request) => {
        const auth = requireAuth(request.auth);
        const query = parseListQuery(entity, request.query as Record<string, unknown>, request.language);
        const page = await database.withTenant(auth.tenantId, async (tx) => {
          await requireButton(tx, auth, readButton(entity, 'view'));
          return listRows(entity, auth, query);
        });
        return ok(page, translate('ok', request.language));
      },
    );
    app.get(
      `${entity.path}/detail`,
      {
        config: { button: readButton(entity, 'view') },
        schema: { tags, summary: `${name}: one record with its lines`, querystring: idQuery },
      },
      async (request) => {
        const auth = requireAuth(request.auth);
        const { id } = request.query as z.infer<typeof idQuery>;
        const row = await database.withTenant(auth.tenantId, async (tx) => {
          await requireButton(tx, auth, readButton(entity, 'view'));
          return detailRow(tx, entity, auth, id, request.language);
        });
        return ok(row, translate('ok', request.language));
      },
    );
    // Names of the records other records refer to (docs/adr/0022-reference-names.md): one call
    // per referenced entity per screen, read with the same wall as its list.
    if (isNamed(entity))
      app.post(
        `${entity.path}/names`,
        {
          config: { button: readButton(entity, 'view') },
          schema: {
            tags,
            summary: `${name}: the names of records by the field references hold ({ by, label, values } → { value: name })`,
            body: namesBody,
          },
        },
        async (request) => {
          const auth = requireAuth(request.auth);
          const body = request.body as NamesBody;
          const names = await database.withTenant(auth.tenantId, async (tx) => {
            await requireButton(tx, auth, readButton(entity, 'view'));
            return referenceNames(tx, entity, auth, body);
          });
          return ok(names, translate('ok', request.language));
        },
      );
    // A print happens in the browser; the print page reports it so the log shows who printed
    // which record (its title: a bill's number), one row per record.
    if (entity.parent === undefined)
      app.post(
        `${entity.path}/printed`,
        {
          config: { button: readButton(entity, 'view') },
          schema: { tags, summary: `${name}: record that ids=1,2,3 were printed`, querystring: idsQuery },
        },
        async (request) => {
          const auth = requireAuth(request.auth);
          const ids = parseIds((request.query as z.infer<typeof idsQuery>).ids);
          await database.withTenant(auth.tenantId, async (tx) => {
            await requireButton(tx, auth, readButton(entity, 'view'));
            for (const id of ids) {
              const row = await detailRow(tx, entity, auth, id, request.language);
              await writeAudit(tx, auth, { action: 'print', entity, row });
            }
          });
          return ok({ printed: ids.length }, translate('ok', request.language));
        },
      );
    // Ledgers written by postings have no generic writes (EntityInput.readOnly).
    if (!entity.readOnly) {
      app.post(
        `${entity.path}/submit`,
        { schema: { tags, summary: `${name}: create (no id) or update (id and version) a record` } },
        async (request) => {
          const auth = requireAuth(request.auth);
          const body = request.body as Record<string, unknown> | undefined;
          const editing =
            body && typeof body === 'object' && body.id !== undefined && body.id !== null && body.id !== '';
          const row = await database.withTenant(auth.tenantId, async (tx) => {
            await requireButton(tx, auth, buttonCode(entity.name, editing ? 'edit' : 'add'));
            return submitRecord(tx, entity, auth, body, request.language);
          });
          return ok(row, translate('ok', request.language));
        },
      );
      app.post(
        `${entity.path}/remove`,
        {
          config: { button: buttonCode(entity.name, 'delete') },
          schema: {
            tags,
            summary: `${name}: logical delete of ids=1,2,3 (all or nothing)`,
            querystring: idsQuery,
          },
        },
        async (request) => {
          const auth = requireAuth(request.auth);
          const ids = parseIds((request.query as z.infer<typeof idsQuery>).ids);
          const removed = await database.withTenant(auth.tenantId, async (tx) => {
            await requireButton(tx, auth, buttonCode(entity.name, 'delete'));
            return removeRecords(tx, entity, auth, ids, request.language);
          });
          return ok({ removed }, translate('ok', request.language));
        },
      );
    }
    // Spreadsheets (docs/adr/0004-spreadsheets.md): every entity exports what its list shows (a
    // line entity its lines across bills); imports take headers, their lines go with them.
    app.get(
      `${entity.path}/export`,
      {
        schema: {
          tags,
          summary: `${name}: every record the list filters match, as a streamed .xlsx (same filters and sort as list); mode=job answers { jobId } and exports in the background`,
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request.auth);
        const { current: _current, size: _size, mode, ...filters } = request.query as Record<string, unknown>;
        const query = parseListQuery(entity, filters, request.language);
        // A large list (the page asks with mode=job) is exported by a job: the page shows rows
        // written, then downloads the file from /api/bl-jobs/job/download.
        if (mode === 'job') {
          const jobId = await database.withTenant(auth.tenantId, async (tx) => {
            await checkExport(tx, entity, auth, query, request.language);
            return options.jobs.enqueue(tx, auth, 'export', {
              target: entity.name,
              input: Buffer.from(JSON.stringify(filters)),
              language: request.language,
            });
          });
          return ok({ jobId }, translate('job.queued', request.language));
        }
        const file = await startExport(database, entity, auth, query, request.language, request.log);
        return reply
          .type(file.contentType)
          .header('content-disposition', file.disposition)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
    // A ledger takes no imports; lines come in with their bill.
    if (entity.readOnly || entity.parent !== undefined) continue;
    app.get(
      `${entity.path}/import-template`,
      { schema: { tags, summary: `${name}: the .xlsx template of an import, with the dictionaries` } },
      async (request, reply) => {
        const auth = requireAuth(request.auth);
        await database.withTenant(auth.tenantId, (tx) =>
          requireButton(tx, auth, buttonCode(entity.name, 'import')),
        );
        const file = await buildTemplate(entity, request.language);
        return reply.type(file.contentType).header('content-disposition', file.disposition).send(file.body);
      },
    );
    // Multipart is parsed only here: its own scope, so no other route accepts uploads.
    app.register(async (scope) => {
      await registerUploads(scope, {
        timeoutMs: options.uploadTimeoutMs,
        limits: { fileSize: importLimits.fileSize, files: 1, fields: 10, parts: 12 },
      });
      scope.post(
        `${entity.path}/import`,
        {
          schema: {
            tags,
            summary: `${name}: create records from an .xls/.xlsx upload (field file; all or nothing)`,
            consumes: ['multipart/form-data'],
          },
        },
        async (request) => {
          const auth = requireAuth(request.auth);
          await database.withTenant(auth.tenantId, (tx) =>
            requireButton(tx, auth, buttonCode(entity.name, 'import')),
          );
          const { fileName, content } = await readUpload(request);
          // Checked before it is parsed or queued: a damaged file is refused now, not by the job.
          await checkUpload(fileName, content);
          // A large file (or a page that shows progress: mode=job) is imported by a job, which any
          // process may run; the answer is its id, polled at /api/bl-jobs/job/detail.
          if (
            (request.query as { mode?: string }).mode === 'job' ||
            content.length >= options.importJobMinBytes
          ) {
            const jobId = await database.withTenant(auth.tenantId, (tx) =>
              options.jobs.enqueue(tx, auth, 'import', {
                target: entity.name,
                input: content,
                language: request.language,
              }),
            );
            return ok({ jobId }, translate('job.queued', request.language));
          }
          const rows = await parseSheet(entity, content);
          const imported = await importRows(database, entity, auth, rows, request.language);
          return ok({ imported }, translate('excel.imported', request.language, { count: imported }));
        },
      );
    });
  }
}
