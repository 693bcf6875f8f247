import type { Language } from '@bl/contract';
import type { EntityDefinition } from '@bl/entities/registry';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/database.ts';
import { badRequest } from '../http/errors.ts';

/** The `ancestors` of a root, as SpringBlade writes it: never empty, and a prefix of its subtree's. */
export const rootAncestors = '0';

/**
 * Keeps a tree's `ancestors` (the comma list of ids from the root down to the parent) as a
 * record is saved under `parentId` (null for a root), in the caller's transaction, before the
 * record itself is written: refuses a parent that is the record or one of its descendants (a
 * circle that every tree screen would walk for ever), and when the record moves, gives its
 * descendants the new prefix. Answers the record's ancestors.
 */
export async function placeInTree(
  tx: Tx,
  entity: EntityDefinition,
  tenantId: string,
  id: string | undefined,
  parentId: string | null,
  language: Language,
): Promise<string> {
  const table = sql.raw(entity.tableName);
  let ancestors = rootAncestors;
  if (parentId !== null) {
    const [parent] = await queryRows<{ ancestors: string | null }>(
      tx,
      sql`select ancestors from ${table}
          where tenant_id = ${tenantId} and id = ${parentId}::bigint and is_deleted = 0`,
    );
    const above = parent?.ancestors || rootAncestors;
    if (id !== undefined && (parentId === id || above.split(',').includes(id)))
      throw badRequest('tree.parentLoop', { entity: entity.label[language] });
    ancestors = `${above},${parentId}`;
  }
  if (id === undefined) return ancestors;
  const [current] = await queryRows<{ ancestors: string | null }>(
    tx,
    sql`select ancestors from ${table} where tenant_id = ${tenantId} and id = ${id}::bigint`,
  );
  // Rows saved before the server kept ancestors have none: their subtree has no prefix to move.
  const before = current?.ancestors;
  if (before && before !== ancestors) {
    const oldPrefix = `${before},${id}`;
    await tx.execute(
      sql`update ${table} set ancestors = ${`${ancestors},${id}`} || substr(ancestors, ${oldPrefix.length + 1})
          where tenant_id = ${tenantId} and is_deleted = 0
            and (ancestors = ${oldPrefix} or ancestors like ${`${oldPrefix},%`})`,
    );
  }
  return ancestors;
}
