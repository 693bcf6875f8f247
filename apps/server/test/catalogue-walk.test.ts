import type { Page } from '@bl/contract';
import { type EntityDefinition, entities } from '@bl/entities/registry';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { prepareSample, SampleRecords, undoSample } from './support/sample-records.ts';

type Row = Record<string, unknown> & { id: string };

const filterKinds = new Set(['id', 'text', 'integer', 'flag', 'dict', 'ref']);

/**
 * An `_equal` filter the record matches: on its title field when that has a value, else on the
 * first field of its own (not the server's) that has one, so every list is asked with a filter.
 */
function filterOf(entity: EntityDefinition, row: Row): Record<string, string> {
  const has = (name: string) => row[name] !== undefined && row[name] !== null && row[name] !== '';
  const field =
    entity.fields.find((f) => f.name === entity.titleField && has(f.name)) ??
    entity.fields.find((f) => !f.system && filterKinds.has(f.kind) && has(f.name));
  if (!field) throw new Error(`${entity.name}: no field of the sample to filter on`);
  return { [`${field.name}_equal`]: String(row[field.name]) };
}

/** Walks the whole catalogue: every entity can be created, read, listed, filtered and removed. */
describe.each(testDrivers())('catalogue walk on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    admin = await tokensOf(app);
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  const headers = () => ({ 'blade-auth': `bearer ${admin.accessToken}` });
  const save = async (entity: EntityDefinition, payload: Record<string, unknown>) => {
    await prepareSample(test.database.db, entity.name, payload);
    const response = await app.inject({
      method: 'POST',
      url: `${entity.path}/submit`,
      headers: headers(),
      payload,
    });
    const answer = body<Row>(response);
    if (!answer.success) throw new Error(`${entity.name}: ${answer.msg} ${JSON.stringify(payload)}`);
    return answer.data;
  };

  /** The record is in its entity's list filtered on one of its values, and that export answers a workbook. */
  const listedAndExported = async (entity: EntityDefinition, row: Row) => {
    const query = filterOf(entity, row);
    const page = body<Page<Row>>(
      await app.inject({ method: 'GET', url: `${entity.path}/list`, query, headers: headers() }),
    );
    expect(page.success, `${entity.name}: ${page.msg}`).toBe(true);
    expect(
      page.data.records.map((r) => r.id),
      `${entity.name} ${JSON.stringify(query)}`,
    ).toContain(row.id);
    const exported = await app.inject({
      method: 'GET',
      url: `${entity.path}/export`,
      query,
      headers: headers(),
    });
    expect(exported.statusCode, `${entity.name}: ${exported.body.slice(0, 200)}`).toBe(200);
    expect(exported.headers['content-type'], entity.name).toContain('spreadsheetml');
    expect(exported.rawPayload.subarray(0, 2).toString(), entity.name).toBe('PK');
  };

  // Some 300 records and as many lists and exports: minutes on a busy machine.
  it('creates, reads, lists with a filter, exports and removes a record of every entity and line', async () => {
    const samples = new SampleRecords(save);
    const linesWalked = new Set<string>();
    const headersOnly = entities.filter((e) => !e.parent && !e.readOnly);
    expect(headersOnly.length).toBeGreaterThan(100);
    for (const entity of headersOnly) {
      const row = (await samples.first(entity)) as Row;
      const detail = body<Row>(
        await app.inject({
          method: 'GET',
          url: `${entity.path}/detail`,
          query: { id: row.id },
          headers: headers(),
        }),
      );
      expect(detail.data.id, entity.name).toBe(row.id);
      await listedAndExported(entity, row);
      // Lines, on their own: across bills, found by a filter, exported.
      for (const child of entity.children) {
        const lines = detail.data[child.key] as Row[];
        expect(lines.length, entity.name).toBe(1);
        await listedAndExported(child.entity(), lines[0] as Row);
        linesWalked.add(child.entity().name);
      }
    }
    // Lines of a ledger written only by postings (voucher items) are read with the ledgers below.
    expect([...linesWalked].sort()).toEqual(
      entities
        .filter((e) => e.parent && !e.readOnly)
        .map((e) => e.name)
        .sort(),
    );
    // Ledgers written only by postings: listed and exported, never written through the API.
    for (const entity of entities.filter((e) => e.readOnly)) {
      const page = body(await app.inject({ method: 'GET', url: `${entity.path}/list`, headers: headers() }));
      expect(page.success, entity.name).toBe(true);
      const exported = await app.inject({ method: 'GET', url: `${entity.path}/export`, headers: headers() });
      expect(exported.statusCode, entity.name).toBe(200);
      const write = await app.inject({
        method: 'POST',
        url: `${entity.path}/submit`,
        headers: headers(),
        payload: {},
      });
      expect(write.statusCode, entity.name).toBe(404);
    }
    // Remove newest first, so a record goes only after those that refer to it.
    for (const { entity, row } of [...samples.made].reverse()) {
      await undoSample(test.database.db, entity.name, row);
      const removed = await app.inject({
        method: 'POST',
        url: `${entity.path}/remove`,
        query: { ids: String(row.id) },
        headers: headers(),
      });
      expect(body(removed).msg, entity.name).toBe('操作成功');
      const gone = await app.inject({
        method: 'GET',
        url: `${entity.path}/detail`,
        query: { id: String(row.id) },
        headers: headers(),
      });
      expect(gone.statusCode, entity.name).toBe(404);
    }
  }, 300_000);
});
