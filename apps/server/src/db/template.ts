import fs from 'node:fs';
import path from 'node:path';

/**
 * A ready-made embedded database (ADR 0017): `npm start` (scripts/build.mjs) migrates and seeds
 * one PGlite data directory once per server build, and a first start on an empty data
 * directory copies it instead of running initdb, the migrations and the seed (tens of seconds).
 * Migrations and the seed still run after the copy (nothing to do, unless the template lags),
 * and whatever must differ between installs is made anew (seed.ts `freshenCopiedDemo`).
 */

/**
 * Set by the server build (scripts/build.mjs, esbuild `define`), one per build; unset when the
 * server runs from its TypeScript sources, which then never use a template: it belongs to the
 * build that made it, whose migrations and seed it holds.
 */
export const buildId: string | undefined = process.env.BL_BUILD_ID || undefined;

const stampOf = (templateDir: string) => `${templateDir}.json`;
/** Left in the data directory while a copied template still holds the template's secrets. */
const pendingMark = 'template-pending';

/** Whether `templateDir` was made by this very build. */
export function templateUsable(templateDir: string, build = buildId): boolean {
  if (!build || !fs.existsSync(path.join(templateDir, 'PG_VERSION'))) return false;
  try {
    const stamp = JSON.parse(fs.readFileSync(stampOf(templateDir), 'utf8')) as { buildId?: string };
    return stamp.buildId === build;
  } catch {
    return false;
  }
}

/** Records that `templateDir` is complete and belongs to this build. */
export function stampTemplate(templateDir: string, build = buildId): void {
  fs.writeFileSync(
    stampOf(templateDir),
    `${JSON.stringify({ buildId: build, madeAt: new Date().toISOString() })}\n`,
  );
}

/**
 * Copies the template into `pgdata` when that is missing or empty. Answers whether the data
 * directory holds a copy whose secrets are still to be renewed: just copied, or copied by a
 * start that stopped before renewing them.
 */
export function copyTemplate(templateDir: string, dataDir: string, pgdata: string, build = buildId): boolean {
  const pending = path.join(dataDir, pendingMark);
  const empty = !fs.existsSync(pgdata) || fs.readdirSync(pgdata).length === 0;
  if (empty && templateUsable(templateDir, build)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(pending, '');
    // Copied aside, then renamed: a start stopped halfway leaves no half database behind.
    const partial = `${pgdata}.partial`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.cpSync(templateDir, partial, { recursive: true });
    fs.rmSync(pgdata, { recursive: true, force: true });
    fs.renameSync(partial, pgdata);
  }
  return fs.existsSync(pending);
}

/** The copy's secrets are renewed. */
export function copyFreshened(dataDir: string): void {
  fs.rmSync(path.join(dataDir, pendingMark), { force: true });
}
