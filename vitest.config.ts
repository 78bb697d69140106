import { defineConfig } from 'vitest/config';

/** Unit and component tests. Files that render React opt into happy-dom with a per-file pragma. */
export default defineConfig({
  test: {
    include: ['{server,electron,shared,renderer}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // .ci/run reads the JSON summary to print a `N passed, N failed` line.
    reporters: process.env.GRIDSCOPE_CI_REPORTERS ? ['default', 'json'] : ['default'],
    outputFile: { json: '.ci-vitest.json' },
  },
});
