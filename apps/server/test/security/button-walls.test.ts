import { entities } from '@bl/entities/registry';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/database.ts';
import { multipart, testApp } from '../support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/databases.ts';
import { createRole, createUserAndSignIn } from '../support/users.ts';
import { countWrites, namedRoutes } from './catalogue-routes.ts';

/**
 * POST routes under an entity's path that are not writes of that entity: the caller's own
 * account (no button needed), and the put-away plan (a suggestion computed for whoever may
 * read inbound bills; it writes nothing, which the write count below still checks).
 */
const notWrites = new Set([
  'POST /api/bl-system/user/update-info',
  'POST /api/bl-system/user/update-password',
  'POST /api/bl-system/user/avatar',
  'POST /api/bl-wms/isinstockbill/putaway',
]);

/**
 * Issue 13: for every entity of the catalogue, a user without its buttons gets 403 on each
 * write (add, edit, delete, import and every named action on its path) and nothing is written.
 * The user may read everything (every `_view` button), so only the write buttons are missing.
 */
describe.each(testDrivers())('button walls on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let reader: string;
  let writes: () => Promise<number>;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    const views = await queryRows<{ code: string }>(
      test.database.db,
      sql`select distinct code from blade_menu where code like '%\\_view' and is_deleted = 0`,
    );
    const roleId = await createRole(test.database, {
      roleAlias: 'reader',
      buttons: views.map((v) => v.code),
    });
    reader = await createUserAndSignIn(app, test.database, { account: 'reader1', roleId });
    writes = await countWrites(test);
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, contentType?: string) =>
    app.inject({
      method,
      url,
      headers: {
        'blade-auth': `bearer ${reader}`,
        'blade-language': 'en',
        ...(contentType && { 'content-type': contentType }),
      },
      ...(payload !== undefined && { payload: payload as never }),
    });

  it('refuses every write of every entity to a user without its buttons, writing nothing', async () => {
    const before = await writes();
    const allowed: string[] = [];
    const expect403 = async (what: string, answer: ReturnType<typeof call>) => {
      const response = await answer;
      if (response.statusCode !== 403)
        allowed.push(`${what}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    };
    const writable = entities.filter((e) => !e.readOnly);
    expect(writable.length).toBeGreaterThan(100);
    for (const entity of writable) {
      await expect403(`${entity.name} add`, call('POST', `${entity.path}/submit`, { remark: 'x' }));
      await expect403(`${entity.name} edit`, call('POST', `${entity.path}/submit`, { id: '1', version: 1 }));
      await expect403(`${entity.name} delete`, call('POST', `${entity.path}/remove?ids=1`));
      if (entity.parent) continue;
      await expect403(`${entity.name} import template`, call('GET', `${entity.path}/import-template`));
      const upload = multipart('rows.xlsx', Buffer.from('PK not really a workbook'));
      await expect403(
        `${entity.name} import`,
        call('POST', `${entity.path}/import`, upload.payload, upload.contentType),
      );
    }
    // `{entity}/names` reads names with the view button (docs/adr/0022-reference-names.md).
    const actions = (await namedRoutes(app)).filter(
      (r) =>
        r.entity &&
        r.method === 'POST' &&
        !notWrites.has(`${r.method} ${r.path}`) &&
        !r.path.endsWith('/names'),
    );
    expect(actions.length).toBeGreaterThan(20);
    for (const route of actions) {
      const query = new URLSearchParams(route.wellFormed.query).toString();
      await expect403(
        `${route.method} ${route.path}`,
        call('POST', query ? `${route.path}?${query}` : route.path, route.wellFormed.body),
      );
    }
    expect(allowed).toEqual([]);
    expect(await writes()).toBe(before);
  }, 300_000);
});
