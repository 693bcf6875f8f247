import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Browser tests: the built app on a real server, driven through Chromium. One file at a time in
 * one fork (each file starts its own server and browser); generous time-outs for slow machines.
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
