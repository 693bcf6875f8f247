import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, type Driver, fromPglite, openPostgres } from '../../src/db/database.ts';
import { testDatabaseUrl } from './global-setup.ts';

/**
 * The drivers every database suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL
 * names a server. In CI the server is required, so a missing URL fails instead of shrinking
 * the run.
 */
export function testDrivers(): Driver[] {
  if (process.env.TEST_DATABASE_URL) return ['pglite', 'postgres'];
  if (process.env.CI)
    throw new Error('CI is set but TEST_DATABASE_URL is not: the PostgreSQL suites cannot run');
  return ['pglite'];
}

export interface TestDatabase {
  database: Database;
  /** PostgreSQL only: the URL of this database, for a second pool. */
  url?: string;
  dispose(): Promise<void>;
}

/**
 * A migrated (and by default seeded) database of its own, copied from a template prepared once
 * per run (global-setup.ts): PGlite loads a dump (initdb costs seconds), PostgreSQL gets a
 * `CREATE DATABASE … TEMPLATE` copy that is dropped afterwards (migrating costs seconds).
 */
export async function createTestDatabase(
  driver: Driver,
  options: { seed?: boolean } = {},
): Promise<TestDatabase> {
  const seed = options.seed ?? true;
  if (driver === 'pglite') {
    if (!seed) throw new Error('the PGlite template is seeded; ask PostgreSQL for an empty database');
    const template = fs.readFileSync(inject('pgliteTemplate'));
    const client = await PGlite.create({ loadDataDir: new Blob([template]) });
    const database = fromPglite(client);
    return { database, dispose: () => database.close() };
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const templates = inject('postgresTemplates');
  if (!templates) throw new Error('TEST_DATABASE_URL was not set when the test run started');
  const name = `${templates.suites}${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${seed ? templates.seeded : templates.empty}`);
  } finally {
    await admin.end();
  }
  const own = testDatabaseUrl(url, name);
  const database = openPostgres(own, 5);
  return {
    url: own,
    database,
    // The database itself is dropped with the run's others at the end of the run (global-setup.ts).
    dispose: () => database.close(),
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /**
     * PostgreSQL template databases (global-setup.ts), when TEST_DATABASE_URL is set, and the
     * prefix of the suites' own databases.
     */
    postgresTemplates: { empty: string; seeded: string; suites: string } | null;
  }
}
