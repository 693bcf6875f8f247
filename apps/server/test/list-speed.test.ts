import { listCountCap } from '@bl/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { body, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';

/** Every statement node-postgres sends while `work` runs, but the job queue's own (schema pgboss). */
async function statementsSent<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text: string };
    const text = typeof config === 'string' ? config : config.text;
    if (!/pgboss/i.test(text)) statements.push(text);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    return { result: await work(), statements };
  } finally {
    pg.Client.prototype.query = query;
  }
}

/** List and report speed (ADR 0019): capped counts, the guard's held transaction, place totals. */
describe.each(testDrivers())('list and report speed on %s', (driver) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let auth: string;
  const tenantId = '000000';

  beforeAll(async () => {
    // A small pool on PostgreSQL: a connection the guard held and nobody gave back would show.
    test = await createTestDatabase(driver);
    app = await testApp(test.database);
    auth = (await tokensOf(app, tenantId)).accessToken;
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
  });

  const get = async <T>(url: string, query: Record<string, string> = {}) => {
    const response = await app.inject({
      method: 'GET',
      url,
      query,
      headers: { 'blade-auth': `bearer ${auth}` },
    });
    return body<T>(response);
  };
  type Page = { total: number; pages: number; records: unknown[]; totalCapped?: boolean };

  it('counts a list up to one past the cap, and says so; a smaller list is counted exactly', async () => {
    await test.database.withTenant(tenantId, (tx) =>
      tx.execute(sql`
        insert into bl_material (id, tenant_id, code, name, unit_code)
        select 3000000000000000000 + g, ${tenantId}, 'SPEED' || lpad(g::text, 6, '0'),
               case when g <= 25 then '稀有' else '普通' end, 'PCS'
        from generate_series(1, ${listCountCap + 50}::int) g`),
    );
    const all = await get<Page>('/api/bl-wms/material/list', { size: '20' });
    expect(all.success).toBe(true);
    expect(all.data.total).toBe(listCountCap + 1);
    expect(all.data.totalCapped).toBe(true);
    expect(all.data.records).toHaveLength(20);
    const few = await get<Page>('/api/bl-wms/material/list', { name: '稀有', size: '20' });
    expect(few.data.total).toBe(25);
    expect(few.data.totalCapped).toBeUndefined();
    expect(few.data.pages).toBe(2);
    // A page past the end has no row to carry the count: it is counted on its own.
    const past = await get<Page>('/api/bl-wms/material/list', { name: '稀有', size: '20', current: '9' });
    expect(past.data.records).toEqual([]);
    expect(past.data.total).toBe(25);
    expect(past.data.pages).toBe(2);
  });

  it('reads the values of a page as they were written, whatever the filter holds', async () => {
    // The page travels as literals with the commit (db/database.ts LastRead): quotes,
    // backslashes, a dollar placeholder and dates in the filters are values, nothing else.
    const name = `O'Brien \\ $1 '); drop table bl_material; --`;
    await test.database.withTenant(tenantId, (tx) =>
      tx.execute(sql`insert into bl_material (id, tenant_id, code, name, unit_code, price, create_time)
        values (3200000000000000001, ${tenantId}, 'LIT-1', ${name}, 'PCS', 12.5, now())`),
    );
    const day = new Date().toISOString().slice(0, 10);
    const found = await get<{ total: number; records: Record<string, unknown>[] }>(
      '/api/bl-wms/material/list',
      {
        name,
        code_equal: 'LIT-1',
        createTime_dategt: day,
        price_gt: '12',
      },
    );
    expect(found.data.total).toBe(1);
    const [record] = found.data.records;
    const detail = (
      await get<Record<string, unknown>>('/api/bl-wms/material/detail', { id: String(record?.id) })
    ).data;
    expect(record).toEqual(expect.objectContaining({ name, code: 'LIT-1', price: detail.price }));
    expect(record?.createTime).toBe(detail.createTime);
    expect(typeof record?.id).toBe('string');
  });

  // PostgreSQL only: PGlite has no round trips (one connection in the process).
  if (driver === 'postgres')
    it('lists in two round trips, permissions included: begin with the checks, the page with its count and the commit', async () => {
      await test.database.withTenant(tenantId, (tx) =>
        tx.execute(sql`
          insert into bl_material (id, tenant_id, code, name, unit_code)
          select 3100000000000000000 + g, ${tenantId}, 'TRIP' || g, '往返', 'PCS'
          from generate_series(1, 3) g`),
      );
      const roleId = await createRole(test.database, { roleAlias: 'counter', buttons: ['material_view'] });
      const clerk = await createUserAndSignIn(app, test.database, { account: 'roundtrips', roleId });
      const call = async (token: string, url: string) => {
        const { result: answer, statements } = await statementsSent(async () => {
          const answer = await app.inject({
            method: 'GET',
            url,
            headers: { 'blade-auth': `bearer ${token}` },
          });
          // A transaction the guard began and nobody took ends when the event loop turns.
          await new Promise((resolve) => setImmediate(resolve));
          return answer;
        });
        return { status: answer.statusCode, statements };
      };
      for (const token of [auth, clerk]) {
        const listed = await call(token, '/api/bl-wms/material/list?size=20&code_like=TRIP');
        expect(listed.status).toBe(200);
        expect(listed.statements).toHaveLength(2);
        expect(listed.statements[0]).toMatch(/^begin; select set_config/);
        expect(listed.statements[1]).toMatch(/count\(\*\)[\s\S]*;\ncommit$/);
      }
      // Refused by what that first statement read: its transaction just ends.
      const refused = await call(clerk, '/api/bl-wms/unit/list');
      expect(refused.status).toBe(403);
      expect(refused.statements).toHaveLength(2);
      expect(refused.statements[1]).toBe('commit');
    });

  // PostgreSQL only: the plan is the server's (PGlite reads the same rows, one process).
  if (driver === 'postgres')
    it("counts a filtered list within the tenant's own rows, wherever they lie in the table", async () => {
      // Another tenant's rows first, this tenant's after them: the heap order of a tenant that
      // joined later. Both match the filter, so the planner thinks matches are everywhere.
      for (const [tenant, base, rows] of [
        ['100000', 3400000000000000000n, 30_000],
        [tenantId, 3500000000000000000n, 10_000],
      ] as const) {
        await test.database.withTenant(tenant, (tx) =>
          tx.execute(sql`
            insert into bl_material (id, tenant_id, code, name, unit_code)
            select ${base}::bigint + g, ${tenant}, 'WIDE' || g, '常见 ' || g, 'PCS'
            from generate_series(1, ${rows}::int) g`),
        );
      }
      const admin = new pg.Client({ connectionString: test.url });
      await admin.connect();
      try {
        await admin.query('analyze bl_material');
        const { result: listed, statements } = await statementsSent(() =>
          get<Page>('/api/bl-wms/material/list', { name: '常', size: '10' }),
        );
        expect(listed.data.total).toBe(listCountCap + 1);
        // The page statement as it was sent (literals, travelling with its commit), explained.
        const page = statements.find((text) => /count\(\*\)/.test(text));
        const statement = String(page).replace(/;\ncommit$/, '');
        const { rows } = await admin.query(`explain (analyze, format json) ${statement}`);
        type Node = {
          'Node Type': string;
          'Actual Rows': number;
          'Rows Removed by Filter'?: number;
          Plans?: Node[];
        };
        const read = (node: Node): number =>
          (node['Node Type'].endsWith('Scan')
            ? node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)
            : 0) + (node.Plans ?? []).reduce((sum, child) => sum + read(child), 0);
        // Unordered, the count took a sequential scan through the other tenant's 30,000 rows.
        expect(read(rows[0]['QUERY PLAN'][0].Plan as Node)).toBeLessThan(5_000);
      } finally {
        await admin.end();
      }
    });

  // PostgreSQL only: PGlite runs in the process, nothing can end its connection.
  if (driver === 'postgres')
    it('keeps serving when the database ends its idle connections (restart, failover)', async () => {
      expect((await get<Page>('/api/bl-wms/material/list')).success).toBe(true);
      // A client of its own on the suite's database, ending every other connection to it: the
      // app's idle pooled connections (and the job queue's) go, as in a database restart.
      const admin = new pg.Client({ connectionString: test.url });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ ended: boolean }>(
          `select pg_terminate_backend(pid) as ended from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid()`,
        );
        expect(rows.length).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      // Node-postgres reports the ended idle connections as the pool's 'error' events; heard,
      // they leave the pool, and the next requests open new connections.
      await new Promise((resolve) => setTimeout(resolve, 50));
      for (let round = 0; round < 3; round++) {
        const again = await get<Page>('/api/bl-wms/material/list');
        expect(again.success, again.msg).toBe(true);
      }
    });

  it('gives back every transaction the guard began, used by the handler or not', async () => {
    // More concurrent calls than the pool has connections (5), on routes that read the
    // database and on one that does not (the catalogue): a held connection never given back
    // would stall the later ones.
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          get(i % 3 === 0 ? '/api/bl-system/catalogue' : '/api/bl-wms/material/list', { size: '5' }),
        ),
      );
      for (const answer of answers) expect(answer.success).toBe(true);
    }
    // A refused request (unknown filter) rolls back and gives its connection back too.
    const refused = await Promise.all(
      Array.from({ length: 8 }, () => get('/api/bl-wms/material/list', { nope_equal: 'x' })),
    );
    for (const answer of refused) expect(answer.success).toBe(false);
    expect((await get('/api/bl-wms/material/list', { size: '1' })).success).toBe(true);
  });

  it('keeps the per-location totals equal to the ledger through inserts, updates and deletes', async () => {
    await test.database.withTenant(tenantId, async (tx) => {
      await tx.execute(sql`
        insert into bl_warehousearea (id, tenant_id, code, name, warehouse_code)
        values (3100000000000000001, ${tenantId}, 'SA1', '速区一', 'W1'),
               (3100000000000000002, ${tenantId}, 'SA2', '速区二', 'W1')`);
      await tx.execute(sql`
        insert into bl_warehouseplace (id, tenant_id, code, name, warehouse_area_code)
        select 3200000000000000000 + g, ${tenantId}, 'SP' || g, '速位 ' || g, 'SA' || (1 + g % 2)
        from generate_series(1, 6) g`);
      await tx.execute(sql`
        insert into bl_stock (id, tenant_id, customer_code, material_code, warehouse_place_code, barcode,
                              qty, weg, qty_weg, board, volume)
        select 3300000000000000000 + g, ${tenantId}, 'SC' || (g % 3), 'SM' || (g % 5), 'SP' || (1 + g % 6),
               'SB' || g, g, g / 10.0, g * 2, g % 2, g / 100.0
        from generate_series(1, 300) g`);
    });
    // Changes as postings make them: amounts moved, lines emptied, a line moved to another
    // place, a line deleted, and an update that changes nothing held.
    await test.database.withTenant(tenantId, async (tx) => {
      await tx.execute(sql`update bl_stock set qty = qty + 1, volume = volume * 2
        where tenant_id = ${tenantId} and barcode like 'SB1%'`);
      await tx.execute(
        sql`update bl_stock set qty = 0 where tenant_id = ${tenantId} and barcode like 'SB2%'`,
      );
      await tx.execute(sql`update bl_stock set warehouse_place_code = 'SP9' where barcode = 'SB33'`);
      await tx.execute(sql`update bl_stock set is_deleted = 1 where barcode = 'SB34'`);
      await tx.execute(sql`delete from bl_stock where barcode = 'SB35'`);
      await tx.execute(sql`update bl_stock set unit_code = 'PCS' where barcode like 'SB4%'`);
    });
    type Sums = { place: string; n: string; qty: string; volume: string };
    const ledger = () =>
      test.database.withTenant(tenantId, (tx) =>
        queryRows<Sums>(
          tx,
          sql`select warehouse_place_code as place, count(*)::text as n, sum(qty)::numeric(30,4)::text as qty,
                     sum(volume)::numeric(30,4)::text as volume
              from bl_stock where is_deleted = 0 and qty <> 0 group by 1 order by 1`,
        ),
      );
    const totals = () =>
      test.database.withTenant(tenantId, (tx) =>
        queryRows<Sums>(
          tx,
          sql`select warehouse_place_code as place, sum(line_count)::text as n, sum(qty)::numeric(30,4)::text as qty,
                     sum(volume)::numeric(30,4)::text as volume
              from bl_stock_place_total group by 1 having sum(line_count) <> 0 order by 1`,
        ),
      );
    const expected = await ledger();
    expect(expected.find((row) => row.place === 'SP9')?.n).toBe('1');
    expect(await totals()).toEqual(expected);

    // The area report reads the totals (folding the deltas) and agrees with the ledger path
    // (a ledger filter that matches everything makes the report read the ledger).
    type Report = { records: Record<string, string>[]; total: number; totals: Record<string, string> };
    const byArea = '/api/bl-wms/report/stockByWarehouseArea/list';
    const fromTotals = await get<Report>(byArea, { size: '50' });
    const fromLedger = await get<Report>(byArea, { size: '50', customerCode_notequal: 'none' });
    expect(fromTotals.success).toBe(true);
    expect(fromLedger.success).toBe(true);
    expect(fromTotals.data.records).toEqual(fromLedger.data.records);
    expect(fromTotals.data.total).toBe(fromLedger.data.total);
    expect(fromTotals.data.totals).toEqual(fromLedger.data.totals);
    expect(fromTotals.data.records.map((row) => row.warehouseAreaCode)).toEqual(
      expect.arrayContaining(['SA1', 'SA2']),
    );
    const deltas = await test.database.withTenant(tenantId, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from bl_stock_place_total where delta`),
    );
    expect(deltas[0]?.n).toBe(0);
    expect(await totals()).toEqual(expected);
    const area = await get<Report>(byArea, { warehouseAreaCode_equal: 'SA1' });
    const areaLedger = await get<Report>(byArea, {
      warehouseAreaCode_equal: 'SA1',
      customerCode_notequal: 'none',
    });
    expect(area.data.records).toEqual(areaLedger.data.records);
  });
});
