import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Browser tests: the built app on a real server, driven through Chromium. Each file starts its
 * own server (own port, own data directory) and browser, so files may run side by side:
 * E2E_WORKERS=2 runs two at once. One by default: on two cores, two browsers and two servers
 * make every step wait for the processor, and the steps' time-outs were set for one.
 * Generous time-outs for slow machines.
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 1) || 1);

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    pool: 'forks',
    maxWorkers: workers,
    fileParallelism: workers > 1,
    sequence: { concurrent: false },
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
