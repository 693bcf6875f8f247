import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId, workerOf } from '../src/db/ids.ts';
import { leaseWorkerId } from '../src/db/worker-lease.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from './support/databases.ts';

describe.each(testDrivers())('snowflake worker ids leased from the database on %s', (driver) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await test.dispose();
  });

  it('gives live processes distinct ids, used by nextId, and frees an id on release', async () => {
    const first = await leaseWorkerId(test.database);
    expect(workerOf(nextId())).toBe(first.workerId);
    const second = await leaseWorkerId(test.database);
    expect(second.workerId).not.toBe(first.workerId);
    expect(workerOf(nextId())).toBe(second.workerId);
    await first.release();
    const third = await leaseWorkerId(test.database);
    // The freed id is the oldest expired one, so it is taken again before any never-used id.
    expect(third.workerId).toBe(first.workerId);
    await second.release();
    await third.release();
  });

  it('takes the id of a process whose lease expired, and refuses when all are held', async () => {
    const dead = await leaseWorkerId(test.database);
    // The process died without releasing: its lease runs out.
    await test.database.db.execute(
      sql`update bl_worker_lease set expires_at = now() - interval '1 second' where worker_id = ${dead.workerId}`,
    );
    await test.database.db.execute(
      sql`update bl_worker_lease set holder = 'other', expires_at = now() + interval '1 hour'
          where worker_id <> ${dead.workerId}`,
    );
    const next = await leaseWorkerId(test.database);
    expect(next.workerId).toBe(dead.workerId);
    await expect(leaseWorkerId(test.database)).rejects.toThrow(/All 1,024/);
    await next.release();
    await test.database.db.execute(sql`update bl_worker_lease set holder = null, expires_at = '-infinity'`);
  });

  it('renews its lease, and takes another id when it finds its lease lost', async () => {
    const warnings: string[] = [];
    const lease = await leaseWorkerId(test.database, { ttlSeconds: 0.6, warn: (m) => warnings.push(m) });
    const lost = lease.workerId;
    const expiry = async (id: number) =>
      (
        (await test.database.db.execute(
          sql`select extract(epoch from expires_at)::float8 as at from bl_worker_lease where worker_id = ${id}`,
        )) as unknown as { rows: { at: number }[] }
      ).rows[0]?.at ?? 0;
    const before = await expiry(lost);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(await expiry(lost)).toBeGreaterThan(before);
    // Another process took the id while this one was stalled.
    await test.database.db.execute(
      sql`update bl_worker_lease set holder = 'other', expires_at = now() + interval '1 hour' where worker_id = ${lost}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(lease.workerId).not.toBe(lost);
    expect(workerOf(nextId())).toBe(lease.workerId);
    expect(warnings.join()).toMatch(/lease lost/);
    await lease.release();
  });
});
