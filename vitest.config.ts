import { defineConfig } from 'vitest/config';

// Two cores on CI: few workers. Unit and integration suites run without the service; the
// end-to-end suites share one local runtime started once in globalSetup and talk to it over HTTP.
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    // The AWS SDK warns once per process that Node 20 nears its end of support; the runtime silences it too.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/infra/**/*.test.ts'],
        },
      },
      // e2e files run one at a time: some move the shared service clock.
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          fileParallelism: false,
        },
      },
    ],
  },
});
