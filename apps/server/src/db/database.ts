import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { defaultSharedBuffers } from '../config.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction: what every request's work runs in. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Driver = 'pglite' | 'postgres';

/** The role requests run as: it owns nothing and does not bypass row-level security. */
export const appRole = 'bl_app';

/** Runs raw SQL and answers its rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(exec: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await exec.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface Database {
  driver: Driver;
  /** The owner connection: migrations, seeding and the global registries only. */
  db: Db;
  /**
   * Runs `work` in one transaction as the application role with `app.tenant_id` set, so
   * row-level security confines every statement to that tenant, whatever its WHERE says.
   */
  withTenant<T>(tenantId: string, work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs `work` while holding the session-level advisory lock `key`, on a connection of its own
   * that `work` receives: the lock holds until `work` ends, whatever transactions `work` commits
   * on it (a transaction-level lock ends with the first commit). A process that dies lets go
   * with its connection. PGlite has one process per data directory (db/lock.ts): it just runs.
   */
  exclusively<T>(key: number, work: (session: Db) => Promise<T>): Promise<T>;
  /**
   * Plain SQL as the owner, for the job queue's own statements (pg-boss's `db` adapter): with
   * values one statement, without values possibly several (answered with the last result).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

/** Work that must wait until its transaction has committed (by `withTenant` transaction). */
const afterCommitWork = new WeakMap<Tx, (() => Promise<void>)[]>();

/**
 * Runs `work` once the `withTenant` transaction of `tx` has committed, and never if it rolls
 * back: for effects outside the database, such as deleting a stored file, that must not
 * happen for a change that did not. `work` handles its own failures (the change stands).
 */
export function afterCommit(tx: Tx, work: () => Promise<void>): void {
  const queue = afterCommitWork.get(tx);
  if (!queue) throw new Error('afterCommit outside a withTenant transaction');
  queue.push(work);
}

function wrap(
  driver: Driver,
  db: Db,
  exclusively: Database['exclusively'],
  executeSql: Database['executeSql'],
  close: () => Promise<void>,
): Database {
  return {
    driver,
    db,
    exclusively,
    executeSql,
    async withTenant(tenantId, work) {
      const queue: (() => Promise<void>)[] = [];
      const result = await db.transaction(async (tx) => {
        afterCommitWork.set(tx, queue);
        await tx.execute(
          sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', ${appRole}, true)`,
        );
        return work(tx);
      });
      for (const next of queue) await next();
      return result;
    },
    close,
  };
}

/** PostgreSQL over node-postgres with a pool. */
export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  // Outside the pool: a pool of one connection could otherwise never serve `work`'s own queries.
  const exclusively: Database['exclusively'] = async (key, work) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [key]);
      return await work(drizzlePg(client, { schema, casing: 'snake_case' }) as unknown as Db);
    } finally {
      // Ending the connection releases the lock too; unlocking first says so explicitly.
      await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
      await client.end().catch(() => undefined);
    }
  };
  const executeSql: Database['executeSql'] = async (text, values) => {
    const result = (await pool.query(text, values as unknown[] | undefined)) as unknown;
    // Several statements answer one result each: the last is the statement's answer.
    return Array.isArray(result)
      ? (result[result.length - 1] ?? { rows: [] })
      : (result as { rows: unknown[] });
  };
  return wrap('postgres', db, exclusively, executeSql, () => pool.end());
}

/** Wraps an open PGlite instance; closing the database closes it. */
export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  const executeSql: Database['executeSql'] = async (text, values) => {
    if (values && values.length > 0) return client.query(text, values);
    const results = await client.exec(text);
    return results[results.length - 1] ?? { rows: [] };
  };
  return wrap(
    'pglite',
    db,
    (_key, work) => work(db),
    executeSql,
    () => client.close(),
  );
}

/**
 * The embedded database on a data directory. Its buffer cache is part of the server's memory:
 * PGlite's default (128 MB) is more than a demo or small install reads, so 32 MB unless
 * PGLITE_SHARED_BUFFERS says otherwise (ADR 0017: server RSS after sign-in ≤ 400 MB).
 */
export async function openPglite(dataDir: string, sharedBuffers = defaultSharedBuffers): Promise<Database> {
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
  return fromPglite(await PGlite.create({ dataDir, startParams }));
}
