import { isId } from '@bl/entities';
import { type EntityDefinition, entities } from '@bl/entities/registry';
import { and, getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Tx } from '../db/database.ts';
import type { AuthContext } from '../http/context.ts';
import { badRequest } from '../http/errors.ts';
import { visible } from './crud.ts';

/** At most this many values per call: one page of the longest list (size 500). */
export const namesLimit = 500;

export const namesBody = z.object({
  /** The field the references hold (`code`, `id`, `agreementCode`…). */
  by: z.string().min(1).max(64),
  /** The field that names the record (`name`…). */
  label: z.string().min(1).max(64),
  values: z.array(z.string().max(255)).max(namesLimit),
});
export type NamesBody = z.infer<typeof namesBody>;

/**
 * `entity → "by|label"` for every reference of the catalogue that names its target by another
 * field than the one it holds: only these pairs may be asked for, so the call reads nothing a
 * reference would not show (a secret, a field no screen names a record by).
 */
const namedPairs = new Map<string, Set<string>>();
for (const entity of entities)
  for (const field of entity.fields) {
    const ref = field.ref;
    if (!ref || ref.valueField === ref.labelField) continue;
    const pairs = namedPairs.get(ref.entity) ?? new Set<string>();
    pairs.add(`${ref.valueField}|${ref.labelField}`);
    namedPairs.set(ref.entity, pairs);
  }

/** Whether some reference names records of this entity (it then gets a names route). */
export const isNamed = (entity: EntityDefinition) => namedPairs.has(entity.name);

/**
 * The names of the records a page refers to, in one query: `{ value: name }` for the values
 * found among the rows the caller sees (tenant by RLS and `visible`, data scope included).
 * A value not found is left out, and the screen shows the code alone.
 */
export async function referenceNames(
  tx: Tx,
  entity: EntityDefinition,
  auth: AuthContext,
  body: NamesBody,
): Promise<Record<string, string>> {
  if (!namedPairs.get(entity.name)?.has(`${body.by}|${body.label}`))
    throw badRequest('crud.notAReference', { by: body.by, label: body.label });
  const columns = getTableColumns(entity.table as PgTable) as Record<string, PgColumn>;
  const by = columns[body.by] as PgColumn;
  const label = columns[body.label] as PgColumn;
  // An id column compares only with ids: anything else cannot name a record.
  const values = [...new Set(body.values)].filter((v) => v !== '' && (body.by !== 'id' || isId(v)));
  if (values.length === 0) return {};
  const rows = await tx
    .select({ value: by, label })
    .from(entity.table as PgTable)
    .where(and(visible(entity, auth), inArray(by, values)));
  const names: Record<string, string> = {};
  for (const row of rows)
    if (row.label !== null && row.label !== undefined && row.label !== '')
      names[String(row.value)] = String(row.label);
  return names;
}
