import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keysFromEnv, parseCli } from './cli-args.js';
import { tempDir } from './test-support/testing.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

describe('CLI arguments', () => {
  it('defaults to 127.0.0.1:8787 on the unlimited plan and reads --port/--host/--plan', () => {
    expect(parseCli([])).toEqual({ host: '127.0.0.1', port: 8787, plan: 'unlimited' });
    expect(parseCli(['--port', '0', '--host', '::1', '--plan', 'free'])).toEqual({ host: '::1', port: 0, plan: 'free' });
  });

  it('rejects an unknown plan, naming the configured ones', () => {
    expect(() => parseCli(['--plan', 'gold'])).toThrow(
      /unknown --plan gold \(configured: free, pro, unlimited\)\nusage: npm run serve/,
    );
  });

  it('rejects bad ports and unknown options with the usage line', () => {
    expect(() => parseCli(['--port', 'http'])).toThrow(/usage: npm run serve/);
    expect(() => parseCli(['--port', '70000'])).toThrow(/invalid --port/);
    expect(() => parseCli(['--verbose'])).toThrow(/usage: npm run serve/);
  });

  it('reads --query-timeout in seconds and rejects a non-positive or non-numeric one', () => {
    expect(parseCli(['--query-timeout', '2.5'])).toMatchObject({ queryTimeoutSeconds: 2.5 });
    expect(parseCli([]).queryTimeoutSeconds).toBeUndefined();
    for (const bad of ['0', '-3', 'soon', '']) {
      expect(() => parseCli([`--query-timeout=${bad}`])).toThrow(/invalid --query-timeout/);
    }
  });

  it('reads comma-separated keys from GRIDSCOPE_API_KEYS', () => {
    expect(keysFromEnv({ GRIDSCOPE_API_KEYS: ' k1, k2,,k3 ' })).toEqual(['k1', 'k2', 'k3']);
    expect(keysFromEnv({})).toEqual([]);
  });
});

/** Starts the CLI on a free port; resolves with the process and its first `lines` stdout lines. */
async function startCli(
  env: Record<string, string>,
  lines: number,
  args: string[] = [],
): Promise<{ child: ChildProcessWithoutNullStreams; output: string[] }> {
  const child = spawn(TSX, ['server/cli.ts', '--port', '0', ...args], { cwd: ROOT, env: { ...process.env, ...env } });
  const output: string[] = [];
  const reader = createInterface({ input: child.stdout });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`cli exited with ${code}`)));
    reader.on('line', (line) => {
      output.push(line);
      if (output.length === lines) resolve();
    });
  });
  return { child, output };
}

function stop(child: ChildProcessWithoutNullStreams, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('close', (code) => resolve(code));
    child.kill(signal);
  });
}

describe('npm run serve', () => {
  let cacheDir: string;
  beforeAll(async () => {
    cacheDir = await tempDir('cli');
  });
  afterAll(async () => rm(cacheDir, { recursive: true, force: true }));

  it('prints one line, serves /v1 with the env keys, and stops on SIGTERM', async () => {
    const { child, output } = await startCli({ GRIDSCOPE_API_KEYS: 'cli-key-1,cli-key-2', GRIDSCOPE_CACHE_DIR: cacheDir }, 1);
    try {
      const match = /^Gridscope \/v1 service at (http:\/\/127\.0\.0\.1:\d+\/v1)$/.exec(output[0] ?? '');
      expect(match).not.toBeNull();
      const base = match![1]!;
      expect((await fetch(`${base}/datasets`, { headers: { 'x-api-key': 'cli-key-2' } })).status).toBe(200);
      const denied = await fetch(`${base}/datasets`);
      expect(denied.status).toBe(401);
      expect(await denied.json()).toEqual({ detail: 'API key is required.' });
    } finally {
      expect(await stop(child, 'SIGTERM')).toBe(0);
    }
    expect(output).toHaveLength(1);
  });

  it('generates and prints a key when none is configured, serves --plan, and stops on SIGINT', async () => {
    const { child, output } = await startCli({ GRIDSCOPE_API_KEYS: '', GRIDSCOPE_CACHE_DIR: cacheDir }, 2, ['--plan', 'free']);
    try {
      const base = /at (\S+)$/.exec(output[0]!)![1]!;
      const key = /^API key: ([A-Za-z0-9_-]{32})$/.exec(output[1]!)![1]!;
      const usage = await fetch(`${base}/api_usage`, { headers: { 'x-api-key': key } });
      expect(usage.status).toBe(200);
      expect(((await usage.json()) as { plan_name: string }).plan_name).toBe('free');
    } finally {
      expect(await stop(child, 'SIGINT')).toBe(0);
    }
    expect(output).toHaveLength(2);
  });
});
