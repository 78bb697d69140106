import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, startUpstream } from '../../test-support/upstream.js';
import type { Upstream } from '../../test-support/upstream.js';
import { setLogSink } from '../common/logger.js';
import { acceptEncoding, createV1Proxy } from './proxy.js';
import type { ProxyTarget, V1Proxy } from './proxy.js';

// `open()` streams (a pull's pages): one caller signal over many streams, and the encodings each profile asks for.

let up: Upstream;
let proxy: V1Proxy;
let target: ProxyTarget;

beforeAll(async () => {
  setLogSink(() => undefined);
  up = await startUpstream({
    '/v1/page': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.end('a,b\n1,2\n');
    },
    '/v1/slow': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.write('a,b\n');
    },
    '/v1/json': (_req, res) => sendJson(res, 200, { ok: true }),
  });
  target = { baseUrl: `${up.origin}/v1`, key: 'open-test-key-0123', profile: 'embedded' };
  proxy = createV1Proxy({ resolveTarget: async () => target, retry: { maxAttempts: 1 } });
});
afterAll(async () => {
  await proxy.close();
  await up.close();
  setLogSink();
});

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

describe('open()', () => {
  it('leaves no abort listener on the caller signal once a stream has ended (many pages, one signal, no warning)', async () => {
    const warnings: Error[] = [];
    const onWarning = (w: Error): void => void warnings.push(w);
    process.on('warning', onWarning);
    const controller = new AbortController();
    try {
      for (let i = 0; i < 40; i++) {
        const r = await proxy.open('/page', { i }, { signal: controller.signal });
        if (!r.ok) throw new Error(r.error.message);
        expect(await readAll(r.value.body)).toBe('a,b\n1,2\n');
        await new Promise((resolve) => setImmediate(resolve));
        expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
      }
      // A stream destroyed before its end lets go of the signal too.
      const dropped = await proxy.open('/slow', {}, { signal: controller.signal });
      if (!dropped.ok) throw new Error(dropped.error.message);
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
      dropped.value.body.on('error', () => undefined).destroy();
      await new Promise((resolve) => setImmediate(resolve));
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  });

  it('a cancel after the headers still ends the stream', async () => {
    const controller = new AbortController();
    const r = await proxy.open('/slow', {}, { signal: controller.signal });
    if (!r.ok) throw new Error(r.error.message);
    const reading = readAll(r.value.body);
    controller.abort();
    await expect(reading).rejects.toThrow('The request was cancelled.');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});

describe('accept-encoding', () => {
  it('asks the embedded service on loopback for identity, and anything else for br and gzip', async () => {
    const r = await proxy.open('/page', {});
    if (!r.ok) throw new Error(r.error.message);
    await readAll(r.value.body);
    expect(up.requests.at(-1)?.headers['accept-encoding']).toBe('identity');
    expect(acceptEncoding({ profile: 'embedded' }, new URL('http://localhost:5000/v1'))).toBe('identity');
    expect(acceptEncoding({ profile: 'embedded' }, new URL('http://[::1]:5000/v1'))).toBe('identity');
    expect(acceptEncoding({ profile: 'embedded' }, new URL('http://10.0.0.5:5000/v1'))).toBe('br, gzip');
    expect(acceptEncoding({ profile: 'remote' }, new URL('http://127.0.0.1:5000/v1'))).toBe('br, gzip');
    expect(acceptEncoding({}, new URL('https://api.gridstatus.io/v1'))).toBe('br, gzip');
  });
});
