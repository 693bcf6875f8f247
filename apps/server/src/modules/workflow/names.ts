import type { Language } from '@bl/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.ts';
import type { ModelMeta, Names } from './model.ts';

type Meta = Pick<ModelMeta, 'name' | 'names' | 'elements'>;

/** The name in the language asked, when the model gives one, else the model's own. */
export const nameIn = (name: string, names: Names | null | undefined, language: Language) =>
  names?.[language] || name;

/**
 * The one rule for showing a stored name (lists, history, and every message that names a
 * process or a step, docs/adr/0027-workflow-engine.md amendment 5): when the stored name is
 * still the model's own, the model's name in the user's language; otherwise (a bill's title, a
 * send-back's "A → B") the stored name as it is. Without an element id, the process's name.
 */
export function shownName(
  meta: Meta | null | undefined,
  elementId: string,
  stored: string,
  language: Language,
): string {
  if (!meta) return stored;
  if (!elementId) return stored === meta.name ? nameIn(stored, meta.names, language) : stored;
  const element = meta.elements?.[elementId];
  return element && stored === element.name ? nameIn(stored, element.names, language) : stored;
}

/** An element's name in the user's language by its id alone (the id itself if the model has none). */
export const elementName = (meta: Meta | null | undefined, elementId: string, language: Language) =>
  shownName(meta, elementId, meta?.elements?.[elementId]?.name ?? elementId, language);

/**
 * Names of processes and their steps in the user's language (docs/adr/0027-workflow-engine.md,
 * addendum 2). Rows keep the name they were made with (the model's `name`); when it is still
 * the model's own, the model's name in the user's language (`flowable:nameEn`...) is shown
 * instead. A name written otherwise (a bill's title, "A → B" of a send-back) is shown as it is.
 * One book per request: each definition's names are read once.
 */
export class NameBook {
  private readonly metas = new Map<string, Promise<Meta | undefined>>();

  constructor(
    private readonly tx: Tx,
    private readonly language: Language,
  ) {}

  private meta(definitionId: string): Promise<Meta | undefined> {
    if (!/^\d{1,19}$/.test(definitionId)) return Promise.resolve(undefined);
    let meta = this.metas.get(definitionId);
    if (!meta) {
      meta = queryRows<Meta>(
        this.tx,
        sql`select name, meta->'names' as names, meta->'elements' as elements
            from bl_wf_definition where id = ${definitionId}`,
      ).then((rows) => rows[0]);
      this.metas.set(definitionId, meta);
    }
    return meta;
  }

  /** A process's name or an instance's title, as stored. */
  async process(definitionId: string, stored: string): Promise<string> {
    return shownName(await this.meta(definitionId), '', stored, this.language);
  }

  /** A step's (task's, history entry's) name, as stored. */
  async element(definitionId: string, elementId: string, stored: string): Promise<string> {
    return shownName(await this.meta(definitionId), elementId, stored, this.language);
  }

  /** Rows with `definitionId`, and `name` of `elementId` and / or an instance `title`. */
  async rows<T extends { definitionId: string; elementId?: string; name?: string; title?: string }>(
    rows: T[],
  ): Promise<T[]> {
    for (const row of rows) {
      if (typeof row.name === 'string')
        row.name = await this.element(row.definitionId, row.elementId ?? '', row.name);
      if (typeof row.title === 'string') row.title = await this.process(row.definitionId, row.title);
    }
    return rows;
  }
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/\n/g, '&#10;');

/**
 * Comments, CDATA sections (left as they are) and start tags, whose attribute values are
 * quoted and may hold `>` (`flowable:assignee="${days > 3}"`).
 */
const xmlParts =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<([\w.-]+:)?[\w.-]+(?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*\/?>/g;
const attributes = /(\s+)([\w.:-]+)(\s*=\s*)("[^"]*"|'[^']*')/g;

/**
 * The model's XML as shown in the diagram of an instance (docs/adr/0027-workflow-engine.md,
 * amendment 5): the `name` of the process and of each flow node that the model names in the
 * user's language (`flowable:nameEn`...) is that name; everything else is as written. Only
 * start tags are touched (comments and CDATA, such as conditions, are not), so the diagram's
 * shapes and labels stay where the model put them. The designer edits the model as written.
 */
export function xmlInLanguage(
  xml: string,
  meta: Pick<ModelMeta, 'key' | 'name' | 'names' | 'elements'> | null | undefined,
  language: Language,
): string {
  if (!meta || !xml) return xml;
  const shown = new Map<string, string>();
  const process = nameIn(meta.name, meta.names, language);
  if (process !== meta.name && meta.key) shown.set(meta.key, process);
  for (const [id, element] of Object.entries(meta.elements ?? {})) {
    const name = nameIn(element.name, element.names, language);
    if (name !== element.name) shown.set(id, name);
  }
  if (shown.size === 0) return xml;
  return xml.replace(xmlParts, (part) => {
    if (part.startsWith('<!')) return part;
    let id = '';
    let named = false;
    for (const [, , key, , quoted] of part.matchAll(attributes)) {
      if (key === 'id') id = (quoted as string).slice(1, -1);
      if (key === 'name') named = true;
    }
    const name = shown.get(id);
    if (name === undefined) return part;
    const value = `"${escapeAttribute(name)}"`;
    if (named)
      return part.replace(attributes, (whole, space: string, key: string, equals: string) =>
        key === 'name' ? `${space}${key}${equals}${value}` : whole,
      );
    return part.replace(/\s*(\/?>)$/, (_, end: string) => ` name=${value}${end}`);
  });
}
