/** Plans and quotas of the /v1 service, the module routes import (docs/plans.md#for-route-authors). */
export { DEFAULT_PLAN_NAME, PLAN_NAMES, resolvePlan, type Entitlement, type Plan, type PlanLimits } from './config.js';
export { ENTITLEMENT_MESSAGES, requireEntitlement, type GridscopeSettings } from './entitlements.js';
export { planHooks } from './hook.js';
export { UsageStore } from './usageFile.js';
