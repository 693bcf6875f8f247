import { randomInt } from 'node:crypto';

/**
 * 64-bit, time-ordered ids in the snowflake layout: 41 bits of milliseconds since 2020-01-01,
 * 10 bits of worker, 12 bits of sequence. A server leases its worker from the database at start
 * (db/worker-lease.ts), so no two live processes share one; until then (tools, tests) it is
 * WORKER_ID when set, else random.
 */
const epoch = 1_577_836_800_000n;
let workerId = BigInt(process.env.WORKER_ID ? Number(process.env.WORKER_ID) & 1023 : randomInt(1024));
let lastMs = -1n;
let sequence = 0n;

export function nextId(): string {
  let now = BigInt(Date.now());
  if (now < lastMs) now = lastMs; // the clock stepped back: keep counting from the last instant
  if (now === lastMs) {
    sequence = (sequence + 1n) & 4095n;
    if (sequence === 0n) now = lastMs + 1n; // 4096 ids in one millisecond: borrow the next one
  } else {
    sequence = 0n;
  }
  lastMs = now;
  return (((now - epoch) << 22n) | (workerId << 12n) | sequence).toString();
}

/** The worker bits of the ids made from now on (0-1023): the one this process has leased. */
export function useWorkerId(id: number): void {
  if (!Number.isInteger(id) || id < 0 || id > 1023) throw new Error(`worker id out of range: ${id}`);
  workerId = BigInt(id);
}

/** The worker bits of an id (for tests and diagnostics). */
export function workerOf(id: string): number {
  return Number((BigInt(id) >> 12n) & 1023n);
}
