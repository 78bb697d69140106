import { ErrorBody, ValidationErrorBody, codeForStatus, fail } from '../../../shared/index.js';
import type { Result } from '../../../shared/index.js';
import { redact } from '../common/redact.js';
import { isMonthlyQuota } from './retry.js';

/** Message when the Remote profile has no key: no request is made. */
export const NO_REMOTE_KEY_MESSAGE = 'No API key set — add one in Settings.';
/** Message for 401: the key itself is never quoted. */
export const AUTH_REJECTED_MESSAGE = 'The API key was rejected (401). Check the key in Settings.';

const MAX_DETAIL = 500;

/** Removes `key` and anything key-like from `text`. */
export function scrub(text: string, key?: string): string {
  const cleaned = key && key.length > 0 ? text.split(key).join('[redacted]') : text;
  return redact(cleaned);
}

/** An error body's `detail` (docs/api.md#errors), a validation list as `loc.path: msg; …`, or a non-JSON body's start; else ''. */
export function detailText(bodyText: string): string {
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    return bodyText.trim().slice(0, MAX_DETAIL);
  }
  const plain = ErrorBody.safeParse(json);
  if (plain.success) return plain.data.detail.slice(0, MAX_DETAIL);
  const issues = ValidationErrorBody.safeParse(json);
  if (issues.success) {
    return issues.data.detail
      .map((i) => (i.loc.length ? `${i.loc.join('.')}: ${i.msg}` : i.msg))
      .join('; ')
      .slice(0, MAX_DETAIL);
  }
  return '';
}

function sentence(s: string): string {
  return /[.!?]$/.test(s) ? s : `${s}.`;
}

const STATUS_NAMES: Record<number, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** A non-2xx /v1 answer as a failure with the server's detail, {@link scrub}bed: a server echoing the key cannot leak it. */
export function failureForStatus(status: number, bodyText: string, retryAfter: string | undefined, key: string): Result<never> {
  const detail = scrub(detailText(bodyText), key);
  const code = codeForStatus(status);
  const withDetail = (prefix: string, fallback: string): string => `${prefix}: ${detail || fallback}`;
  switch (code) {
    case 'auth':
      return fail('auth', AUTH_REJECTED_MESSAGE, status);
    case 'forbidden':
      return fail('forbidden', withDetail('Not allowed (403)', 'your plan does not include this'), status);
    case 'not_found':
      return fail('not_found', withDetail('Not found (404)', 'the /v1 server does not know this resource'), status);
    case 'validation':
      return fail('validation', withDetail(`The /v1 server rejected the request (${status})`, 'invalid request'), status);
    case 'rate_limited': {
      if (isMonthlyQuota(detail)) return fail('rate_limited', sentence(`Monthly quota used up (429): ${detail}`), status);
      const wait = retryAfter && /^\d+$/.test(retryAfter.trim()) ? ` Retry after ${retryAfter.trim()} s.` : '';
      return fail('rate_limited', `${sentence(withDetail('Rate limit reached (429)', 'too many requests'))}${wait}`, status);
    }
    case 'network': {
      const name = STATUS_NAMES[status] ? ` ${STATUS_NAMES[status]}` : '';
      return fail('network', sentence(`The /v1 server answered ${status}${name}${detail ? `: ${detail}` : ''}`), status);
    }
    default:
      return fail('internal', sentence(`Unexpected HTTP ${status} from the /v1 server${detail ? `: ${detail}` : ''}`), status);
  }
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'DNS lookup failed (temporary)',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_SOCKET: 'connection closed by the server',
  UND_ERR_CLOSED: 'connection closed',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'no response headers in time',
  UND_ERR_BODY_TIMEOUT: 'response body stalled',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed TLS certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate not trusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate does not match the host',
};

/** The Node/undici error code of `err` or of its `cause`, if any. */
export function errorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code in REASONS) return code;
  }
  return undefined;
}

/** A transport failure as a `network` result ending in `hint`, or undefined when `err` is not a connection problem. */
export function connectionFailure(err: unknown, host: string, hint: string): Result<never> | undefined {
  const code = errorCode(err);
  if (!code) return undefined;
  return fail('network', `Could not reach ${host}: ${REASONS[code]}. ${hint}`);
}
