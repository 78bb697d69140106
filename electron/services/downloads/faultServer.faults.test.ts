import { get } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_KEY } from '../../../server/test-support/testing.js';
import { presignVia, sourceBytes } from './test-support/exportsApi.js';
import { startExportStack } from './test-support/harness.js';
import type { ExportStack } from './test-support/harness.js';

/**
 * The fault server itself (test-support/faultServer.ts), with raw node:http requests: it forwards to the real /v1
 * server, its links point back at it, and each fault does what the download tests rely on.
 */

const ID = 'spp_west_tie_flows_1_min';
const DATE = '2026-03-25';

let stack: ExportStack;
let source: Buffer;
beforeAll(async () => {
  stack = await startExportStack();
  source = await sourceBytes(stack.api, TEST_KEY, ID, DATE);
});
afterEach(() => stack.fault.reset(true));
afterAll(async () => {
  await stack?.close();
});

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Set when the connection ended before the whole body came. */
  error: string | null;
}

/** GET without any decoding; resolves with what arrived even when the connection drops. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = get(url, { headers: { 'accept-encoding': 'identity', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      const done = (error: string | null) =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), error });
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null));
      res.on('error', (e) => done(e.message));
      res.on('aborted', () => done('aborted'));
    });
    req.on('error', reject);
  });
}

async function link(): Promise<string> {
  const r = await presignVia(stack.fault.origin, TEST_KEY)(ID, DATE, new AbortController().signal);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.url;
}

describe('the fault server', () => {
  it('forwards /v1 and downloads unchanged, with links that point back at it, and records each download', async () => {
    const url = await link();
    expect(url.startsWith(`${stack.fault.origin}/exports/`)).toBe(true);
    const whole = await rawGet(url);
    expect(whole).toMatchObject({ status: 200, error: null });
    expect(whole.body.equals(source)).toBe(true);
    const tail = await rawGet(url, { range: 'bytes=100-', 'if-range': String(whole.headers.etag) });
    expect(tail.status).toBe(206);
    expect(tail.body.equals(source.subarray(100))).toBe(true);
    expect(stack.fault.downloads.map((r) => [r.status, r.range, r.ifRange, r.acceptEncoding, r.bytesSent])).toEqual([
      [200, null, null, 'identity', source.length],
      [206, 'bytes=100-', whole.headers.etag, 'identity', source.length - 100],
    ]);
  });

  it('drops the connection after N body bytes, then serves again', async () => {
    const url = await link();
    stack.fault.dropAfter(1000);
    const cut = await rawGet(url);
    expect(cut.status).toBe(200);
    expect(cut.error).not.toBeNull();
    expect(cut.body.equals(source.subarray(0, 1000))).toBe(true);
    expect((await rawGet(url)).body.equals(source)).toBe(true);
  });

  it('answers 503 K times', async () => {
    const url = await link();
    stack.fault.unavailable(2);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await rawGet(url)).status);
    expect(statuses).toEqual([503, 503, 200]);
  });

  it('expires a link mid-download: cut after N bytes, 403 once, then served', async () => {
    const url = await link();
    stack.fault.expireAfter(1500);
    const cut = await rawGet(url);
    expect(cut.body.length).toBe(1500);
    const refused = await rawGet(url, { range: 'bytes=1500-' });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body.toString())).toEqual({ detail: 'Request has expired' });
    const rest = await rawGet(await link(), { range: 'bytes=1500-' });
    expect(rest.status).toBe(206);
    expect(Buffer.concat([cut.body, rest.body]).equals(source)).toBe(true);
  });

  it('labels the body gzip without changing it, flips a byte, and throttles', async () => {
    const url = await link();
    stack.fault.gzipEncoding();
    const labelled = await rawGet(url);
    expect(labelled.headers['content-encoding']).toBe('gzip');
    expect(labelled.body.equals(source)).toBe(true);
    stack.fault.reset();

    stack.fault.corrupt(1);
    const flipped = await rawGet(url);
    const differing = [...flipped.body].filter((b, i) => b !== source[i]).length;
    expect(differing).toBe(1);
    expect((await rawGet(url)).body.equals(source)).toBe(true);

    stack.fault.throttle(source.length * 4);
    const started = Date.now();
    expect((await rawGet(url)).body.equals(source)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(180);
  });
});
