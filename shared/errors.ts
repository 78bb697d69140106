/**
 * The closed set of error codes that cross the bridge (CONVENTIONS.md §4).
 *
 * The renderer decides what to tell the analyst from the code alone:
 * - `auth`         401 from /v1: the API key is missing, wrong or revoked → "check the key in Settings".
 * - `forbidden`    403: the plan lacks the entitlement (audit, resampling, premium dataset).
 * - `not_found`    404: unknown dataset, column or constraint.
 * - `validation`   400/422, or the bridge rejected the input before any request was made.
 * - `rate_limited` 429: request-rate or monthly-row limit.
 * - `network`      the /v1 server could not be reached (DNS, refused, reset, timeout) or answered 5xx.
 * - `cancelled`    the caller aborted the request.
 * - `internal`     a bug on our side; the message says what happened, never a key.
 */
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

/** One of {@link ERROR_CODES}. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * An error as data at the edge: `code` is from the closed set, `message` is human-readable and
 * never contains an API key, `status` is the HTTP status from /v1 when there was one.
 */
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

/**
 * Maps an HTTP status from a /v1 server to an error code (spec "Errors" table).
 * 400 and 422 → validation; 401 → auth; 403 → forbidden; 404 → not_found; 429 → rate_limited;
 * 5xx → network (the server or its upstream is unavailable); anything else → internal.
 */
export function codeForStatus(status: number): ErrorCode {
  if (status === 400 || status === 422) return 'validation';
  if (status === 401) return 'auth';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500 && status <= 599) return 'network';
  return 'internal';
}
