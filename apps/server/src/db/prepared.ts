import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Tx } from './database.ts';

/**
 * Statements of the posting path run as named (prepared) statements (ADR 0028): on PostgreSQL
 * each pooled connection parses and plans such a statement once and then only binds and runs
 * it (node-postgres keeps the names it has parsed per connection), where an unnamed statement
 * is parsed and planned on every call. The name is derived from the text, so one text is one
 * name on every connection and a changed text is a new name. Only for statements whose text
 * takes a bounded number of shapes (values always travel as parameters, lists as one array
 * parameter), or the connections would keep an unbounded number of them. PGlite runs them as
 * any statement.
 */

interface Internals {
  session: PgSession;
  dialect: PgDialect;
}

const names = new Map<string, string>();

/** The statement's name: a hash of its text, computed once per text. */
function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `bl_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/** Runs `text` (placeholders $1…) with `params` as a named statement; answers its rows. */
export async function preparedRows<T>(tx: Tx, text: string, params: unknown[]): Promise<T[]> {
  const { session } = tx as unknown as Internals;
  const result = (await session
    .prepareQuery({ sql: text, params }, undefined, nameOf(text), false)
    .execute()) as {
    rows: T[];
  };
  return result.rows;
}

/** Runs a drizzle `sql` statement as a named statement (see `preparedRows`). */
export function preparedSql<T>(tx: Tx, query: SQL): Promise<T[]> {
  const { dialect } = tx as unknown as Internals;
  const { sql: text, params } = dialect.sqlToQuery(query);
  return preparedRows<T>(tx, text, params);
}
