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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
