import { contextBridge, ipcRenderer } from 'electron';
import { APP_COMMANDS, APP_COMMAND_CHANNEL, fromVerbs } from '../../shared/bridge/verbs.js';
import type { AppCommand, Verb } from '../../shared/bridge/verbs.js';
import type { GridscopeApi, GridscopeEvents, GridscopeWindowApi } from '../../shared/bridge/results.js';

// Sandboxed: built as CommonJS (out/preload/index.cjs), importing only zod-free modules so the bundle stays small.

type Subscribe = (channel: string, listener: (event: unknown, ...args: unknown[]) => void) => () => void;

const isCommand = (v: unknown): v is AppCommand => typeof v === 'string' && (APP_COMMANDS as readonly string[]).includes(v);

/** `window.gridscope`: one `invoke(verb, input)` per verb plus `onCommand`; no `ipcRenderer` or IPC event reaches the page. */
export function buildApi(invoke: (verb: Verb, input: unknown) => Promise<unknown>, subscribe: Subscribe): GridscopeWindowApi {
  // What comes back over IPC is main's Result for that verb; IPC itself cannot type it.
  const verbs: GridscopeApi = fromVerbs<GridscopeApi>(
    (verb) => ((input: unknown) => invoke(verb, input)) as GridscopeApi[typeof verb],
  );
  const events: GridscopeEvents = {
    onCommand: (listener) =>
      subscribe(APP_COMMAND_CHANNEL, (_event, command) => (isCommand(command) ? listener(command) : undefined)),
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
