import { CANCELLED_MESSAGE, fail, ok, retryCause } from '../../../shared/index.js';
import type { Result } from '../../../shared/index.js';
import { createLogger } from '../common/logger.js';
import { scrub } from './proxyErrors.js';
import { gaveUpMessage, retryDelay } from './retry.js';
import type { Clock, RetryPolicy } from './retry.js';

export { CANCELLED_MESSAGE };

/** Retry state of one call, reported through `onProgress`. */
export type ProxyProgress =
  | { state: 'running'; attempt: number; maxAttempts: number }
  | { state: 'retrying'; attempt: number; maxAttempts: number; delayMs: number; reason: string; cause: string };

/** One attempt's outcome: a value, or a failure and whether (and how soon at the earliest) to retry. */
export type Attempt<T> = { ok: true; value: T } | { ok: false; result: Result<never>; retry: boolean; floorMs?: number };

/** One call's retry context; `what` names it in log lines (`GET /v1/datasets`). */
export interface RetryRun {
  what: string;
  policy: RetryPolicy;
  clock: Clock;
  random: () => number;
  signal?: AbortSignal;
  onProgress?: (progress: ProxyProgress) => void;
}

const log = createLogger('proxy');

/**
 * Runs attempts until one succeeds, a failure is final, the call is cancelled (a wait ends at once) or the budget is spent:
 * then the last failure's code and status with `Gave up after N attempts over S s: <reason>`.
 */
export async function runWithRetries<T>(r: RetryRun, run: () => Promise<Attempt<T>>): Promise<Result<T>> {
  const { policy, clock, signal } = r;
  const maxAttempts = Math.max(1, Math.floor(policy.maxAttempts));
  const started = clock.now();
  for (let n = 1; ; n++) {
    if (signal?.aborted) return fail('cancelled', CANCELLED_MESSAGE);
    r.onProgress?.({ state: 'running', attempt: n, maxAttempts });
    const out = await run();
    if (out.ok) return ok(out.value);
    if (!out.retry || maxAttempts === 1 || out.result.ok) return out.result;
    const { code, message: reason, status } = out.result.error;
    const elapsed = clock.now() - started;
    const giveUp = (why = ''): Result<T> => {
      log.warn(`${r.what}: giving up after ${n} attempt(s): ${reason}${why}`);
      return fail(code, scrub(gaveUpMessage(n, elapsed, `${reason}${why}`)), status);
    };
    if (n >= maxAttempts) return giveUp();
    const delay = retryDelay(n, out.floorMs, policy, r.random);
    if (elapsed + delay > policy.maxTotalWaitMs) {
      const asked = (out.floorMs ?? 0) > policy.maxTotalWaitMs - elapsed;
      return giveUp(
        asked ? ` The server asks to wait ${Math.ceil((out.floorMs ?? 0) / 1000)} s, longer than the retry budget allows.` : '',
      );
    }
    log.info(`${r.what}: attempt ${n} failed (${reason}); retrying in ${delay} ms`);
    r.onProgress?.({ state: 'retrying', attempt: n + 1, maxAttempts, delayMs: delay, reason, cause: retryCause(code, status) });
    try {
      await clock.sleep(delay, signal);
    } catch {
      return fail('cancelled', CANCELLED_MESSAGE);
    }
  }
}
