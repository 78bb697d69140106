import type { ContractResults, VerbInput } from '../../../shared/bridge/contract.js';
import type { PricingLocation } from '../../../shared/bridge/grid.js';
import type { LocationConstraintCost } from '../../../shared/schemas/constraints.js';
import type { FakeGridAnswers } from './fakeGrid.js';

/** Test data of the location and binding views: real-looking PJM ids, a fake API's grid answers built from them. */
export const RT = 'pjm_marginal_value_real_time_5_min';
export const DA = 'pjm_marginal_value_day_ahead_hourly';
export const TC = 'pjm_transmission_constraints_day_ahead_hourly';

export const LOCATIONS: PricingLocation[] = [
  { gs_entity_id: 'loc-west', name: 'Western Hub', market_id: 'pjm', location_type: 'hub', latitude: 39.95, longitude: -77.12 },
  { gs_entity_id: 'loc-east', name: 'Eastern Hub', market_id: 'pjm', location_type: 'hub', latitude: 39.7, longitude: -75.5 },
  { gs_entity_id: 'loc-aep', name: 'AEP Zone', market_id: 'pjm', location_type: 'zone', latitude: 40.1, longitude: -82.9 },
  {
    gs_entity_id: 'loc-houston',
    name: 'Houston Hub',
    market_id: 'ercot',
    location_type: 'hub',
    latitude: 29.76,
    longitude: -95.37,
  },
];

// Twelve constraints, two contingencies each; costs with tenths of cents so the sums carry float noise.
export const PAIRS: LocationConstraintCost[] = Array.from({ length: 12 }, (_v, i) =>
  [0, 1].map((k): LocationConstraintCost => {
    const sf = Number(((i % 2 === 0 ? 1 : -1) * (0.05 + i * 0.03 + k * 0.011)).toFixed(4));
    const absolute = i === 11 ? null : 10.1 * (i + 1) + k * 3.337;
    return {
      constraint_gs_entity_id: `c-${i}`,
      constraint_name: `Constraint ${String.fromCharCode(65 + i)} 230 kV`,
      contingency_gs_entity_id: `k-${k}`,
      contingency_name: k === 0 ? 'Base case' : `Loss of line ${i}`,
      shift_factor: sf,
      absolute_cost: absolute,
      adjusted_cost: absolute === null ? null : absolute * sf,
    };
  }),
).flat();

const byAbsAdjusted = (a: LocationConstraintCost, b: LocationConstraintCost) =>
  (b.adjusted_cost === null ? -1 : Math.abs(b.adjusted_cost)) - (a.adjusted_cost === null ? -1 : Math.abs(a.adjusted_cost));

/** The service's rule for `group_by=constraint`: mean shift factor, summed absolute and adjusted costs (nulls skipped). */
export function byConstraint(pairs: LocationConstraintCost[]): LocationConstraintCost[] {
  const groups = new Map<string, LocationConstraintCost[]>();
  for (const p of pairs) groups.set(p.constraint_gs_entity_id, [...(groups.get(p.constraint_gs_entity_id) ?? []), p]);
  const sum = (xs: (number | null)[]) => (xs.every((x) => x === null) ? null : xs.reduce<number>((s, x) => s + (x ?? 0), 0));
  return [...groups.values()]
    .map((g) => ({
      ...g[0]!,
      contingency_gs_entity_id: null,
      contingency_name: null,
      shift_factor: g.reduce((s, p) => s + p.shift_factor, 0) / g.length,
      absolute_cost: sum(g.map((p) => p.absolute_cost)),
      adjusted_cost: sum(g.map((p) => p.adjusted_cost)),
    }))
    .sort(byAbsAdjusted);
}

/** Grid answers of a fake API for the location and binding views. */
export function gridAnswers(over: FakeGridAnswers = {}): FakeGridAnswers {
  return {
    'locations:list': ({ search, market, limit = 100 }: VerbInput<'locations:list'>) =>
      LOCATIONS.filter(
        (l) => (!search || l.name.toLowerCase().includes(search.toLowerCase())) && (!market || l.market_id === market),
      ).slice(0, limit),
    'locations:index': () => ({ state: 'ready', done: 12, total: 12, locations: LOCATIONS.length, message: null }),
    'constraints:list': (): ContractResults['constraints:list'] => ({
      constraints: [
        {
          gs_entity_id: 'c-0',
          constraint_name: 'Constraint A 230 kV',
          market_id: 'pjm',
          earliest_seen_utc: '2024-09-02T04:00:00+00:00',
          latest_seen_utc: '2024-09-04T03:55:00+00:00',
          available_datasets: [RT, DA, TC],
        },
      ],
      datasetMetadata: {
        pjm: {
          rt: [{ dataset_id: RT, shadow_price_column: 'shadow_price' }],
          da: [{ dataset_id: DA, shadow_price_column: 'shadow_price' }],
        },
      },
    }),
    'locations:shiftFactors': ({ excludeZeros }) => ({
      rows: [
        { constraint_gs_entity_id: 'c-0', constraint: 'Constraint A 230 kV', estimated_shift_factor: 0.0561 },
        { constraint_gs_entity_id: 'c-1', constraint: 'Constraint B 230 kV', estimated_shift_factor: -0.0812 },
        ...(excludeZeros
          ? []
          : [{ constraint_gs_entity_id: 'c-2', constraint: 'Constraint C 230 kV', estimated_shift_factor: 0 }]),
      ],
      synthetic: ['estimated_shift_factor'],
    }),
    'locations:constraintCosts': ({ groupBy }) => ({
      rows: groupBy === 'constraint' ? byConstraint(PAIRS) : [...PAIRS].sort(byAbsAdjusted),
      synthetic: ['shift_factor', 'adjusted_cost'],
    }),
    ...over,
  };
}
