// `npm run test:desktop`: the Playwright _electron smoke test of the built app (e2e-desktop/) where an Electron binary
// is installed; elsewhere one line saying why it was skipped. Never `require('electron')` here: without its binary that
// starts a download. GRIDSCOPE_REQUIRE_ELECTRON=1 (the desktop workflow) turns a skip into a failure.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const bin = (name) => join(ROOT, 'node_modules', '.bin', `${name}${process.platform === 'win32' ? '.cmd' : ''}`);

/** The binary `require('electron')` would return, read the way electron's index.js reads it; or why there is none. */
function electronBinary() {
  const pkg = join(ROOT, 'node_modules', 'electron');
  if (!existsSync(pkg)) return { reason: 'the electron package is not installed' };
  const pathTxt = join(pkg, 'path.txt');
  const relative = existsSync(pathTxt) ? readFileSync(pathTxt, 'utf8').trim() : '';
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const exe = join(override, relative || 'electron');
    return existsSync(exe) ? { path: exe } : { reason: `ELECTRON_OVERRIDE_DIST_PATH names no binary (${exe})` };
  }
  if (!relative) {
    return {
      reason:
        'the Electron binary was never downloaded (no node_modules/electron/path.txt; run `npx install-electron` with internet)',
    };
  }
  const exe = join(pkg, 'dist', relative);
  return existsSync(exe) ? { path: exe } : { reason: `the Electron binary is missing (${exe})` };
}

function skip(reason) {
  if (process.env.GRIDSCOPE_REQUIRE_ELECTRON === '1') {
    console.error(`desktop smoke test cannot run: ${reason} (GRIDSCOPE_REQUIRE_ELECTRON=1)`);
    process.exit(1);
  }
  console.log(`desktop smoke test skipped: ${reason}`);
  process.exit(0);
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const electron = electronBinary();
if (!electron.path) skip(electron.reason);
if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
  skip('no display for the Electron window (run it under xvfb-run)');
}
run(bin('electron-vite'), ['build']);
run(bin('playwright'), ['test', '--config', join('e2e-desktop', 'playwright.config.ts')]);
