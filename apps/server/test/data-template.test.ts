import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Database, fromPglite, openPglite } from '../src/db/database.ts';
import { passwordChangeDue, systemSecret, user } from '../src/db/schema/index.ts';
import { copyFreshened, copyTemplate, stampTemplate, templateUsable } from '../src/db/template.ts';
import { passwordDigest, verifyPassword } from '../src/modules/auth/passwords.ts';
import { freshenCopiedDemo } from '../src/seed/seed.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-template-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const demoTenants = ['000000', '100000'];

async function admins(database: Database) {
  const found: { tenantId: string; id: string; password: string; due: boolean }[] = [];
  for (const tenantId of demoTenants) {
    await database.withTenant(tenantId, async (tx) => {
      const [admin] = await tx
        .select({ id: user.id, password: user.password })
        .from(user)
        .where(and(eq(user.tenantId, tenantId), eq(user.account, 'admin')));
      if (!admin) throw new Error(`no admin in ${tenantId}`);
      const due = await tx.select().from(passwordChangeDue).where(eq(passwordChangeDue.userId, admin.id));
      found.push({ tenantId, id: admin.id, password: admin.password, due: due.length > 0 });
    });
  }
  return found;
}

describe("a first start from the build's ready-made database (ADR 0017)", () => {
  it('copies it only for its own build, and renews what must be the install’s own', async () => {
    // The template: the suites' seeded database (its password changes already done), with a
    // token key stored as a running server would have stored it.
    const templateDir = path.join(root, 'template');
    const made = fromPglite(
      await PGlite.create({
        dataDir: templateDir,
        loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]),
      }),
    );
    await made.db.insert(systemSecret).values({ name: 'jwt', value: 'the-template-key' });
    const before = await admins(made);
    expect(before.every((a) => !a.due)).toBe(true);
    await made.close();

    expect(templateUsable(templateDir, 'build-1')).toBe(false); // not stamped yet
    stampTemplate(templateDir, 'build-1');
    expect(templateUsable(templateDir, 'build-1')).toBe(true);
    expect(templateUsable(templateDir, undefined)).toBe(false); // sources never use one

    const dataDir = path.join(root, 'data');
    const pgdata = path.join(dataDir, 'pgdata');
    // Another build's template is left alone: the data directory stays empty.
    expect(copyTemplate(templateDir, dataDir, pgdata, 'build-2')).toBe(false);
    expect(fs.existsSync(pgdata)).toBe(false);

    expect(copyTemplate(templateDir, dataDir, pgdata, 'build-1')).toBe(true);
    const database = await openPglite(pgdata);
    try {
      await freshenCopiedDemo(database);
      copyFreshened(dataDir);
      // No stored key of the template survives: this install makes its own on first use.
      expect(await database.db.select().from(systemSecret)).toEqual([]);
      const after = await admins(database);
      for (const admin of after) {
        const old = before.find((b) => b.tenantId === admin.tenantId);
        expect(admin.id).toBe(old?.id);
        // A hash of its own (a new salt), of the demo password, to be changed at first sign-in.
        expect(admin.password).not.toBe(old?.password);
        expect(await verifyPassword(admin.password, passwordDigest('admin'))).toBe(true);
        expect(admin.due).toBe(true);
      }
    } finally {
      await database.close();
    }
    // The next start finds its data and copies nothing, nor renews anything again.
    expect(copyTemplate(templateDir, dataDir, pgdata, 'build-1')).toBe(false);
    // Two embedded databases opened and three passwords hashed: slow on a busy machine.
  }, 180_000);

  it('renews the secrets at the next start when a start stopped before renewing them', () => {
    const dataDir = path.join(root, 'stopped');
    const pgdata = path.join(dataDir, 'pgdata');
    expect(copyTemplate(path.join(root, 'template'), dataDir, pgdata, 'build-1')).toBe(true);
    // …stopped here: the copy is in place, the mark says its secrets are the template's.
    expect(copyTemplate(path.join(root, 'template'), dataDir, pgdata, 'build-1')).toBe(true);
    copyFreshened(dataDir);
    expect(copyTemplate(path.join(root, 'template'), dataDir, pgdata, 'build-1')).toBe(false);
  });
});
