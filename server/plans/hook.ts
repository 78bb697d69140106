import type { FastifyRequest, onRequestHookHandler, onResponseHookHandler } from 'fastify';
import { HttpError } from '../errors.js';
import type { UsageTracker } from '../usage.js';

/**
 * The hooks that put plans into effect on the /v1 scope (spec "Limits", "Errors" 429). Register
 * `onRequest` right after authentication: it sets `request.plan`, then admits the request or
 * answers 429 `{"detail": ...}` — with `Retry-After` (whole seconds) for the per-second, minute and
 * hour limits; the monthly limits name the reset date instead (retrying sooner cannot help).
 * `onResponse` adds the response's data rows (`request.rowsReturned`, statuses below 400 only).
 */

/** The two hooks, sharing which requests were admitted (a refused request adds no rows). */
export interface PlanHooks {
  onRequest: onRequestHookHandler;
  onResponse: onResponseHookHandler;
}

/**
 * @param usage   the server's tracker (its plan applies to every key).
 * @param exempt  route URLs (as registered, e.g. `/v1/api_usage`) that are neither limited nor counted.
 */
export function planHooks(usage: UsageTracker, exempt: ReadonlySet<string>): PlanHooks {
  const admitted = new WeakSet<FastifyRequest>();
  return {
    onRequest: async (request, reply) => {
      request.plan = usage.plan;
      // The auth hook runs first and throws without a valid key; a missing id is a wiring bug.
      if (request.apiKeyId === null) throw new Error('plan hook reached without authentication');
      if (exempt.has(request.routeOptions.url ?? '')) return;
      const admission = usage.admit(request.apiKeyId);
      if (admission.ok) {
        admitted.add(request);
        return;
      }
      if (admission.retryAfterSeconds !== undefined) reply.header('retry-after', String(admission.retryAfterSeconds));
      throw new HttpError(429, admission.detail);
    },
    onResponse: async (request, reply) => {
      if (!admitted.has(request) || request.apiKeyId === null || reply.statusCode >= 400) return;
      usage.addRows(request.apiKeyId, request.rowsReturned);
    },
  };
}
