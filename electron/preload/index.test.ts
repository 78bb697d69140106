import { describe, expect, it, vi } from 'vitest';
import { APP_COMMAND_CHANNEL, VERBS } from '../../shared/index.js';
import type { AppCommand, GridscopeWindowApi } from '../../shared/index.js';

type Listener = (event: unknown, ...args: unknown[]) => void;
const exposed = vi.hoisted(() => new Map<string, unknown>());
const listeners = vi.hoisted(() => new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>());
const invoke = vi.hoisted(() => vi.fn(async (verb: string, input: unknown) => ({ ok: true, value: { verb, input } })));
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (name: string, api: unknown) => void exposed.set(name, api) },
  ipcRenderer: {
    invoke,
    on: (channel: string, fn: Listener) =>
      void (listeners.get(channel) ?? listeners.set(channel, new Set()).get(channel))?.add(fn),
    removeListener: (channel: string, fn: Listener) => void listeners.get(channel)?.delete(fn),
  },
}));

await import('./index.js');
const api = exposed.get('gridscope') as GridscopeWindowApi & Record<string, unknown>;
const emit = (...args: unknown[]): void => {
  for (const fn of listeners.get(APP_COMMAND_CHANNEL) ?? []) fn({ sender: 'ipc-event-object' }, ...args);
};

describe('preload', () => {
  it('exposes only window.gridscope: one function per verb plus onCommand, frozen', () => {
    expect([...exposed.keys()]).toEqual(['gridscope']);
    expect(Object.keys(api).sort()).toEqual([...VERBS, 'onCommand'].sort());
    for (const v of VERBS) expect(typeof api[v]).toBe('function');
    expect(Object.isFrozen(api)).toBe(true);
    // No raw IPC reaches the page.
    for (const leak of ['invoke', 'send', 'on', 'ipcRenderer', 'sendSync']) expect(api).not.toHaveProperty(leak);
  });

  it('each function invokes its own verb with the input', async () => {
    await expect(api['datasets:get']({ datasetId: 'x' })).resolves.toEqual({
      ok: true,
      value: { verb: 'datasets:get', input: { datasetId: 'x' } },
    });
    expect(invoke).toHaveBeenCalledWith('datasets:get', { datasetId: 'x' });
  });

  it('onCommand passes known commands (not the IPC event) and unsubscribes', () => {
    const got: unknown[][] = [];
    const off = api.onCommand?.((...args: unknown[]) => void got.push(args)) ?? (() => undefined);
    emit('focus-search' satisfies AppCommand);
    emit('open-settings');
    emit('rm -rf /');
    emit({ toString: () => 'focus-search' });
    expect(got).toEqual([['focus-search'], ['open-settings']]);
    off();
    emit('focus-search');
    expect(got).toHaveLength(2);
    expect(listeners.get(APP_COMMAND_CHANNEL)?.size).toBe(0);
  });
});

describe('preload bundle', () => {
  it('carries no zod: the preload imports only the zod-free verb list and types', async () => {
    const { build } = await import('esbuild');
    const out = await build({
      entryPoints: [new URL('./index.ts', import.meta.url).pathname],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'cjs',
      external: ['electron'],
      metafile: true,
    });
    const inputs = Object.keys(out.metafile.inputs);
    expect(inputs.some((p) => p.includes('node_modules/zod'))).toBe(false);
    expect(inputs.some((p) => p.endsWith('shared/bridge/verbs.ts'))).toBe(true);
    expect(out.outputFiles[0]!.text).not.toMatch(/ZodError|safeParse/);
  });
});
