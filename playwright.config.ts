import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium.js';

// e2e through the web host and Debian Chromium from apt: never `npx playwright install`.
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // .ci/run reads the JSON summary to print a `N passed, N failed` line.
  reporter: process.env.GRIDSCOPE_CI_REPORTERS ? [['list'], ['json', { outputFile: '.ci-pw.json' }]] : [['list']],
  use: {
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
  },
});
