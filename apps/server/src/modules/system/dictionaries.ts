import { ok } from '@bl/contract';
import { dictTable } from '@bl/entities/system/dict';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { requireAuth } from '../../http/context.ts';
import { translate } from '../../i18n/messages.ts';

/** An entry of a dictionary as dropdowns read it (SpringBlade's `dict/dictionary` answer). */
export interface DictEntry {
  id: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  children: DictEntry[];
}

const codeQuery = z.object({ code: z.string().min(1).max(64) });

/**
 * The dictionaries administrators maintain (entity `dict`), served to the dropdowns of any
 * signed-in user: `dictionary` lists a dictionary's entries in order, `dictionary-tree` nests
 * entries under their parents. Only live, enabled rows of the caller's tenant; the root row
 * (the dictionary's title) is not an entry.
 */
export function registerDictionaries(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const entriesOf = async (tenantId: string, code: string): Promise<DictEntry[]> => {
    const rows = await database.withTenant(tenantId, (tx) =>
      tx
        .select({
          id: dictTable.id,
          parentId: dictTable.parentId,
          code: dictTable.code,
          dictKey: dictTable.dictKey,
          dictValue: dictTable.dictValue,
          sort: dictTable.sort,
        })
        .from(dictTable)
        .where(
          and(
            eq(dictTable.tenantId, tenantId),
            eq(dictTable.code, code),
            eq(dictTable.isDeleted, 0),
            eq(dictTable.status, 1),
          ),
        )
        .orderBy(asc(dictTable.sort), asc(dictTable.dictKey)),
    );
    return rows.map((r) => ({ ...r, parentId: r.parentId ?? '0', children: [] }));
  };

  api.get(
    '/api/bl-system/dict/dictionary',
    {
      schema: {
        tags: ['dict'],
        summary: 'The entries of a dictionary (by code), in order',
        querystring: codeQuery,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const entries = await entriesOf(auth.tenantId, request.query.code);
      // Entries are the rows under a parent; the parentless root names the dictionary.
      return ok(
        entries.filter((e) => e.parentId !== '0'),
        translate('ok', request.language),
      );
    },
  );

  api.get(
    '/api/bl-system/dict/dictionary-tree',
    {
      schema: {
        tags: ['dict'],
        summary: 'The entries of a dictionary (by code) nested under their parents',
        querystring: codeQuery,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const entries = await entriesOf(auth.tenantId, request.query.code);
      const byId = new Map(entries.map((e) => [e.id, e]));
      const roots: DictEntry[] = [];
      for (const entry of entries) {
        const parent = byId.get(entry.parentId);
        if (parent) parent.children.push(entry);
        else if (entry.parentId === '0') roots.push(entry);
      }
      // The dictionary's own row is the single root: its children are the top entries.
      const top = roots.flatMap((root) => root.children);
      return ok(top, translate('ok', request.language));
    },
  );
}
