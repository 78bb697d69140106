import { contextBridge, ipcRenderer } from 'electron';
import { VERBS } from '../../shared/bridge/contract.js';
import type { GridscopeApi } from '../../shared/bridge/contract.js';

/**
 * Exposes `window.gridscope`: one async function per contract verb, each `ipcRenderer.invoke(verb,
 * input)`. Nothing else crosses — no raw channel, no `ipcRenderer`, no Node (CONVENTIONS.md §2, §6).
 * Runs sandboxed, so the build must emit it as CommonJS (out/preload/index.cjs).
 */
export function buildApi(invoke: (verb: string, input: unknown) => Promise<unknown>): GridscopeApi {
  const entries = VERBS.map((verb) => [verb, (input: unknown) => invoke(verb, input)] as const);
  return Object.freeze(Object.fromEntries(entries)) as unknown as GridscopeApi;
}

contextBridge.exposeInMainWorld(
  'gridscope',
  buildApi((verb, input) => ipcRenderer.invoke(verb, input)),
);
