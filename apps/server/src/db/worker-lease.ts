import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from './database.ts';
import { useWorkerId } from './ids.ts';

export interface WorkerLease {
  workerId: number;
  /** Stops renewing and frees the id for the next process. */
  release(): Promise<void>;
}

export interface LeaseOptions {
  /** How long a lease lasts without renewal, in seconds: a dead process's id is free after it. */
  ttlSeconds?: number;
  /** Told when a renewal fails or the lease was lost and another id was taken. */
  warn?: (message: string, error?: unknown) => void;
}

/** Thrown when all 1,024 worker ids are held by live processes. */
export class NoWorkerIdError extends Error {
  constructor() {
    super('All 1,024 snowflake worker ids are leased by live server processes');
    this.name = 'NoWorkerIdError';
  }
}

async function take(database: Database, holder: string, ttlSeconds: number): Promise<number> {
  // The oldest expired lease, skipping rows another starting process is taking this instant.
  const [row] = await queryRows<{ worker_id: number }>(
    database.db,
    sql`update bl_worker_lease set holder = ${holder},
          expires_at = now() + make_interval(secs => ${ttlSeconds})
        where worker_id = (
          select worker_id from bl_worker_lease where expires_at < now()
          order by expires_at, worker_id limit 1 for update skip locked)
        returning worker_id`,
  );
  if (!row) throw new NoWorkerIdError();
  return row.worker_id;
}

/**
 * Leases a snowflake worker id from the database (`bl_worker_lease`) and makes `nextId` use it,
 * renewing the lease every third of its life. The database's clock decides expiry, so the
 * servers' clocks need not agree. When a renewal finds the lease gone (the process was stalled
 * past its expiry and another may now hold the id), a fresh id is taken before more ids are made
 * with the old one... as far as a timer can: the stall that lost it also delayed this check.
 */
export async function leaseWorkerId(database: Database, options: LeaseOptions = {}): Promise<WorkerLease> {
  const ttlSeconds = options.ttlSeconds ?? 60;
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`.slice(0, 100);
  let workerId = await take(database, holder, ttlSeconds);
  useWorkerId(workerId);
  let stopped = false;
  const renew = async () => {
    try {
      const renewed = await queryRows<{ worker_id: number }>(
        database.db,
        sql`update bl_worker_lease set expires_at = now() + make_interval(secs => ${ttlSeconds})
            where worker_id = ${workerId} and holder = ${holder} and expires_at > now()
            returning worker_id`,
      );
      if (renewed.length === 0 && !stopped) {
        options.warn?.(`worker id ${workerId} lease lost; taking another`);
        workerId = await take(database, holder, ttlSeconds);
        useWorkerId(workerId);
      }
    } catch (error) {
      options.warn?.('worker id lease renewal failed', error);
    }
  };
  const timer = setInterval(() => void renew(), (ttlSeconds * 1000) / 3);
  timer.unref();
  return {
    get workerId() {
      return workerId;
    },
    async release() {
      stopped = true;
      clearInterval(timer);
      await database.db
        .execute(
          sql`update bl_worker_lease set holder = null, expires_at = '-infinity'
              where worker_id = ${workerId} and holder = ${holder}`,
        )
        .catch(() => undefined);
    },
  };
}
