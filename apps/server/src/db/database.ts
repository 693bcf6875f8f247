import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
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
   * `work` may answer a `LastRead` (see there): its statement ends the transaction.
   */
  withTenant<T>(tenantId: string, work: (tx: Tx) => Promise<T | LastRead<T>>): Promise<T>;
  /**
   * Begins a transaction as `withTenant` does and runs `check` in it, in the same round trip on
   * PostgreSQL (begin, settings and check are one simple-protocol message), and answers the
   * check's rows. `check` is raw SQL: values go in through `literal`. With `holdFor` (a request)
   * inside that request's scope (`runInRequestScope`) on PostgreSQL the transaction stays open, and the request's first
   * `withTenant` for the same tenant runs in it (the token guard's session check and the
   * handler's work: one transaction, ADR 0019); if nothing takes it before the event loop turns,
   * it commits and goes back to the pool. Otherwise it commits at once.
   */
  beginChecked<T>(tenantId: string, check: string, options?: { holdFor?: object }): Promise<T[]>;
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

/**
 * A read's last statement, answered by the work of `withTenant` instead of run in it, with what
 * makes the answer of its rows. On PostgreSQL it travels with the transaction's `commit` as one
 * message: a list page costs the begin (with the token guard's check) and this, two round trips
 * instead of three (issue 20, target 3). Answered rather than run, nothing can follow it in the
 * transaction: after that commit a statement would run without the tenant and role settings.
 */
export class LastRead<T> {
  constructor(
    readonly query: SQL,
    /** The answer from the rows, or one more read (a transaction of its own on PostgreSQL). */
    readonly answer: (rows: Record<string, unknown>[]) => T | LastRead<T>,
  ) {}
}

/**
 * How node-postgres reads dates, times and intervals for drizzle's mapping (as drizzle's own
 * queries ask for them: the text, which the columns map); every other type as node-postgres does.
 */
const driverTypes = {
  getTypeParser(typeId: number, format?: 'text' | 'binary') {
    return rawTextTypes.has(typeId) ? (value: string) => value : pg.types.getTypeParser(typeId, format);
  },
};
// timestamptz, timestamp, date, interval and their arrays (1185, 1115, 1182, 1187; 1231: numeric[])
const rawTextTypes = new Set([1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);

/** node-postgres' conversion of a parameter to the text it sends (not in its typed exports). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue(value: unknown): string | Buffer | null | undefined;
};

/**
 * The statement's text with its values as literals, as node-postgres would have sent them as
 * parameters (`prepareValue`: dates, arrays…) and as untyped as parameters are. Drizzle numbers
 * each value once, in order: anything else (a `$1` inside a literal of raw SQL, a binary value)
 * answers undefined, and the statement goes as it would have, with parameters.
 */
function inlined(text: string, params: unknown[]): string | undefined {
  let next = 0;
  let exact = true;
  const out = text.replace(/\$(\d+)/g, (_, digits: string) => {
    const value = prepareValue(params[next]);
    if (Number(digits) !== next + 1 || Buffer.isBuffer(value)) exact = false;
    next += 1;
    return value === null || value === undefined ? 'null' : pg.escapeLiteral(String(value));
  });
  return exact && next === params.length ? out : undefined;
}

/** A string as an SQL literal, for the raw SQL of `beginChecked`. */
export const literal = (value: string) => pg.escapeLiteral(value);

/** A transaction the token guard began for the request, waiting for its first `withTenant`. */
interface HeldTransaction {
  tenantId: string;
  client: pg.PoolClient;
}

/** Per request (set by an onRequest hook): the held transaction, if any, and whose it is. */
interface RequestScope {
  owner: object;
  held?: HeldTransaction;
}
const requestScope = new AsyncLocalStorage<RequestScope>();

/** Runs `next` (the rest of a request's handling) with a scope of its own; see `beginChecked`. */
export function runInRequestScope(owner: object, next: () => void): void {
  requestScope.run({ owner }, next);
}

/** The scope of `owner` when the code runs inside it (a body parsed from socket events is not). */
function scopeOf(owner: object): RequestScope | undefined {
  const scope = requestScope.getStore();
  return scope?.owner === owner ? scope : undefined;
}

/** The held transaction of the current request for `tenantId`, taken out so only one uses it. */
function takeHeld(tenantId: string): HeldTransaction | undefined {
  const scope = requestScope.getStore();
  const held = scope?.held;
  if (!scope || !held || held.tenantId !== tenantId) return undefined;
  scope.held = undefined;
  return held;
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

const settings = (tenantId: string) =>
  sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', ${appRole}, true)`;

/** PGlite (one connection, transactions in turn): drizzle's transaction, settings as a statement. */
function wrapPglite(db: Db, executeSql: Database['executeSql'], close: () => Promise<void>): Database {
  const withTenant: Database['withTenant'] = async <T>(
    tenantId: string,
    work: (tx: Tx) => Promise<T | LastRead<T>>,
  ) => {
    const queue: (() => Promise<void>)[] = [];
    const result = await db.transaction(async (tx) => {
      afterCommitWork.set(tx, queue);
      await tx.execute(settings(tenantId));
      let done: T | LastRead<T> = await work(tx);
      while (done instanceof LastRead) done = done.answer(await queryRows(tx, done.query));
      return done as T;
    });
    for (const next of queue) await next();
    return result;
  };
  return {
    driver: 'pglite',
    exclusively: (_key, work) => work(db),
    executeSql,
    db,
    withTenant,
    // Never held: a transaction left open would stop every other statement on the one connection.
    beginChecked: (tenantId, check) => withTenant(tenantId, (tx) => queryRows(tx, sql.raw(check))),
    close,
  };
}

/** The results of a simple-protocol message: one per statement. */
const resultsOf = (answer: pg.QueryResult | pg.QueryResult[]) => (Array.isArray(answer) ? answer : [answer]);

/**
 * PostgreSQL over node-postgres with a pool. A transaction is begun by hand rather than with
 * drizzle's `transaction`, so that `begin` and the tenant and role settings travel as one message
 * (drizzle sends `begin` on its own): one round trip less per request (issue 20, target 3).
 */
export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection the database ends (a restart, a failover, pg_terminate_backend) leaves the
  // pool and the next query opens another; unheard, node-postgres' 'error' would end the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  // What drizzle's own transaction is built from: the dialect and the session's schema and options.
  const { dialect, session } = db as unknown as {
    dialect: ConstructorParameters<typeof NodePgSession>[1];
    session: { schema: ConstructorParameters<typeof NodePgSession>[2]; options: object };
  };
  // One drizzle transaction object per pooled connection, made on its first use: it holds no
  // state of its own between transactions, and making one per request was 1 % of a list's CPU.
  const transactions = new WeakMap<pg.PoolClient, Tx>();
  const transactionOn = (client: pg.PoolClient) => {
    let tx = transactions.get(client);
    if (!tx) {
      tx = new NodePgTransaction(
        dialect,
        new NodePgSession(client, dialect, session.schema, session.options),
        session.schema,
      ) as unknown as Tx;
      transactions.set(client, tx);
    }
    return tx;
  };

  /** Begins on a pooled connection: begin, settings and `check` in one message. */
  async function begin(tenantId: string, check?: string) {
    const client = await pool.connect();
    try {
      const text =
        `begin; select set_config('app.tenant_id', ${literal(tenantId)}, true), set_config('role', ${literal(appRole)}, true)` +
        (check ? `; ${check}` : '');
      const results = resultsOf(await client.query(text));
      return { client, rows: (results[results.length - 1]?.rows ?? []) as unknown[] };
    } catch (error) {
      await end(client, 'rollback');
      throw error;
    }
  }

  /** Commits or rolls back and gives the connection back (dropped when even that failed). */
  async function end(client: pg.PoolClient, statement: 'commit' | 'rollback') {
    try {
      await client.query(statement);
      client.release();
    } catch (error) {
      client.release(error as Error);
      if (statement === 'commit') throw error;
    }
  }

  /** Runs `work` in a begun transaction, then commits (or rolls back when it throws). */
  async function finish<T>(
    tenantId: string,
    client: pg.PoolClient,
    work: (tx: Tx) => Promise<T | LastRead<T>>,
  ): Promise<T> {
    const tx = transactionOn(client);
    const queue: (() => Promise<void>)[] = [];
    afterCommitWork.set(tx, queue);
    let result: T | LastRead<T>;
    let committed = false;
    try {
      const done = await work(tx);
      if (done instanceof LastRead) {
        // The statement and the commit in one simple-protocol message (values as literals):
        // an error in the statement skips the commit, and the transaction is rolled back below.
        const { sql: text, params } = dialect.sqlToQuery(done.query);
        const inline = inlined(text, params);
        if (inline === undefined) result = done.answer(await queryRows(tx, done.query));
        else {
          const [read] = resultsOf(await client.query({ text: `${inline};\ncommit`, types: driverTypes }));
          committed = true;
          result = done.answer((read?.rows ?? []) as Record<string, unknown>[]);
        }
      } else result = done;
    } catch (error) {
      afterCommitWork.delete(tx);
      await end(client, 'rollback');
      throw error;
    }
    // The connection's transaction object serves its next transaction: work queued after this
    // point would belong to no transaction, and is refused (afterCommit) rather than adopted.
    afterCommitWork.delete(tx);
    if (committed) client.release();
    else await end(client, 'commit');
    for (const next of queue) await next();
    if (result instanceof LastRead) {
      const more = result;
      return withTenant(tenantId, async () => more);
    }
    return result;
  }

  async function withTenant<T>(tenantId: string, work: (tx: Tx) => Promise<T | LastRead<T>>): Promise<T> {
    const held = takeHeld(tenantId);
    if (held) return finish(tenantId, held.client, work);
    const { client } = await begin(tenantId);
    return finish(tenantId, client, work);
  }

  return {
    driver: 'postgres',
    // Outside the pool: a pool of one connection could otherwise never serve `work`'s own queries.
    async exclusively(key, work) {
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
    },
    async executeSql(text, values) {
      const result = (await pool.query(text, values as unknown[] | undefined)) as unknown;
      // Several statements answer one result each: the last is the statement's answer.
      return Array.isArray(result)
        ? (result[result.length - 1] ?? { rows: [] })
        : (result as { rows: unknown[] });
    },
    db,
    withTenant,
    async beginChecked<T>(tenantId: string, check: string, options: { holdFor?: object } = {}) {
      const scope = options.holdFor ? scopeOf(options.holdFor) : undefined;
      const { client, rows } = await begin(tenantId, check);
      if (!scope || scope.held) {
        await end(client, 'commit');
        return rows as T[];
      }
      const held: HeldTransaction = { tenantId, client };
      scope.held = held;
      // Not taken by the time the handler has started and yielded: nobody is going to.
      setImmediate(() => {
        if (scope.held !== held) return;
        scope.held = undefined;
        void end(client, 'commit').catch(() => {});
      });
      return rows as T[];
    },
    close: () => pool.end(),
  };
}

/** Wraps an open PGlite instance; closing the database closes it. */
export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  const executeSql: Database['executeSql'] = async (text, values) => {
    if (values && values.length > 0) return client.query(text, values);
    const results = await client.exec(text);
    return results[results.length - 1] ?? { rows: [] };
  };
  return wrapPglite(db, executeSql, () => client.close());
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
