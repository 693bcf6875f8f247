import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { runMonthlySnapshots } from '../src/modules/wms/snapshots.ts';
import { body, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';
import { createRole, createUserAndSignIn } from './support/users.ts';

interface Job {
  id: string;
  status: string;
  done: number;
  total: number;
  message: string;
  result: { period: string; owners: number; rows: number } | null;
}
interface MenuNode {
  code: string;
  children: MenuNode[];
}
interface SnapshotRow {
  customerCode: string;
  materialCode: string;
  warehousePlaceCode: string;
  qty: string;
  weg: string;
}

/**
 * Issue 20 target 6: a month's closing stock per key, written by a pg-boss job (once, by any
 * process, with its progress) and by the monthly schedule.
 */
describe.each(testDrivers())('stock snapshots on %s', (driver) => {
  let test: TestDatabase;
  let token: string;
  const apps: FastifyInstance[] = [];

  /** A balance and the stream rows that made it (balance = sum(stream)), rows dated as given. */
  const stock = async (id: number, owner: string, material: string, moves: [string, number][]) => {
    const qty = moves.reduce((sum, [, q]) => sum + q, 0);
    await test.database.db.execute(
      sql`insert into bl_stock (id, tenant_id, customer_code, material_code, warehouse_place_code, stock_status, qty, weg)
          values (${id}, '000000', ${owner}, ${material}, 'SP1', '1', ${qty}, ${qty * 2})`,
    );
    for (const [index, [time, q]] of moves.entries())
      await test.database.db.execute(
        sql`insert into bl_stockstream (id, tenant_id, bill_no, bill_type, line_number, customer_code, material_code,
                                        warehouse_place_code, stock_status, qty, weg, direction, stream_time)
            values (${id * 10 + index}, '000000', ${`SNAP-${id}`}, 'isinstockbill', ${index + 1}, ${owner}, ${material},
                    'SP1', '1', ${q}, ${q * 2}, ${q > 0 ? '1' : '2'}, ${time}::timestamptz)`,
      );
  };

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    // One process queues and runs jobs; a second only queues (JOB_WORKERS=0).
    apps.push(await testApp(test.database, { JOB_WORKERS: '1' }));
    apps.push(await testApp(test.database, { JOB_WORKERS: '0' }));
    token = (await tokensOf(apps[0] as FastifyInstance)).accessToken;
    // SNAP1 M1: 10 in September, 5 more in October; M2 arrives in October only.
    await stock(9_100_001, 'SNAP1', 'M1', [
      ['2026-09-15T10:00:00Z', 10],
      ['2026-10-02T10:00:00Z', 5],
    ]);
    await stock(9_100_002, 'SNAP1', 'M2', [['2026-10-05T10:00:00Z', 3]]);
    // SNAP2 M1: in and out again before September ended; M3: the last second of September counts,
    // the first of October does not.
    await stock(9_100_003, 'SNAP2', 'M1', [
      ['2026-08-01T10:00:00Z', 7],
      ['2026-09-20T10:00:00Z', -7],
    ]);
    await stock(9_100_004, 'SNAP2', 'M3', [
      ['2026-09-30T23:59:59Z', 4],
      ['2026-10-01T00:00:00Z', 1],
    ]);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await test.dispose();
  });

  const headers = (language = 'en', as = token) => ({
    'blade-auth': `bearer ${as}`,
    'blade-language': language,
  });
  const start = async (app: FastifyInstance, period: string, language = 'en', as = token) =>
    app.inject({
      method: 'POST',
      url: '/api/bl-wms/stocksnapshot/run',
      payload: { period },
      headers: headers(language, as),
    });
  const finished = async (id: string, as = token) => {
    for (let i = 0; i < 150; i += 1) {
      const answer = await (apps[0] as FastifyInstance).inject({
        method: 'GET',
        url: '/api/bl-jobs/job/detail',
        query: { id },
        headers: headers('en', as),
      });
      const job = body<Job>(answer).data;
      if (job.status === 'done' || job.status === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`job ${id} did not finish`);
  };
  const list = async (query: Record<string, string>) => {
    const answer = await (apps[0] as FastifyInstance).inject({
      method: 'GET',
      url: '/api/bl-wms/stocksnapshot/list',
      query,
      headers: headers(),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return body<{ records: SnapshotRow[]; total: number; takenAt: string | null }>(answer).data;
  };
  const ours = (rows: SnapshotRow[]) =>
    rows
      .filter((r) => r.customerCode.startsWith('SNAP'))
      .map((r) => [r.customerCode, r.materialCode, Number(r.qty), Number(r.weg)]);

  it("writes a month's closing stock per key as a job, reporting owner by owner, and the same rows again on a rerun", async () => {
    for (let round = 0; round < 2; round += 1) {
      const answer = await start(apps[1] as FastifyInstance, '2026-09');
      expect(answer.statusCode, answer.body).toBe(200);
      const job = await finished(body<{ jobId: string }>(answer).data.jobId);
      expect(job.status, job.message).toBe('done');
      expect(job.total).toBeGreaterThanOrEqual(2);
      expect(job.done).toBe(job.total);
      expect(job.result?.period).toBe('2026-09-30');
      expect(job.message).toMatch(/^Closing stock of 2026-09 snapshotted/);
      const page = await list({ period: '2026-09', size: '500' });
      expect(page.takenAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(ours(page.records)).toEqual([
        ['SNAP1', 'M1', 10, 20],
        ['SNAP2', 'M3', 4, 8],
      ]);
    }
    const one = await list({ period: '2026-09', customerCode: 'SNAP2' });
    expect(one.total).toBe(1);
    expect(ours(one.records)).toEqual([['SNAP2', 'M3', 4, 8]]);
    expect(await list({ period: '2026-08', customerCode: 'SNAP2' })).toMatchObject({
      total: 0,
      takenAt: null,
    });
  });

  it("exports a month's snapshot to .xlsx in the reader's language, narrowed as the list", async () => {
    const response: LightMyRequestResponse = await (apps[0] as FastifyInstance).inject({
      method: 'GET',
      url: '/api/bl-wms/stocksnapshot/export',
      query: { period: '2026-09', customerCode: 'SNAP2' },
      headers: headers('zh'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      decodeURIComponent(String(response.headers['content-disposition']).split("UTF-8''")[1] ?? ''),
    ).toMatch(/^月末库存快照-\d{14}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    (book.worksheets[0] as ExcelJS.Worksheet).eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const header = rows[0] as string[];
    expect(header.slice(0, 3)).toEqual(['货主', '物料', '批次号']);
    expect(rows).toHaveLength(2);
    const [row] = rows.slice(1) as unknown[][];
    expect([row?.[0], row?.[1], row?.[header.indexOf('数量')], row?.[header.indexOf('库存状态')]]).toEqual([
      'SNAP2',
      'M3',
      4,
      '可用',
    ]);
  });

  it('refuses a month that has not ended and a month whose snapshot is under way, in the user language', async () => {
    const now = new Date().toISOString().slice(0, 7);
    const current = await start(apps[0] as FastifyInstance, now, 'zh');
    expect(current.statusCode).toBe(400);
    expect(body(current).msg).toBe(`${now} 尚未结束，不能生成月末库存快照`);
    // A job queued while the worker is busy elsewhere: the lock and check see it queued.
    await test.database.db.execute(
      sql`insert into bl_job (id, tenant_id, kind, target, language, auth, status, create_user)
          values (9100999, '000000', 'stockSnapshot', '2026-07-31', 'en', '{}'::jsonb, 'queued', 1)`,
    );
    const busy = await start(apps[1] as FastifyInstance, '2026-07', 'mo');
    expect(busy.statusCode).toBe(400);
    expect(body(busy).msg).toBe('2026-07 的庫存快照正在生成，請等它完成');
    expect((await start(apps[1] as FastifyInstance, '2026-13')).statusCode).toBe(400);
  });

  it('the monthly schedule snapshots last month for every tenant', async () => {
    await runMonthlySnapshots(test.database, new Date('2026-11-01T00:40:00Z'), (error) => {
      throw error;
    });
    const october = await list({ period: '2026-10', size: '500' });
    expect(ours(october.records)).toEqual([
      ['SNAP1', 'M1', 15, 30],
      ['SNAP1', 'M2', 3, 6],
      ['SNAP2', 'M3', 5, 10],
    ]);
  });

  it("shows the screen and answers its routes only to roles granted the screen's buttons", async () => {
    const app = apps[0] as FastifyInstance;
    const codesOf = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.code, ...codesOf(n.children)]);
    const menuOf = async (as: string) =>
      codesOf(
        body<MenuNode[]>(
          await app.inject({ method: 'GET', url: '/api/bl-system/menu/routes', headers: headers('en', as) }),
        ).data,
      );
    const listAs = (as: string) =>
      app.inject({
        method: 'GET',
        url: '/api/bl-wms/stocksnapshot/list',
        query: { period: '2026-09' },
        headers: headers('en', as),
      });
    // Reading stock is not enough: the screen has buttons of its own.
    const stockReader = await createUserAndSignIn(app, test.database, {
      account: 'snapshot-none',
      roleId: await createRole(test.database, {
        roleAlias: 'snapshot-none',
        buttons: ['stock', 'stock_view'],
      }),
    });
    expect(await menuOf(stockReader)).not.toContain('stockSnapshot');
    expect((await listAs(stockReader)).statusCode).toBe(403);
    expect((await start(app, '2026-08', 'en', stockReader)).statusCode).toBe(403);
    // Granted the screen and `view`: it shows and lists, but taking a snapshot is refused.
    const viewer = await createUserAndSignIn(app, test.database, {
      account: 'snapshot-view',
      roleId: await createRole(test.database, {
        roleAlias: 'snapshot-view',
        buttons: ['stockSnapshot', 'stockSnapshot_view'],
      }),
    });
    expect(await menuOf(viewer)).toContain('stockSnapshot');
    expect((await listAs(viewer)).statusCode).toBe(200);
    const exported = await app.inject({
      method: 'GET',
      url: '/api/bl-wms/stocksnapshot/export',
      query: { period: '2026-09' },
      headers: headers('en', viewer),
    });
    expect(exported.statusCode).toBe(403);
    const refused = await start(app, '2026-08', 'en', viewer);
    expect(refused.statusCode).toBe(403);
    const jobs = sql`select 1 from bl_job where kind = 'stockSnapshot' and target = '2026-08-31'`;
    expect(await queryRows(test.database.db, jobs)).toEqual([]);
    // And `take`: the snapshot starts.
    const taker = await createUserAndSignIn(app, test.database, {
      account: 'snapshot-take',
      roleId: await createRole(test.database, {
        roleAlias: 'snapshot-take',
        buttons: ['stockSnapshot', 'stockSnapshot_view', 'stockSnapshot_take'],
      }),
    });
    const taken = await start(app, '2026-08', 'en', taker);
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await finished(body<{ jobId: string }>(taken).data.jobId, taker)).status).toBe('done');
  });
});
