// `npm start`: builds what is missing or whose inputs changed (scripts/build.mjs: the web
// app, the server bundle, the ready-made demo database), then runs the compiled server in this
// same process: plain JavaScript, no TypeScript loader and no dev dependency at run time.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, buildWeb, makeTemplate } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

buildWeb();
await buildServer();
// The ready-made database serves the embedded database with the demo data only.
if (!process.env.DATABASE_URL?.trim() && process.env.SEED_DEMO !== '0') makeTemplate();

await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
