import { describe, expect, it } from 'vitest';
import { NO_REMOTE_KEY_MESSAGE } from './proxyErrors.js';
import { TargetUnavailableError } from './proxyTypes.js';
import { queryStrings, requestHeaders, resolveRequest } from './target.js';

/** target.ts alone: choosing the server, building the URL, the request's headers; no failure quotes the key. */

const KEY = 'target-test-key-0123456789';

describe('resolveRequest', () => {
  it('answers the target and the URL of the path with its set query values', async () => {
    const target = { baseUrl: 'https://api.example/v1', key: KEY, profile: 'remote' as const };
    const r = await resolveRequest(async () => target, '/datasets/a b', { limit: 5, cursor: null, q: undefined });
    expect(r.ok && r.value.target).toBe(target);
    expect(r.ok && r.value.url.href).toBe('https://api.example/v1/datasets/a%20b?limit=5');
  });

  it('asks for the profile it is given', async () => {
    const asked: unknown[] = [];
    await resolveRequest(
      async (p) => {
        asked.push(p);
        return { baseUrl: 'http://127.0.0.1:1/v1', key: KEY };
      },
      '/datasets',
      {},
      'remote',
    );
    expect(asked).toEqual(['remote']);
  });

  it("fails `auth` without a key, with the unavailable target's code, and `internal` otherwise, never quoting the key", async () => {
    expect(await resolveRequest(async () => null, '/datasets', {})).toEqual({
      ok: false,
      error: { code: 'auth', message: NO_REMOTE_KEY_MESSAGE },
    });
    const down = await resolveRequest(
      async () => {
        throw new TargetUnavailableError('network', 'The embedded service did not start.');
      },
      '/datasets',
      {},
    );
    expect(down).toMatchObject({ ok: false, error: { code: 'network', message: 'The embedded service did not start.' } });
    const broken = await resolveRequest(
      async () => {
        throw new Error('settings unreadable');
      },
      '/datasets',
      {},
    );
    expect(broken).toMatchObject({
      ok: false,
      error: { code: 'internal', message: 'Could not choose a /v1 server: settings unreadable' },
    });
    const badUrl = await resolveRequest(async () => ({ baseUrl: `not a url ${KEY}`, key: KEY }), '/datasets', {});
    expect(badUrl).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(badUrl)).not.toContain(KEY);
  });
});

describe('request headers and query', () => {
  it('adds the key, asks for JSON, and lets the embedded service on loopback skip compression', () => {
    const embedded = { baseUrl: 'http://127.0.0.1:5000/v1', key: KEY, profile: 'embedded' as const };
    expect(requestHeaders(embedded, new URL('http://127.0.0.1:5000/v1/datasets'))).toEqual({
      'x-api-key': KEY,
      accept: 'application/json',
      'accept-encoding': 'identity',
      'user-agent': 'Gridscope',
    });
    const remote = { ...embedded, profile: 'remote' as const };
    expect(requestHeaders(remote, new URL('https://api.example/v1'))['accept-encoding']).toBe('br, gzip');
  });

  it('keeps set values as strings, dropping null and undefined', () => {
    expect(queryStrings({ a: 1, b: true, c: null, d: undefined, e: 'x' })).toEqual({ a: '1', b: 'true', e: 'x' });
  });
});
