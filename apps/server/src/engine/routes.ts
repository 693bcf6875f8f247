import { ok } from '@bl/contract';
import { areas, type Catalogue, type CatalogueEntity, dicts } from '@bl/entities';
import { type EntityDefinition, entities } from '@bl/entities/registry';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { requireAuth } from '../http/context.ts';
import { translate } from '../i18n/messages.ts';
import { detailRow, listRows, parseIds, removeRecords, submitRecord } from './crud.ts';
import { parseListQuery } from './list-query.ts';
import { buttonCode, requireButton } from './permissions.ts';

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
  };
}

/** The catalogue as served: built once, it never changes while the server runs. */
export const catalogue: Catalogue = {
  entities: entities.map(toCatalogueEntity),
  dicts: Object.values(dicts),
  areas: areas.map(({ code, label }) => ({ code, label })),
};

const idQuery = z.object({ id: z.string().regex(/^\d{1,19}$/) });
const idsQuery = z.object({ ids: z.string().max(20_000).optional() });

/** The generic API of every catalogue entity: list, detail, submit, remove. */
export function registerEntityRoutes(app: FastifyInstance, database: Database) {
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
        schema: {
          tags,
          summary: `${name}: a page of records (current, size, ascs, descs, filters with SpringBlade suffixes)`,
        },
      },
      async (request) => {
        const auth = requireAuth(request.auth);
        const query = parseListQuery(entity, request.query as Record<string, unknown>, request.language);
        const page = await database.withTenant(auth.tenantId, async (tx) => {
          await requireButton(tx, auth, buttonCode(entity.name, 'view'));
          return listRows(tx, entity, auth, query);
        });
        return ok(page, translate('ok', request.language));
      },
    );
    app.get(
      `${entity.path}/detail`,
      { schema: { tags, summary: `${name}: one record with its lines`, querystring: idQuery } },
      async (request) => {
        const auth = requireAuth(request.auth);
        const { id } = request.query as z.infer<typeof idQuery>;
        const row = await database.withTenant(auth.tenantId, async (tx) => {
          await requireButton(tx, auth, buttonCode(entity.name, 'view'));
          return detailRow(tx, entity, auth, id, request.language);
        });
        return ok(row, translate('ok', request.language));
      },
    );
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
}
