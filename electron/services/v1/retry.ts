/** How hard the proxy tries, times in ms (docs/desktop.md#retries-timeouts-and-cancellation). */
export interface RetryPolicy {
  /** Attempts in all, the first included (1 = no retries). */
  maxAttempts: number;
  /** No retry is scheduled to start later than this after the first attempt's start. */
  maxTotalWaitMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** 4 attempts within 60 s, backoff ceilings 1 s, 2 s, 4 s … capped at 30 s. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  maxTotalWaitMs: 60_000,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
};

/** HTTP statuses that are retried with backoff (docs/api.md#status-codes). */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

/** Transport failures worth another attempt; not `ENOTFOUND` (the name does not exist) nor TLS certificate errors. */
export const RETRYABLE_NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** `Retry-After` (seconds or an HTTP date) as a wait in ms from `nowMs`, ≥ 0; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

const UNIT_MS: Record<string, number> = { second: 1_000, minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** Least wait in ms a 429 `detail` names (`Try again in 8 seconds`) or implies (`Limit: 30 per 1 minute` → 2 s, ≥ 1 s). */
export function waitFromDetail(detail: string): number | undefined {
  const wait = /(?:retry|try again|wait)\D{0,20}?(\d+(?:\.\d+)?)\s*(?:s|sec|secs|seconds?)\b/i.exec(detail);
  if (wait) return Math.round(Number(wait[1]) * 1000);
  const limit = /Limit:\s*(\d+)\s*per\s*(\d+)?\s*(second|minute|hour|day)s?/i.exec(detail);
  if (limit) {
    const count = Math.max(1, Number(limit[1]));
    const windowMs = Number(limit[2] ?? 1) * (UNIT_MS[limit[3]!.toLowerCase()] ?? 1_000);
    return Math.max(1_000, Math.ceil(windowMs / count));
  }
  return undefined;
}

/** True for a monthly-quota 429 (`… Your usage resets on 2026-12-01.`): retrying before the reset cannot succeed. */
export function isMonthlyQuota(detail: string): boolean {
  return /resets?\s+on\b/i.test(detail) || /\bmonthly\b/i.test(detail);
}

/** Full jitter: uniform in [0, min(maxDelayMs, baseDelayMs × 2^(retry−1))) ms; `retry` = 1 before the second attempt. */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * ceiling);
}

/** Wait before retry number `retry`: the server's minimum (`floorMs`) or the backoff, whichever is longer. */
export function retryDelay(retry: number, floorMs: number | undefined, policy: RetryPolicy, random: () => number): number {
  return Math.max(floorMs ?? 0, backoffDelay(retry, policy, random));
}

/** "Gave up after 4 attempts over 23 s: <reason>" — the final message once the budget is spent. */
export function gaveUpMessage(attempts: number, elapsedMs: number, reason: string): string {
  const over = attempts > 1 ? ` over ${Math.round(elapsedMs / 1000)} s` : '';
  return `Gave up after ${attempts} attempt${attempts === 1 ? '' : 's'}${over}: ${reason}`;
}

/** Injectable time: `now()` in epoch ms and an abortable `sleep` (rejects when `signal` aborts). */
export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};
