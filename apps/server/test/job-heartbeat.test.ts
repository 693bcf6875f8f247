import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.ts';
import type { AuthContext } from '../src/http/context.ts';
import { type JobQueue, staleAfterSeconds, startJobQueue } from '../src/jobs/queue.ts';
import { LocalDiskStore } from '../src/storage/object-store.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

/**
 * Issue 27, defect 7: a job whose worker is gone (kill -9) must not read as running for the
 * half hour until pg-boss expires it. A live worker beats on its row; a row without beats for
 * `staleAfterSeconds` is failed as interrupted when anyone looks.
 */
describe.each(testDrivers())('job heartbeat on %s', (driver) => {
  let test: TestDatabase;
  let jobs: JobQueue;
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'bl-heartbeat-'));
  let release: () => void = () => undefined;
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const auth = {
    tenantId: '000000',
    userId: '1123598821738675201',
    roleIds: [],
    roleAliases: [],
  } as unknown as AuthContext;

  beforeAll(async () => {
    test = await createTestDatabase(driver);
    jobs = await startJobQueue(test.database, {
      work: true,
      files: new LocalDiskStore(files),
      heartbeatMs: 50,
      handlers: {
        slow: async () => {
          const done = new Promise<void>((resolve) => {
            release = resolve;
          });
          markStarted();
          await done;
          return { status: 'done', message: 'ok' };
        },
      },
      schedules: {},
      log: { error: () => undefined, warn: () => undefined },
    });
  });
  afterAll(async () => {
    release();
    await jobs?.stop();
    await test?.dispose();
    fs.rmSync(files, { recursive: true, force: true });
  });

  const row = async (id: string) => {
    // A pause between polls: PGlite answers through microtasks alone, and a loop of reads
    // without one would starve the timers (the heartbeat among them).
    await setTimeout(10);
    const [found] = await test.database.withTenant('000000', (tx) =>
      queryRows<{ status: string; message: string; beat: string }>(
        tx,
        sql`select status, message, to_char(update_time, 'YYYY-MM-DD HH24:MI:SS.US') as beat
            from bl_job where id = ${id}`,
      ),
    );
    if (!found) throw new Error(`no job ${id}`);
    return found;
  };

  it('a running job keeps its row fresh while its handler works, and ends done', async () => {
    const id = await test.database.withTenant('000000', (tx) =>
      jobs.enqueue(tx, auth, 'slow', { language: 'en' }),
    );
    await started;
    // The handler is waiting: only the heartbeat can move the row's time on.
    let first = await row(id);
    while (first.status !== 'running') first = await row(id);
    let later = await row(id);
    while (later.beat === first.beat) later = await row(id);
    expect(later.status).toBe('running');
    expect(later.beat > first.beat).toBe(true);
    // Someone polling it meanwhile sees it running: it is alive.
    const polled = await test.database.withTenant('000000', (tx) => jobs.state(tx, auth, id));
    expect(polled?.status).toBe('running');
    release();
    let end = await row(id);
    while (end.status === 'running') end = await row(id);
    expect(end.status).toBe('done');
  });

  it('a running row whose worker stopped beating reads as interrupted, in its language', async () => {
    const insert = (id: number, language: string, seconds: number) =>
      test.database.withTenant('000000', (tx) =>
        tx.execute(
          sql`insert into bl_job (id, tenant_id, kind, target, status, language, auth, create_user, update_time)
              values (${id}, '000000', 'slow', '', 'running', ${language}, '{}'::jsonb, ${auth.userId},
                      now() - make_interval(secs => ${seconds}))`,
        ),
      );
    await insert(11, 'en', staleAfterSeconds + 1);
    await insert(12, 'mo', staleAfterSeconds + 60);
    await insert(13, 'en', staleAfterSeconds - 15);
    const state = (id: string) => test.database.withTenant('000000', (tx) => jobs.state(tx, auth, id));
    expect(await state('11')).toMatchObject({
      status: 'failed',
      message: 'This job was interrupted (the server process running it stopped); it can be run again',
    });
    expect(await state('12')).toMatchObject({
      status: 'failed',
      message: '該任務已中斷（處理它的服務行程已停止），可以重新執行',
    });
    // Within the limit it is still taken for alive.
    expect(await state('13')).toMatchObject({ status: 'running' });
  });
});
