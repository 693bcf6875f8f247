import type { FieldMeta } from '@bl/entities';
import { type EntityDefinition, entityByName } from '@bl/entities/registry';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineTotalsRules } from '../src/engine/rules.ts';
import { type Tokens, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { SampleRecords } from './support/sample-records.ts';
import { type Answer, client } from './support/wms.ts';

type Row = Record<string, unknown>;

/**
 * Issue 28, point 2: one totals rule whichever endpoint writes the lines. For every header with
 * a totals rule (`lineTotalsRules`), two bills made alike take the same change, one through its
 * lines' own endpoints (submit, submit of an edit, remove), the other through the header's
 * submit with its lines; after each step both have the same totals, the same line numbers and
 * line figures, and a version moved on by one.
 */

/** Representative bills (inbound, outbound, sorting, transport, fees) and the total they keep. */
const representatives: Record<string, string> = {
  isinstockbill: 'totalQty',
  osoutstockbill: 'totalQty',
  stocksortingbill: 'totalQty',
  consignmentbill: 'totalQty',
  handlingbill: 'totalQty',
  // Its lines' amounts come from cost details only (readonly): see the test of its own below.
  costbill: '',
};

/** What differs between two bills by construction, not by their lines. */
const own = new Set([
  'id',
  'version',
  'createTime',
  'updateTime',
  'createUser',
  'updateUser',
  'createDept',
  'headerId',
  'status',
]);
const numeric = (field: FieldMeta) => ['integer', 'decimal', 'money'].includes(field.kind);

describe.each(testDrivers())('line totals on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let admin: Tokens;
  let api: ReturnType<typeof client>;
  let samples: SampleRecords;

  const call = (entity: EntityDefinition, action: 'submit' | 'remove', payload?: Row, ids?: string) =>
    api.call('POST', `${entity.path}/${action}`, {
      payload,
      ...(ids !== undefined && { query: { ids } }),
      language: 'en',
    });
  const must = async (what: string, answer: Promise<Answer>) => {
    const done = await answer;
    expect(done.success, `${what}: ${done.msg}`).toBe(true);
    return done.data as Row;
  };
  const detail = async (entity: EntityDefinition, id: string) =>
    must(`${entity.name} detail`, api.call('GET', `${entity.path}/detail`, { query: { id } }));

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    admin = await tokensOf(app);
    api = client(app, () => admin.accessToken);
    samples = new SampleRecords(async (entity, payload) =>
      must(`${entity.name} sample`, call(entity, 'submit', payload)),
    );
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  /** The numeric figures and numbers of a bill's lines, in line order. */
  const figures = (lines: EntityDefinition, rows: Row[]) =>
    [...rows]
      .sort(
        (a, b) =>
          Number(a.lineNumber ?? 0) - Number(b.lineNumber ?? 0) || String(a.id).localeCompare(String(b.id)),
      )
      .map((row) =>
        Object.fromEntries(
          lines.fields
            .filter((f) => numeric(f) && !own.has(f.name))
            .map((f) => [f.name, row[f.name] ?? null]),
        ),
      );

  /** Runs the three steps on a pair of bills of `header`, one child at a time. */
  async function sameEitherWay(header: EntityDefinition) {
    // A second line of a child unique by its material needs another material: not sampled here.
    for (const child of header.children.filter((c) => !c.distinctBy)) {
      const lines = child.entity();
      const viaLine = await samples.create(header);
      const viaHeader = await samples.create(header);
      const start = [await detail(header, String(viaLine.id)), await detail(header, String(viaHeader.id))];
      // Header fields the two bills share from the start must stay shared after every step.
      const shared = header.fields
        .map((f) => f.name)
        .filter((name) => !own.has(name) && String(start[0]?.[name]) === String(start[1]?.[name]));

      const compare = async (step: string, versions: number[]) => {
        const a = await detail(header, String(viaLine.id));
        const b = await detail(header, String(viaHeader.id));
        const where = `${header.name}.${child.key} ${step}`;
        for (const name of shared) expect(a[name], `${where}: ${name}`).toEqual(b[name]);
        expect(figures(lines, a[child.key] as Row[]), `${where}: lines`).toEqual(
          figures(lines, b[child.key] as Row[]),
        );
        expect([a.version, b.version], `${where}: versions`).toEqual(versions.map((v) => v + 1));
        return [a, b] as const;
      };

      // Add: a line without a number takes the next one.
      const body: Row = await samples.body(lines);
      delete body.lineNumber;
      let [a, b] = start as [Row, Row];
      const added = await must(
        `${lines.name} create`,
        call(lines, 'submit', { ...body, [child.parentField]: viaLine.id }),
      );
      await must(
        `${header.name} submit with a new line`,
        call(header, 'submit', {
          id: b.id,
          version: b.version,
          [child.key]: [...(b[child.key] as Row[]), body],
        }),
      );
      [a, b] = await compare('add', [Number(a.version), Number(b.version)]);
      if (lines.fields.some((f) => f.name === 'lineNumber')) {
        const numbers = (a[child.key] as Row[]).map((l) => Number(l.lineNumber));
        expect(Number(added.lineNumber), `${lines.name}: number`).toBe(Math.max(...numbers));
        expect(new Set(numbers).size, `${lines.name}: numbers`).toBe(numbers.length);
      }
      const total = representatives[header.name];
      if (total && child === header.children[0])
        expect(a[total], `${header.name}.${total} after a line was added`).not.toEqual(start[0]?.[total]);

      // Edit: the new line's figures change.
      const changes = Object.fromEntries(
        lines.fields
          .filter((f) => numeric(f) && !f.system && f.form === 'edit' && f.name !== 'lineNumber')
          .filter((f) => f.max === undefined || f.max >= 2)
          .map((f) => [f.name, f.kind === 'integer' ? 2 : '2']),
      );
      const lineA = (a[child.key] as Row[]).find((l) => l.id === added.id) as Row;
      await must(
        `${lines.name} edit`,
        call(lines, 'submit', { id: lineA.id, version: lineA.version, ...changes }),
      );
      const newB = (b[child.key] as Row[]).reduce((top, l) =>
        Number(l.lineNumber ?? 0) >= Number(top.lineNumber ?? 0) ? l : top,
      );
      await must(
        `${header.name} submit with an edited line`,
        call(header, 'submit', {
          id: b.id,
          version: b.version,
          [child.key]: (b[child.key] as Row[]).map((l) => (l === newB ? { ...l, ...changes } : l)),
        }),
      );
      [a, b] = await compare('edit', [Number(a.version), Number(b.version)]);

      // Remove: the bills are as they were made.
      await must(`${lines.name} remove`, call(lines, 'remove', undefined, String(added.id)));
      await must(
        `${header.name} submit without the line`,
        call(header, 'submit', {
          id: b.id,
          version: b.version,
          [child.key]: (b[child.key] as Row[]).filter((l) => l.id !== newB.id),
        }),
      );
      [a] = await compare('remove', [Number(a.version), Number(b.version)]);
      for (const name of shared) expect(a[name], `${header.name}: ${name} back`).toEqual(start[0]?.[name]);
    }
  }

  it.each(Object.keys(representatives))(
    '%s: a line written on its own or through the bill, same totals',
    async (name) => {
      expect(lineTotalsRules[name], name).toBeDefined();
      await sameEitherWay(entityByName.get(name) as EntityDefinition);
    },
    120_000,
  );

  it('every other header with a totals rule, from the catalogue', async () => {
    const others = Object.keys(lineTotalsRules).filter((name) => !(name in representatives));
    expect(others.length).toBeGreaterThan(10);
    for (const name of others) await sameEitherWay(entityByName.get(name) as EntityDefinition);
  }, 600_000);

  it('a cost bill: its amount follows a line edit through the line endpoint', async () => {
    const header = entityByName.get('costbill') as EntityDefinition;
    const lines = header.children[0]?.entity() as EntityDefinition;
    const bill = await detail(header, String((await samples.create(header)).id));
    const line = (bill.details as Row[])[0] as Row;
    // A line no cost detail backs is priced by the server (quantity × price): 40 × 2.5 = 100.
    await test.database.db.execute(
      sql`update bl_costbilldetail set reality_qty = 40, unit_price = 2.5 where id = ${String(line.id)}::bigint`,
    );
    await must('line edit', call(lines, 'submit', { id: line.id, version: line.version, remark: 'checked' }));
    const after = await detail(header, String(bill.id));
    expect(Number(after.amount)).toBeCloseTo(100 - Number(bill.discountAmount ?? 0), 2);
    expect(after.version).toBe(Number(bill.version) + 1);
    await must('line remove', call(lines, 'remove', undefined, String(line.id)));
    expect(Number((await detail(header, String(bill.id))).amount)).toBeCloseTo(
      -Number(bill.discountAmount ?? 0),
      2,
    );
  }, 60_000);

  it('a form still holding the bill from before a line write is refused as stale, not saved over it', async () => {
    const header = entityByName.get('isinstockbill') as EntityDefinition;
    const lines = header.children[0]?.entity() as EntityDefinition;
    const bill = await detail(header, String((await samples.create(header)).id));
    await must('line create', call(lines, 'submit', { ...(await samples.body(lines)), headerId: bill.id }));
    const stale = await call(header, 'submit', { id: bill.id, version: bill.version, details: bill.details });
    expect(stale.code).toBe(409);
    expect((await detail(header, String(bill.id))).details).toHaveLength(2);
  }, 60_000);
});
