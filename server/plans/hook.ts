import type { FastifyReply, FastifyRequest, onRequestHookHandler, onResponseHookHandler } from 'fastify';
import { HttpError } from '../errors.js';
import type { UsageTracker } from '../usage.js';
import { decideRows, RowReservations } from './reservations.js';
import { rowBound } from './rowBounds.js';

/**
 * The hooks that put plans into effect on the /v1 scope (spec "Limits", "Errors" 429). Register
 * `onRequest` right after authentication: it sets `request.plan`, then admits the request or
 * answers 429 `{"detail": ...}` — with `Retry-After` (whole seconds) for the per-second, minute and
 * hour limits; the monthly limits name the reset date instead (retrying sooner cannot help).
 *
 * Monthly rows are reserved at admission (reservations.ts): a request is admitted when the most
 * rows it can return (rowBounds.ts: for the dataset query its page size trimmed to `limit`) fit in
 * the month's rows left after those counted and those held by the key's other requests in flight,
 * or when it does not fit but nothing else of the key is in flight (the month's last response,
 * delivered whole), and it holds them until its response ends. Then (`onResponse`, or the connection's `close` for a
 * response cut short) the hold is released and the rows it sent (`request.rowsReturned`, statuses
 * below 400, once headers went out) are counted: a month ends above its row limit by at most one
 * response, whatever the number of concurrent requests. docs/plans.md "Rows per month" is the user-facing rule.
 */

/** The two hooks, sharing which requests were admitted (a refused request adds no rows). */
export interface PlanHooks {
  onRequest: onRequestHookHandler;
  onResponse: onResponseHookHandler;
}

/** `500000` → `500,000`. */
const grouped = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, word: string) => `${grouped(n)} ${word}${n === 1 ? '' : 's'}`;

/** An admitted request: its key and the monthly rows it holds. */
interface InFlight {
  keyId: string;
  held: number;
}

/**
 * @param usage   the server's tracker (its plan applies to every key).
 * @param exempt  route URLs (as registered, e.g. `/v1/api_usage`) that are neither limited nor counted.
 * @returns the hooks; `onRequest` throws HttpError 429 for a refused request.
 */
export function planHooks(usage: UsageTracker, exempt: ReadonlySet<string>): PlanHooks {
  const admitted = new WeakMap<FastifyRequest, InFlight>();
  const reservations = new RowReservations();

  /** Ends a request's hold and counts its rows; idempotent (onResponse and `close` may both come). */
  const settle = (request: FastifyRequest, reply: FastifyReply) => {
    const entry = admitted.get(request);
    if (!entry) return;
    admitted.delete(request);
    reservations.release(entry.keyId, entry.held);
    if (reply.statusCode < 400 && reply.raw.headersSent) usage.addRows(entry.keyId, request.rowsReturned);
  };

  /**
   * The monthly-rows check of a request of `keyId` that can return `bound` rows: the rows to hold,
   * or the 429 detail. Defers (`{ hold: 0 }`) to the tracker when the rows counted already reach the
   * limit or the month's requests are used up, so its messages and their order stay as they are.
   */
  const checkRows = (keyId: string, bound: number | undefined): { hold: number } | { refusal: string } => {
    const limits = usage.plan.limits;
    const report = usage.report(keyId);
    const used = report.current_period_usage;
    const held = reservations.heldBy(keyId);
    const decision = decideRows(limits.api_rows_returned_limit, used.total_api_rows_returned, held, bound);
    if (decision.ok) return { hold: decision.hold };
    const requestsUsedUp = limits.api_requests_limit >= 0 && used.total_requests >= limits.api_requests_limit;
    if (used.total_api_rows_returned >= limits.api_rows_returned_limit || requestsUsedUp) return { hold: 0 };
    const resets = `Your usage resets on ${report.current_usage_period_end.slice(0, 10)}.`;
    const limit = `Monthly row limit of ${plural(limits.api_rows_returned_limit, 'row')}`;
    const inFlight = held > 0 ? ` (${plural(held, 'row')} held for requests in progress)` : '';
    if (decision.reason === 'reached') return { refusal: `${limit} reached${inFlight}. ${resets}` };
    return {
      refusal:
        `${limit}: ${plural(decision.left, 'row')} left this month${inFlight} and this request may return up to ` +
        `${grouped(bound!)}. Ask for fewer rows (page_size or limit) or retry when the requests in progress end. ${resets}`,
    };
  };

  return {
    onRequest: async (request, reply) => {
      request.plan = usage.plan;
      // The auth hook runs first and throws without a valid key; a missing id is a wiring bug.
      if (request.apiKeyId === null) throw new Error('plan hook reached without authentication');
      if (exempt.has(request.routeOptions.url ?? '')) return;
      const keyId = request.apiKeyId;
      // From here to the hold: synchronous, so no other request can pass between check and hold.
      const rows = checkRows(keyId, rowBound(request));
      if ('refusal' in rows) throw new HttpError(429, rows.refusal);
      const admission = usage.admit(keyId);
      if (admission.ok) {
        const held = rows.hold;
        reservations.hold(keyId, held);
        admitted.set(request, { keyId, held });
        reply.raw.once('close', () => settle(request, reply));
        return;
      }
      if (admission.retryAfterSeconds !== undefined) reply.header('retry-after', String(admission.retryAfterSeconds));
      throw new HttpError(429, admission.detail);
    },
    onResponse: async (request, reply) => {
      settle(request, reply);
    },
  };
}
