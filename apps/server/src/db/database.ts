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

function wrap(driver: Driver, db: Db, close: () => Promise<void>): Database {
  return {
    driver,
    db,
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
  return wrap('postgres', db, () => pool.end());
}

/** Wraps an open PGlite instance; closing the database closes it. */
export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return wrap('pglite', db, () => client.close());
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
