import os from 'node:os';
import { defineConfig } from 'vitest/config';

/** Unit and integration tests of every workspace; browser tests have e2e/vitest.config.ts. */
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'apps/*/src/**/*.test.{ts,tsx}',
      'apps/*/test/**/*.test.ts',
    ],
    globalSetup: ['apps/server/test/support/global-setup.ts'],
    // Two files at a time even on two cores (vitest's default there is one): a suite spends much
    // of its time waiting on PostgreSQL, on its job workers or on a server it started, while
    // the other core sat idle. More cores, more workers, one core left for PostgreSQL.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 30_000,
    // A suite's setup loads its database from the template: with two files at once on a busy
    // machine that can take a minute, which is no failure of the suite.
    hookTimeout: 180_000,
  },
});
