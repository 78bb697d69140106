import type { LocationConstraintCost } from '../../../shared/index.js';
import type { PairCost } from './queries.js';

/**
 * A location's constraint costs over the hours chosen (docs/desktop.md#the-binding-window-store): /v1's pairs of the
 * location (docs/api.md#location-constraint-costs, grouped by constraint and contingency, with their shift factors) and
 * each pair's absolute cost from the binding window after the peak filter; adjusted cost = absolute cost × shift factor.
 * The same rules as /v1: a pair that did not bind has null costs; a dataset without a contingency column (every row of
 * the constraint names none) gives each of its pairs the constraint's cost.
 */
export function pairsOverHours(pairs: readonly LocationConstraintCost[], costs: readonly PairCost[]): LocationConstraintCost[] {
  const byPair = new Map<string, number>();
  const named = new Set<string>();
  for (const c of costs) {
    byPair.set(`${c.constraint_gs_entity_id}|${c.contingency_gs_entity_id ?? ''}`, c.absolute_cost);
    if (c.contingency_gs_entity_id) named.add(c.constraint_gs_entity_id ?? '');
  }
  return pairs.map((p) => {
    const own = byPair.get(`${p.constraint_gs_entity_id}|${p.contingency_gs_entity_id ?? ''}`);
    const shared = named.has(p.constraint_gs_entity_id) ? undefined : byPair.get(`${p.constraint_gs_entity_id}|`);
    const absolute = own ?? shared ?? null;
    return { ...p, absolute_cost: absolute, adjusted_cost: absolute === null ? null : absolute * p.shift_factor };
  });
}

/**
 * Pairs summed per constraint as /v1's `group_by=constraint` does: contingency null, the mean shift factor, Σ adjusted
 * cost, Σ absolute cost (a cost shared by every pair of a constraint without contingencies counted once); null costs
 * when none of its pairs bound.
 */
export function byConstraint(pairs: readonly LocationConstraintCost[], costs: readonly PairCost[]): LocationConstraintCost[] {
  const named = new Set(costs.filter((c) => c.contingency_gs_entity_id).map((c) => c.constraint_gs_entity_id ?? ''));
  const groups = new Map<string, LocationConstraintCost[]>();
  for (const p of pairs) groups.set(p.constraint_gs_entity_id, [...(groups.get(p.constraint_gs_entity_id) ?? []), p]);
  return [...groups.values()].map((g) => {
    const bound = g.filter((p) => p.absolute_cost !== null);
    const shared = !named.has(g[0]!.constraint_gs_entity_id);
    const absolute =
      bound.length === 0 ? null : shared ? bound[0]!.absolute_cost : bound.reduce((s, p) => s + p.absolute_cost!, 0);
    return {
      ...g[0]!,
      contingency_gs_entity_id: null,
      contingency_name: null,
      shift_factor: g.reduce((s, p) => s + p.shift_factor, 0) / g.length,
      absolute_cost: absolute,
      adjusted_cost: bound.length === 0 ? null : bound.reduce((s, p) => s + p.adjusted_cost!, 0),
    };
  });
}

/** /v1's order of constraint costs: |adjusted cost| descending (nulls last), constraint name, contingency name (nulls first), id. */
export function costOrder(a: LocationConstraintCost, b: LocationConstraintCost): number {
  const x = a.adjusted_cost === null ? -1 : Math.abs(a.adjusted_cost);
  const y = b.adjusted_cost === null ? -1 : Math.abs(b.adjusted_cost);
  if (x !== y) return y - x;
  if (a.constraint_name !== b.constraint_name) return a.constraint_name < b.constraint_name ? -1 : 1;
  const ka = a.contingency_name ?? '';
  const kb = b.contingency_name ?? '';
  if (ka !== kb) return ka < kb ? -1 : 1;
  return a.constraint_gs_entity_id < b.constraint_gs_entity_id ? -1 : 1;
}
