import type { FastifyReply, FastifyRequest, onRequestHookHandler, onResponseHookHandler } from 'fastify';
import { HttpError } from '../errors.js';
import type { UsageTracker } from '../usage.js';
import { decideRows, RowReservations, type Reservation } from './reservations.js';
import { rowBound } from './rowBounds.js';

/** The two plan hooks of the /v1 scope (docs/plans.md#what-the-limits-answer); `onRequest` runs right after authentication. */
export interface PlanHooks {
  onRequest: onRequestHookHandler;
  onResponse: onResponseHookHandler;
}

const grouped = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, word: string) => `${grouped(n)} ${word}${n === 1 ? '' : 's'}`;

interface InFlight {
  keyId: string;
  reservation?: Reservation;
}

/** Retry-After of a refusal caused by requests in flight: they usually end within a second. */
const HELD_RETRY_AFTER_SECONDS = 1;

/** Hooks over `usage`; `exempt` route URLs (as registered) are neither limited nor counted. `onRequest` throws HttpError 429. */
export function planHooks(usage: UsageTracker, exempt: ReadonlySet<string>): PlanHooks {
  const admitted = new WeakMap<FastifyRequest, InFlight>();
  const reservations = new RowReservations();

  // Idempotent: onResponse and the connection's `close` (a response cut short) may both come.
  const settle = (request: FastifyRequest, reply: FastifyReply) => {
    const entry = admitted.get(request);
    if (!entry) return;
    admitted.delete(request);
    if (entry.reservation) reservations.remove(entry.keyId, entry.reservation);
    if (reply.statusCode < 400 && reply.raw.headersSent) usage.addRows(entry.keyId, request.rowsReturned);
  };

  // Run by the tracker after the monthly and rate checks; every refusal but 'reached' is transient, so carries Retry-After.
  const checkRows = (
    keyId: string,
    bound: number | undefined,
  ): { hold: number } | { refusal: { detail: string; retryAfterSeconds?: number } } => {
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
        return {
          refusal: { detail: `Monthly row limit of ${plural(limits.api_rows_returned_limit, 'row')} reached. ${resets}` },
        };
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
      if (request.apiKeyId === null) throw new Error('plan hook reached without authentication');
      if (exempt.has(request.routeOptions.url ?? '')) return;
      const keyId = request.apiKeyId;
      const bound = rowBound(request);
      let hold = 0;
      // Synchronous from the checks to the hold, so no other request can pass in between.
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
