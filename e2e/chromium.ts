/**
 * How Gridscope's tests and benchmarks launch Chromium: the Debian package (never `npx playwright install`), or the
 * binary named by env `GRIDSCOPE_CHROMIUM`, headless with the flags this sandbox needs (no GPU, no background traffic).
 */
export const CHROMIUM_PATH = process.env.GRIDSCOPE_CHROMIUM ?? '/usr/bin/chromium';

/** Chromium flags of the e2e tests and `bench table`. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--enable-unsafe-swiftshader',
];
