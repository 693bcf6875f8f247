import { createHash } from 'node:crypto';
import { type Column, type SQL, sql } from 'drizzle-orm';
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

/**
 * `column` is one of `ids`, for a prepared statement: `= $n` for one id (a review of one bill,
 * the common case), `= any($n)` with the ids as one array for several. Two texts, two prepared
 * statements. With the array, PostgreSQL's generic plan counts on several rows and never looks
 * cheaper than the plan for the values at hand, so the statement was planned again at every
 * bind (0.07-0.1 ms each); with one value the generic plan is the same plan, and is kept.
 */
export function idsIn(column: Column | SQL, ids: string[]): SQL {
  return ids.length === 1
    ? sql`${column} = ${sql.param(ids[0])}::bigint`
    : sql`${column} = any(${sql.param(ids)}::bigint[])`;
}
