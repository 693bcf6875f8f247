// A small HTTP load generator for the benches: `concurrency` keep-alive connections, each sending
// the next request as soon as the last answer arrived, for `seconds`. It runs in a worker thread,
// so the server under test has the main thread's event loop to itself.
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';

export interface LoadResult {
  requests: number;
  perSecond: number;
  errors: number;
  p50: number;
  p95: number;
  /** CPU milliseconds per request: this process's main thread (the server), and PostgreSQL. */
  cpu: { server: number; database: number };
}

/** utime + stime of a /proc stat file, in milliseconds (0 when it is gone). */
function cpuOf(file: string): number {
  try {
    const fields = fs.readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // After the command: state is field 0, utime 11, stime 12, in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * CPU time of the server's main thread and of every local PostgreSQL process (the benches run
 * against a database on this machine); the load worker's own thread is not counted.
 */
function cpuNow() {
  let database = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres')
        database += cpuOf(`/proc/${pid}/stat`);
    } catch {
      // The process ended while it was being read.
    }
  }
  return { server: cpuOf(`/proc/self/task/${process.pid}/stat`), database };
}

const workerCode = `
const { parentPort, workerData } = require('node:worker_threads');
const { Pool } = require('undici');
const { origin, path, headers, concurrency, seconds } = workerData;
const pool = new Pool(origin, { connections: concurrency, pipelining: 1 });
const times = [];
let errors = 0;
const end = performance.now() + seconds * 1000;
async function loop() {
  while (performance.now() < end) {
    const start = performance.now();
    try {
      const { statusCode, body } = await pool.request({ path, method: 'GET', headers });
      await body.text();
      if (statusCode !== 200) errors += 1;
    } catch {
      errors += 1;
    }
    times.push(performance.now() - start);
  }
}
Promise.all(Array.from({ length: concurrency }, loop)).then(async () => {
  await pool.close();
  parentPort.postMessage({ times, errors });
});
`;

/** Drives GET `path` on `origin` and answers the throughput and latency it saw. */
export function load(options: {
  origin: string;
  path: string;
  headers?: Record<string, string>;
  concurrency: number;
  seconds: number;
}): Promise<LoadResult> {
  const before = cpuNow();
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerCode, { eval: true, workerData: { headers: {}, ...options } });
    worker.once('error', reject);
    worker.once('message', ({ times, errors }: { times: number[]; errors: number }) => {
      const after = cpuNow();
      const perRequest = (ms: number) => ms / Math.max(1, times.length);
      const sorted = [...times].sort((a, b) => a - b);
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
      resolve({
        requests: times.length,
        perSecond: times.length / options.seconds,
        errors,
        p50: at(0.5),
        p95: at(0.95),
        cpu: {
          server: perRequest(after.server - before.server),
          database: perRequest(after.database - before.database),
        },
      });
      void worker.terminate();
    });
  });
}
