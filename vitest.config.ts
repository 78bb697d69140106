import { defineConfig } from 'vitest/config';

// Files that render React opt into happy-dom with a per-file pragma.
export default defineConfig({
  test: {
    include: ['{server,electron,shared,renderer,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: process.env.GRIDSCOPE_CI_REPORTERS ? ['default', 'json'] : ['default'],
    outputFile: { json: '.ci-vitest.json' },
  },
});
