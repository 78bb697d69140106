import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { ErrorCode, ProfileName, Result } from '../../../shared/index.js';
import type { QueryValue } from './joinUrl.js';
import type { RateGate } from './rateGate.js';
import type { ResponseCache } from './responseCache.js';
import type { Clock, RetryPolicy } from './retry.js';
import type { ProxyProgress } from './retryLoop.js';
import type { ProxyObserver } from './traffic.js';

/**
 * The /v1 proxy's surface and options (docs/desktop.md#retries-timeouts-and-cancellation); proxy.ts builds it from
 * target.ts (where a request goes), attempt.ts (one request), retryLoop.ts (the retries) and cachedJson.ts (the cache).
 */

/** Where to send a request: base URL ending in `/v1`, its key, and its cache lifetime in seconds (0 or absent: none). */
export interface ProxyTarget {
  baseUrl: string;
  key: string;
  profile?: ProfileName;
  /** Stable name of the server for cache keys (default `baseUrl`; the embedded server's port changes per run). */
  cacheId?: string;
  cacheTtlSeconds?: number;
}

/** Thrown by `resolveTarget` when there is no usable target (e.g. the embedded server failed). */
export class TargetUnavailableError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'TargetUnavailableError';
  }
}

/** Per-call options; `profile` calls that profile's server instead of the active one's (testing the Remote key). */
export interface GetOptions {
  signal?: AbortSignal;
  /** Per-attempt deadline in ms until the response is complete (`get`) or its headers arrived (`open`). */
  timeoutMs?: number;
  onProgress?: (progress: ProxyProgress) => void;
  /** `false` skips the cache (e.g. `/api_usage`, which must be current). */
  cache?: boolean;
  retry?: Partial<RetryPolicy>;
  profile?: ProfileName;
}

/** An open response: status 2xx, decoded body stream (the caller must read it to the end or destroy it). */
export interface V1Stream {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}

/**
 * The one place that adds `x-api-key`: retries transient failures (docs/desktop.md#retries-timeouts-and-cancellation),
 * serves identical GETs from the opt-in cache, and never throws for a /v1, network or body failure.
 */
export interface V1Proxy {
  /** GET `<baseUrl><path>?<query>`, the JSON parsed with `schema`; error codes as in docs/desktop.md#bridge-error-codes. */
  get<T>(path: string, query: Record<string, QueryValue>, schema: z.ZodType<T>, opts?: GetOptions): Promise<Result<T>>;
  /**
   * {@link get} plus the fields its `x-gridscope-synthetic` header names (split on commas, trimmed; [] when absent), kept
   * with the body in the cache (docs/constraints.md#what-is-real-and-what-is-synthetic).
   */
  getWithMeta<T>(
    path: string,
    query: Record<string, QueryValue>,
    schema: z.ZodType<T>,
    opts?: GetOptions,
  ): Promise<Result<WithMeta<T>>>;
  /** GET as an uncached stream (downloads): retried until the headers arrive, then only the idle timeout applies. */
  open(path: string, query: Record<string, QueryValue>, opts?: GetOptions): Promise<Result<V1Stream>>;
  close(): Promise<void>;
}

/** A parsed body and the fields of it that are SYNTHETIC (the `x-gridscope-synthetic` header's list). */
export interface WithMeta<T> {
  body: T;
  synthetic: string[];
}

export interface ProxyOptions {
  /** Current target; `null` means "Remote profile without a key". May throw {@link TargetUnavailableError}. */
  resolveTarget: (profile?: ProfileName) => Promise<ProxyTarget | null>;
  timeoutMs?: number;
  /** Longest pause between two body chunks of an `open` stream, in ms (60 000). */
  idleTimeoutMs?: number;
  maxBodyBytes?: number;
  retry?: Partial<RetryPolicy>;
  clock?: Clock;
  random?: () => number;
  cache?: ResponseCache;
  /** Oldest cached response served when the server cannot be reached (default 30 days). */
  maxStaleMs?: number;
  /** Told of every request sent and its end (the usage meter's traffic, the profile badge's health). */
  observer?: ProxyObserver;
  /** Spaces requests under each key's plan (docs/desktop.md#the-request-budget); absent: none are held back. */
  rateGate?: RateGate;
}
