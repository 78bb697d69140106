import type { Readable } from 'node:stream';
import { Agent } from 'undici';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { createHash } from 'node:crypto';
import { ClientApiUsage, fail, ok } from '../../../shared/index.js';
import type { Result } from '../../../shared/index.js';
import { sendAttempt, type AttemptContext } from './attempt.js';
import { readText } from './body.js';
import { CachedJson, parseJson } from './cachedJson.js';
import { joinUrl } from './joinUrl.js';
import type { QueryValue } from './joinUrl.js';
import type { GetOptions, ProxyOptions, ProxyTarget, V1Proxy, V1Stream, WithMeta } from './proxyTypes.js';
import { rateLimitsOf } from './rateGate.js';
import type { RateLimits } from './rateGate.js';
import { DEFAULT_RETRY_POLICY, systemClock } from './retry.js';
import { CANCELLED_MESSAGE, runWithRetries } from './retryLoop.js';
import type { Attempt, RetryRun } from './retryLoop.js';
import { headerText, resolveRequest } from './target.js';

export { TargetUnavailableError } from './proxyTypes.js';
export type { GetOptions, ProxyOptions, ProxyTarget, V1Proxy, V1Stream, WithMeta } from './proxyTypes.js';
export type { QueryValue } from './joinUrl.js';
export { joinUrl } from './joinUrl.js';
export type { ProxyProgress } from './retryLoop.js';
export { acceptEncoding } from './target.js';

const DEFAULT_TIMEOUT_MS = 30_000;
/** Largest decoded JSON body `get` reads (32 MiB): main briefly holds it several times over; downloads use `open()`. */
export const MAX_JSON_BODY_BYTES = 32 * 1024 * 1024;

/** The fields an `x-gridscope-synthetic` header names: split on commas, trimmed, empties dropped; [] when absent. */
export function syntheticFields(value: string | string[] | undefined): string[] {
  return (headerText(value) ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
}

/**
 * Creates the proxy with its own connection pool (closed by {@link V1Proxy.close}). Each call resolves its target and
 * URL (target.ts), answers from the cache when it may (cachedJson.ts), else sends attempts (attempt.ts) under the
 * retry rules (retryLoop.ts).
 */
export function createV1Proxy(opts: ProxyOptions): V1Proxy {
  const dispatcher: Dispatcher = new Agent({ keepAliveTimeout: 10_000, connect: { timeout: 10_000 } });
  const maxBody = opts.maxBodyBytes ?? MAX_JSON_BODY_BYTES;
  const clock = opts.clock ?? systemClock;
  const random = opts.random ?? Math.random;
  const attempts: AttemptContext = {
    dispatcher,
    clock,
    timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    idleTimeoutMs: opts.idleTimeoutMs ?? 60_000,
  };
  const cache = new CachedJson(opts.cache, clock, opts.maxStaleMs);
  const observer = opts.observer;

  // Tells the observer of each attempt and its end; a stream's request ends when its body closes (its rows are counted then).
  function observed<T>(
    target: ProxyTarget,
    path: string,
    run: () => Promise<Attempt<T>>,
    bodyOf?: (value: T) => Readable,
  ): () => Promise<Attempt<T>> {
    if (!observer) return run;
    return async () => {
      const request = { profile: target.profile ?? 'remote', path };
      observer.started(request);
      const out = await run();
      const body = out.ok && bodyOf ? bodyOf(out.value) : undefined;
      if (body && !body.destroyed) body.once('close', () => observer.ended(request, { ok: true }));
      else if (out.ok || out.result.ok) observer.ended(request, { ok: true });
      else {
        const { code, status, message } = out.result.error;
        observer.ended(request, { ok: false, code, message, ...(status === undefined ? {} : { status }) });
      }
      return out;
    };
  }
  // The plan's windows space every request but `/api_usage` (exempt from them): docs/desktop.md#the-request-budget.
  const gate = opts.rateGate;
  const gateKey = (t: ProxyTarget): string => `${t.baseUrl} ${createHash('sha256').update(t.key).digest('hex').slice(0, 16)}`;
  const USAGE = '/api_usage';
  const readLimits = (target: ProxyTarget) => async (): Promise<RateLimits | null> => {
    const r = await sendAttempt(attempts, joinUrl(target.baseUrl, USAGE, {}), target, {}, 'json', async (_res, body) => {
      const parsed = parseJson(await readText(body, maxBody), ClientApiUsage, `GET ${USAGE}`, target.key);
      return parsed.ok ? { ok: true, value: rateLimitsOf(parsed.value) } : { ok: false, result: parsed, retry: false };
    });
    return r.ok ? r.value : null;
  };
  // Waits for the request's turn under its plan; false: the call was cancelled meanwhile.
  const admitted = async (path: string, target: ProxyTarget, o: GetOptions): Promise<boolean> =>
    !gate || path === USAGE || gate.pass(gateKey(target), readLimits(target), o.signal);
  const cancelledAttempt = { ok: false as const, result: fail('cancelled', CANCELLED_MESSAGE), retry: false };

  const retryRun = (what: string, o: GetOptions): RetryRun => ({
    what,
    policy: { ...DEFAULT_RETRY_POLICY, ...opts.retry, ...o.retry },
    clock,
    random,
    ...(o.signal ? { signal: o.signal } : {}),
    ...(o.onProgress ? { onProgress: o.onProgress } : {}),
  });

  // `get` and `getWithMeta` in one: the cache keeps the synthetic fields with the body.
  async function getJson<T>(
    path: string,
    query: Record<string, QueryValue>,
    schema: z.ZodType<T>,
    o: GetOptions,
  ): Promise<Result<WithMeta<T>>> {
    if (o.signal?.aborted) return fail('cancelled', CANCELLED_MESSAGE);
    const prepared = await resolveRequest(opts.resolveTarget, path, query, o.profile);
    if (!prepared.ok) return prepared;
    const { target, url } = prepared.value;
    const what = `GET ${url.pathname}`;
    const found = await cache.lookup(target, path, query, o);
    const hit = cache.fresh(found, schema, what, target.key);
    if (hit) return ok(hit);

    const result = await runWithRetries(retryRun(what, o), async () => {
      if (!(await admitted(path, target, o))) return cancelledAttempt;
      return observed(target, path, () =>
        sendAttempt(attempts, url, target, o, 'json', async (res, body) => {
          const text = await readText(body, maxBody);
          const parsed = parseJson(text, schema, what, target.key);
          if (!parsed.ok) return { ok: false, result: parsed, retry: false };
          if (gate && path === USAGE) {
            const usage = ClientApiUsage.safeParse(parsed.value);
            if (usage.success) gate.learn(gateKey(target), rateLimitsOf(usage.data));
          }
          const synthetic = syntheticFields(res.headers['x-gridscope-synthetic']);
          await cache.store(found, path, text, synthetic);
          return { ok: true, value: { body: parsed.value, synthetic } };
        }),
      )();
    });
    // Offline (or the server down past the retry budget): an expired entry beats no answer.
    const stale = !result.ok && result.error.code === 'network' ? cache.stale(found, schema, what, target.key) : undefined;
    return stale ? ok(stale) : result;
  }

  return {
    get: async (path, query, schema, o = {}) => {
      const r = await getJson(path, query, schema, o);
      return r.ok ? ok(r.value.body) : r;
    },

    getWithMeta: (path, query, schema, o = {}) => getJson(path, query, schema, o),

    async open(path: string, query: Record<string, QueryValue>, o: GetOptions = {}): Promise<Result<V1Stream>> {
      if (o.signal?.aborted) return fail('cancelled', CANCELLED_MESSAGE);
      const prepared = await resolveRequest(opts.resolveTarget, path, query, o.profile);
      if (!prepared.ok) return prepared;
      const { target, url } = prepared.value;
      return runWithRetries(retryRun(`GET ${url.pathname}`, o), async () => {
        if (!(await admitted(path, target, o))) return cancelledAttempt;
        return observed(
          target,
          path,
          () =>
            sendAttempt<V1Stream>(attempts, url, target, o, 'stream', async (res, body) => ({
              ok: true,
              value: { status: res.statusCode, headers: res.headers as V1Stream['headers'], body },
            })),
          (stream) => stream.body,
        )();
      });
    },

    close: () => dispatcher.close(),
  };
}
