import { defineConfig } from 'vitest/config';

/** Unit and component tests. Files that render React opt into happy-dom with a per-file pragma. */
export default defineConfig({
  test: {
    include: ['{server,electron,shared,renderer}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
