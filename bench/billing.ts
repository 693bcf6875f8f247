// A month's billing run on PostgreSQL (issue 16, docs/adr/0024-fee-engine.md): owners × lots
// (balances) × days, seeded straight into the ledger, then charged owner by owner as the
// billing job does, then run again (idempotent: nothing written). Run by hand, never in tests:
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/billing.ts
//
// Options (env):
//   BENCH_DATABASE_URL  any existing database of the server; the bench makes (and drops) its own
//   BENCH_OWNERS=100    owners, each with an agreement and a tiered rule
//   BENCH_LOTS=10000    balances (receipt lots) per owner, received over the 60 days before the month
//   BENCH_DAYS=30       days of the run
//
// Figures (2026-11-25, PostgreSQL 15, 2 cores shared with other helpers at load 16-18; scaled
// down to BENCH_LOTS=2000 because the full 10,000 would have taken ~40 minutes here):
//   seed 266,600 stream rows 38.4 s
//   first run 458.8 s: 6,000,000 lot-days (13,079/s), 94,200 cost-detail rows written (205/s)
//   re-run    283.6 s: 0 rows written (idempotent), 21,156 lot-days/s
// With the running balance per lot (same scale, load 20-21, second stop):
//   first run 336.5 s: 6,000,000 lot-days (17,831/s), 94,200 rows (280/s); re-run 156.0 s (38,463/s)
//   BENCH_OWNERS=10: first run 33.8 s → 17.6 s, re-run 26.1 s → 10.1 s, same total to the cent
// Full scale on a quiet machine (2026-11-25 22:20, load 2.1, PostgreSQL 15, 2 cores):
//   100 owners × 10,000 lots × 30 days: seed 1,333,300 stream rows 19.4 s
//   first run 145.6 s: 30,000,000 lot-days (206,008/s), 360,900 cost-detail rows (2,478/s)
//   re-run    133.0 s: 0 rows written (idempotent), 225,517 lot-days/s; same total 93,402,485.00
//   20 owners × 10,000 lots (load 2.2): first run 20.5 s (292,064 lot-days/s), re-run 14.2 s
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres, queryRows } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import type { AuthContext } from '../apps/server/src/http/context.ts';
import { chargeOwner } from '../apps/server/src/modules/billing/engine.ts';
import { seedIfEmpty } from '../apps/server/src/seed/seed.ts';

const env = (name: string, fallback: number) => {
  const raw = process.env[name];
  return raw === undefined || raw === '' ? fallback : Number(raw);
};
const url = process.env.BENCH_DATABASE_URL;
const owners = env('BENCH_OWNERS', 100);
const lots = env('BENCH_LOTS', 10_000);
const days = env('BENCH_DAYS', 30);
const start = '2026-03-01';
const end = new Date(Date.parse(`${start}T00:00:00Z`) + (days - 1) * 86_400_000).toISOString().slice(0, 10);

async function seed(admin: pg.Client) {
  // Owners, agreements and rules of tenant 000000.
  await admin.query(
    `insert into bl_customer (id, tenant_id, code, name, customer_status)
     select 9000000000 + g, '000000', 'BO' || g, 'bench owner ' || g, '1' from generate_series(1, $1) g`,
    [owners],
  );
  await admin.query(
    `insert into bl_lgagreement (id, tenant_id, agreement_code, customer_code, start_date, agreement_status,
       charge_basis, load_price, unload_price)
     select 9100000000 + g, '000000', 'BA' || g, 'BO' || g, '2026-01-01', '2', '1', 0.3, 0.5
     from generate_series(1, $1) g`,
    [owners],
  );
  await admin.query(
    `insert into bl_billingrules (id, tenant_id, code, name, customer_code, storage_time, is_subsect_bill,
       storage_price, storage_increase_price, storage_highest_price)
     select 9200000000 + g, '000000', 'BR' || g, 'bench rule ' || g, 'BO' || g, 7, '1', 0.10, 0.05, 0.30
     from generate_series(1, $1) g`,
    [owners],
  );
  // One receipt per lot over the 60 days before the month; a third of the lots ship half their
  // goods on a day of the month.
  for (let owner = 1; owner <= owners; owner++) {
    await admin.query(
      `insert into bl_stockstream (id, tenant_id, bill_no, bill_type, line_number, customer_code, material_code,
         batch_no, warehouse_place_code, qty, weg, volume, board, instock_date, direction, instock_status,
         stream_status, stream_time)
       select 10000000000 + $1::bigint * 100000 + g, '000000', 'BIN' || $1 || '-' || (g / 100), 'bench', g % 100 + 1,
         'BO' || $1, 'M' || (g % 500), 'L' || g, 'P' || (g % 50), 10 + g % 7, 0.1, 0.02, 1,
         date '2026-03-01' - 60 + (g % 60), '1', '1', '1',
         (date '2026-03-01' - 60 + (g % 60))::timestamp at time zone 'UTC'
       from generate_series(1, $2) g`,
      [owner, lots],
    );
    await admin.query(
      `insert into bl_stockstream (id, tenant_id, bill_no, bill_type, line_number, customer_code, material_code,
         batch_no, warehouse_place_code, qty, weg, volume, board, instock_date, direction, outstock_status,
         stream_status, stream_time)
       select 10000000000 + $1::bigint * 100000 + 50000 + g, '000000', 'BOUT' || $1 || '-' || (g / 100), 'bench',
         g % 100 + 1, 'BO' || $1, 'M' || (g % 500), 'L' || g, 'P' || (g % 50), -((10 + g % 7) / 2), -0.05, -0.01, 0,
         date '2026-03-01' - 60 + (g % 60), '2', '1', '1',
         ($3::date + (g % $4))::timestamp at time zone 'UTC'
       from generate_series(1, $2) g where g % 3 = 0`,
      [owner, lots, start, days],
    );
  }
  await admin.query('analyze bl_stockstream');
}

async function main() {
  if (!url) throw new Error('set BENCH_DATABASE_URL (postgres://user@host:port/db of an existing database)');
  console.log(
    `billing bench: ${owners} owners × ${lots} lots × ${days} days, node ${process.version}, ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const name = `bl_bench_billing_${Date.now().toString(36)}`;
  const root = new pg.Client({ connectionString: url });
  await root.connect();
  await root.query(`create database ${name}`);
  await root.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  const database = openPostgres(own.toString(), 4);
  try {
    await migrate(database);
    await seedIfEmpty(database, { demo: false });
    const admin = new pg.Client({ connectionString: own.toString() });
    admin.on('error', () => undefined);
    await admin.connect();
    let t = performance.now();
    await seed(admin);
    const [{ n: streamRows } = { n: 0 }] = (
      await admin.query<{ n: number }>('select count(*)::int n from bl_stockstream')
    ).rows;
    console.log(`seeded ${streamRows} stream rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const [user] = (
      await admin.query<{ id: string }>(
        "select id::text id from blade_user where tenant_id = '000000' order by id limit 1",
      )
    ).rows;
    await admin.end();
    const auth: AuthContext = {
      tenantId: '000000',
      userId: user?.id ?? '1',
      sessionId: '',
      clientId: 'bench',
      account: 'admin',
      userName: 'admin',
      roleIds: [],
      roleAliases: [],
      allPowerful: true,
      deptId: '',
    };
    for (const label of ['first run', 're-run']) {
      t = performance.now();
      let rows = 0;
      for (let owner = 1; owner <= owners; owner++) {
        const result = await database.withTenant('000000', (tx) =>
          chargeOwner(tx, auth, 'en', `BO${owner}`, start, end),
        );
        rows += result.rows;
      }
      const seconds = (performance.now() - t) / 1000;
      const [lotDays] = await queryRows<{ n: number; amount: string }>(
        database.db,
        sql`select count(*)::int n, coalesce(sum(amount), 0)::text amount from bl_costdetail`,
      );
      console.log(
        `${label}: ${seconds.toFixed(1)} s, ${rows} cost-detail rows written (${(rows / seconds).toFixed(0)}/s), ` +
          `${owners * lots * days} lot-days considered (${((owners * lots * days) / seconds).toFixed(0)}/s); ` +
          `table now ${lotDays?.n} rows, total ${lotDays?.amount}`,
      );
    }
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await database.close();
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    for (let i = 0; i < 100; i++) {
      const left = await cleanup.query('select count(*)::int n from pg_stat_activity where datname = $1', [
        name,
      ]);
      if (left.rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}

await main();
