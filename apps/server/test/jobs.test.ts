import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import { everyMinutesCron } from '../src/jobs/cron.ts';
import { removeOldExports } from '../src/jobs/routes.ts';
import { LocalDiskStore } from '../src/storage/object-store.ts';
import { body, multipart, testApp, tokensOf } from './support/app.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

type Cell = string | number | null;
function writeBook(rows: Cell[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

interface Job {
  id: string;
  status: string;
  done: number;
  total: number;
  message: string;
  errors: { row: number; message: string }[];
  result: { imported: number } | null;
}

/** Issue 20, target 6: imports run as pg-boss jobs, once, by any process, with their progress. */
describe.each(testDrivers())('import jobs on %s', (driver) => {
  let test: TestDatabase;
  let token: string;
  const apps: FastifyInstance[] = [];
  /** An app that queues jobs but runs none (JOB_WORKERS=0), or one that runs them. */
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-jobs-'));
  const start = async (workers: boolean) => {
    const app = await testApp(test.database, { JOB_WORKERS: workers ? '1' : '0', FILES_DIR: files });
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    test = await createTestDatabase(driver);
    const first = await start(false);
    token = (await tokensOf(first)).accessToken;
    const unit = await first.inject({
      method: 'POST',
      url: '/api/bl-wms/unit/submit',
      payload: { code: 'PCS', name: '件' },
      headers: { 'blade-auth': `bearer ${token}` },
    });
    expect(unit.statusCode, unit.body).toBe(200);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await test.dispose();
    fs.rmSync(files, { recursive: true, force: true });
  });

  const headers = (language = 'en') => ({ 'blade-auth': `bearer ${token}`, 'blade-language': language });
  const queueImport = async (app: FastifyInstance, content: Buffer, language = 'en') => {
    const form = multipart('materials.xlsx', content);
    const answer = await app.inject({
      method: 'POST',
      url: '/api/bl-wms/material/import',
      query: { mode: 'job' },
      payload: form.payload,
      headers: { ...headers(language), 'content-type': form.contentType },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return body<{ jobId: string }>(answer).data.jobId;
  };
  const detail = async (app: FastifyInstance, id: string) => {
    const answer = await app.inject({
      method: 'GET',
      url: '/api/bl-jobs/job/detail',
      query: { id },
      headers: headers(),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return body<Job>(answer).data;
  };
  const finished = async (app: FastifyInstance, id: string) => {
    for (let i = 0; i < 100; i += 1) {
      const job = await detail(app, id);
      if (job.status === 'done' || job.status === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`job ${id} did not finish`);
  };
  const materialCodes = async (prefix: string) =>
    (
      (await test.database.db.execute(
        sql`select code from bl_material where tenant_id = '000000' and is_deleted = 0 and code like ${`${prefix}%`}`,
      )) as unknown as { rows: unknown[] }
    ).rows.length;

  it('queues an import on a process that runs no jobs; a process started later runs it, once', async () => {
    const queuing = apps[0] as FastifyInstance;
    const id = await queueImport(
      queuing,
      writeBook([
        ['物料编码', '物料名称', '基本单位'],
        ['JOB-1', 'one', 'PCS'],
        ['JOB-2', 'two', 'PCS'],
        ['JOB-3', 'three', 'PCS'],
      ]),
    );
    expect((await detail(queuing, id)).status).toBe('queued');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await detail(queuing, id)).status).toBe('queued');
    // The upload waits in the shared file store, not in the job's row: PGlite writes and reads a
    // large bytea on the event loop (issue 27, defect 1).
    const inputFile = path.join(files, 'job-inputs', '000000', id);
    const [row] = await queryRows<{ noBytes: boolean }>(
      test.database.db,
      sql`select input is null as "noBytes" from bl_job where id = ${id}`,
    );
    expect(row?.noBytes).toBe(true);
    expect(fs.existsSync(inputFile)).toBe(true);
    // Two workers: the job is still imported once (a second run would clash on the codes).
    await start(true);
    await start(true);
    const job = await finished(queuing, id);
    expect(job).toMatchObject({ status: 'done', done: 3, total: 3, message: 'Imported 3 records' });
    expect(job.result).toEqual({ imported: 3 });
    expect(await materialCodes('JOB-')).toBe(3);
    // Removed once the job's end is written.
    await expect.poll(() => fs.existsSync(inputFile), { timeout: 10_000 }).toBe(false);
  });

  it('answers the failing rows as the job result, in the language of the user, and imports nothing', async () => {
    const id = await queueImport(
      apps[0] as FastifyInstance,
      writeBook([
        ['物料编码', '物料名称', '基本单位'],
        ['BAD-1', 'fine', 'PCS'],
        ['BAD-2', 'bad unit', 'NOPE'],
      ]),
      'zh',
    );
    const job = await finished(apps[0] as FastifyInstance, id);
    expect(job.status).toBe('failed');
    expect(job.message).toBe('导入失败：1 行有错误');
    expect(job.errors).toHaveLength(1);
    expect(job.errors[0]?.row).toBe(3);
    expect(await materialCodes('BAD-')).toBe(0);
  });

  it('shows a job to the user who started it only', async () => {
    const other = await tokensOf(apps[0] as FastifyInstance, '100000');
    const id = await queueImport(apps[0] as FastifyInstance, writeBook([['物料编码'], ['X-1']]));
    const answer = await (apps[0] as FastifyInstance).inject({
      method: 'GET',
      url: '/api/bl-jobs/job/detail',
      query: { id },
      headers: { 'blade-auth': `bearer ${other.accessToken}`, 'blade-language': 'en' },
    });
    expect(answer.statusCode).toBe(404);
  });

  it('exports a list as a job: rows written as progress, the file for its owner, as the direct export has it', async () => {
    const app = apps[0] as FastifyInstance;
    const query = { code: 'JOB-', descs: 'code' };
    const queued = await app.inject({
      method: 'GET',
      url: '/api/bl-wms/material/export',
      query: { ...query, mode: 'job' },
      headers: headers('zh'),
    });
    expect(queued.statusCode, queued.body).toBe(200);
    const id = body<{ jobId: string }>(queued).data.jobId;
    const job = await finished(app, id);
    expect(job).toMatchObject({ status: 'done', done: 3, total: 3, message: '导出完成：共 3 条' });

    const download = (token: string) =>
      app.inject({
        method: 'GET',
        url: '/api/bl-jobs/job/download',
        query: { id },
        headers: { 'blade-auth': `bearer ${token}`, 'blade-language': 'en' },
      });
    const file = await download((await tokensOf(app)).accessToken);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('.xlsx');
    const read = (content: Buffer) => {
      const book = XLSX.read(content, { type: 'buffer' });
      return XLSX.utils.sheet_to_json<Cell[]>(book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet, {
        header: 1,
      });
    };
    const direct = await app.inject({
      method: 'GET',
      url: '/api/bl-wms/material/export',
      query,
      headers: headers('zh'),
    });
    expect(read(file.rawPayload)).toEqual(read(direct.rawPayload));
    const [header = [], ...rows] = read(file.rawPayload);
    const code = header.indexOf('物料编码');
    expect(rows.map((row) => row[code])).toEqual(['JOB-3', 'JOB-2', 'JOB-1']);
    // Each export is in the operation log once: the job's and the direct one (whose transaction
    // commits just after its last byte is sent).
    const logged = async () =>
      (
        (await test.database.db.execute(
          sql`select count(*)::int as n from bl_auditlog
              where tenant_id = '000000' and action = 'export' and entity_name = 'material'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]?.n;
    for (let i = 0; i < 50 && (await logged()) !== 2; i += 1) await new Promise((r) => setTimeout(r, 100));
    expect(await logged()).toBe(2);

    // Another tenant's user cannot take it; nor can anyone before it is done.
    const other = await tokensOf(app, '100000');
    expect((await download(other.accessToken)).statusCode).toBe(404);

    // Files of exports that ended a day ago are removed; the job's row stays without one.
    await test.database.db.execute(
      sql`update bl_job set update_time = now() - interval '25 hours' where id = ${id}`,
    );
    expect(await removeOldExports(test.database, new LocalDiskStore(files))).toBe(1);
    const gone = await download((await tokensOf(app)).accessToken);
    expect(gone.statusCode).toBe(400);
    expect(body(gone).msg).toBe('This job has no file to download yet');
  });

  it('refuses an export job as the direct export is refused, and queues nothing', async () => {
    const answer = await (apps[0] as FastifyInstance).inject({
      method: 'GET',
      url: '/api/bl-wms/material/export',
      query: { mode: 'job', createTime: 'not-a-date' },
      headers: headers(),
    });
    expect(answer.statusCode).toBe(400);
    const exports = (await test.database.db.execute(
      sql`select count(*)::int as n from bl_job where kind = 'export'`,
    )) as unknown as { rows: { n: number }[] };
    // Only the job of the test before.
    expect(exports.rows[0]?.n).toBe(1);
  });

  it('keeps small imports answered in the request', async () => {
    const form = multipart(
      'm.xlsx',
      writeBook([
        ['物料编码', '物料名称', '基本单位'],
        ['SYNC-1', 's', 'PCS'],
      ]),
    );
    const answer = await (apps[0] as FastifyInstance).inject({
      method: 'POST',
      url: '/api/bl-wms/material/import',
      payload: form.payload,
      headers: { ...headers(), 'content-type': form.contentType },
    });
    expect(body<{ imported: number }>(answer).data).toEqual({ imported: 1 });
  });
});

describe('the status sweep schedule', () => {
  it('turns the interval into a cron line', () => {
    expect(everyMinutesCron(0)).toBeUndefined();
    expect(everyMinutesCron(15)).toBe('*/15 * * * *');
    expect(everyMinutesCron(60)).toBe('0 */1 * * *');
    expect(everyMinutesCron(180)).toBe('0 */3 * * *');
    expect(everyMinutesCron(24 * 60)).toBe('0 0 * * *');
  });
});
