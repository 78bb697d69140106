import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VERBS, ok } from '../../shared/index.js';
import type { Handlers } from '../services/verbs/handlers.js';
import { createAppUrlPolicy } from './appUrl.js';

const ipc = vi.hoisted(() => ({ handlers: new Map<string, (...args: unknown[]) => unknown>(), removed: [] as string[] }));
vi.mock('electron', () => ({
  ipcMain: {
    handle: vi.fn((channel: string, fn: (...args: unknown[]) => unknown) => {
      if (ipc.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      ipc.handlers.set(channel, fn);
    }),
    removeHandler: vi.fn((channel: string) => {
      ipc.handlers.delete(channel);
      ipc.removed.push(channel);
    }),
  },
}));

const { registerBridgeIpc } = await import('./ipc.js');
const { setLogSink } = await import('../services/common/logger.js');
setLogSink(() => undefined);

const APP = 'app://gridscope/index.html';
const policy = createAppUrlPolicy(APP);
const spies = (): Handlers => Object.fromEntries(VERBS.map((v) => [v, vi.fn(async () => ok(v))])) as unknown as Handlers;
const OUR_WINDOW = { id: 1 };
const senders = { isAppUrl: policy.isAppUrl, isKnownSender: (s: unknown) => s === OUR_WINDOW };
const frame = (url: string | null, parent: unknown = null, sender: unknown = OUR_WINDOW) => ({
  sender,
  senderFrame: url === null ? null : { url, parent },
});

beforeEach(() => {
  ipc.handlers.clear();
  ipc.removed.length = 0;
});

describe('registerBridgeIpc', () => {
  it('registers exactly the contract verbs, and removes them again', () => {
    const unregister = registerBridgeIpc(spies(), senders);
    expect([...ipc.handlers.keys()].sort()).toEqual([...VERBS].sort());
    unregister();
    expect(ipc.handlers.size).toBe(0);
    expect(ipc.removed.sort()).toEqual([...VERBS].sort());
  });

  it('dispatches a call from the app page, including with a hash route', async () => {
    const h = spies();
    registerBridgeIpc(h, senders);
    const invoke = ipc.handlers.get('datasets:get');
    expect(await invoke?.(frame(`${APP}#/datasets`), { datasetId: 'pjm_lmp' })).toEqual(ok('datasets:get'));
    expect(h['datasets:get']).toHaveBeenCalledWith({ datasetId: 'pjm_lmp' });
  });

  it.each([
    ['a web page', 'https://evil.example/'],
    ['another local file', 'file:///tmp/evil.html'],
    ['the built page as a file', 'file:///opt/Gridscope/resources/app.asar/out/renderer/index.html'],
    ['another page of the app scheme', 'app://gridscope/assets/evil.html'],
    ['a data: URL', 'data:text/html,<script>1</script>'],
    ['about:blank', 'about:blank'],
    ['a vanished frame', null],
  ])('refuses a call from %s without calling the handler', async (_name, url) => {
    const h = spies();
    registerBridgeIpc(h, senders);
    const r = await ipc.handlers.get('keys:set')?.(frame(url), { profile: 'remote', key: 'abcdefgh1234' });
    expect(r).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(h['keys:set']).not.toHaveBeenCalled();
  });

  it.each([
    ['a sub-frame of our own page', frame(APP, { url: APP })],
    ['a webContents that is not one of our windows', frame(APP, null, { id: 2 })],
    ['an event without a sender', { senderFrame: { url: APP, parent: null } }],
  ])('refuses a call from %s without calling the handler', async (_name, event) => {
    const h = spies();
    registerBridgeIpc(h, senders);
    const r = await ipc.handlers.get('datasets:list')?.(event, {});
    expect(r).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(h['datasets:list']).not.toHaveBeenCalled();
  });

  it('hands a result holding bytes (the map’s Arrow streams) to IPC as it is: structured clone keeps the Uint8Arrays', async () => {
    const h = spies();
    const value = { runs: new Uint8Array([1, 2, 3]), equipment: new Uint8Array(0), originMs: 1 };
    h['map:features'] = vi.fn(async () => ok(value)) as unknown as Handlers['map:features'];
    registerBridgeIpc(h, senders);
    const window = { start: '2024-09-02T00:00:00Z', end: '2024-09-03T00:00:00Z' };
    const answer = await ipc.handlers.get('map:features')?.(frame(APP), { datasetId: 'd', market: 'pjm', window });
    expect(answer).toEqual(ok(value));
    // What Electron does to an invoke's answer on its way to the page.
    const cloned = structuredClone(answer) as { value: typeof value };
    expect(cloned.value.runs).toBeInstanceOf(Uint8Array);
    expect([...cloned.value.runs]).toEqual([1, 2, 3]);
  });

  it('validates input after the sender check', async () => {
    const h = spies();
    registerBridgeIpc(h, senders);
    const r = await ipc.handlers.get('datasets:list')?.(frame(APP), { url: 'http://x' });
    expect(r).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(h['datasets:list']).not.toHaveBeenCalled();
  });
});

describe('createAppUrlPolicy', () => {
  it('app:// page: only that page of that host', () => {
    expect(policy.isAppUrl(`${APP}?x=1#/a`)).toBe(true);
    for (const url of [
      'app://gridscope/other.html',
      'app://gridscope/assets/index.js',
      'app://other/index.html',
      'app://gridscope:8080/index.html',
      'file:///opt/Gridscope/resources/app.asar/out/renderer/index.html',
      'https://gridscope/index.html',
      'not a url',
    ]) {
      expect(policy.isAppUrl(url), url).toBe(false);
    }
    expect(policy.devOrigin).toBeUndefined();
  });

  it('refuses a file:// app URL: the renderer is never loaded from a file', () => {
    expect(() => createAppUrlPolicy('file:///opt/Gridscope/resources/app.asar/out/renderer/index.html')).toThrow(
      /unsupported app URL/,
    );
  });

  it('dev server: same origin only', () => {
    const dev = createAppUrlPolicy('http://localhost:5173/');
    expect(dev.isAppUrl('http://localhost:5173/some/route')).toBe(true);
    expect(dev.isAppUrl('http://localhost:5174/')).toBe(false);
    expect(dev.isAppUrl('http://127.0.0.1:5173/')).toBe(false);
    expect(dev.devOrigin).toBe('http://localhost:5173');
    expect(() => createAppUrlPolicy('javascript:alert(1)')).toThrow();
  });
});
