/** The closed set of error codes that cross the bridge; meanings in docs/desktop.md#bridge-error-codes. */
export const ERROR_CODES = [
  'auth',
  'forbidden',
  'not_found',
  'validation',
  'rate_limited',
  'network',
  'cancelled',
  'internal',
] as const;

/**
 * Why a call is being retried, in a few words for a waiting line: `rate_limited` → "Rate limit reached (429)", a
 * `network` failure with an HTTP status → "Server error (503)", without one → "The server could not be reached",
 * anything else → "Temporary failure".
 */
export function retryCause(code: ErrorCode, status?: number): string {
  if (code === 'rate_limited') return `Rate limit reached (${status ?? 429})`;
  if (code === 'network') return status === undefined ? 'The server could not be reached' : `Server error (${status})`;
  return 'Temporary failure';
}

/** One of {@link ERROR_CODES}. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** An error as data: `message` is human-readable and never holds a key; `status` is the /v1 HTTP status, if any. */
export interface GsError {
  code: ErrorCode;
  message: string;
  status?: number;
}

/** Result of every bridge call: `{ ok: true, value }` or `{ ok: false, error }`. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: GsError };

/** The message of every call the caller aborted (code `cancelled`), on both sides of the bridge. */
export const CANCELLED_MESSAGE = 'The request was cancelled.';

/** Builds a success result. */
export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** Builds a failure result. */
export function fail<T = never>(code: ErrorCode, message: string, status?: number): Result<T> {
  return { ok: false, error: status === undefined ? { code, message } : { code, message, status } };
}

/** Maps a /v1 HTTP status to an error code (docs/api.md#status-codes); 5xx is `network`, unknown statuses `internal`. */
export function codeForStatus(status: number): ErrorCode {
  if (status === 400 || status === 422) return 'validation';
  if (status === 401) return 'auth';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500 && status <= 599) return 'network';
  return 'internal';
}
