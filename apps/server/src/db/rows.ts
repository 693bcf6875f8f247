import { Column, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Every column of a table read as drizzle's `select()` answers it (field names, values mapped
 * by their columns), without building the select list and mapping through drizzle's generic
 * path on every call: the list is built once per table and the mapping is a loop over the
 * columns. For the statements a posting runs per request (the bills and their lines,
 * ADR 0028), where drizzle's query building was a fifth of the server's CPU.
 */
export interface TableRows {
  /** `"bill_no" as "billNo", …` for `select`. */
  columns: SQL;
  /** A row as the driver answers it for `columns` made the row drizzle's `select()` gives (in place). */
  map: (row: Record<string, unknown>) => Record<string, unknown>;
}

const cache = new WeakMap<PgTable, TableRows>();

/**
 * A column's name in the database. The database's casing is snake_case (db/database.ts): a
 * column without a name of its own is its key in snake case, as drizzle's CasingCache names it.
 */
export const columnName = (column: Column) => (column.keyAsName ? toSnakeCase(column.name) : column.name);

export function tableRows(table: PgTable): TableRows {
  const cached = cache.get(table);
  if (cached) return cached;
  const entries = Object.entries(getTableColumns(table)) as [string, Column][];
  const columns = sql.raw(entries.map(([key, column]) => `"${columnName(column)}" as "${key}"`).join(', '));
  // Only the columns whose type maps the driver's value (timestamps, integers, ids…); the
  // others keep what the driver gave, as drizzle's base column does.
  const mapped = entries.filter(
    ([, column]) => column.mapFromDriverValue !== Column.prototype.mapFromDriverValue,
  );
  const map = (row: Record<string, unknown>) => {
    for (const [key, column] of mapped) {
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = column.mapFromDriverValue(value);
    }
    return row;
  };
  const made = { columns, map };
  cache.set(table, made);
  return made;
}
