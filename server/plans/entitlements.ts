import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors.js';
import type { Entitlement, Plan } from './config.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's plan, set by the plan hook (hook.ts) on every /v1 request once its key is authenticated. */
    plan: Plan;
  }
  interface FastifyInstance {
    /** Server-wide settings from `ServerOptions` (app.ts). */
    gridscope: GridscopeSettings;
  }
}

/** `app.gridscope`: the plan every key of this server is on, and the ms after which a dataset query is cancelled (422). */
export interface GridscopeSettings {
  plan: Plan;
  queryTimeoutMs: number;
}

/** The exact 403 detail texts, by entitlement. */
export const ENTITLEMENT_MESSAGES: Record<Entitlement, (plan: string) => string> = {
  resampling: (plan) => `Resampling requires a paid plan. Your plan: ${plan}.`,
  audit: (plan) => `Audit data requires an entitlement your plan (${plan}) does not include.`,
};

/** Refuses the request unless its plan includes `entitlement`. @throws HttpError 403 with {@link ENTITLEMENT_MESSAGES}. */
export function requireEntitlement(request: FastifyRequest, entitlement: Entitlement): void {
  const plan = request.plan;
  if (!plan) throw new Error(`requireEntitlement(${entitlement}) reached without a plan`); // wiring bug
  if (!plan.entitlements[entitlement]) throw new HttpError(403, ENTITLEMENT_MESSAGES[entitlement](plan.name));
}
