import type { BindingSummary, BindingWindowInfo, BoundConstraint } from '../../../shared/bridge/binding.js';
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

type Bucket = 'on_peak' | '2x16' | '7x8';
const KEEP: Record<string, Bucket[]> = {
  all: ['on_peak', '2x16', '7x8'],
  on_peak: ['on_peak'],
  off_peak: ['2x16', '7x8'],
  '2x16': ['2x16'],
  '7x8': ['7x8'],
};

/** A binding-window summary whose cost per bucket is `costs` (only the buckets `peak` keeps); null when none is kept. */
export function boundSummary(
  costs: Record<Bucket, number>,
  peak = 'all',
  over: Partial<BindingSummary> = {},
): BindingSummary | null {
  const kept = KEEP[peak] ?? KEEP.all!;
  const bucket_costs = { on_peak: 0, '2x16': 0, '7x8': 0 };
  for (const b of kept) bucket_costs[b] = costs[b];
  const absolute_cost = bucket_costs.on_peak + bucket_costs['2x16'] + bucket_costs['7x8'];
  if (absolute_cost === 0) return null;
  return {
    first_binding_utc: '2024-09-02T04:05:00Z',
    last_binding_utc: '2024-09-03T12:00:00Z',
    binding_intervals: 12,
    binding_hours: 1,
    peak_abs_shadow_price: 200,
    peak_interval_start_utc: '2024-09-02T11:15:00Z',
    absolute_cost,
    bucket_costs,
    ...over,
  };
}

/** Per-bucket costs ($/MW) of the constraints that bound in the window (Turkey Hill did not). */
export const BOUND_COSTS: Record<string, Record<Bucket, number>> = {
  'c-ches': { on_peak: 500, '2x16': 700.25, '7x8': 300 },
  'c-bed': { on_peak: 120.5, '2x16': 0, '7x8': 0 },
  'c-miso': { on_peak: 0, '2x16': 0, '7x8': 10 },
};

/** The `binding:constraints` answer over {@link BOUND_COSTS}, after the input's peak filter. */
export function boundAnswer(input: { datasetId: string; window: { start: string; end: string }; peak?: string | undefined }) {
  const peak = input.peak ?? 'all';
  const constraints: BoundConstraint[] = [];
  for (const c of CONSTRAINTS) {
    const costs = BOUND_COSTS[c.gs_entity_id];
    const s = costs && boundSummary(costs, peak);
    if (s) constraints.push({ constraint_gs_entity_id: c.gs_entity_id, constraint_name: c.constraint_name, ...s });
  }
  return { window: windowInfo(input, peak), constraints };
}

/** The window an answer of the binding-window verbs was computed from (1,200 rows, fetched now). */
export function windowInfo(
  input: { datasetId: string; window: { start: string; end: string } },
  peak = 'all',
): BindingWindowInfo {
  return {
    datasetId: input.datasetId,
    ...input.window,
    rows: 1200,
    limitReached: false,
    fetchedAt: '2026-11-27T12:00:00Z',
    zone: 'US/Eastern',
    peak: peak as BindingWindowInfo['peak'],
    synthetic: [],
  };
}
