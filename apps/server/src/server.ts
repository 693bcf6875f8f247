import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { type Database, openPglite, openPostgres } from './db/database.ts';
import { lockDataDir } from './db/lock.ts';
import { migrateOn, startupLockKey } from './db/migrate.ts';
import { leaseWorkerId, type WorkerLease } from './db/worker-lease.ts';
import { buildApp } from './http/app.ts';
import { seedIfEmpty } from './seed/seed.ts';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  /** Stops taking requests, finishes those in flight, closes the database, frees the lock. */
  stop(): Promise<void>;
}

/** Opens the database the configuration names, migrated and seeded. */
export async function openDatabase(config: Config): Promise<{ database: Database; release: () => void }> {
  if (config.databaseUrl) {
    return { database: openPostgres(config.databaseUrl, config.databasePoolSize), release: () => {} };
  }
  const release = lockDataDir(config.dataDir);
  try {
    return { database: await openPglite(path.join(config.dataDir, 'pgdata')), release };
  } catch (error) {
    release();
    throw error;
  }
}

export async function startServer(config: Config, logger: boolean | object = true): Promise<RunningServer> {
  const { database, release } = await openDatabase(config);
  let lease: WorkerLease | undefined;
  try {
    // Seeding under the same lock as migrating: two processes starting on an empty database
    // would otherwise both find it empty and both seed it.
    await database.exclusively(startupLockKey, async (session) => {
      await migrateOn(database, session);
      // Before seeding, which makes ids: every id this process makes carries its leased worker.
      lease = await leaseWorkerId(database, {
        warn: (message, error) => console.warn(message, error ?? ''),
      });
      await seedIfEmpty(database, { demo: config.seedDemo });
    });
    const app = await buildApp({ config, database, logger });
    await app.listen({ port: config.port, host: config.host });
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
    return { app, database, stop };
  } catch (error) {
    await lease?.release();
    await database.close().catch(() => {});
    release();
    throw error;
  }
}
