import type { ErrorCode, GsError } from '../../../shared/errors.js';
import { LOST_HOST_MESSAGE } from '../bridge.js';

/** What the analyst should do about an error: the UI offers one primary action per code. */
export type ErrorAction = 'settings' | 'retry' | 'catalogue' | 'none';

/** Title, explanation and actions for one {@link GsError}. */
export interface ErrorText {
  title: string;
  message: string;
  actions: ErrorAction[];
}

/** Where the data comes from, for messages that name it: the remote base URL or the embedded service. */
export interface ErrorContext {
  profile?: 'embedded' | 'remote';
  remoteUrl?: string;
}

const TITLES: Record<ErrorCode, string> = {
  auth: 'API key rejected',
  forbidden: 'No access on this plan',
  not_found: 'Not found',
  validation: 'Request rejected',
  rate_limited: 'Rate limit reached',
  network: 'Data service unreachable',
  cancelled: 'Request cancelled',
  internal: 'Something went wrong',
};

/**
 * Maps a {@link GsError} to words and actions (CONVENTIONS.md §4): the code alone decides what
 * the analyst is told to do; the server's message is shown separately as detail.
 */
export function describeError(error: GsError, ctx: ErrorContext = {}): ErrorText {
  const title = TITLES[error.code] ?? TITLES.internal;
  switch (error.code) {
    case 'auth':
      return { title, message: 'The API key was rejected. Check the key in Settings.', actions: ['settings'] };
    case 'forbidden':
      return { title, message: 'Your API plan lacks access to this data.', actions: ['settings'] };
    case 'not_found':
      return { title, message: 'The data service has no such dataset.', actions: ['catalogue'] };
    case 'validation':
      return { title, message: 'The data service rejected the request as invalid.', actions: ['settings'] };
    case 'rate_limited':
      return { title, message: 'The data service is rate limiting requests. Wait a moment, then retry.', actions: ['retry'] };
    case 'network': {
      if (error.message === LOST_HOST_MESSAGE) return { title: 'Host unreachable', message: LOST_HOST_MESSAGE, actions: ['retry'] };
      let message = 'Could not reach the data service. Check the profile in Settings, or retry.';
      if (ctx.profile === 'remote' && ctx.remoteUrl)
        message = `Could not reach the data service at ${ctx.remoteUrl}. Check the Remote base URL in Settings, or retry.`;
      else if (ctx.profile === 'embedded')
        message = 'Could not reach the data service (embedded sample data). Retry, or restart Gridscope.';
      return { title, message, actions: ['retry', 'settings'] };
    }
    case 'cancelled':
      return { title, message: 'The request was cancelled.', actions: ['retry'] };
    default:
      return { title, message: 'Gridscope hit an unexpected problem.', actions: ['retry'] };
  }
}
