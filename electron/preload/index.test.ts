import { describe, expect, it, vi } from 'vitest';
import { VERBS } from '../../shared/index.js';

const exposed = vi.hoisted(() => new Map<string, unknown>());
const invoke = vi.hoisted(() => vi.fn(async (verb: string, input: unknown) => ({ ok: true, value: { verb, input } })));
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (name: string, api: unknown) => void exposed.set(name, api) },
  ipcRenderer: { invoke },
}));

await import('./index.js');

describe('preload', () => {
  it('exposes only window.gridscope with one function per verb', () => {
    expect([...exposed.keys()]).toEqual(['gridscope']);
    const api = exposed.get('gridscope') as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual([...VERBS].sort());
    for (const v of VERBS) expect(typeof api[v]).toBe('function');
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('each function invokes its own verb with the input', async () => {
    const api = exposed.get('gridscope') as Record<string, (input: unknown) => Promise<unknown>>;
    await expect(api['datasets:get']?.({ datasetId: 'x' })).resolves.toEqual({ ok: true, value: { verb: 'datasets:get', input: { datasetId: 'x' } } });
    expect(invoke).toHaveBeenCalledWith('datasets:get', { datasetId: 'x' });
  });
});
