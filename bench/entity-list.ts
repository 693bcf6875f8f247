// Material list, export and import on a seeded million rows: PGlite, and PostgreSQL when
// BENCH_DATABASE_URL is set (a fresh database is created and dropped).
// Run by hand, never in tests:  npx tsx bench/entity-list.ts
//
// Options (env):
//   BENCH_DATABASE_URL      postgres://user@host:port/db  (any existing database; the bench makes its own)
//   BENCH_PGLITE=0          skip PGlite
//   BENCH_TENANTS=20        tenants seeded (000000 and 100000 are the demo tenants, the rest bulk ids)
//   BENCH_ROWS=50000        materials per tenant
//   BENCH_EXPORT_ROWS=100000  materials of tenant 000000, the one exported (0: no export)
//   BENCH_RUNS=50           runs per list case
//   BENCH_IMPORT_ROWS=10000 rows of the timed import (0 skips it)
//   BENCH_EXPLAIN=1         print the query plans of the list cases
//   BENCH_CASES=regex       only the list cases whose names match
//   BENCH_LOAD_SECONDS=5    PostgreSQL only: seconds of each throughput round (0 skips them)
//   BENCH_LOAD_ROUNDS=3     throughput rounds (baseline and application alternate; median kept)
//   BENCH_CONCURRENCY=8     connections of the throughput load
//
// Throughput (target 3 of issue 20): the application's material list, page 1, against a minimal
// Fastify + node-postgres handler in the same process and run, on the same pool size, that opens
// the same per-request transaction (begin, tenant and role set_config, commit) and runs the same
// two statements as the application (the page, and the count capped at `listCountCap` + 1 rows), with no
// token, no permission check and no session check. The load comes from a worker thread.
//
// Figures (2026-11-27 23:51-00:00 and 2026-11-28 00:30-00:37, quiet machine, BENCH_PGLITE=0, no export
// or import, 30 runs, three runs each; the day's machine ran pgbench at about half the tps of
// 2026-11-26). Without a "contains" term (the statements are unchanged by ADR 0019's amendment of
// 2026-11-28): p95 default sort page 1 5.0 / 7.5 / 4.1 → 5.0; code_equal 6.6 / 3.9 / 3.4 → 3.9;
// descs=price 53.4 / 51.9 / 51.9 (no index); throughput, 8 connections, 3 × 5 s per run: baseline
// 489-1,060 req/s, application 442-991 req/s; run medians 0.86 / 0.91 / 0.90, median 0.90 (target
// 0.8: met). Name contains, after the amendment (ordered count, `like`): p95 5.8 / 7.6 / 9.8 → 7.6
// (10.3 before, the same day); by price 29.7 / 29.9 / 28.3.
//
// Figures (2026-11-26 03:57-04:00, quiet machine, load 2.2-2.9; BENCH_PGLITE=0, no export or import,
// 30 runs; three runs, after the guard kept the grants per process (migration 0068) and the page
// travelled with the commit (LastRead, ADR 0019 amendment of 2026-11-26 morning)), p95 ms of each run:
//   default sort page 1 2.2 / 3.7 / 3.1 → 3.1 (target 10: met); name contains 5.6 / 6.1 / 6.7 → 6.1;
//   code_equal page 1 4.1 / 2.8 / 2.7 → 2.8; descs=price page 1 24.8 / 24.8 / 23.4 (no index)
//   throughput, 8 connections, 3 × 5 s per run: baseline 2,039-2,407 req/s, application 1,755-1,957
//   req/s; run medians 0.88 / 0.83 / 0.86, median 0.86 (target 0.8: met). CPU per request, node /
//   PostgreSQL: baseline 0.26-0.29 / 0.33-0.38 ms, application 0.33-0.35 / 0.35-0.42 ms.
//
// Figures (2026-11-26 02:03-02:16, quiet machine, load 2-3.5; BENCH_PGLITE=0, no export or import,
// 30 runs; three runs, after the checks moved into bl_request_check (migration 0067), the count cap
// became 1,000 and the table is vacuumed after seeding), p50 / p95 ms of each run:
//   default sort page 1 2.6 / 5.5, 2.0 / 5.0, 1.9 / 4.0 → p95 median 5.0 (target 10: met)
//   name contains 8.3 / 9.5, 7.1 / 9.1, 5.2 / 7.0 → 9.1 (met); code_equal page 1 4.7 / 4.5 / 3.1 → 4.5
//   descs=price page 1 (a sort on a column without an index) 32.3 / 51.6 → not met, see ADR 0019
//   throughput, 8 connections, 3 × 5 s per run: baseline 1,100-1,450 req/s, application 730-1,070
//   req/s; run medians 0.68 / 0.72 / 0.67, median 0.68 (target 0.8: not met; it was 0.56 with the
//   same cap before the checks became a function, at 340-450 req/s).
//
// Figures (2026-11-25 23:05, quiet machine, BENCH_PGLITE=0, no export or import, 30 runs):
//   default sort page 1 p50 8.8 / p95 13.9 ms; code_equal 2.7 / 7.1; name contains 18.5 / 29.0
//   throughput, 8 connections, 3 × 5 s: baseline 449 / 432 / 441 req/s, application 296 / 318 /
//   308 req/s, ratio 0.66 / 0.74 / 0.70, median 0.70 (target 0.8: not met).
//
// Figures (2026-11-25, one run, PostgreSQL 15, 2 cores at load average 20-30 from other
// helpers' test runs and builds plus this branch's own unit run; BENCH_TENANTS=2
// BENCH_ROWS=1000000 BENCH_EXPORT_ROWS=0 BENCH_IMPORT_ROWS=0 BENCH_RUNS=30):
//   list at 1,000,000 rows (count capped at 10,001)   p50 / p95 ms
//   default sort, page 1                               98 /  207
//   name=螺, page 1                                    236 /  324
//   code_equal=M0012345, page 1                         89 /  206   (a one-row index lookup: CPU starvation)
//   throughput, 8 connections, 3 × 5 s: baseline 42 / 63 / 74 req/s, application 15 / 37 / 32 req/s,
//   ratios 0.36 / 0.59 / 0.43, median 0.43 (the issue measured 0.6 on a quieter machine before
//   these changes; under this load neither figure says much: target 3 is not shown met).
//
// After the count rode along with the page and the guard's transaction served POSTs too
// (2026-11-25 15:30, load average 19-24, BENCH_TENANTS=2 BENCH_ROWS=20000 BENCH_EXPORT_ROWS=0
// BENCH_IMPORT_ROWS=0 BENCH_RUNS=10): throughput 3 × 5 s: baseline 68.8 / 47.4 / 40.4 req/s,
// application 36.8 / 32.2 / 19.8 req/s, ratios 0.53 / 0.68 / 0.49, median 0.53 (a single 8 s
// round under --cpu-prof gave 1.19: the load from other sessions swings more than the code
// does). Target 3 (0.8 ×) not shown met. Profile of the process (whole run, 59 % idle): drizzle
// 5.4 %, socket writes 3.6 %, GC 3.2 %, Fastify 3.2 % (JSON serialisation 0.7 %), pg 1.9 %,
// JWT 1.2 %. List at 20,000 rows: default sort page 1 p50 54 / p95 98 ms (CPU starved).
//
// 2026-11-25 18:43 (load average 20-28, this branch's test suites beside it; same settings,
// whole process under --cpu-prof): throughput 3 × 5 s: baseline 16.6 / 79.6 / 64.8 req/s,
// application 11.2 / 62.0 / 71.2 req/s, ratios 0.67 / 0.78 / 1.10, median 0.78. Profile (whole
// run with seeding): 56 % idle, socket writes 8.4 %, drizzle 5.5 %, Fastify 2.8 %, GC 2.3 %,
// pg 2.2 %: node waits on the database and the machine, so the remaining gap is round trips
// (3 against the baseline's 5, which does no session check), not JavaScript.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listCountCap } from '@bl/contract';
import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openPglite, openPostgres, queryRows } from '../apps/server/src/db/database.ts';
import { nextId } from '../apps/server/src/db/ids.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { tenant } from '../apps/server/src/db/schema/index.ts';
import { seedIfEmpty } from '../apps/server/src/seed/seed.ts';
import { type LoadResult, load } from './load.ts';

const env = (name: string, fallback: number) => {
  const raw = process.env[name];
  return raw === undefined || raw === '' ? fallback : Number(raw);
};
const tenants = env('BENCH_TENANTS', 20);
const rowsPerTenant = env('BENCH_ROWS', 50_000);
const exportRows = env('BENCH_EXPORT_ROWS', 100_000);
const runs = env('BENCH_RUNS', 50);
const importRows = env('BENCH_IMPORT_ROWS', 10_000);
const explain = process.env.BENCH_EXPLAIN === '1';
const caseFilter = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES) : undefined;
const loadSeconds = env('BENCH_LOAD_SECONDS', 5);
const loadRounds = env('BENCH_LOAD_ROUNDS', 3);
const concurrency = env('BENCH_CONCURRENCY', 8);
const listTenant = '100000';
const exportTenant = '000000';

const basic = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

const tenantIds = Array.from({ length: tenants }, (_, i) =>
  i === 0 ? '000000' : i === 1 ? '100000' : String(200000 + i).padStart(6, '0'),
);

const ms = (start: number) => performance.now() - start;
const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** Bulk rows with generate_series: varied codes, names (30% contain 螺), prices and creation times. */
async function seedMaterials(database: Database, tenantId: string, index: number, count: number) {
  const base = 1_000_000_000_000_000n + BigInt(index) * 10_000_000n;
  await database.withTenant(tenantId, (tx) =>
    tx.execute(sql`
      insert into bl_material (id, tenant_id, code, name, spec, type, unit_code, price, shelf_life, gross,
                               batch_flag, create_time, update_time)
      select ${sql.raw(String(base))}::bigint + g, ${tenantId},
             'M' || lpad(g::text, 7, '0'),
             (array['螺丝','螺母','螺栓','垫片','托盘','纸箱','胶带','标签','轴承','弹簧'])[1 + (g * 7) % 10]
               || ' ' || chr(65 + g % 26) || (g % 997)::text,
             'SPEC-' || (g % 50)::text,
             (1 + g % 4)::text,
             'PCS',
             ((g::bigint * 7919) % 1000000) / 100.0,
             g % 720,
             ((g::bigint * 104729) % 100000) / 1000.0,
             (g % 2)::text,
             timestamptz '2026-06-01 00:00:00+00' - make_interval(secs => ((g::bigint * 7727) % 31536000)::int),
             now()
      from generate_series(1, ${count}::int) g`),
  );
}

async function seed(database: Database) {
  await migrate(database);
  await seedIfEmpty(database, { demo: true });
  // The bench signs in as the demo admin: no first-sign-in password change in its way.
  await database.db.execute(sql`delete from auth_password_due`);
  const extra = tenantIds.slice(2).map((tenantId) => ({
    id: nextId(),
    tenantId,
    tenantName: `压测租户 ${tenantId}`,
  }));
  if (extra.length > 0) await database.db.insert(tenant).values(extra).onConflictDoNothing();
  let total = 0;
  for (const [index, tenantId] of tenantIds.entries()) {
    // BENCH_EXPORT_ROWS=0: no export, and the export tenant gets a token thousand rows.
    const count =
      tenantId !== exportTenant
        ? rowsPerTenant
        : exportRows === 0
          ? 1000
          : Math.max(exportRows, rowsPerTenant);
    await seedMaterials(database, tenantId, index, count);
    total += count;
  }
  // A settled table, as autovacuum leaves it: statistics and the visibility map (index-only counts).
  await database.db.execute(sql`vacuum analyze bl_material`);
  return total;
}

async function token(app: FastifyInstance, tenantId: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/bl-auth/token',
    headers: { authorization: basic },
    query: { grantType: 'password', tenantId, account: 'admin', password: md5('admin') },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return (response.json() as { data: { accessToken: string } }).data.accessToken;
}

interface Case {
  name: string;
  query: Record<string, string>;
}

async function listCases(app: FastifyInstance, auth: string): Promise<Case[]> {
  const pagesOf = async (query: Record<string, string>) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/bl-wms/material/list',
      query: { ...query, size: '10' },
      headers: { 'blade-auth': `bearer ${auth}` },
    });
    return (response.json() as { data: { pages: number } }).data.pages;
  };
  const filteredPages = await pagesOf({ name: '螺', descs: 'price' });
  return [
    { name: 'default sort, page 1', query: { current: '1', size: '10' } },
    { name: 'default sort, page 5000', query: { current: '5000', size: '10' } },
    { name: 'name=螺, page 1', query: { name: '螺', current: '1', size: '10' } },
    { name: 'code_equal=M0012345, page 1', query: { code_equal: 'M0012345', current: '1', size: '10' } },
    { name: 'descs=price, page 1', query: { descs: 'price', current: '1', size: '10' } },
    { name: 'descs=price, page 5000', query: { descs: 'price', current: '5000', size: '10' } },
    { name: 'name=螺 descs=price, page 1', query: { name: '螺', descs: 'price', current: '1', size: '10' } },
    {
      name: `name=螺 descs=price, page ${filteredPages} (last)`,
      query: { name: '螺', descs: 'price', current: String(filteredPages), size: '10' },
    },
    {
      name: 'name=螺 descs=price, page 5000 (past the end)',
      query: { name: '螺', descs: 'price', current: '5000', size: '10' },
    },
    { name: 'code_equal=M0012345', query: { code_equal: 'M0012345' } },
  ];
}

async function measureList(app: FastifyInstance, auth: string, item: Case) {
  const call = () =>
    app.inject({
      method: 'GET',
      url: '/api/bl-wms/material/list',
      query: item.query,
      headers: { 'blade-auth': `bearer ${auth}` },
    });
  let total = 0;
  for (let i = 0; i < 3; i++) {
    const response = await call();
    if (response.statusCode !== 200) throw new Error(`${item.name}: ${response.body}`);
    total = (response.json() as { data: { total: number } }).data.total;
  }
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await call();
    times.push(ms(start));
  }
  return { total, p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function plans(database: Database) {
  const cases: [string, string][] = [
    [
      'count, no filter',
      `select count(*) from bl_material where tenant_id = '${listTenant}' and is_deleted = 0`,
    ],
    [
      'page 5000 by price',
      `select * from bl_material where tenant_id = '${listTenant}' and is_deleted = 0 order by price desc, id desc limit 10 offset 49990`,
    ],
    [
      'count, name contains',
      `select count(*) from bl_material where tenant_id = '${listTenant}' and is_deleted = 0 and cast(name as text) ilike '%螺%'`,
    ],
    [
      'page 1 by price, name contains',
      `select * from bl_material where tenant_id = '${listTenant}' and is_deleted = 0 and cast(name as text) ilike '%螺%' order by price desc, id desc limit 10`,
    ],
  ];
  for (const [name, query] of cases) {
    const rows = await database.withTenant(listTenant, (tx) =>
      queryRows<{ 'QUERY PLAN': string }>(tx, sql.raw(`explain (analyze, costs off) ${query}`)),
    );
    console.log(`  plan: ${name}`);
    for (const row of rows) console.log(`    ${row['QUERY PLAN']}`);
  }
}

/** The application's address: it listens once, for the throughput rounds or the export. */
async function originOf(app: FastifyInstance) {
  const bound = app.server.listening ? app.server.address() : null;
  if (bound && typeof bound === 'object') return `http://127.0.0.1:${bound.port}`;
  return app.listen({ port: 0, host: '127.0.0.1' });
}

async function measureExport(app: FastifyInstance, auth: string) {
  const address = await originOf(app);
  global.gc?.();
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 10);
  const start = performance.now();
  const response = await fetch(`${address}/api/bl-wms/material/export?descs=price`, {
    headers: { 'blade-auth': `bearer ${auth}` },
  });
  const firstByte = ms(start);
  // The download goes to a file, so the client holds no more of it than the server does.
  const file = path.join(os.tmpdir(), `bl-bench-export-${process.pid}.xlsx`);
  const sink = fs.createWriteStream(file);
  let bytes = 0;
  let halfway = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    if (!sink.write(chunk)) await new Promise((resolve) => sink.once('drain', resolve));
    if (!halfway && bytes > 1_000_000) halfway = ms(start);
  }
  await new Promise((resolve) => sink.end(resolve));
  const elapsed = ms(start);
  clearInterval(sampler);
  // Checked after the measurement, so parsing does not count towards the peak.
  const book = XLSX.read(fs.readFileSync(file), { type: 'buffer', dense: true });
  fs.rmSync(file, { force: true });
  const sheet = book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet;
  const rows = XLSX.utils.decode_range(sheet['!ref'] as string).e.r;
  return {
    status: response.status,
    firstByte,
    firstMb: halfway,
    elapsed,
    bytes,
    rows,
    baseline,
    peakRss,
    peakHeap,
  };
}

async function measureImport(app: FastifyInstance, auth: string) {
  const unit = await app.inject({
    method: 'POST',
    url: '/api/bl-wms/unit/submit',
    payload: { code: 'PCS', name: '件' },
    headers: { 'blade-auth': `bearer ${auth}` },
  });
  if (unit.statusCode !== 200) throw new Error(unit.body);
  const rows: (string | number)[][] = [['物料编码', '物料名称', '基本单位', '单价', '物料类型']];
  for (let i = 0; i < importRows; i++) rows.push([`IMP-${i}`, `导入 ${i}`, 'PCS', (i % 1000) / 4, '成品']);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  const content = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  const boundary = '----blbench';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="import.xlsx"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const start = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/bl-wms/material/import',
    payload,
    headers: { 'blade-auth': `bearer ${auth}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return { status: response.statusCode, elapsed: ms(start), size: content.length, answer: response.body };
}

/**
 * The baseline of target 3: the least a list handler with a per-request tenant transaction
 * does. Its statements are the application's own for this page (see the file header).
 */
async function baselineServer(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const server = Fastify();
  server.get('/list', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query("select set_config('app.tenant_id', $1, true), set_config('role', 'bl_app', true)", [
        listTenant,
      ]);
      const records = await client.query(
        'select * from bl_material where tenant_id = $1 and is_deleted = 0 order by create_time desc, id desc limit 10 offset 0',
        [listTenant],
      );
      const counted = await client.query<{ n: number }>(
        'select count(*)::int as n from (select 1 from bl_material where tenant_id = $1 and is_deleted = 0 limit $2) t',
        [listTenant, listCountCap + 1],
      );
      await client.query('commit');
      const total = counted.rows[0]?.n ?? 0;
      return {
        code: 200,
        success: true,
        data: { records: records.rows, total, size: 10, current: 1, pages: Math.ceil(total / 10) },
        msg: '操作成功',
      };
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  });
  const origin = await server.listen({ port: 0, host: '127.0.0.1' });
  return {
    origin,
    async close() {
      await server.close();
      await pool.end();
    },
  };
}

const cpu = (result: LoadResult) => `${result.cpu.server.toFixed(3)} / ${result.cpu.database.toFixed(3)}`;

/** Requests per second of the application's list against the baseline, alternating rounds. */
async function measureThroughput(app: FastifyInstance, url: string, auth: string) {
  const appOrigin = await originOf(app);
  const baseline = await baselineServer(url);
  const appPath = '/api/bl-wms/material/list?current=1&size=10';
  const headers = { 'blade-auth': `bearer ${auth}` };
  try {
    // Warm both (JIT, pools, plans) before timing.
    await load({ origin: baseline.origin, path: '/list', concurrency, seconds: 1 });
    await load({ origin: appOrigin, path: appPath, headers, concurrency, seconds: 1 });
    const rounds: { base: number; app: number; appP95: number; baseP95: number; errors: number }[] = [];
    for (let round = 0; round < loadRounds; round++) {
      const base = await load({ origin: baseline.origin, path: '/list', concurrency, seconds: loadSeconds });
      const mine = await load({
        origin: appOrigin,
        path: appPath,
        headers,
        concurrency,
        seconds: loadSeconds,
      });
      rounds.push({
        base: base.perSecond,
        app: mine.perSecond,
        baseP95: base.p95,
        appP95: mine.p95,
        errors: base.errors + mine.errors,
      });
      console.log(
        `  round ${round + 1}: baseline ${fmt(base.perSecond)} req/s (p95 ${fmt(base.p95)} ms), ` +
          `application ${fmt(mine.perSecond)} req/s (p95 ${fmt(mine.p95)} ms), ` +
          `ratio ${(mine.perSecond / base.perSecond).toFixed(2)}${base.errors + mine.errors ? `, ${base.errors + mine.errors} errors` : ''}; ` +
          `CPU ms per request, server / PostgreSQL: baseline ${cpu(base)}, application ${cpu(mine)}`,
      );
    }
    const ratios = rounds.map((r) => r.app / r.base).sort((a, b) => a - b);
    console.log(`  median ratio ${(ratios[Math.floor(ratios.length / 2)] as number).toFixed(2)}`);
  } finally {
    await baseline.close();
  }
}

async function run(
  driver: string,
  open: () => Promise<{ database: Database; url?: string; dispose(): Promise<void> }>,
) {
  console.log(`\n== ${driver} ==`);
  const { database, url, dispose } = await open();
  try {
    let start = performance.now();
    const total = await seed(database);
    const seedTime = ms(start);
    console.log(
      `seeded ${total.toLocaleString()} materials in ${tenants} tenants: ${(seedTime / 1000).toFixed(1)} s`,
    );
    const indexes = await queryRows<{ indexdef: string }>(
      database.db,
      sql`select indexdef from pg_indexes where tablename = 'bl_material' order by indexname`,
    );
    for (const { indexdef } of indexes) console.log(`  index: ${indexdef}`);

    const config = loadConfig({ WEB_DIST: '/nonexistent', LOG_LEVEL: 'warn' });
    const app = await buildApp({ config, database, logger: false });
    try {
      const listAuth = await token(app, listTenant);
      const cases = await listCases(app, listAuth);
      console.log(
        `\nlist as tenant ${listTenant} (${rowsPerTenant.toLocaleString()} rows), ${runs} runs each, ms:`,
      );
      console.log(`  ${'case'.padEnd(48)} ${'total'.padStart(7)} ${'p50'.padStart(7)} ${'p95'.padStart(7)}`);
      for (const item of cases.filter((c) => !caseFilter || caseFilter.test(c.name))) {
        const result = await measureList(app, listAuth, item);
        console.log(
          `  ${item.name.padEnd(48)} ${String(result.total).padStart(7)} ${fmt(result.p50).padStart(7)} ${fmt(result.p95).padStart(7)}`,
        );
      }
      if (explain) await plans(database);
      if (url && loadSeconds > 0) {
        console.log(
          `\nthroughput, material list page 1 as tenant ${listTenant}, ${concurrency} connections, ${loadRounds} × ${loadSeconds} s:`,
        );
        await measureThroughput(app, url, listAuth);
      }

      if (exportRows > 0) {
        const exportAuth = await token(app, exportTenant);
        const exported = await measureExport(app, exportAuth);
        console.log(
          `\nexport as tenant ${exportTenant}, descs=price: HTTP ${exported.status}, ${exported.rows.toLocaleString()} rows, ` +
            `${mb(exported.bytes)}, headers after ${fmt(exported.firstByte)} ms, first MB after ${fmt(exported.firstMb)} ms, ` +
            `done after ${(exported.elapsed / 1000).toFixed(2)} s`,
        );
        console.log(
          `  RSS ${mb(exported.baseline.rss)} before, peak ${mb(exported.peakRss)} (+${mb(exported.peakRss - exported.baseline.rss)}); ` +
            `heap ${mb(exported.baseline.heapUsed)} before, peak ${mb(exported.peakHeap)}`,
        );
      }

      if (importRows > 0) {
        start = performance.now();
        const imported = await measureImport(app, listAuth);
        console.log(
          `\nimport of ${importRows.toLocaleString()} rows (${mb(imported.size)} .xlsx) as tenant ${listTenant}: ` +
            `HTTP ${imported.status}, ${(imported.elapsed / 1000).toFixed(2)} s` +
            (imported.status === 200 ? '' : ` ${imported.answer.slice(0, 300)}`),
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await dispose();
  }
}

async function main() {
  console.log(
    `bench: ${tenants} tenants × ${rowsPerTenant.toLocaleString()} materials (tenant ${exportTenant}: ${(exportRows === 0 ? 1000 : Math.max(exportRows, rowsPerTenant)).toLocaleString()}), node ${process.version}, ${os.cpus().length} CPUs`,
  );
  if (process.env.BENCH_PGLITE !== '0') {
    await run('PGlite', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-bench-'));
      const database = await openPglite(dir);
      return {
        database,
        async dispose() {
          await database.close();
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    });
  }
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    await run('PostgreSQL', async () => {
      const name = `bl_bench_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const own = new URL(url);
      own.pathname = `/${name}`;
      const database = openPostgres(own.toString(), 10);
      return {
        database,
        url: own.toString(),
        async dispose() {
          await database.close();
          const cleanup = new pg.Client({ connectionString: url });
          await cleanup.connect();
          await cleanup.query(`drop database if exists ${name} with (force)`);
          await cleanup.end();
        },
      };
    });
  }
}

await main();
