import type { Constraint, Contingency } from '../../../shared/schemas/constraints.js';

/** Test data: a constraint with real-looking PJM fields; tests override what they assert on. */
export function constraint(over: Partial<Constraint> & Pick<Constraint, 'gs_entity_id' | 'constraint_name'>): Constraint {
  return {
    market_id: 'pjm',
    earliest_seen_utc: '2023-11-05T04:00:00+00:00',
    latest_seen_utc: '2024-09-04T03:55:00+00:00',
    available_datasets: ['pjm_marginal_value_real_time_5_min'],
    rt_absolute_cost: null,
    da_absolute_cost: null,
    ...over,
  };
}

/** Test data: a contingency. */
export function contingency(over: Partial<Contingency> & Pick<Contingency, 'gs_entity_id' | 'contingency_name'>): Contingency {
  return {
    market_id: 'pjm',
    earliest_seen_utc: '2023-11-05T04:00:00+00:00',
    latest_seen_utc: '2024-09-04T03:55:00+00:00',
    available_datasets: ['pjm_marginal_value_real_time_5_min'],
    gs_created_at_utc: '2025-01-01T00:00:00+00:00',
    gs_updated_at_utc: '2025-01-01T00:00:00+00:00',
    ...over,
  };
}

/** Four constraints in two markets; one has no cost in the window (null), one only a DA cost. */
export const CONSTRAINTS: Constraint[] = [
  constraint({
    gs_entity_id: 'c-bed',
    constraint_name: 'BEDINGTON-BLACKOAK 500 KV',
    rt_absolute_cost: 120.5,
    da_absolute_cost: 80,
  }),
  constraint({
    gs_entity_id: 'c-ches',
    constraint_name: 'CHESWICK138 KV CHE-LF53',
    rt_absolute_cost: 1500.25,
    da_absolute_cost: 14.01,
  }),
  constraint({
    gs_entity_id: 'c-turk',
    constraint_name: 'Turkey Hill - Hilgard 138 kV',
    rt_absolute_cost: null,
    da_absolute_cost: 58.78,
  }),
  constraint({
    gs_entity_id: 'c-miso',
    constraint_name: 'AMEREN FLOWGATE 1',
    market_id: 'miso',
    available_datasets: null,
    latest_seen_utc: null,
    rt_absolute_cost: 10,
    da_absolute_cost: null,
  }),
];

/** The `constraints:list` answer over {@link CONSTRAINTS}: costs per the real PJM datasets, `search` a substring. */
export function listAnswer(input: { search?: string | undefined }) {
  const q = input.search?.toLowerCase() ?? '';
  return {
    constraints: CONSTRAINTS.filter((c) => c.constraint_name.toLowerCase().includes(q)),
    datasetMetadata: {
      pjm: {
        rt: [{ dataset_id: 'pjm_marginal_value_real_time_5_min', shadow_price_column: 'shadow_price' }],
        da: [{ dataset_id: 'pjm_marginal_value_day_ahead_hourly', shadow_price_column: 'shadow_price' }],
      },
    },
  };
}
