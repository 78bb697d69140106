import { describe, expect, it } from 'vitest';
import { BRIDGE_HEADER, VERBS } from '../../shared/bridge/contract.js';
import { createHttpBridge, LOST_HOST_MESSAGE } from './bridge.js';
import { BridgeError, callBridge, shouldRetry } from './lib/bridgeQuery.js';

type Call = { url: string; init: RequestInit };

function fakeFetch(reply: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const f = (async (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return reply(call);
  }) as unknown as typeof fetch;
  return { f, calls };
}

describe('HTTP bridge', () => {
  it('has one function per contract verb and POSTs JSON with the bridge header', async () => {
    const { f, calls } = fakeFetch(() => Response.json({ ok: true, value: { id: 'x' } }));
    const api = createHttpBridge(f);
    expect(Object.keys(api).sort()).toEqual([...VERBS].sort());
    const r = await api['datasets:get']({ datasetId: 'x' });
    expect(r).toEqual({ ok: true, value: { id: 'x' } });
    expect(calls[0]!.url).toBe('/bridge/datasets:get');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.headers).toMatchObject({ 'content-type': 'application/json', [BRIDGE_HEADER]: '1' });
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ datasetId: 'x' });
  });

  it('passes error Results through whatever the HTTP status', async () => {
    const error = { code: 'auth', message: 'Invalid API key', status: 401 };
    const { f } = fakeFetch(() => Response.json({ ok: false, error }, { status: 401 }));
    expect(await createHttpBridge(f)['datasets:list']({})).toEqual({ ok: false, error });
  });

  it('maps a fetch failure to a network error and a non-Result body to internal', async () => {
    const down = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await createHttpBridge(down.f)['datasets:list']({})).toEqual({
      ok: false,
      error: { code: 'network', message: LOST_HOST_MESSAGE },
    });
    const html = fakeFetch(() => new Response('<html>', { status: 502 }));
    const r = await createHttpBridge(html.f)['datasets:list']({});
    expect(r.ok === false && r.error.code).toBe('internal');
  });
});

describe('Query adapter', () => {
  it('throws BridgeError carrying the GsError', async () => {
    const { f } = fakeFetch(() => Response.json({ ok: false, error: { code: 'forbidden', message: 'no plan' } }));
    const err = await callBridge(createHttpBridge(f), 'datasets:audit', { datasetId: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BridgeError);
    expect((err as BridgeError).code).toBe('forbidden');
  });

  it('does not retry errors the user must fix, retries transient ones once', () => {
    for (const code of ['auth', 'validation', 'not_found', 'forbidden'] as const)
      expect(shouldRetry(0, new BridgeError({ code, message: '' }))).toBe(false);
    expect(shouldRetry(0, new BridgeError({ code: 'network', message: '' }))).toBe(true);
    expect(shouldRetry(1, new BridgeError({ code: 'network', message: '' }))).toBe(false);
  });
});
