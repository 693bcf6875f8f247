import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { fromPglite } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { seedIfEmpty } from '../../src/seed/seed.ts';

/** Migrates and seeds one PGlite database per test run and dumps it for every suite to load. */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-template-'));
  const file = path.join(dir, 'template.tar.gz');
  const client = await PGlite.create();
  const database = fromPglite(client);
  await migrate(database);
  await seedIfEmpty(database, { demo: true });
  // Suites sign in as the demo admin / admin and get to work: the first-sign-in password change
  // is tested on its own (password-due.test.ts marks the account again).
  await database.db.execute(sql`delete from auth_password_due`);
  const dump = await client.dumpDataDir('gzip');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
