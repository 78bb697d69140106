import { describe, expect, it } from 'vitest';
import { BRIDGE_HEADER, VERBS } from '../../shared/bridge/contract.js';
import type { GridscopeApi } from '../../shared/bridge/contract.js';
import { CANCELLED_MESSAGE, createHttpBridge, fromPreload, LOST_HOST_MESSAGE } from './bridge.js';
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

  it('passes the signal to fetch; an aborted call answers cancelled, not "lost contact"', async () => {
    // Like the browser's fetch: rejects with an AbortError once the signal aborts.
    const { f, calls } = fakeFetch(
      ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
          if (init.signal?.aborted) abort();
          init.signal?.addEventListener('abort', abort, { once: true });
        }),
    );
    const ctrl = new AbortController();
    const pending = createHttpBridge(f)['datasets:list']({}, { signal: ctrl.signal });
    await Promise.resolve();
    expect(calls[0]!.init.signal).toBe(ctrl.signal);
    ctrl.abort();
    expect(await pending).toEqual({ ok: false, error: { code: 'cancelled', message: CANCELLED_MESSAGE } });
    const err = await callBridge(createHttpBridge(f), 'datasets:list', {}, { signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BridgeError);
    expect((err as BridgeError).code).toBe('cancelled');
  });

  it('the preload adapter hands contextBridge the input only, never the options', async () => {
    const seen: unknown[][] = [];
    const exposed = Object.fromEntries(
      VERBS.map((v) => [v, (...args: unknown[]) => (seen.push(args), Promise.resolve({ ok: true, value: v }))]),
    ) as unknown as GridscopeApi;
    const api = fromPreload(exposed);
    expect(Object.keys(api).sort()).toEqual([...VERBS].sort());
    expect(await api['datasets:get']({ datasetId: 'x' }, { signal: new AbortController().signal })).toEqual({ ok: true, value: 'datasets:get' });
    expect(seen).toEqual([[{ datasetId: 'x' }]]);
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
