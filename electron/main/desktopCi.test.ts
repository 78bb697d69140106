import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';

// How the real shell gets tested where Electron exists: `npm test`'s desktop step and the hosted desktop workflow
// (docs/desktop.md#the-desktop-workflow). Electron itself cannot run here.

const ROOT = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

/** scripts/desktop-smoke.mjs with no Electron binary (an override naming nothing), its output and exit code. */
function smokeWithoutElectron(env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/desktop-smoke.mjs')], {
    encoding: 'utf8',
    env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: join(tmpdir(), 'no-electron-here'), ...env },
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}`.trim() };
}

describe('npm test: the desktop smoke test', () => {
  it('runs after the web-host e2e', () => {
    expect(pkg.scripts.test).toMatch(/npm run test:e2e && npm run test:desktop$/);
    expect(pkg.scripts['test:desktop']).toBe('node scripts/desktop-smoke.mjs');
  });

  it('without an Electron binary it prints one line saying why, and passes', () => {
    const { status, out } = smokeWithoutElectron({ GRIDSCOPE_REQUIRE_ELECTRON: '' });
    expect(status).toBe(0);
    expect(out.split('\n')).toEqual([expect.stringMatching(/^desktop smoke test skipped: .*no binary/)]);
  });

  it('with GRIDSCOPE_REQUIRE_ELECTRON=1 (the desktop workflow) a missing binary fails', () => {
    const { status, out } = smokeWithoutElectron({ GRIDSCOPE_REQUIRE_ELECTRON: '1' });
    expect(status).toBe(1);
    expect(out).toMatch(/^desktop smoke test cannot run: /);
  });
});

describe('.github/workflows/desktop.yml', () => {
  const workflow = YAML.parse(readFileSync(join(ROOT, '.github/workflows/desktop.yml'), 'utf8')) as {
    jobs: {
      desktop: {
        strategy: { matrix: { os: string[] } };
        env: Record<string, string>;
        steps: { name?: string; run?: string; if?: string; env?: Record<string, string> }[];
      };
    };
  };
  const job = workflow.jobs.desktop;
  const runs = job.steps.map((s) => s.run ?? '').join('\n');

  it('runs on Windows, macOS and Linux, with the smoke test required', () => {
    expect(job.strategy.matrix.os.sort()).toEqual(['macos-latest', 'ubuntu-latest', 'windows-latest']);
    expect(job.env.GRIDSCOPE_REQUIRE_ELECTRON).toBe('1');
    expect(runs).toMatch(/xvfb-run .*npm test/);
  });

  it('packages, then reads the fuses and the signature; a tag builds with the release config (signed or failing)', () => {
    const order = ['npm test', 'electron-builder --dir', 'electron-builder.release.yml', 'scripts/check-package.mjs'];
    const at = order.map((text) => job.steps.findIndex((s) => s.run?.includes(text)));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    const release = job.steps[at[2]!]!;
    expect(release.if).toBe("env.RELEASE == 'true'");
    expect(job.steps[at[3]!]!.env?.GRIDSCOPE_REQUIRE_SIGNED).toMatch(/RELEASE == 'true'/);
  });
});
