import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, fromPglite, openPostgres } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { seedIfEmpty } from '../../src/seed/seed.ts';

/** What every suite's database starts as: migrated, seeded, no first-sign-in password change. */
async function prepare(database: Database, seed: boolean) {
  await migrate(database);
  if (!seed) return;
  await seedIfEmpty(database, { demo: true });
  // Suites sign in as the demo admin / admin and get to work: the first-sign-in password change
  // is tested on its own (password-due.test.ts marks the account again).
  await database.db.execute(sql`delete from auth_password_due`);
}

/** Migrates and seeds one PGlite database per test run and dumps it for every suite to load. */
async function pgliteTemplate(dir: string) {
  const file = path.join(dir, 'template.tar.gz');
  const client = await PGlite.create();
  await prepare(fromPglite(client), true);
  const dump = await client.dumpDataDir('gzip');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  return file;
}

/**
 * A test database's address: the server need not wait for each commit to reach the disk
 * (`synchronous_commit=off`). Nothing outlives a run, and a commit that waits for fsync costs
 * tens of milliseconds on a busy disk: most of a PostgreSQL suite's time was spent there.
 * Locking, isolation and visibility are the same as with it on.
 */
export function testDatabaseUrl(url: string, name: string): string {
  const own = new URL(url);
  own.pathname = `/${name}`;
  own.searchParams.set('options', '-c synchronous_commit=off');
  return own.toString();
}

/** What a run's PostgreSQL databases are called: `bl_<pid>_<time>_…` (templates and suites'). */
const runName = /^bl_(\d+)_[0-9a-z]+_(tpl|t)_/;

/**
 * Drops the databases of earlier runs whose process is gone (a run stopped before its teardown):
 * a run drops its suites' databases only at its end (see createTestDatabase).
 */
async function dropLeftovers(admin: pg.Client) {
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname like 'bl\\_%'",
  );
  for (const { datname } of rows) {
    const pid = Number(runName.exec(datname)?.[1] ?? 0);
    if (!pid || pid === process.pid || processAlive(pid)) continue;
    await admin.query(`drop database if exists ${datname} with (force)`).catch(() => undefined);
  }
}

function processAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * On PostgreSQL, two template databases per run (migrated; migrated and seeded): each suite's
 * database is a `CREATE DATABASE … TEMPLATE` copy, a file copy instead of some hundred
 * migration and seeding statements. Returns their names, the prefix of the suites' databases and
 * a cleanup that drops them all.
 */
async function postgresTemplates(url: string) {
  const stem = `bl_${process.pid}_${Date.now().toString(36)}`;
  const names = { empty: `${stem}_tpl_empty`, seeded: `${stem}_tpl_seeded`, suites: `${stem}_t_` };
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await dropLeftovers(admin);
    for (const [kind, name] of Object.entries({ empty: names.empty, seeded: names.seeded })) {
      await admin.query(`create database ${name}`);
      // One connection, closed before any copy: a template with a session open cannot be copied.
      const database = openPostgres(testDatabaseUrl(url, name), 1);
      try {
        await prepare(database, kind === 'seeded');
      } finally {
        await database.close();
      }
    }
  } finally {
    await admin.end();
  }
  // The suites' databases are dropped here, at the end of the run, not one by one as each suite
  // ends: PostgreSQL 15 forces an immediate checkpoint at every DROP DATABASE (seconds each on
  // a busy disk, while the other suites wait for their own writes).
  const drop = async () => {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    const { rows } = await cleanup.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1) or datname = any($2)',
      [names.suites, [names.empty, names.seeded]],
    );
    for (const { datname } of rows) await cleanup.query(`drop database if exists ${datname} with (force)`);
    await cleanup.end();
  };
  return { names, drop };
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-template-'));
  const url = process.env.TEST_DATABASE_URL;
  const [file, postgres] = await Promise.all([
    pgliteTemplate(dir),
    url ? postgresTemplates(url) : Promise.resolve(undefined),
  ]);
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplates', postgres?.names ?? null);
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await postgres?.drop();
  };
}
