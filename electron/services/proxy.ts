import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { Agent, request } from 'undici';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { fail, ok } from '../../shared/index.js';
import type { ErrorCode, ProfileName, Result } from '../../shared/index.js';
import { createLogger } from './logger.js';
import { NO_REMOTE_KEY_MESSAGE, connectionFailure, failureForStatus, scrub } from './proxyErrors.js';

/**
 * The /v1 proxy: the one place that adds `x-api-key` (CONVENTIONS.md §5; spec "Authentication").
 * `get()` builds the URL from the active target, sends the request with undici, decodes br/gzip
 * bodies, validates the JSON with the resource's zod schema and answers a {@link Result}. It never
 * throws for a /v1, network or validation failure.
 */

/** Where to send a request: base URL ending in `/v1` (no trailing slash needed) and its key. */
export interface ProxyTarget {
  baseUrl: string;
  key: string;
  /** Which profile this is; only changes the hint in connection-error messages. */
  profile?: ProfileName;
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

export type QueryValue = string | number | boolean | null | undefined;

export interface GetOptions {
  signal?: AbortSignal;
  /** Per-request deadline in ms for headers and body together (default: the proxy's, 30 000). */
  timeoutMs?: number;
}

export interface V1Proxy {
  /**
   * GET `<baseUrl><path>?<query>` and parse the JSON body with `schema`.
   * `path` starts with `/` and is relative to the base URL (e.g. `/datasets/pjm_lmp/audit`).
   * Failures: `auth` (no key / 401), `forbidden`, `not_found`, `validation` (400/422),
   * `rate_limited`, `network` (unreachable, timeout, 5xx), `cancelled`, `internal` (bad body).
   */
  get<T>(path: string, query: Record<string, QueryValue>, schema: z.ZodType<T>, opts?: GetOptions): Promise<Result<T>>;
  /** Closes pooled connections. */
  close(): Promise<void>;
}

export interface ProxyOptions {
  /** Current target; `null` means "Remote profile without a key". May throw {@link TargetUnavailableError}. */
  resolveTarget: () => Promise<ProxyTarget | null>;
  timeoutMs?: number;
  /** Largest decoded body accepted, in bytes (default 256 MiB). */
  maxBodyBytes?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const log = createLogger('proxy');

/**
 * Joins `baseUrl` and `path` without letting `path` escape the base: it must start with `/` and
 * contain no `.`/`..` segments, backslashes, `//`, `?` or `#` (also when percent-decoded).
 */
export function joinUrl(baseUrl: string, path: string, query: Record<string, QueryValue> = {}): URL {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    throw new Error(`Invalid /v1 path: ${path}`);
  }
  if (!path.startsWith('/') || /[\\?#]|\/\/|(^|\/)\.\.?(\/|$)/.test(decoded) || /[\\?#]/.test(path)) {
    throw new Error(`Invalid /v1 path: ${path}`);
  }
  const base = new URL(baseUrl);
  const url = new URL(base.href);
  url.pathname = `${base.pathname.replace(/\/+$/, '')}${path}`;
  url.search = '';
  url.hash = '';
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) url.searchParams.append(k, String(v));
  return url;
}

/** Reads a response body, undoing `content-encoding` (br, gzip, deflate), up to `max` bytes. */
async function readBody(body: Readable, encoding: string | undefined, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Errors reach the loop below through the iterator; this keeps an early destroy() from being "unhandled".
  body.on('error', () => undefined);
  try {
    const codings = (encoding ?? '').split(',').map((s) => s.trim().toLowerCase()).filter((s) => s && s !== 'identity');
    const decoders = codings.reverse().map((c) => {
      if (c === 'gzip' || c === 'x-gzip') return createGunzip();
      if (c === 'br') return createBrotliDecompress();
      if (c === 'deflate') return createInflate();
      throw new Error(`unsupported content-encoding "${c}"`);
    });
    // Chain decoders by hand so an error anywhere (abort, bad gzip) ends the loop below.
    let stream: Readable = body;
    for (const decoder of decoders) {
      const source = stream;
      source.on('error', (err) => decoder.destroy(err));
      stream = source.pipe(decoder);
    }
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > max) throw new Error(`the response is larger than ${Math.round(max / 1048576)} MiB`);
      chunks.push(chunk);
    }
  } finally {
    // Ends the HTTP response early on any failure (a no-op once it was read to the end).
    if (!body.destroyed) body.destroy();
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Creates the proxy with its own connection pool (closed by {@link V1Proxy.close}). */
export function createV1Proxy(opts: ProxyOptions): V1Proxy {
  const dispatcher: Dispatcher = new Agent({ keepAliveTimeout: 10_000, connect: { timeout: 10_000 } });
  const maxBody = opts.maxBodyBytes ?? 256 * 1024 * 1024;

  /** One HTTP attempt. Retries with backoff (429/5xx, later issue) will wrap this function. */
  async function attempt<T>(url: URL, target: ProxyTarget, schema: z.ZodType<T>, o: GetOptions): Promise<Result<T>> {
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
    try {
      const res = await request(url, {
        method: 'GET',
        dispatcher,
        signal: ctrl.signal,
        headers: { 'x-api-key': target.key, accept: 'application/json', 'accept-encoding': 'br, gzip', 'user-agent': 'Gridscope' },
      });
      const encoding = res.headers['content-encoding'];
      const text = await readBody(res.body, Array.isArray(encoding) ? encoding.join(',') : encoding, maxBody);
      done(`${res.statusCode}, ${text.length} chars`);
      if (res.statusCode < 200 || res.statusCode > 299) {
        const retryAfter = res.headers['retry-after'];
        const result = failureForStatus(res.statusCode, text, Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, target.key);
        if (!result.ok) log.info(`${what} → ${result.error.code} (${res.statusCode})`);
        return result;
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return fail('internal', `The /v1 server sent a response that is not JSON (${what}).`);
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`);
        log.warn(`${what}: response does not match the schema`, issues);
        return fail('internal', scrub(`The /v1 server sent a response Gridscope does not understand (${what}): ${issues.join('; ')}`, target.key));
      }
      return ok(parsed.data);
    } catch (err) {
      if (timedOut) return fail('network', `The /v1 server did not answer within ${Math.round(timeoutMs / 100) / 10} s.`);
      if (o.signal?.aborted) return fail('cancelled', 'The request was cancelled.');
      const hint = target.profile === 'embedded' ? 'Restart Gridscope if this persists.' : 'Check the Remote URL in Settings or your network.';
      const network = connectionFailure(err, url.host, hint);
      if (network) {
        log.warn(`${what}: ${network.ok ? '' : network.error.message}`);
        return network;
      }
      const message = scrub(err instanceof Error ? err.message : String(err), target.key);
      log.error(`${what} failed`, message);
      return fail('internal', `Could not read the /v1 response (${what}): ${message}`);
    } finally {
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    async get<T>(path: string, query: Record<string, QueryValue>, schema: z.ZodType<T>, o: GetOptions = {}): Promise<Result<T>> {
      if (o.signal?.aborted) return fail('cancelled', 'The request was cancelled.');
      let target: ProxyTarget | null;
      try {
        target = await opts.resolveTarget();
      } catch (err) {
        if (err instanceof TargetUnavailableError) return fail(err.code, scrub(err.message));
        return fail('internal', `Could not choose a /v1 server: ${scrub(err instanceof Error ? err.message : String(err))}`);
      }
      if (!target) return fail('auth', NO_REMOTE_KEY_MESSAGE);
      let url: URL;
      try {
        url = joinUrl(target.baseUrl, path, query);
      } catch (err) {
        return fail('internal', scrub(err instanceof Error ? err.message : String(err), target.key));
      }
      return attempt(url, target, schema, o);
    },
    close: () => dispatcher.close(),
  };
}
