import { type Language, languages, ok } from '@bl/contract';
import { languageTable } from '@bl/entities/page-builder/language';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterCommit, type Database, type Tx } from '../../db/database.ts';
import { afterWriteRules, removeRules } from '../../engine/rules.ts';
import { requireAuth } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { isMessageKey, messages, placeholdersOf, translate } from '../../i18n/messages.ts';
import { type TenantTexts, textKey, useTenantTexts } from '../../i18n/overrides.ts';

/**
 * A tenant's wording of product texts (spec 02 §3.3 `language`, issue 33; ADR 0042): a row with
 * a message key, a language and a text replaces the product's own words of that key for every
 * user of the tenant, in the server's messages and in the web app's texts alike (the two share
 * one key space: the web app's keys are its i18n paths such as `crud.save`, the server's its
 * message keys such as `ok`). Rows bound to one table (`tableId`) or to a condition
 * (`whereOption`) belong to the page configuration of that table and are not applied tenant-wide.
 */

/** How long a process reuses a tenant's texts before reading them again (other processes' edits). */
const keptMs = 30_000;
/** The most texts one tenant's wording may hold: bounded memory per tenant and per answer. */
export const maxTenantTexts = 5_000;

/**
 * Per tenant, a count bumped by every change of its texts in this process: every application's
 * cache (tests build several in one process) drops what it kept once the count moved.
 */
const changes = new Map<string, number>();
const changeOf = (tenantId: string) => changes.get(tenantId) ?? 0;

interface Kept {
  at: number;
  change: number;
  texts: TenantTexts;
}

/** The texts that apply tenant-wide: not deleted, bound to no table and no condition. */
async function readTexts(tx: Tx): Promise<TenantTexts> {
  const rows = await tx
    .select({ key: languageTable.messageKey, lang: languageTable.lang, value: languageTable.messageValue })
    .from(languageTable)
    .where(
      and(
        eq(languageTable.isDeleted, 0),
        sql`coalesce(${languageTable.tableId}, '') = ''`,
        sql`coalesce(${languageTable.whereOption}, '') = ''`,
      ),
    )
    .orderBy(languageTable.updateTime)
    .limit(maxTenantTexts);
  const texts = new Map<string, string>();
  for (const row of rows)
    if ((languages as readonly string[]).includes(row.lang))
      texts.set(textKey(row.lang as Language, row.key), row.value);
  return texts;
}

/** The texts of each tenant, kept for `keptMs` by one application. */
export function tenantTextCache(database: Database) {
  const kept = new Map<string, Kept>();
  return async (tenantId: string): Promise<TenantTexts> => {
    const now = Date.now();
    const known = kept.get(tenantId);
    if (known && now - known.at < keptMs && known.change === changeOf(tenantId)) return known.texts;
    const change = changeOf(tenantId);
    const texts = await database.withTenant(tenantId, (tx) => readTexts(tx));
    // Bounded like the token guard's grants: past the limit the oldest half is read again.
    if (kept.size >= 1_000) for (const old of [...kept.keys()].slice(0, 500)) kept.delete(old);
    kept.set(tenantId, { at: now, change, texts });
    return texts;
  };
}

/** The message keys of the web app may have `{{name}}` placeholders; the server's `{name}`. */
const keyPattern = /^[A-Za-z][\w.-]{0,127}$/;

/**
 * A text row is checked on the saved record (form, import or edit alike): a key of the product's
 * shape, one row per key, language and table, and a server message keeps to the placeholders the
 * server fills (an unknown one would print as typed).
 */
export function registerTextRules() {
  afterWriteRules.language = async (tx, saved, context) => {
    const key = String(saved.messageKey ?? '').trim();
    if (!keyPattern.test(key)) throw badRequest('language.badKey', { key });
    const lang = String(saved.lang ?? '') as Language;
    if (isMessageKey(key)) {
      const allowed = placeholdersOf(messages[key][lang] ?? messages[key].zh);
      const unknown = placeholdersOf(String(saved.messageValue ?? '')).filter(
        (name) => !allowed.includes(name),
      );
      if (unknown.length > 0)
        throw badRequest('language.badPlaceholder', {
          key,
          names: unknown.map((name) => `{${name}}`).join(' '),
          allowed:
            allowed.length > 0
              ? allowed.map((name) => `{${name}}`).join(' ')
              : translate('language.none', context.language),
        });
    }
    const [twin] = await tx
      .select({ id: languageTable.id })
      .from(languageTable)
      .where(
        and(
          eq(languageTable.isDeleted, 0),
          ne(languageTable.id, String(saved.id)),
          eq(languageTable.messageKey, key),
          eq(languageTable.lang, lang),
          sql`coalesce(${languageTable.tableId}, '') = ${String(saved.tableId ?? '')}`,
        ),
      )
      .limit(1);
    if (twin) throw badRequest('language.duplicate', { key, lang });
    changedAfterCommit(tx, context.auth.tenantId);
  };
  removeRules.language = async (tx, _rows, _language, auth) => changedAfterCommit(tx, auth.tenantId);
}

function changedAfterCommit(tx: Tx, tenantId: string) {
  afterCommit(tx, async () => {
    changes.set(tenantId, changeOf(tenantId) + 1);
  });
}

/**
 * Every signed-in request reads its tenant's texts (from the cache) before its handler runs, so
 * what the server answers is in the tenant's words; and the web app fetches them once per
 * language to lay them over its own.
 */
export function registerTextRoutes(app: FastifyInstance, database: Database) {
  const textsOf = tenantTextCache(database);
  app.addHook('preHandler', async (request) => {
    if (request.auth) useTenantTexts(await textsOf(request.auth.tenantId));
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/bl-develop/language/texts',
    {
      schema: {
        tags: ['develop'],
        summary: "The tenant's wording of product texts in one language: { messageKey: text }",
        querystring: z.object({ lang: z.enum(languages) }),
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const texts = await textsOf(auth.tenantId);
      const prefix = textKey(request.query.lang, '');
      const answer: Record<string, string> = {};
      for (const [key, value] of texts) if (key.startsWith(prefix)) answer[key.slice(prefix.length)] = value;
      return ok(answer, translate('ok', request.language));
    },
  );
}
