import { ipcMain } from 'electron';
import type { IpcMainInvokeEvent } from 'electron';
import { VERBS, fail } from '../../shared/index.js';
import type { Result, Verb } from '../../shared/index.js';
import { dispatch } from '../services/verbs/dispatch.js';
import type { Handlers } from '../services/verbs/handlers.js';
import { createLogger } from '../services/common/logger.js';

/**
 * The Electron IPC transport of the bridge (CONVENTIONS.md §2–3): one `ipcMain.handle` per
 * contract verb, nothing else. Each call's sender frame must be our app page (checked with
 * `isAppUrl`, see appUrl.ts) before `dispatch` parses the input and runs the handler; a foreign or
 * vanished frame gets a `forbidden` result.
 */

const log = createLogger('ipc');

/** Answers one invoke: sender check, then {@link dispatch}. Exported for tests. */
export async function handleInvoke(
  handlers: Handlers,
  isAppUrl: (url: string) => boolean,
  verb: Verb,
  event: Pick<IpcMainInvokeEvent, 'senderFrame'>,
  input: unknown,
): Promise<Result<unknown>> {
  const url = event.senderFrame?.url;
  if (!url || !isAppUrl(url)) {
    log.warn(`refused ${verb} from a frame outside the app`);
    return fail('forbidden', 'Bridge calls are only accepted from the Gridscope window.');
  }
  return dispatch(handlers, verb, input);
}

/**
 * Registers the bridge on `ipcMain`. Returns a function that removes the handlers again
 * (for tests and for a clean shutdown).
 */
export function registerBridgeIpc(handlers: Handlers, isAppUrl: (url: string) => boolean): () => void {
  for (const verb of VERBS) {
    ipcMain.handle(verb, (event, input: unknown) => handleInvoke(handlers, isAppUrl, verb, event, input));
  }
  return () => {
    for (const verb of VERBS) ipcMain.removeHandler(verb);
  };
}
