import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../services/common/csp.js';
import { setLogSink } from '../services/common/logger.js';
import { APP_PAGE_URL, APP_SCHEME_PRIVILEGES, createAppProtocolHandler, registerAppScheme } from './appProtocol.js';

// The renderer build stand-in: out/renderer with a page and assets, and a secret beside it that must stay unreachable.
const base = mkdtempSync(join(tmpdir(), 'gs-app-protocol-'));
const root = join(base, 'renderer');
mkdirSync(join(root, 'assets'), { recursive: true });
writeFileSync(join(root, 'index.html'), '<!doctype html><title>Gridscope</title>');
writeFileSync(join(root, 'assets', 'index-abc.js'), 'export const a = 1;');
writeFileSync(join(root, 'assets', 'worker.mjs'), 'export const b = 2;');
writeFileSync(join(root, 'assets', 'index-abc.css'), 'body{}');
writeFileSync(join(root, 'assets', 'blob.bin'), Buffer.from([0, 1, 2]));
writeFileSync(join(base, 'secret.txt'), 'TOP-SECRET');
const logged: string[] = [];
setLogSink((_level, line) => void logged.push(line));
afterAll(() => {
  setLogSink();
  rmSync(base, { recursive: true, force: true });
});

const handler = createAppProtocolHandler(root);
const get = (url: string, method = 'GET') => handler(new Request(url, { method }));

describe('app:// protocol handler', () => {
  it.each([[APP_PAGE_URL], ['app://gridscope/'], ['app://gridscope'], [`${APP_PAGE_URL}?x=1#/settings`]])(
    'serves the page at %s as HTML with the CSP and nosniff',
    async (url) => {
      const res = await get(url);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('<!doctype html><title>Gridscope</title>');
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    },
  );

  it.each([
    ['assets/index-abc.js', 'text/javascript; charset=utf-8', 'export const a = 1;'],
    ['assets/worker.mjs', 'text/javascript; charset=utf-8', 'export const b = 2;'],
    ['assets/index-abc.css', 'text/css; charset=utf-8', 'body{}'],
  ])('serves %s as %s', async (path, type, body) => {
    const res = await get(`app://gridscope/${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(await res.text()).toBe(body);
  });

  it('serves an unknown extension as bytes, never sniffed', async () => {
    const res = await get('app://gridscope/assets/blob.bin');
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([0, 1, 2]);
  });

  it.each([
    'app://gridscope/..%2fsecret.txt',
    'app://gridscope/assets/..%2f..%2fsecret.txt',
    'app://gridscope/%2e%2e%2fsecret.txt',
    'app://gridscope/..%5csecret.txt',
    `app://gridscope/${encodeURIComponent(join(base, 'secret.txt'))}`,
    'app://gridscope/index.html%00.js',
    'app://gridscope/%E0%A4%A',
  ])('refuses %s (a path out of the renderer folder, or not a path) with 404', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('TOP-SECRET');
  });

  it('logs a refused traversal', async () => {
    logged.length = 0;
    await get('app://gridscope/..%2f..%2fetc%2fpasswd');
    expect(logged.some((l) => l.includes('outside the app folder'))).toBe(true);
  });

  it.each(['app://gridscope/missing.js', 'app://gridscope/assets', 'app://gridscope/assets/', 'app://other/index.html'])(
    'answers 404 for %s (unknown file, a folder, another host)',
    async (url) => {
      expect((await get(url)).status).toBe(404);
    },
  );

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get(APP_PAGE_URL, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await head.text()).toBe('');
    expect((await get(APP_PAGE_URL, 'POST')).status).toBe(405);
  });
});

describe('registerAppScheme', () => {
  it('registers app: as standard, secure and fetch-capable, without CORS or CSP bypass', () => {
    const registerSchemesAsPrivileged = vi.fn();
    registerAppScheme({ registerSchemesAsPrivileged });
    expect(registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
    expect(APP_SCHEME_PRIVILEGES).not.toHaveProperty('corsEnabled');
    expect(APP_SCHEME_PRIVILEGES).not.toHaveProperty('bypassCSP');
  });
});
