import type { Language } from '@bl/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.ts';
import type { ModelMeta, Names } from './model.ts';

type Meta = Pick<ModelMeta, 'name' | 'names' | 'elements'>;

/** The name in the language asked, when the model gives one, else the model's own. */
export const nameIn = (name: string, names: Names | null | undefined, language: Language) =>
  names?.[language] || name;

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
    const meta = await this.meta(definitionId);
    return meta && stored === meta.name ? nameIn(stored, meta.names, this.language) : stored;
  }

  /** A step's (task's, history entry's) name, as stored. */
  async element(definitionId: string, elementId: string, stored: string): Promise<string> {
    const meta = await this.meta(definitionId);
    if (!meta) return stored;
    if (!elementId) return this.process(definitionId, stored);
    const element = meta.elements?.[elementId];
    return element && stored === element.name ? nameIn(stored, element.names, this.language) : stored;
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
