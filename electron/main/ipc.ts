import { ipcMain } from 'electron';
import type { IpcMainInvokeEvent } from 'electron';
import { VERBS, fail } from '../../shared/index.js';
import type { Result, Verb } from '../../shared/index.js';
import { dispatch } from '../services/verbs/dispatch.js';
import type { Handlers } from '../services/verbs/handlers.js';
import { createLogger } from '../services/common/logger.js';

const log = createLogger('ipc');

/** Who may call: the app page's URL rule, and whether a sender is one of our windows' webContents (not devtools). */
export interface SenderPolicy {
  isAppUrl: (url: string) => boolean;
  isKnownSender: (sender: unknown) => boolean;
}

/** The parts of an invoke event the checks read (a frame's `parent` is null for a top frame). */
export interface InvokeEventLike {
  sender?: unknown;
  senderFrame: { url: string; parent?: unknown } | null;
}

function refusal(policy: SenderPolicy, event: InvokeEventLike): string | null {
  const frame = event.senderFrame;
  if (!frame) return 'its frame is gone';
  if (!policy.isKnownSender(event.sender)) return 'it does not come from a Gridscope window';
  if (frame.parent) return 'it comes from a sub-frame';
  if (!policy.isAppUrl(frame.url)) return 'it comes from a page outside the app';
  return null;
}

/** Answers one invoke: `forbidden` unless our window's top frame on the app page sent it, else {@link dispatch}. */
export async function handleInvoke(
  handlers: Handlers,
  policy: SenderPolicy,
  verb: Verb,
  event: InvokeEventLike,
  input: unknown,
): Promise<Result<unknown>> {
  const why = refusal(policy, event);
  if (why) {
    log.warn(`refused ${verb}: ${why}`);
    return fail('forbidden', 'Bridge calls are only accepted from the Gridscope window.');
  }
  return dispatch(handlers, verb, input);
}

/** Registers one `ipcMain.handle` per contract verb, nothing else; returns a function removing them. */
export function registerBridgeIpc(handlers: Handlers, policy: SenderPolicy): () => void {
  for (const verb of VERBS) {
    ipcMain.handle(verb, (event: IpcMainInvokeEvent, input: unknown) => handleInvoke(handlers, policy, verb, event, input));
  }
  return () => {
    for (const verb of VERBS) ipcMain.removeHandler(verb);
  };
}
