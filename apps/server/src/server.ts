import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { type Database, openPglite, openPostgres } from './db/database.ts';
import { lockDataDir } from './db/lock.ts';
import { migrateOn, startupLockKey } from './db/migrate.ts';
import { copyFreshened, copyTemplate } from './db/template.ts';
import { leaseWorkerId, type WorkerLease } from './db/worker-lease.ts';
import { freshenCopiedDemo, seedIfEmpty } from './seed/seed.ts';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  /** Milliseconds each step of the start took (logged with "ready"; bench/startup.mjs). */
  phases: Record<string, number>;
  /** Stops taking requests, finishes those in flight, closes the database, frees the lock. */
  stop(): Promise<void>;
}

/**
 * Opens the database the configuration names. An empty embedded one starts as a copy of the
 * build's ready-made demo database when there is one (db/template.ts); `copied` then says its
 * install secrets are still to be renewed.
 */
export async function openDatabase(
  config: Config,
): Promise<{ database: Database; release: () => void; copied: boolean }> {
  if (config.databaseUrl) {
    return {
      database: openPostgres(config.databaseUrl, config.databasePoolSize),
      release: () => {},
      copied: false,
    };
  }
  const release = lockDataDir(config.dataDir);
  try {
    const pgdata = path.join(config.dataDir, 'pgdata');
    const copied = config.seedDemo && copyTemplate(config.dataTemplate, config.dataDir, pgdata);
    return { database: await openPglite(pgdata, config.pgliteSharedBuffers), release, copied };
  } catch (error) {
    release();
    throw error;
  }
}

export async function startServer(config: Config, logger: boolean | object = true): Promise<RunningServer> {
  const phases: Record<string, number> = {};
  let last = performance.now();
  const step = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - last);
    last = now;
  };
  const { database, release, copied } = await openDatabase(config);
  step(copied ? 'openCopy' : 'open');
  let lease: WorkerLease | undefined;
  try {
    // Seeding under the same lock as migrating: two processes starting on an empty database
    // would otherwise both find it empty and both seed it.
    await database.exclusively(startupLockKey, async (session) => {
      await migrateOn(database, session);
      step('migrate');
      // Before seeding, which makes ids: every id this process makes carries its leased worker.
      lease = await leaseWorkerId(database, {
        warn: (message, error) => console.warn(message, error ?? ''),
      });
      await seedIfEmpty(database, { demo: config.seedDemo });
      step('seed');
      if (copied) {
        await freshenCopiedDemo(database);
        copyFreshened(config.dataDir);
        step('freshen');
      }
    });
    const app = await buildApp({ config, database, logger });
    step('app');
    await app.listen({ port: config.port, host: config.host });
    step('listen');
    let stopping: Promise<void> | undefined;
    const stop = () => {
      stopping ??= (async () => {
        await app.close();
        await lease?.release();
        await database.close();
        release();
      })();
      return stopping;
    };
    return { app, database, phases, stop };
  } catch (error) {
    await lease?.release();
    await database.close().catch(() => {});
    release();
    throw error;
  }
}
