/**
 * Plans and quotas of the /v1 service (docs/plans.md). Route modules import from here:
 * `requireEntitlement(request, 'resampling')` (403 on plans without it) and `request.plan`
 * (typed in entitlements.ts) for the rows-per-response limit.
 */
export { DEFAULT_PLAN_NAME, PLAN_NAMES, resolvePlan, type Entitlement, type Plan, type PlanLimits } from './config.js';
export { ENTITLEMENT_MESSAGES, requireEntitlement, type GridscopeSettings } from './entitlements.js';
export { planHooks } from './hook.js';
export { UsageStore } from './usageFile.js';
