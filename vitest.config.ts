import { defineConfig } from 'vitest/config';

// Two cores on CI: keep workers few; end-to-end suites share one local runtime started in globalSetup.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
