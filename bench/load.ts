// A small HTTP load generator for the benches: `concurrency` keep-alive connections, each sending
// the next request as soon as the last answer arrived, for `seconds`. It runs in a worker thread,
// so the server under test has the main thread's event loop to itself.
import { Worker } from 'node:worker_threads';

export interface LoadResult {
  requests: number;
  perSecond: number;
  errors: number;
  p50: number;
  p95: number;
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
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerCode, { eval: true, workerData: { headers: {}, ...options } });
    worker.once('error', reject);
    worker.once('message', ({ times, errors }: { times: number[]; errors: number }) => {
      const sorted = [...times].sort((a, b) => a - b);
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
      resolve({
        requests: times.length,
        perSecond: times.length / options.seconds,
        errors,
        p50: at(0.5),
        p95: at(0.95),
      });
      void worker.terminate();
    });
  });
}
