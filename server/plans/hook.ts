import type { FastifyReply, FastifyRequest, onRequestHookHandler, onResponseHookHandler } from 'fastify';
import { HttpError } from '../errors.js';
import type { UsageTracker } from '../usage.js';
import { decideRows, RowReservations, type Reservation } from './reservations.js';
import { rowBound } from './rowBounds.js';

/**
 * The hooks that put plans into effect on the /v1 scope (spec "Limits", "Errors" 429). Register
 * `onRequest` right after authentication: it sets `request.plan`, then admits the request or
 * answers 429 `{"detail": ...}` — with `Retry-After` (whole seconds) for the per-second, minute and
 * hour limits and for rows held by requests in progress (`Retry-After: 1`: they end soon); the true
 * monthly limits name the reset date instead (retrying sooner cannot help). Order: monthly requests,
 * monthly rows counted, the rate windows, then the rows held by requests in flight.
 *
 * Monthly rows are reserved at admission (reservations.ts): a request is admitted when the most
 * rows it can return (rowBounds.ts: for the dataset query its page size trimmed to `limit`) fit in
 * the month's rows left after those counted and those held by the key's other requests in flight,
 * or when it does not fit but no other request of the key that may return rows is in flight (the
 * month's last response, delivered whole), and it holds them until its response ends. A request
 * without a bound (audit, shift factors, constraint costs, export listing) is admitted while a row
 * is left and no other such request of the key is in flight. Then (`onResponse`, or the
 * connection's `close` for a response cut short) the hold is released and the rows it sent
 * (`request.rowsReturned`, statuses below 400, once headers went out) are counted: a month ends
 * above its row limit by at most one response, whatever the number of concurrent requests.
 * docs/plans.md "Rows per month" is the user-facing rule.
 */

/** The two hooks, sharing which requests were admitted (a refused request adds no rows). */
export interface PlanHooks {
  onRequest: onRequestHookHandler;
  onResponse: onResponseHookHandler;
}

/** `500000` → `500,000`. */
const grouped = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, word: string) => `${grouped(n)} ${word}${n === 1 ? '' : 's'}`;

/** An admitted request: its key and, when it may return rows, what it registered in flight. */
interface InFlight {
  keyId: string;
  reservation?: Reservation;
}

/** Wait, in seconds, of a refusal caused by requests in flight: they usually end within a second. */
const HELD_RETRY_AFTER_SECONDS = 1;

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
    if (entry.reservation) reservations.remove(entry.keyId, entry.reservation);
    if (reply.statusCode < 400 && reply.raw.headersSent) usage.addRows(entry.keyId, request.rowsReturned);
  };

  /**
   * The held-rows check of a request of `keyId` that can return `bound` rows (run by the tracker
   * after the monthly and rate checks): the rows to hold, or the 429 refusal. A monthly-rows refusal
   * proper cannot come from here (the tracker refuses first once the rows counted reach the limit);
   * every other refusal is transient and carries `Retry-After`.
   */
  const checkRows = (keyId: string, bound: number | undefined): { hold: number } | { refusal: { detail: string; retryAfterSeconds?: number } } => {
    const limits = usage.plan.limits;
    const used = usage.report(keyId).current_period_usage.total_api_rows_returned;
    const flight = reservations.inFlight(keyId);
    const decision = decideRows(limits.api_rows_returned_limit, used, flight, bound);
    if (decision.ok) return { hold: decision.hold };
    const held = plural(flight.held, 'row');
    const others = `${plural(flight.requests, 'other request')} of this key in progress (${held} held)`;
    const transient = (detail: string) => ({ refusal: { detail, retryAfterSeconds: HELD_RETRY_AFTER_SECONDS } });
    switch (decision.reason) {
      case 'reached': {
        const resets = `Your usage resets on ${usage.report(keyId).current_usage_period_end.slice(0, 10)}.`;
        return { refusal: { detail: `Monthly row limit of ${plural(limits.api_rows_returned_limit, 'row')} reached. ${resets}` } };
      }
      case 'held':
        return transient(`No rows left this month after ${held} held by requests in progress; retry when they end.`);
      case 'too-many':
        return transient(
          `Only ${plural(decision.left, 'row')} left this month with ${others}, and this request may return up to ` +
            `${grouped(bound!)}. Ask for fewer rows (page_size or limit), or retry when they end.`,
        );
      case 'unbounded':
        return transient(
          'Another request of this key whose rows are known only when it ends (audit, shift factors, constraint costs, ' +
            `export listing) is in progress (${plural(decision.left, 'row')} left this month); retry when it ends.`,
        );
    }
  };

  return {
    onRequest: async (request, reply) => {
      request.plan = usage.plan;
      // The auth hook runs first and throws without a valid key; a missing id is a wiring bug.
      if (request.apiKeyId === null) throw new Error('plan hook reached without authentication');
      if (exempt.has(request.routeOptions.url ?? '')) return;
      const keyId = request.apiKeyId;
      const bound = rowBound(request);
      let hold = 0;
      // From the checks to the hold: synchronous, so no other request can pass between check and hold.
      const admission = usage.admit(keyId, () => {
        const rows = checkRows(keyId, bound);
        if ('refusal' in rows) return rows.refusal;
        hold = rows.hold;
        return undefined;
      });
      if (admission.ok) {
        // A request bound to 0 rows can never take the month past its limit: not registered in flight.
        const reservation: Reservation | undefined = bound === 0 ? undefined : { rows: hold, unbounded: bound === undefined };
        if (reservation) reservations.add(keyId, reservation);
        admitted.set(request, { keyId, ...(reservation ? { reservation } : {}) });
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
