import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeCall, openSession, rawRequest } from '../test-support/http.js';

const ROOT = resolve(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
let dir: string;

function run(args: string[]) {
  const child = spawn(TSX, ['electron/webhost/cli.ts', ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      GRIDSCOPE_CONFIG_DIR: join(dir, 'config'),
      GRIDSCOPE_CACHE_DIR: join(dir, 'cache'),
      GRIDSCOPE_EMBEDDED_API_KEY: 'cli-test-key-0001',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, exited, out: () => out, err: () => err };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gs-cli-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>cli</title>');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('web host CLI', () => {
  it('prints exactly the start URL with its token once listening, serves, and exits 0 on SIGTERM', async () => {
    const p = run(['--port', '0', '--renderer', dir]);
    const deadline = Date.now() + 20_000;
    while (!p.out().includes('\n') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const match = /^Gridscope at http:\/\/127\.0\.0\.1:(\d+)\/\?token=([\w-]{43})\n$/.exec(p.out());
    expect(match, `stdout: ${p.out()} stderr: ${p.err()}`).not.toBeNull();
    const port = Number(match?.[1]);
    const token = match?.[2] ?? '';
    expect((await rawRequest(port, { path: '/' })).status).toBe(403);
    const session = await openSession(port, token);
    expect((await rawRequest(port, { path: '/', headers: { cookie: session.cookie } })).body).toContain('<title>cli</title>');
    // The embedded server/ starts on first use; SIGTERM must still end the process cleanly.
    const list = JSON.parse((await bridgeCall(session, 'datasets:list')).body) as { ok: boolean };
    expect(list.ok).toBe(true);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  });

  it('exits 1 with a hint when the renderer is not built', async () => {
    const p = run(['--port', '0', '--renderer', join(dir, 'missing')]);
    expect(await p.exited).toBe(1);
    expect(p.err()).toContain('Renderer not built: run `npm run build:renderer`');
    expect(p.out()).toBe('');
  });
});
