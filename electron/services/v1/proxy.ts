import type { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { fail, ok } from '../../../shared/index.js';
import type { ErrorCode, ProfileName, Result } from '../../../shared/index.js';
import { joinUrl } from './joinUrl.js';
import type { QueryValue } from './joinUrl.js';
import { BodyTooLargeError, decodeBody, formatBytes, readText } from './body.js';
import { createLogger } from '../common/logger.js';
import { NO_REMOTE_KEY_MESSAGE, connectionFailure, detailText, errorCode, failureForStatus, scrub } from './proxyErrors.js';
import { cacheKey } from './responseCache.js';
import type { ResponseCache } from './responseCache.js';
import {
  DEFAULT_RETRY_POLICY,
  RETRYABLE_NETWORK_CODES,
  RETRYABLE_STATUSES,
  isMonthlyQuota,
  parseRetryAfter,
  systemClock,
  waitFromDetail,
} from './retry.js';
import type { Clock, RetryPolicy } from './retry.js';
import { CANCELLED_MESSAGE, runWithRetries } from './retryLoop.js';
import type { Attempt, ProxyProgress, RetryRun } from './retryLoop.js';

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

export type { QueryValue } from './joinUrl.js';
export { joinUrl } from './joinUrl.js';

export type { ProxyProgress } from './retryLoop.js';

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
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** Largest decoded JSON body `get` reads (32 MiB): main briefly holds it several times over; downloads use `open()`. */
export const MAX_JSON_BODY_BYTES = 32 * 1024 * 1024;
/** Error bodies are read only this far: a detail, not a payload. */
const MAX_ERROR_BODY = 64 * 1024;
const log = createLogger('proxy');

function queryStrings(query: Record<string, QueryValue>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).flatMap(([k, v]) => (v === undefined || v === null ? [] : [[k, String(v)]])));
}

const header = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v.join(',') : v);

/** The fields an `x-gridscope-synthetic` header names: split on commas, trimmed, empties dropped; [] when absent. */
export function syntheticFields(value: string | string[] | undefined): string[] {
  return (header(value) ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * `accept-encoding` of a request: `identity` to the embedded service on loopback (compressing there costs CPU on both
 * ends and saves no time), else `br, gzip`.
 */
export function acceptEncoding(target: Pick<ProxyTarget, 'profile'>, url: URL): string {
  return target.profile === 'embedded' && LOOPBACK.has(url.hostname) ? 'identity' : 'br, gzip';
}

/** Creates the proxy with its own connection pool (closed by {@link V1Proxy.close}). */
export function createV1Proxy(opts: ProxyOptions): V1Proxy {
  const dispatcher: Dispatcher = new Agent({ keepAliveTimeout: 10_000, connect: { timeout: 10_000 } });
  const maxBody = opts.maxBodyBytes ?? MAX_JSON_BODY_BYTES;
  const clock = opts.clock ?? systemClock;
  const random = opts.random ?? Math.random;
  const retryRun = (o: GetOptions): Omit<RetryRun, 'what'> => ({
    policy: { ...DEFAULT_RETRY_POLICY, ...opts.retry, ...o.retry },
    clock,
    random,
    ...(o.signal ? { signal: o.signal } : {}),
    ...(o.onProgress ? { onProgress: o.onProgress } : {}),
  });

  // The deadline covers `onOk` too for JSON reads; a stream is handed over at its headers, then only the idle timeout applies.
  async function attempt<T>(
    url: URL,
    target: ProxyTarget,
    o: GetOptions,
    deadlineCoversBody: boolean,
    onOk: (res: Dispatcher.ResponseData, body: Readable) => Promise<Attempt<T>>,
  ): Promise<Attempt<T>> {
    const timeoutMs = o.timeoutMs ?? opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const ctrl = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort(new Error('timeout'));
    }, timeoutMs);
    const onAbort = (): void => ctrl.abort(o.signal?.reason);
    o.signal?.addEventListener('abort', onAbort, { once: true });
    const what = `GET ${url.pathname}`;
    const done = log.time(what);
    let handedOver = false;
    let raw: Readable | undefined;
    try {
      const res = await request(url, {
        method: 'GET',
        dispatcher,
        signal: ctrl.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: deadlineCoversBody ? timeoutMs : (opts.idleTimeoutMs ?? 60_000),
        headers: {
          'x-api-key': target.key,
          accept: 'application/json',
          'accept-encoding': acceptEncoding(target, url),
          'user-agent': 'Gridscope',
        },
      });
      raw = res.body;
      const encoding = header(res.headers['content-encoding']);
      if (res.statusCode < 200 || res.statusCode > 299) {
        const text = await Promise.resolve()
          .then(() => readText(decodeBody(res.body, encoding), MAX_ERROR_BODY))
          .catch(() => '');
        done(String(res.statusCode));
        const retryAfter = header(res.headers['retry-after']);
        const result = failureForStatus(res.statusCode, text, retryAfter, target.key);
        const detail = detailText(text);
        const monthly = res.statusCode === 429 && isMonthlyQuota(detail);
        const floors = [parseRetryAfter(retryAfter, clock.now()), res.statusCode === 429 ? waitFromDetail(detail) : undefined];
        const floorMs = Math.max(0, ...floors.filter((f): f is number => f !== undefined));
        if (!result.ok) log.info(`${what} → ${result.error.code} (${res.statusCode})`);
        return { ok: false, result, retry: RETRYABLE_STATUSES.has(res.statusCode) && !monthly, floorMs };
      }
      const body = decodeBody(res.body, encoding);
      if (!deadlineCoversBody) {
        clearTimeout(timer);
        o.signal?.removeEventListener('abort', onAbort);
        // From here the caller owns the stream; a later cancel still ends it. The listener goes with the stream, so a
        // signal shared by many streams (a pull's pages) does not collect one per stream.
        const signal = o.signal;
        if (signal) {
          const cancel = (): void => void body.destroy(new Error(CANCELLED_MESSAGE));
          signal.addEventListener('abort', cancel, { once: true });
          body.once('close', () => signal.removeEventListener('abort', cancel));
        }
      }
      handedOver = !deadlineCoversBody;
      const out = await onOk(res, body);
      done(`${res.statusCode}`);
      return out;
    } catch (err) {
      if (o.signal?.aborted) return { ok: false, result: fail('cancelled', CANCELLED_MESSAGE), retry: false };
      if (timedOut)
        return {
          ok: false,
          result: fail('network', `The /v1 server did not answer within ${Math.round(timeoutMs / 100) / 10} s.`),
          retry: true,
        };
      if (err instanceof BodyTooLargeError) {
        // Gridscope's own limit, not the server's: the same request would only fail again.
        log.warn(`${what}: response over ${formatBytes(err.maxBytes)}; cut off`);
        const hint = 'Ask for fewer rows per page or fewer columns.';
        return {
          ok: false,
          result: fail(
            'internal',
            `The /v1 response (${what}) is larger than ${formatBytes(err.maxBytes)}, the most Gridscope reads for one answer. ${hint}`,
          ),
          retry: false,
        };
      }
      const hint =
        target.profile === 'embedded'
          ? 'Restart Gridscope if this persists.'
          : 'Check the Remote URL in Settings or your network.';
      const network = connectionFailure(err, url.host, hint);
      if (network) {
        log.warn(`${what}: ${network.ok ? '' : network.error.message}`);
        return { ok: false, result: network, retry: RETRYABLE_NETWORK_CODES.has(errorCode(err) ?? '') };
      }
      const message = scrub(err instanceof Error ? err.message : String(err), target.key);
      log.error(`${what} failed`, message);
      return { ok: false, result: fail('internal', `Could not read the /v1 response (${what}): ${message}`), retry: false };
    } finally {
      if (!handedOver) {
        clearTimeout(timer);
        o.signal?.removeEventListener('abort', onAbort);
        // Ends a response nobody read (bad encoding, early failure), which frees its socket.
        if (raw && !raw.destroyed) raw.on('error', () => undefined).destroy();
      }
    }
  }

  async function prepare(
    path: string,
    query: Record<string, QueryValue>,
    profile?: ProfileName,
  ): Promise<Result<{ target: ProxyTarget; url: URL }>> {
    let target: ProxyTarget | null;
    try {
      target = await opts.resolveTarget(profile);
    } catch (err) {
      if (err instanceof TargetUnavailableError) return fail(err.code, scrub(err.message));
      return fail('internal', `Could not choose a /v1 server: ${scrub(err instanceof Error ? err.message : String(err))}`);
    }
    if (!target) return fail('auth', NO_REMOTE_KEY_MESSAGE);
    try {
      return ok({ target, url: joinUrl(target.baseUrl, path, query) });
    } catch (err) {
      return fail('internal', scrub(err instanceof Error ? err.message : String(err), target.key));
    }
  }

  function parse<T>(text: string, schema: z.ZodType<T>, what: string, key: string): Result<T> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return fail('internal', `The /v1 server sent a response that is not JSON (${what}).`);
    }
    const parsed = schema.safeParse(json);
    if (parsed.success) return ok(parsed.data);
    const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`);
    log.warn(`${what}: response does not match the schema`, issues);
    return fail(
      'internal',
      scrub(`The /v1 server sent a response Gridscope does not understand (${what}): ${issues.join('; ')}`, key),
    );
  }

  // `get` and `getWithMeta` in one: the cache keeps the synthetic fields with the body.
  async function getJson<T>(
    path: string,
    query: Record<string, QueryValue>,
    schema: z.ZodType<T>,
    o: GetOptions,
  ): Promise<Result<WithMeta<T>>> {
    if (o.signal?.aborted) return fail('cancelled', CANCELLED_MESSAGE);
    const prepared = await prepare(path, query, o.profile);
    if (!prepared.ok) return prepared;
    const { target, url } = prepared.value;
    const what = `GET ${url.pathname}`;
    const profile = target.profile ?? 'remote';
    const ttlMs = (target.cacheTtlSeconds ?? 0) * 1000;
    // Remote entries are tied to a salted tag of their key; the embedded key changes per run, so `cacheId` alone ties those.
    let useCache = opts.cache !== undefined && o.cache !== false && ttlMs > 0;
    let tag: string | undefined;
    if (useCache && !target.cacheId) {
      tag = await opts.cache!.credentialTag(target.key).catch((err: unknown) => {
        log.warn('the response cache has no usable salt; not caching', err);
        return undefined;
      });
      useCache = tag !== undefined;
    }
    const key = useCache ? cacheKey(profile, target.cacheId ?? target.baseUrl, path, queryStrings(query), tag) : '';
    // An entry without its synthetic fields (written before they were kept) could hide that a body is synthetic: unused.
    const read = useCache ? await opts.cache?.read(profile, key) : undefined;
    const cached = read?.synthetic ? { ...read, synthetic: read.synthetic } : undefined;
    if (cached && clock.now() - cached.storedAt <= ttlMs) {
      const hit = parse(cached.text, schema, what, target.key);
      if (hit.ok) {
        log.debug(`${what}: served from the cache`);
        return ok({ body: hit.value, synthetic: cached.synthetic });
      }
    }

    const result = await runWithRetries({ what, ...retryRun(o) }, () =>
      attempt(url, target, o, true, async (res, body) => {
        const text = await readText(body, maxBody);
        const parsed = parse(text, schema, what, target.key);
        if (!parsed.ok) return { ok: false, result: parsed, retry: false };
        const synthetic = syntheticFields(res.headers['x-gridscope-synthetic']);
        if (useCache) await opts.cache?.write(profile, key, path, text, synthetic);
        return { ok: true, value: { body: parsed.value, synthetic } };
      }),
    );
    // Offline (or the server down past the retry budget): an expired entry beats no answer.
    if (
      !result.ok &&
      result.error.code === 'network' &&
      cached &&
      clock.now() - cached.storedAt <= (opts.maxStaleMs ?? 30 * 86_400_000)
    ) {
      const stale = parse(cached.text, schema, what, target.key);
      if (stale.ok) {
        log.warn(`${what}: server unreachable; serving a cached response from ${new Date(cached.storedAt).toISOString()}`);
        return ok({ body: stale.value, synthetic: cached.synthetic });
      }
    }
    return result;
  }

  return {
    get: async (path, query, schema, o = {}) => {
      const r = await getJson(path, query, schema, o);
      return r.ok ? ok(r.value.body) : r;
    },

    getWithMeta: (path, query, schema, o = {}) => getJson(path, query, schema, o),

    async open(path: string, query: Record<string, QueryValue>, o: GetOptions = {}): Promise<Result<V1Stream>> {
      if (o.signal?.aborted) return fail('cancelled', CANCELLED_MESSAGE);
      const prepared = await prepare(path, query, o.profile);
      if (!prepared.ok) return prepared;
      const { target, url } = prepared.value;
      return runWithRetries({ what: `GET ${url.pathname}`, ...retryRun(o) }, () =>
        attempt<V1Stream>(url, target, o, false, async (res, body) => ({
          ok: true,
          value: { status: res.statusCode, headers: res.headers as V1Stream['headers'], body },
        })),
      );
    },

    close: () => dispatcher.close(),
  };
}
