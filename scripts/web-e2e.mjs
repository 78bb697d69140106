// `npm run test:e2e`: the renderer build, then the web-host e2e (e2e/, Playwright on Debian Chromium or
// GRIDSCOPE_CHROMIUM); arguments go to `playwright test`. GRIDSCOPE_SKIP_WEB_E2E=1 skips it with one line: the desktop
// workflow sets it on Windows and macOS, where the plain-Node web host is the same as on Linux, which runs it.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const bin = (name) => join(ROOT, 'node_modules', '.bin', `${name}${process.platform === 'win32' ? '.cmd' : ''}`);

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (process.env.GRIDSCOPE_SKIP_WEB_E2E === '1') {
  console.log('web-host e2e skipped: GRIDSCOPE_SKIP_WEB_E2E=1');
  process.exit(0);
}
run('npm', ['run', 'build:renderer']);
run(bin('playwright'), ['test', ...process.argv.slice(2)]);
