import { Readable } from 'node:stream';
import type { Language } from '@bl/contract';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterCommit, type Database, queryRows, type Tx } from '../db/database.ts';
import { nextId } from '../db/ids.ts';
import { jobSchema, startupLockKey } from '../db/migrate.ts';
import type { AuthContext } from '../http/context.ts';
import { translate } from '../i18n/messages.ts';
import type { ObjectStore } from '../storage/object-store.ts';

/**
 * A running job's worker touches its row (`update_time`) this often, whatever the handler is
 * doing; a running row untouched for `staleAfterSeconds` has lost its worker (kill -9, a crash,
 * a cut connection). pg-boss only notices that when the job expires (30 minutes), which kept
 * every overlapping billing run of the tenant refused for that long (issue 27, defect 7).
 */
export const heartbeatSeconds = 10;
export const staleAfterSeconds = 45;

/** SQL condition on a `bl_job` row: queued, or running with a worker that is still alive. */
export const liveJob = sql.raw(
  `(status = 'queued' or (status = 'running' and update_time > now() - interval '${staleAfterSeconds} seconds'))`,
);

/**
 * Marks the tenant's running jobs (of `kind`, or of every kind) whose worker is gone as failed,
 * each with a message in its starter's language. Called where a live run would refuse work
 * (a new billing run, a period close) and where a page polls a job, so nobody waits on a dead
 * run. The job's work is left as it is: every job kind is re-runnable (billing writes
 * deterministic rows), so a re-run is exact. If pg-boss later retries the expired job, its
 * handler finds the row failed and does nothing.
 */
export async function failStaleJobs(tx: Tx, tenantId: string, kind?: string): Promise<void> {
  const stale = await queryRows<{ id: string; language: Language }>(
    tx,
    sql`select id::text as id, language from bl_job
        where tenant_id = ${tenantId} and status = 'running' and not ${liveJob}
          ${kind === undefined ? sql`` : sql`and kind = ${kind}`}
        for update skip locked`,
  );
  for (const { id, language } of stale)
    await tx.execute(
      sql`update bl_job set status = 'failed', message = ${translate('job.interrupted', language)},
          update_time = now() where id = ${id} and status = 'running'`,
    );
}

/** A job's row (`bl_job`): what the page that started it polls. */
export interface JobState {
  id: string;
  kind: string;
  target: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
  message: string;
  errors: { row: number; message: string }[];
  result: unknown;
}

/** What a handler is given: the job's row and a way to report how far it has got. */
export interface JobRun {
  id: string;
  tenantId: string;
  target: string;
  auth: AuthContext;
  language: Language;
  input: Buffer | null;
  /** Records progress; cheap to call often (written at most about once a second). */
  progress(done: number, total: number): void;
}

/** A handler's outcome: `done` with a message (and a result), or `failed` with row errors. */
export type JobOutcome =
  | { status: 'done'; message: string; result?: unknown }
  | { status: 'failed'; message: string; errors?: { row: number; message: string }[] };

export type JobHandler = (run: JobRun) => Promise<JobOutcome>;

/** Where a job's input is kept until the job ends (jobs/queue.ts `JobQueueOptions.files`). */
export const jobInputKey = (tenantId: string, id: string) => `job-inputs/${tenantId}/${id}`;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** One queue per kind of user job, plus the scheduled sweeps. */
const userQueue = (kind: string) => `bl-${kind}`;

export interface JobQueue {
  /** Records a job for the signed-in user and queues it: any process may run it, once. */
  enqueue(
    tx: Tx,
    auth: AuthContext,
    kind: string,
    options: { target?: string; input?: Buffer; language: Language },
  ): Promise<string>;
  /** The job's state, for its owner only (row-level security keeps it in the tenant). */
  state(tx: Tx, auth: AuthContext, id: string): Promise<JobState | undefined>;
  /**
   * Queues internal work (`queue` one of the options' `internal`) to run once, by any process,
   * not before `startAfter`; sent once `tx` commits, so a rolled-back request queues nothing.
   */
  later(tx: Tx, queue: string, data: Record<string, string>, startAfter: Date): void;
  /** Stops taking jobs and waits for those under way. */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  /** Whether this process runs jobs (every process may queue them). */
  work: boolean;
  handlers: Record<string, JobHandler>;
  /** Scheduled sweeps: queue name → cron and work; each runs once per slot across processes. */
  schedules: Record<string, { cron: string; run: () => Promise<void> }>;
  /** Internal queues (timers of workflow instances...): queue name → work on the job's data. */
  internal?: Record<string, (data: Record<string, string>) => Promise<void>>;
  log: { error(details: object, message: string): void; warn(details: object, message: string): void };
  /**
   * Where a job's input (an uploaded spreadsheet, an export's filters) waits for its worker:
   * the server's own store (shared by every process, like exports). Not the job's row: PGlite
   * writes and reads a large bytea on the event loop (a 4.5 MB upload held it for 3 s).
   */
  files: ObjectStore;
  /** How often a running job's row is touched; `heartbeatSeconds` unless a test needs it sooner. */
  heartbeatMs?: number;
}

/**
 * pg-boss on the application's own database: PostgreSQL, or PGlite through its `db` adapter.
 * A job is fetched with SKIP LOCKED, so one process runs it; a process that dies mid-job leaves
 * it to expire and be retried by another (its state row is reset to queued on the retry);
 * jobs queued before a restart are still there after it.
 */
export async function startJobQueue(database: Database, options: JobQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: jobSchema,
    // Each process watches for expired jobs and keeps the schedules; pg-boss lets one do it at a time.
    supervise: options.work,
    schedule: options.work,
    migrate: false,
  });
  boss.on('error', (error) => options.log.warn({ err: error }, 'job queue error'));
  await boss.start();

  const internal = options.internal ?? {};
  const queues = [
    ...Object.keys(options.handlers).map(userQueue),
    ...Object.keys(options.schedules),
    ...Object.keys(internal),
  ];
  const missing = async () => {
    const absent: string[] = [];
    for (const name of queues) if (!(await boss.getQueue(name))) absent.push(name);
    return absent;
  };
  if ((await missing()).length > 0) {
    // Under the startup lock, one process at a time: two creating queues together attach
    // partitions to pg-boss's job table at once, and the loser's rollback (once swallowed here)
    // left it scheduling on a queue that did not exist yet (scale-out test, CI of stop 25).
    await database.exclusively(startupLockKey, async () => {
      for (const name of await missing()) await boss.createQueue(name);
    });
  }

  const setState = (tenantId: string, id: string, fields: ReturnType<typeof sql>) =>
    database.withTenant(tenantId, (tx) =>
      tx.execute(sql`update bl_job set ${fields}, update_time = now() where id = ${id}`),
    );

  if (options.work) {
    for (const [kind, handler] of Object.entries(options.handlers)) {
      await boss.work<{ id: string; tenantId: string }>(
        userQueue(kind),
        { pollingIntervalSeconds: 1 },
        async ([job]) => {
          if (!job) return;
          const { id, tenantId } = job.data;
          const [row] = await database.withTenant(tenantId, (tx) =>
            queryRows<{
              target: string;
              auth: AuthContext;
              language: Language;
              input: Buffer | Uint8Array | null;
              status: string;
            }>(tx, sql`select target, auth, language, input, status from bl_job where id = ${id}`),
          );
          if (!row || row.status === 'done' || row.status === 'failed') return;
          // Rows queued before inputs moved to the store still carry theirs.
          const stored = row.input ? undefined : await options.files.get(jobInputKey(tenantId, id));
          const input = row.input ? Buffer.from(row.input) : stored ? await readAll(stored.stream) : null;
          await setState(tenantId, id, sql`status = 'running', done = 0`);
          // Not awaited, and at most one in flight: on PGlite the handler's own transaction may
          // hold the one connection, and the beat then lands when it is free (before any other
          // request's read of the row, which queues behind it).
          let beating = false;
          const heartbeat = setInterval(
            () => {
              if (beating) return;
              beating = true;
              database
                .withTenant(tenantId, (tx) =>
                  tx.execute(
                    sql`update bl_job set update_time = now() where id = ${id} and status = 'running'`,
                  ),
                )
                .then(
                  () => undefined,
                  () => undefined,
                )
                .finally(() => {
                  beating = false;
                });
            },
            options.heartbeatMs ?? heartbeatSeconds * 1000,
          );
          heartbeat.unref();
          let lastWrite = 0;
          const outcome = await handler({
            id,
            tenantId,
            target: row.target,
            auth: row.auth,
            language: row.language,
            input,
            progress(done, total) {
              const now = Date.now();
              if (now - lastWrite < 1000 && done < total) return;
              lastWrite = now;
              // Not awaited: the handler's own transaction may be holding the (PGlite) connection.
              void database
                .withTenant(tenantId, (tx) =>
                  // Only while running: a write that lands after the job's end must not undo it.
                  tx.execute(
                    sql`update bl_job set done = ${done}, total = ${total}, update_time = now()
                        where id = ${id} and status = 'running'`,
                  ),
                )
                .then(undefined, () => undefined);
            },
          })
            .catch((error: unknown): JobOutcome => {
              options.log.error({ err: error, jobId: id }, 'job failed');
              return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
            })
            .finally(() => clearInterval(heartbeat));
          const errors = outcome.status === 'failed' ? (outcome.errors ?? []) : [];
          const result = outcome.status === 'done' ? (outcome.result ?? null) : null;
          await setState(
            tenantId,
            id,
            sql`status = ${outcome.status}, message = ${outcome.message},
                errors = ${JSON.stringify(errors)}::jsonb, result = ${JSON.stringify(result)}::jsonb,
                done = case when ${outcome.status} = 'done' then total else done end, input = null`,
          );
          if (stored)
            await options.files
              .remove(jobInputKey(tenantId, id))
              .catch((error: unknown) =>
                options.log.warn({ err: error, jobId: id }, 'job input not removed'),
              );
        },
      );
    }
    for (const [name, run] of Object.entries(internal)) {
      await boss.work<Record<string, string>>(name, { pollingIntervalSeconds: 1 }, async ([job]) => {
        if (job) await run(job.data);
      });
    }
    for (const [name, schedule] of Object.entries(options.schedules)) {
      await boss.schedule(name, schedule.cron, {}, { singletonKey: name });
      await boss.work(name, { pollingIntervalSeconds: 5 }, async () => {
        await schedule.run();
      });
    }
  }

  return {
    async enqueue(tx, auth, kind, { target = '', input, language }) {
      if (!options.handlers[kind]) throw new Error(`no job handler for ${kind}`);
      const id = nextId();
      await tx.execute(
        sql`insert into bl_job (id, tenant_id, kind, target, language, auth, create_user)
            values (${id}, ${auth.tenantId}, ${kind}, ${target}, ${language}, ${JSON.stringify(auth)}::jsonb,
                    ${auth.userId})`,
      );
      // Stored and queued once the row has committed: a worker polling meanwhile must find both,
      // and a request that fails leaves neither row, nor file, nor queued job.
      afterCommit(tx, async () => {
        try {
          if (input) await options.files.put(jobInputKey(auth.tenantId, id), Readable.from([input]));
          await boss.send(
            userQueue(kind),
            { id, tenantId: auth.tenantId },
            { retryLimit: 1, expireInMinutes: 30 },
          );
        } catch (error) {
          options.log.error({ err: error, jobId: id }, 'job recorded but not queued');
          // Nobody will run it: its page is told rather than left waiting.
          await setState(
            auth.tenantId,
            id,
            sql`status = 'failed', message = ${translate('error.unknown', language)}`,
          ).catch(() => undefined);
        }
      });
      return id;
    },
    later(tx, queue, data, startAfter) {
      if (!internal[queue]) throw new Error(`no internal queue ${queue}`);
      afterCommit(tx, async () => {
        try {
          await boss.send(queue, data, { startAfter, retryLimit: 3, retryDelay: 5, expireInMinutes: 10 });
        } catch (error) {
          options.log.error({ err: error, queue }, 'internal job not queued');
        }
      });
    },
    async state(tx, auth, id) {
      await failStaleJobs(tx, auth.tenantId);
      const [row] = await queryRows<JobState>(
        tx,
        sql`select id::text as id, kind, target, status, done, total, message, errors, result from bl_job
            where id = ${id} and create_user = ${auth.userId}`,
      );
      return row;
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 20_000 });
    },
  };
}
