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
 * On PostgreSQL, two template databases per run (migrated; migrated and seeded): each suite's
 * database is a `CREATE DATABASE … TEMPLATE` copy, a file copy instead of some hundred
 * migration and seeding statements. Returns their names and a cleanup.
 */
async function postgresTemplates(url: string) {
  const stem = `bl_tpl_${process.pid}_${Date.now().toString(36)}`;
  const names = { empty: `${stem}_empty`, seeded: `${stem}_seeded` };
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (const [kind, name] of Object.entries(names)) {
      await admin.query(`create database ${name}`);
      const own = new URL(url);
      own.pathname = `/${name}`;
      // One connection, closed before any copy: a template with a session open cannot be copied.
      const database = openPostgres(own.toString(), 1);
      try {
        await prepare(database, kind === 'seeded');
      } finally {
        await database.close();
      }
    }
  } finally {
    await admin.end();
  }
  const drop = async () => {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    for (const name of Object.values(names))
      await cleanup.query(`drop database if exists ${name} with (force)`);
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
