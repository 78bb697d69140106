import type { Readable } from 'node:stream';
import { request } from 'undici';
import type { Dispatcher } from 'undici';
import { fail } from '../../../shared/index.js';
import { createLogger } from '../common/logger.js';
import { BodyTooLargeError, decodeBody, formatBytes, readText } from './body.js';
import { connectionFailure, detailText, errorCode, failureForStatus, scrub } from './proxyErrors.js';
import type { GetOptions, ProxyTarget } from './proxyTypes.js';
import { RETRYABLE_NETWORK_CODES, RETRYABLE_STATUSES, isMonthlyQuota, parseRetryAfter, waitFromDetail } from './retry.js';
import type { Clock } from './retry.js';
import { CANCELLED_MESSAGE } from './retryLoop.js';
import type { Attempt } from './retryLoop.js';
import { headerText, requestHeaders } from './target.js';

const log = createLogger('proxy');

/** Error bodies are read only this far: a detail, not a payload. */
const MAX_ERROR_BODY = 64 * 1024;

/** What every attempt of a proxy shares: its connection pool and clock, the default deadline and stream idle timeout (ms). */
export interface AttemptContext {
  dispatcher: Dispatcher;
  clock: Clock;
  timeoutMs: number;
  idleTimeoutMs: number;
}

/** What an attempt is for: a JSON read (the deadline covers the whole body) or a stream (handed over at its headers). */
export type AttemptKind = 'json' | 'stream';

/**
 * One GET of `url` with the key: a 2xx answer goes to `onOk` with its decoded body; anything else becomes a failure
 * saying whether to retry and how long to wait at least (`Retry-After`, a 429's detail; a monthly quota is final).
 * The per-attempt deadline (`o.timeoutMs`, else the context's) covers `onOk` for JSON; a stream is handed over at its
 * headers, then only the idle timeout applies and a later cancel still ends it. Never throws: a cancel, a timeout, an
 * over-large body, a connection error or an unreadable answer are failures, every message scrubbed of the key.
 */
export async function sendAttempt<T>(
  ctx: AttemptContext,
  url: URL,
  target: ProxyTarget,
  o: GetOptions,
  kind: AttemptKind,
  onOk: (res: Dispatcher.ResponseData, body: Readable) => Promise<Attempt<T>>,
): Promise<Attempt<T>> {
  const deadlineCoversBody = kind === 'json';
  const timeoutMs = o.timeoutMs ?? ctx.timeoutMs;
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
      dispatcher: ctx.dispatcher,
      signal: ctrl.signal,
      headersTimeout: timeoutMs,
      bodyTimeout: deadlineCoversBody ? timeoutMs : ctx.idleTimeoutMs,
      headers: requestHeaders(target, url),
    });
    raw = res.body;
    const encoding = headerText(res.headers['content-encoding']);
    if (res.statusCode < 200 || res.statusCode > 299) {
      const text = await Promise.resolve()
        .then(() => readText(decodeBody(res.body, encoding), MAX_ERROR_BODY))
        .catch(() => '');
      done(String(res.statusCode));
      return statusFailure(ctx.clock, what, res, text, target.key);
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
    return thrownFailure(err, what, url, target);
  } finally {
    if (!handedOver) {
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
      // Ends a response nobody read (bad encoding, early failure), which frees its socket.
      if (raw && !raw.destroyed) raw.on('error', () => undefined).destroy();
    }
  }
}

// A non-2xx answer: its failure, retried when the status is transient (never past a monthly quota), not before its floor.
function statusFailure(clock: Clock, what: string, res: Dispatcher.ResponseData, text: string, key: string): Attempt<never> {
  const retryAfter = headerText(res.headers['retry-after']);
  const result = failureForStatus(res.statusCode, text, retryAfter, key);
  const detail = detailText(text);
  const monthly = res.statusCode === 429 && isMonthlyQuota(detail);
  const floors = [parseRetryAfter(retryAfter, clock.now()), res.statusCode === 429 ? waitFromDetail(detail) : undefined];
  const floorMs = Math.max(0, ...floors.filter((f): f is number => f !== undefined));
  if (!result.ok) log.info(`${what} → ${result.error.code} (${res.statusCode})`);
  return { ok: false, result, retry: RETRYABLE_STATUSES.has(res.statusCode) && !monthly, floorMs };
}

// A thrown error that is neither a cancel nor the deadline: too large (final), a connection error, or unreadable (final).
function thrownFailure(err: unknown, what: string, url: URL, target: ProxyTarget): Attempt<never> {
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
    target.profile === 'embedded' ? 'Restart Gridscope if this persists.' : 'Check the Remote URL in Settings or your network.';
  const network = connectionFailure(err, url.host, hint);
  if (network) {
    log.warn(`${what}: ${network.ok ? '' : network.error.message}`);
    return { ok: false, result: network, retry: RETRYABLE_NETWORK_CODES.has(errorCode(err) ?? '') };
  }
  const message = scrub(err instanceof Error ? err.message : String(err), target.key);
  log.error(`${what} failed`, message);
  return { ok: false, result: fail('internal', `Could not read the /v1 response (${what}): ${message}`), retry: false };
}
