import { defineConfig } from '@playwright/test';

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
      executablePath: process.env.GRIDSCOPE_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--enable-unsafe-swiftshader',
      ],
    },
  },
});
