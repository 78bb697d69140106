import { describe, expect, it } from 'vitest';
import { BINARY_RESULT_TYPE, BRIDGE_HEADER, RequestId, VERBS, encodeBinaryResult } from '../../shared/bridge/contract.js';
import type { GridscopeApi } from '../../shared/bridge/contract.js';
import { CANCELLED_MESSAGE, createHttpBridge, fromPreload, LOST_HOST_MESSAGE } from './bridge.js';
import { BridgeError, callBridge, shouldRetry } from './lib/bridgeQuery.js';
import { pageRequestIds } from './lib/requestId.js';

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

  it('reads a binary answer (the map’s Arrow streams) back into a Result whose bytes are Uint8Arrays', async () => {
    const value = { runs: new Uint8Array([1, 2, 3]), equipment: new Uint8Array([4]), originMs: 1_725_235_200_000 };
    const body = encodeBinaryResult({ ok: true, value });
    const { f } = fakeFetch(() => new Response(body, { headers: { 'content-type': BINARY_RESULT_TYPE } }));
    const window = { start: '2024-09-02T00:00:00Z', end: '2024-09-03T00:00:00Z' };
    const r = await createHttpBridge(f)['map:features']({ datasetId: 'd', market: 'pjm', window });
    expect(r).toEqual({ ok: true, value });
    expect(r.ok && r.value.runs).toBeInstanceOf(Uint8Array);
    const broken = fakeFetch(() => new Response(body.subarray(0, 20), { headers: { 'content-type': BINARY_RESULT_TYPE } }));
    expect(await createHttpBridge(broken.f)['map:features']({ datasetId: 'd', market: 'pjm', window })).toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
  });

  it('passes error Results through whatever the HTTP status', async () => {
    const error = { code: 'auth', message: 'Invalid API key', status: 401 };
    const { f } = fakeFetch(() => Response.json({ ok: false, error }, { status: 401 }));
    expect(await createHttpBridge(f)['datasets:list']({})).toEqual({ ok: false, error });
  });

  it('passes the signal to fetch; an aborted call answers cancelled, not "lost contact"', async () => {
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
    const err = await callBridge(createHttpBridge(f), 'datasets:list', {}, { signal: AbortSignal.abort() }).catch(
      (e: unknown) => e,
    );
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
    expect(await api['profiles:get']({}, { signal: new AbortController().signal })).toEqual({ ok: true, value: 'profiles:get' });
    expect(await api['datasets:get']({ datasetId: 'x' })).toEqual({ ok: true, value: 'datasets:get' });
    expect(seen).toEqual([[{}], [{ datasetId: 'x' }]]);
  });

  it("the preload adapter turns an aborted signal into requests:cancel for the call's requestId", async () => {
    const inputs: Record<string, unknown[]> = {};
    let finish: (r: unknown) => void = () => undefined;
    const exposed = Object.fromEntries(
      VERBS.map((v) => [
        v,
        (input: unknown) => {
          (inputs[v] ??= []).push(input);
          if (v === 'datasets:get') return new Promise((resolve) => (finish = resolve));
          if (v === 'requests:cancel') {
            finish({ ok: false, error: { code: 'cancelled', message: 'The request was cancelled.' } });
            return Promise.resolve({ ok: true, value: { cancelled: true } });
          }
          return Promise.resolve({ ok: true, value: v });
        },
      ]),
    ) as unknown as GridscopeApi;
    const api = fromPreload(exposed);

    const controller = new AbortController();
    const pending = api['datasets:get']({ datasetId: 'x' }, { signal: controller.signal });
    const sent = inputs['datasets:get']![0] as { datasetId: string; requestId: string };
    expect(sent.datasetId).toBe('x');
    expect(RequestId.safeParse(sent.requestId).success).toBe(true);
    expect(pageRequestIds()).toContain(sent.requestId);
    expect(inputs['requests:cancel']).toBeUndefined();
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(inputs['requests:cancel']).toEqual([{ requestId: sent.requestId }]);
    expect(pageRequestIds()).not.toContain(sent.requestId);

    // The caller's own requestId is kept; a finished call's later abort cancels nothing.
    const late = new AbortController();
    expect(await api['datasets:list']({ requestId: 'mine' }, { signal: late.signal })).toEqual({
      ok: true,
      value: 'datasets:list',
    });
    expect(inputs['datasets:list']).toEqual([{ requestId: 'mine' }]);
    late.abort();
    expect(inputs['requests:cancel']).toHaveLength(1);

    // Already aborted: answered `cancelled` without reaching main.
    expect(await api['usage:get']({}, { signal: AbortSignal.abort() })).toMatchObject({
      ok: false,
      error: { code: 'cancelled' },
    });
    expect(inputs['usage:get']).toBeUndefined();
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

  it('does not retry errors the user must fix nor /v1 failures main retried; a host that did not answer once', () => {
    for (const code of ['auth', 'validation', 'not_found', 'forbidden', 'network', 'rate_limited'] as const)
      expect(shouldRetry(0, new BridgeError({ code, message: '' }))).toBe(false);
    expect(shouldRetry(0, new BridgeError({ code: 'network', message: LOST_HOST_MESSAGE }))).toBe(true);
    expect(shouldRetry(1, new BridgeError({ code: 'network', message: LOST_HOST_MESSAGE }))).toBe(false);
  });
});
