import type { RequestStatus, Verb } from '../../../shared/index.js';
import type { ProxyProgress } from './proxy.js';

/**
 * Data calls in flight (CONVENTIONS.md §7: an id, an AbortController, progress, an end state).
 * The renderer tags a call with a `requestId`; `requests:status` polls the retry state and
 * `requests:cancel` aborts it — plain verbs, so the same design works over IPC and over the web
 * host's HTTP POSTs. Calls without an id are tracked too (so quitting aborts them) but not listed.
 */

/** Thrown by {@link RequestRegistry.begin} when the id is already used by a call in flight. */
export class RequestIdInUseError extends Error {
  constructor(requestId: string) {
    super(`requestId "${requestId}" is already used by a request in flight.`);
    this.name = 'RequestIdInUseError';
  }
}

/** One tracked call: its abort signal, a progress sink for the proxy, and `end()` once it answered. */
export interface TrackedRequest {
  signal: AbortSignal;
  onProgress(progress: ProxyProgress): void;
  end(): void;
}

export interface RequestRegistry {
  /**
   * Starts tracking a call of `verb`. The returned `signal` aborts on {@link cancel} /
   * {@link cancelAll} and, when given, on `outer` too (e.g. the web host's "the browser
   * disconnected" signal), with that signal's reason.
   * @throws RequestIdInUseError for an id in flight.
   */
  begin(verb: Verb, requestId?: string, outer?: AbortSignal): TrackedRequest;
  /** The calls in flight that carry an id (only those of `ids` when given), oldest first. */
  status(ids?: readonly string[]): RequestStatus[];
  /** Aborts the call with `requestId`; false when none is in flight. Its verb then answers `cancelled`. */
  cancel(requestId: string): boolean;
  /** Aborts every call in flight (on quit). */
  cancelAll(): void;
}

interface Entry {
  status: Omit<RequestStatus, 'retryInMs'> & { retryAt: number | null };
  controller: AbortController;
  listed: boolean;
}

/** @param now epoch ms (injectable for tests). */
export function createRequestRegistry(now: () => number = Date.now): RequestRegistry {
  const entries = new Map<string, Entry>();
  let unnamed = 0;

  return {
    begin(verb, requestId, outer) {
      const id = requestId ?? `#${++unnamed}`;
      if (entries.has(id)) throw new RequestIdInUseError(id);
      const entry: Entry = {
        status: { requestId: id, verb, state: 'running', attempt: 1, maxAttempts: 1, retryAt: null, reason: null, startedAt: now() },
        controller: new AbortController(),
        listed: requestId !== undefined,
      };
      entries.set(id, entry);
      return {
        signal: outer ? AbortSignal.any([entry.controller.signal, outer]) : entry.controller.signal,
        onProgress(p) {
          const s = entry.status;
          s.state = p.state;
          s.attempt = p.attempt;
          s.maxAttempts = p.maxAttempts;
          s.retryAt = p.state === 'retrying' ? now() + p.delayMs : null;
          s.reason = p.state === 'retrying' ? p.reason : null;
        },
        end() {
          if (entries.get(id) === entry) entries.delete(id);
        },
      };
    },

    status(ids) {
      const wanted = ids ? new Set(ids) : undefined;
      const t = now();
      return [...entries.values()]
        .filter((e) => e.listed && (!wanted || wanted.has(e.status.requestId)))
        .map(({ status: { retryAt, ...rest } }) => ({ ...rest, retryInMs: retryAt === null ? null : Math.max(0, retryAt - t) }));
    },

    cancel(requestId) {
      const entry = entries.get(requestId);
      if (!entry?.listed) return false;
      entry.controller.abort(new Error('cancelled by the user'));
      return true;
    },

    cancelAll() {
      for (const entry of entries.values()) entry.controller.abort(new Error('Gridscope is closing'));
    },
  };
}
