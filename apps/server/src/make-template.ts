// Makes this build's ready-made demo database (db/template.ts): a PGlite data directory,
// migrated and seeded with the demo content. scripts/build.mjs runs it once per server build:
//   node apps/server/dist/make-template.js [target directory]
import fs from 'node:fs';
import { loadConfig } from './config.ts';
import { openPglite } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { buildId, stampTemplate } from './db/template.ts';
import { seedIfEmpty } from './seed/seed.ts';

if (!buildId) throw new Error('make-template runs from the server build (apps/server/dist), not its sources');
const target = process.argv[2] ?? loadConfig().dataTemplate;
const making = `${target}.making`;
fs.rmSync(making, { recursive: true, force: true });
const database = await openPglite(making);
try {
  await migrate(database);
  await seedIfEmpty(database, { demo: true });
} finally {
  await database.close();
}
// Swapped in whole: a build stopped halfway leaves the previous template, or none.
fs.rmSync(`${target}.json`, { force: true });
fs.rmSync(target, { recursive: true, force: true });
fs.renameSync(making, target);
stampTemplate(target);
