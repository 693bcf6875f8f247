import { randomInt } from 'node:crypto';

/**
 * 64-bit, time-ordered ids in the snowflake layout: 41 bits of milliseconds since 2020-01-01,
 * 10 bits of worker, 12 bits of sequence. The worker comes from WORKER_ID, else at random, so
 * several server processes rarely share one; set WORKER_ID (0-1023) per process to be sure.
 */
const epoch = 1_577_836_800_000n;
const workerId = BigInt(process.env.WORKER_ID ? Number(process.env.WORKER_ID) & 1023 : randomInt(1024));
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
