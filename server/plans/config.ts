import { z } from 'zod';
import plansJson from './plans.json' with { type: 'json' };

const Limit = z.number().int().min(-1);

/** A plan's limits (integers, `-1` = none), named and ordered as docs/api.md#api-usage reports them (docs/plans.md). */
export const PlanLimitsSchema = z.strictObject({
  api_rows_returned_limit: Limit,
  api_requests_limit: Limit,
  api_rows_per_response_limit: Limit,
  per_second_api_rate_limit: Limit,
  per_minute_api_rate_limit: Limit,
  per_hour_api_rate_limit: Limit,
});
export type PlanLimits = z.infer<typeof PlanLimitsSchema>;

/** Features a plan may include; a request for one it lacks → 403 (see entitlements.ts). */
export const EntitlementsSchema = z.strictObject({ resampling: z.boolean(), audit: z.boolean() });
export type Entitlement = keyof z.infer<typeof EntitlementsSchema>;

const PlanName = z.string().regex(/^[a-z][a-z0-9_-]*$/, 'plan names are lower case: a-z, 0-9, - and _');

/** A plan as handed around the server: `{ name, limits, entitlements }`. */
export const PlanSchema = z.strictObject({
  name: PlanName,
  limits: PlanLimitsSchema,
  entitlements: EntitlementsSchema,
});
export type Plan = z.infer<typeof PlanSchema>;

/** The shape of plans.json: the named plans and the name used when none is asked for. */
export const PlansFileSchema = z
  .strictObject({
    $comment: z.string().optional(),
    default: PlanName,
    plans: z.record(PlanName, PlanSchema.omit({ name: true })),
  })
  .refine((file) => file.default in file.plans, { message: 'default must name one of the plans', path: ['default'] });

/** Validates a plans file's parsed JSON into frozen plans by name. @throws Error listing the zod issues. */
export function parsePlansFile(json: unknown): { defaultPlan: string; plans: ReadonlyMap<string, Plan> } {
  const result = PlansFileSchema.safeParse(json);
  if (!result.success) throw new Error(`Invalid plan configuration (server/plans/plans.json): ${z.prettifyError(result.error)}`);
  const plans = new Map<string, Plan>();
  for (const [name, plan] of Object.entries(result.data.plans)) plans.set(name, deepFreeze({ name, ...plan }));
  return { defaultPlan: result.data.default, plans };
}

function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value)) if (inner && typeof inner === 'object') deepFreeze(inner);
  return Object.freeze(value);
}

// Validated when this module loads, so a broken plans.json fails the start rather than a request later.
const CONFIG = parsePlansFile(plansJson);

/** Names of the configured plans, in file order (`free`, `pro`, `unlimited`). */
export const PLAN_NAMES: readonly string[] = Object.freeze([...CONFIG.plans.keys()]);

/** Name of the plan used when none is given (`unlimited`: the embedded service's default). */
export const DEFAULT_PLAN_NAME = CONFIG.defaultPlan;

/**
 * The plan to run with: a configured plan by name, a plan object (validated with the same schema), or the default plan.
 * @throws Error `Unknown plan "x". Configured plans: free, pro, unlimited.` or the validation issues.
 */
export function resolvePlan(plan: string | Plan | undefined): Plan {
  if (plan === undefined) return CONFIG.plans.get(DEFAULT_PLAN_NAME)!;
  if (typeof plan === 'string') {
    const found = CONFIG.plans.get(plan);
    if (!found) throw new Error(`Unknown plan "${plan}". Configured plans: ${PLAN_NAMES.join(', ')}.`);
    return found;
  }
  const result = PlanSchema.safeParse(plan);
  if (!result.success) throw new Error(`Invalid plan: ${z.prettifyError(result.error)}`);
  return deepFreeze(result.data);
}
