import { contextBridge, ipcRenderer } from 'electron';
import { APP_COMMANDS, APP_COMMAND_CHANNEL, VERBS } from '../../shared/bridge/contract.js';
import type { AppCommand, GridscopeEvents, GridscopeWindowApi } from '../../shared/bridge/contract.js';

/**
 * Exposes `window.gridscope`: one async function per contract verb, each `ipcRenderer.invoke(verb,
 * input)`, and `onCommand(listener)` for the menu's commands. Nothing else crosses — no raw
 * channel, no `ipcRenderer`, no IPC event object, no Node (CONVENTIONS.md §2, §6).
 * Runs sandboxed, so the build must emit it as CommonJS (out/preload/index.cjs).
 */

type Subscribe = (channel: string, listener: (event: unknown, ...args: unknown[]) => void) => () => void;

const isCommand = (v: unknown): v is AppCommand => typeof v === 'string' && (APP_COMMANDS as readonly string[]).includes(v);

/** Builds the exposed object from the contract keys plus the {@link GridscopeEvents}. */
export function buildApi(invoke: (verb: string, input: unknown) => Promise<unknown>, subscribe: Subscribe): GridscopeWindowApi {
  const entries = VERBS.map((verb) => [verb, (input: unknown) => invoke(verb, input)] as const);
  const events: GridscopeEvents = {
    // Only the command string reaches the page, and only a known one.
    onCommand: (listener) => subscribe(APP_COMMAND_CHANNEL, (_event, command) => (isCommand(command) ? listener(command) : undefined)),
  };
  return Object.freeze({ ...Object.fromEntries(entries), ...events }) as unknown as GridscopeWindowApi;
}

contextBridge.exposeInMainWorld(
  'gridscope',
  buildApi(
    (verb, input) => ipcRenderer.invoke(verb, input),
    (channel, listener) => {
      ipcRenderer.on(channel, listener);
      return () => void ipcRenderer.removeListener(channel, listener);
    },
  ),
);
