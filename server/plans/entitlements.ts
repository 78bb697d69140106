import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors.js';
import type { Entitlement, Plan } from './config.js';

/**
 * Entitlement checks (spec "Authentication" §3 and "Errors": 403 for resampling without a paid
 * plan and for audit data without entitlements), and the one place the request and instance
 * decorations of plans are typed.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller's plan. Set for every request of the /v1 scope once its key is authenticated (the
     * plan hook, plans/hook.ts), so route handlers can rely on it. Rows per response:
     * `request.plan.limits.api_rows_per_response_limit` (`-1` = no limit).
     */
    plan: Plan;
  }
  interface FastifyInstance {
    /** Server-wide settings from `ServerOptions` (app.ts). */
    gridscope: GridscopeSettings;
  }
}

/** What app.ts decorates the Fastify instance with (`app.gridscope`). */
export interface GridscopeSettings {
  /** The plan every key of this server is on. */
  plan: Plan;
  /** Milliseconds after which a dataset query is cancelled and answered 422 (spec "Limits"). */
  queryTimeoutMs: number;
}

/** The exact 403 detail texts, by entitlement. */
export const ENTITLEMENT_MESSAGES: Record<Entitlement, (plan: string) => string> = {
  resampling: (plan) => `Resampling requires a paid plan. Your plan: ${plan}.`,
  audit: (plan) => `Audit data requires an entitlement your plan (${plan}) does not include.`,
};

/**
 * Refuses the request unless its plan includes `entitlement`.
 * @throws HttpError 403 with e.g. "Resampling requires a paid plan. Your plan: free."
 */
export function requireEntitlement(request: FastifyRequest, entitlement: Entitlement): void {
  const plan = request.plan;
  if (!plan) throw new Error(`requireEntitlement(${entitlement}) reached without a plan`); // wiring bug
  if (!plan.entitlements[entitlement]) throw new HttpError(403, ENTITLEMENT_MESSAGES[entitlement](plan.name));
}
