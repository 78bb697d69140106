import { contextBridge, ipcRenderer } from 'electron';
import { APP_COMMANDS, APP_COMMAND_CHANNEL, fromVerbs } from '../../shared/bridge/verbs.js';
import type { AppCommand, Verb } from '../../shared/bridge/verbs.js';
import type { GridscopeApi, GridscopeEvents, GridscopeWindowApi } from '../../shared/bridge/results.js';

/**
 * Exposes `window.gridscope`: one async function per contract verb, each `ipcRenderer.invoke(verb,
 * input)`, and `onCommand(listener)` for the menu's commands. Nothing else crosses — no raw
 * channel, no `ipcRenderer`, no IPC event object, no Node (CONVENTIONS.md §2, §6).
 * Runs sandboxed, so the build must emit it as CommonJS (out/preload/index.cjs).
 */

type Subscribe = (channel: string, listener: (event: unknown, ...args: unknown[]) => void) => () => void;

const isCommand = (v: unknown): v is AppCommand => typeof v === 'string' && (APP_COMMANDS as readonly string[]).includes(v);

/**
 * Builds the exposed object from the contract's verbs plus the {@link GridscopeEvents}, typed as
 * `window.gridscope` is. Only zod-free modules are imported here (verbs.ts, types): the sandboxed
 * preload bundle stays small and carries no schema code; main parses every input.
 */
export function buildApi(invoke: (verb: Verb, input: unknown) => Promise<unknown>, subscribe: Subscribe): GridscopeWindowApi {
  // What comes back over IPC is main's Result for that verb; IPC itself cannot type it.
  const verbs: GridscopeApi = fromVerbs<GridscopeApi>(
    (verb) => ((input: unknown) => invoke(verb, input)) as GridscopeApi[typeof verb],
  );
  const events: GridscopeEvents = {
    // Only the command string reaches the page, and only a known one.
    onCommand: (listener) => subscribe(APP_COMMAND_CHANNEL, (_event, command) => (isCommand(command) ? listener(command) : undefined)),
  };
  const api: GridscopeWindowApi = { ...verbs, ...events };
  return Object.freeze(api);
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
