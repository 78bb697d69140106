import { fail } from '../../../shared/index.js';
import type { RequestStatus, Result, Verb } from '../../../shared/index.js';
import type { GetOptions } from './proxyTypes.js';
import type { ProxyProgress } from './retryLoop.js';

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

/** Data calls in flight for `requests:status` / `requests:cancel`; calls without an id are tracked (for quit), not listed. */
export interface RequestRegistry {
  /** Its `signal` aborts on cancel, on quit, and on `outer` (web host: the browser went away). @throws RequestIdInUseError */
  begin(verb: Verb, requestId?: string, outer?: AbortSignal): TrackedRequest;
  /** The calls in flight that carry an id (only those of `ids` when given), oldest first. */
  status(ids?: readonly string[]): RequestStatus[];
  /** Aborts the call with `requestId` (its verb answers `cancelled`); false when none is in flight. */
  cancel(requestId: string): boolean;
  cancelAll(): void;
}

interface Entry {
  status: Omit<RequestStatus, 'retryInMs'> & { retryAt: number | null };
  controller: AbortController;
  listed: boolean;
}

/** Creates a registry; `now` gives epoch ms. */
export function createRequestRegistry(now: () => number = Date.now): RequestRegistry {
  const entries = new Map<string, Entry>();
  let unnamed = 0;

  return {
    begin(verb, requestId, outer) {
      const id = requestId ?? `#${++unnamed}`;
      if (entries.has(id)) throw new RequestIdInUseError(id);
      const entry: Entry = {
        status: {
          requestId: id,
          verb,
          state: 'running',
          attempt: 1,
          maxAttempts: 1,
          retryAt: null,
          reason: null,
          cause: null,
          startedAt: now(),
        },
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
          s.cause = p.state === 'retrying' ? p.cause : null;
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

/**
 * Runs one data verb as a tracked request: `requests:status` lists it, `requests:cancel` or `outer` aborts it (the proxy
 * then answers `cancelled`); `run` gets the proxy options carrying that signal and progress. An id already in flight →
 * `validation`. Docs: docs/desktop.md#retries-timeouts-and-cancellation.
 */
export async function runTracked<T>(
  requests: RequestRegistry,
  verb: Verb,
  requestId: string | undefined,
  outer: AbortSignal | undefined,
  run: (call: Pick<GetOptions, 'signal' | 'onProgress'>) => Promise<Result<T>>,
): Promise<Result<T>> {
  let t: TrackedRequest;
  try {
    t = requests.begin(verb, requestId, outer);
  } catch (err) {
    if (err instanceof RequestIdInUseError) return fail('validation', err.message);
    throw err;
  }
  try {
    return await run({ signal: t.signal, onProgress: t.onProgress });
  } finally {
    t.end();
  }
}
