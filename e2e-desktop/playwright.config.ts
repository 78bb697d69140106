import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// The desktop smoke test (`npm run test:desktop`, scripts/desktop-smoke.mjs): Playwright's _electron drives the built
// app (out/) with the Electron binary from node_modules; no browser is launched, so nothing here names Chromium.
export default defineConfig({
  testDir: import.meta.dirname,
  // The first start of the embedded service builds its DuckDB file from data/.
  timeout: 300_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  outputDir: join(import.meta.dirname, '..', 'test-results', 'desktop'),
  // .ci/run reads the JSON summary to print a `N passed, N failed` line.
  reporter: process.env.GRIDSCOPE_CI_REPORTERS
    ? [['list'], ['json', { outputFile: join(import.meta.dirname, '..', '.ci-pw-desktop.json') }]]
    : [['list']],
});
