import { MISSING, formatNumber } from './formats.js';
import type { NumberFormat } from './formats.js';

/**
 * The one vocabulary of what users read (docs/vocabulary.md): each known column and measure has a label in words, a
 * unit and a format. Raw names stay on hover and in copied headers; everything shown comes from here.
 */

/** Units a value can carry. Costs summed over time are $/MW: the cost of a 1 MW exposure (docs/vocabulary.md#units). */
export type Unit = '$/MWh' | '$/MW' | 'MW' | 'MWh' | 'kV' | '%' | 'h' | 'km';

/** How a column's values read: a number format, a time (UTC or market time), or text. */
export type ValueKind = NumberFormat | 'time_utc' | 'time_local' | 'date' | 'text';

/** One known column or measure. `help` is shown behind a `?` by the header, in the docs' words. */
export interface Term {
  label: string;
  unit?: Unit;
  kind: ValueKind;
  help?: string;
  /** Bookkeeping columns (times of publication, ids, a constraint's settings) come after value columns in a table. */
  bookkeeping?: boolean;
}

/** Help of the two costs, quoted from docs/vocabulary.md#costs. */
export const COST_HELP = {
  absolute:
    'Absolute cost: the sum of |shadow price| × interval length in hours over the window, in $/MW — what the constraint cost a 1 MW exposure, whatever its direction.',
  adjusted:
    'Adjusted cost: the absolute cost × the location’s shift factor, in $/MW. Its sign is the shift factor’s: positive where 1 MW injected at the location (and withdrawn at the reference) adds flow on the constraint, negative where it relieves it.',
  shiftFactor:
    'Shift factor: the share of 1 MW injected at the location (withdrawn at the reference) that flows on the constraint; dimensionless, −1 to 1.',
} as const;

/** Help of the overlap's figures, quoted from docs/overlap.md. */
export const OVERLAP_HELP = {
  whileOut:
    'Congestion while out: the sum of |shadow price| × hours over the constraint’s binding intervals in which the outage was out, in $/MW. Every outage out in an interval counts all of it, so these do not add up to the constraint’s cost.',
  allocated:
    'Allocated cost: the outage’s part of the constraint’s cost, each binding interval’s cost split among the near outages out in it. The allocated costs and the unexplained remainder add up to the constraint’s cost in the window.',
  unexplained: 'Unexplained: the cost of the binding intervals in which no near outage was out.',
  lift: 'Lift: the share of hours the constraint bound while the outage was out, divided by the share while it was not, over the window. Above 1: it bound more often while the outage was out.',
} as const;

/** Help of a path's figures, quoted from docs/paths.md. */
export const PATH_HELP = {
  cost: 'Path congestion: the sink’s adjusted cost minus the source’s, in $/MW — what the constraints’ shadow prices paid a 1 MW source → sink position over the hours counted. Positive: congestion raised the sink’s price against the source’s.',
  perMwh: 'The path congestion divided by the window’s hours in the bucket: a mean over those hours, in $/MWh.',
  shiftFactor: 'Path shift factor: the sink’s shift factor minus the source’s (mean over the constraint’s contingencies).',
} as const;

/** Help of the time-of-use splits of a cost, in docs/market-time.md's words (buckets read in market time). */
export const PEAK_COST_HELP = {
  on_peak:
    'The absolute cost of the intervals starting on-peak: 07:00–23:00 market time, Monday to Friday, NERC holidays excluded.',
  off_peak: 'The absolute cost of the intervals starting off-peak: 2x16 and 7x8 together.',
  '2x16': 'The absolute cost of the intervals starting 07:00–23:00 market time on Saturdays, Sundays and NERC holidays.',
  '7x8': 'The absolute cost of the intervals starting 23:00–07:00 market time, every day.',
} as const;

const money = (label: string, unit: '$/MWh' | '$/MW', help?: string): Term => ({
  label,
  unit,
  kind: 'money',
  ...(help ? { help } : {}),
});
const mw = (label: string): Term => ({ label, unit: 'MW', kind: 'quantity' });

/** Known columns of /v1 datasets and of the app's own tables, by raw name. */
export const TERMS: Readonly<Record<string, Term>> = {
  // Times: `*_utc` in UTC with Z, `*_local` in the market's zone.
  interval_start_utc: { label: 'Interval start (UTC)', kind: 'time_utc' },
  interval_end_utc: { label: 'Interval end (UTC)', kind: 'time_utc' },
  interval_start_local: { label: 'Interval start', kind: 'time_local' },
  interval_end_local: { label: 'Interval end', kind: 'time_local' },
  publish_time_utc: { label: 'Published (UTC)', kind: 'time_utc', bookkeeping: true },
  publish_time_local: { label: 'Published', kind: 'time_local', bookkeeping: true },
  market_date: { label: 'Market date', kind: 'date' },
  hour_ending: { label: 'Hour ending', kind: 'text' },
  // Prices ($/MWh).
  lmp: money('LMP', '$/MWh'),
  energy: money('Energy component', '$/MWh'),
  congestion: money('Congestion component', '$/MWh'),
  loss: money('Loss component', '$/MWh'),
  shadow_price: money('Shadow price', '$/MWh'),
  peak_abs_shadow_price: money('Peak |shadow price|', '$/MWh'),
  mean_abs_shadow_price: money('Mean |shadow price|', '$/MWh'),
  // Settings of a constraint rather than outcomes (the penalty the market prices a violation at): after the prices.
  transmission_constraint_penalty_factor: { ...money('Penalty factor', '$/MWh'), bookkeeping: true },
  // Costs summed over time ($/MW).
  absolute_cost: money('Absolute cost', '$/MW', COST_HELP.absolute),
  cumulative_cost: money('Cumulative absolute cost', '$/MW', 'The absolute cost of the window up to the end of this market day.'),
  rt_absolute_cost: money('Real-time absolute cost', '$/MW', COST_HELP.absolute),
  da_absolute_cost: money('Day-ahead absolute cost', '$/MW', COST_HELP.absolute),
  adjusted_cost: money('Adjusted cost', '$/MW', COST_HELP.adjusted),
  on_peak_cost: money('On-peak cost', '$/MW', PEAK_COST_HELP.on_peak),
  off_peak_cost: money('Off-peak cost', '$/MW', PEAK_COST_HELP.off_peak),
  cost_2x16: money('2x16 cost', '$/MW', PEAK_COST_HELP['2x16']),
  cost_7x8: money('7x8 cost', '$/MW', PEAK_COST_HELP['7x8']),
  // Σ |shadow price| × hours over the intervals an outage overlapped (docs/overlap.md#congestion-cost).
  congestion_cost: money('Congestion while out', '$/MW', OVERLAP_HELP.whileOut),
  allocated_cost: money('Allocated cost', '$/MW', OVERLAP_HELP.allocated),
  unexplained_cost: money('Unexplained', '$/MW', OVERLAP_HELP.unexplained),
  cost_in_window: money('Cost in the window', '$/MW', COST_HELP.absolute),
  lift: { label: 'Lift', kind: 'quantity', help: OVERLAP_HELP.lift },
  // A path's congestion (docs/paths.md), real-time and day-ahead.
  path_cost: money('Path congestion', '$/MW', PATH_HELP.cost),
  rt_path_cost: money('Real-time congestion', '$/MW', PATH_HELP.cost),
  da_path_cost: money('Day-ahead congestion', '$/MW', PATH_HELP.cost),
  rt_path_per_mwh: money('Real-time mean', '$/MWh', PATH_HELP.perMwh),
  da_path_per_mwh: money('Day-ahead mean', '$/MWh', PATH_HELP.perMwh),
  path_shift_factor: { label: 'Path shift factor', kind: 'factor', help: PATH_HELP.shiftFactor },
  hours: { label: 'Hours', unit: 'h', kind: 'hours' },
  // Ratios.
  shift_factor: { label: 'Shift factor', kind: 'factor', help: COST_HELP.shiftFactor },
  estimated_shift_factor: { label: 'Shift factor', kind: 'factor', help: COST_HELP.shiftFactor },
  limit_control_percentage: { label: 'Limit control', unit: '%', kind: 'percent', bookkeeping: true },
  // Load, flows and forecasts (MW).
  demand: mw('Demand'),
  net_demand: mw('Net demand'),
  load: mw('Load'),
  native_load: mw('Native load'),
  ard_demand: mw('ARD demand'),
  load_forecast: mw('Load forecast'),
  day_ahead_demand_forecast: mw('Day-ahead demand forecast'),
  day_ahead_net_demand_forecast: mw('Day-ahead net demand forecast'),
  flow_mw: mw('Flow'),
  positive_limit_mw: mw('Positive limit'),
  negative_limit_mw: mw('Negative limit'),
  solar_forecast: mw('Solar forecast'),
  solar_forecast_btm: mw('Behind-the-meter solar forecast'),
  wind_forecast: mw('Wind forecast'),
  reserve_requirement: mw('Reserve requirement'),
  reserve_requirement_forecast: mw('Reserve requirement forecast'),
  resource_adequacy_capacity_forecast: mw('Resource adequacy capacity forecast'),
  net_resource_adequacy_capacity_forecast: mw('Net resource adequacy capacity forecast'),
  resource_adequacy_credits: mw('Resource adequacy credits'),
  voltage: { label: 'Voltage', unit: 'kV', kind: 'quantity' },
  // Counts and durations.
  binding_hours: { label: 'Binding hours', unit: 'h', kind: 'hours' },
  binding_interval_count: { label: 'Binding intervals', kind: 'count' },
  overlapping_intervals: { label: 'Overlapping intervals', kind: 'count' },
  binding_intervals: { label: 'Binding intervals', kind: 'count' },
  intervals_at_penalty_cap: {
    label: 'Intervals at the penalty cap',
    kind: 'count',
    help: 'Binding intervals in which the |shadow price| reached the transmission constraint penalty factor (to 0.05 $/MWh): the market priced the constraint at its violation penalty.',
  },
  window_hours: { label: 'Hours in the window', unit: 'h', kind: 'hours' },
  binding_share: { label: 'Share of hours bound', unit: '%', kind: 'percent' },
  contingency_count: { label: 'Contingencies', kind: 'count' },
  peak_interval_start_utc: { label: 'Peak interval (UTC)', kind: 'time_utc' },
  // Binding in the window asked (not ever): the start of the first and of the last interval with a binding row.
  first_binding_utc: { label: 'First binding interval (UTC)', kind: 'time_utc' },
  last_binding_utc: { label: 'Last binding interval (UTC)', kind: 'time_utc' },
  constraint_count: { label: 'Constraints bound', kind: 'count' },
  peak_intervals: {
    label: 'Intervals as top contingency',
    kind: 'count',
    help: 'Binding intervals in which this contingency’s row had the constraint’s largest |shadow price|: the point the chart shows for that interval.',
  },
  earliest_seen_utc: { label: 'First seen (UTC)', kind: 'time_utc' },
  latest_seen_utc: { label: 'Last seen (UTC)', kind: 'time_utc' },
  duration: { label: 'Duration', kind: 'count' },
  distance_km: { label: 'Distance', unit: 'km', kind: 'quantity' },
  // Names and identifiers.
  monitored_facility: { label: 'Monitored facility', kind: 'text' },
  contingency_facility: { label: 'Contingency', kind: 'text' },
  constraint_name: { label: 'Constraint', kind: 'text' },
  contingency_name: { label: 'Contingency', kind: 'text' },
  day_ahead_congestion_event: { label: 'Day-ahead congestion event', kind: 'text' },
  location: { label: 'Location', kind: 'text' },
  location_type: { label: 'Location type', kind: 'text' },
  location_id: { label: 'Location id', kind: 'identifier', bookkeeping: true },
  market: { label: 'Market', kind: 'text' },
  market_id: { label: 'Market', kind: 'text' },
  zone: { label: 'Zone', kind: 'text' },
  ptid: { label: 'PTID', kind: 'identifier', bookkeeping: true },
  point_id: { label: 'Point id', kind: 'identifier', bookkeeping: true },
  interface_name: { label: 'Interface', kind: 'text' },
  gs_entity_id: { label: 'Entity id', kind: 'text', bookkeeping: true },
  ticket: { label: 'Ticket', kind: 'identifier' },
  current_interval_start_utc: { label: 'Outage start (UTC)', kind: 'time_utc' },
  current_interval_end_utc: { label: 'Outage end (UTC)', kind: 'time_utc' },
  equipment_type: { label: 'Equipment type', kind: 'text' },
  equipment_name: { label: 'Equipment', kind: 'text' },
  facility_name: { label: 'Facility', kind: 'text' },
  station_1: { label: 'From station', kind: 'text' },
  station_2: { label: 'To station', kind: 'text' },
  switching_action: { label: 'Switching', kind: 'text' },
  voltage_class: { label: 'Voltage class', kind: 'text' },
  outage_type: { label: 'Outage type', kind: 'text' },
  status: { label: 'Status', kind: 'text' },
  equipment: { label: 'Equipment', kind: 'text' },
  source: { label: 'Source', kind: 'text' },
};

// A name's words with acronyms kept: `spp_nsi` → "SPP NSI", `natural_gas` → "Natural gas".
const ACRONYMS = new Set([
  // Markets, as ids name them (`pjm_lmp_…`).
  'pjm',
  'miso',
  'ercot',
  'caiso',
  'nyiso',
  'lmp',
  'spp',
  'nsi',
  'nai',
  'aps',
  'bhba',
  'nwmt',
  'pace',
  'pnm',
  'psco',
  'walc',
  'btm',
  'ard',
  'rt',
  'da',
  'id',
  'mw',
  'utc',
]);

/** Words of a raw name for a column the vocabulary does not know: `natural_gas` → "Natural gas". */
export function humanize(name: string): string {
  const words = name.split(/[_\s]+/).filter(Boolean);
  return words
    .map((w, i) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : i === 0 ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/** A DuckDB or /v1 column type as a user reads it, for a column the vocabulary does not know. */
export function typeInWords(type: string): string {
  const t = type.toUpperCase();
  if (/^(DOUBLE|FLOAT|REAL|DECIMAL|NUMERIC)/.test(t)) return 'number';
  if (/^(BIGINT|INTEGER|INT|SMALLINT|HUGEINT|UBIGINT)/.test(t)) return 'whole number';
  if (t.startsWith('TIMESTAMP')) return 'date and time';
  if (t === 'DATE') return 'date';
  if (t === 'BOOLEAN') return 'yes / no';
  return 'text';
}

/**
 * The term of column `name`: the vocabulary's, else one read from the name and its type — `*_utc` times in UTC,
 * `*_local` in market time, `*_mw` in MW, `*_id`/`ptid` identifiers, other numbers as quantities without a unit.
 */
export function termOf(name: string, type?: string): Term {
  const known = TERMS[name];
  if (known) return known;
  const t = (type ?? '').toUpperCase();
  if (name.endsWith('_utc')) return { label: `${humanize(name.replace(/_utc$/, ''))} (UTC)`, kind: 'time_utc' };
  if (name.endsWith('_local')) return { label: humanize(name.replace(/_local$/, '')), kind: 'time_local' };
  if (t.startsWith('TIMESTAMP')) return { label: humanize(name), kind: 'time_utc' };
  if (/(^id$|_id$|^ptid$)/.test(name)) return { label: humanize(name), kind: 'identifier', bookkeeping: true };
  if (name.endsWith('_mw')) return { label: humanize(name.replace(/_mw$/, '')), unit: 'MW', kind: 'quantity' };
  if (/(price|lmp|lbmp|mcc|mlc|mec)/.test(name)) return { label: humanize(name), unit: '$/MWh', kind: 'money' };
  if (/^(BIGINT|INTEGER|INT|SMALLINT|HUGEINT|UBIGINT)/.test(t)) return { label: humanize(name), kind: 'count' };
  if (/^(DOUBLE|FLOAT|REAL|DECIMAL|NUMERIC)/.test(t)) return { label: humanize(name), kind: 'quantity' };
  return { label: humanize(name), kind: 'text' };
}

/** `label (unit)` as a header or axis reads it: "Shadow price ($/MWh)", "Demand (MW)", "Monitored facility". */
export function labelWithUnit(term: Term): string {
  return term.unit ? `${term.label} (${term.unit})` : term.label;
}

const NUMBER_KINDS: ReadonlySet<ValueKind> = new Set<NumberFormat>([
  'money',
  'factor',
  'quantity',
  'percent',
  'hours',
  'count',
  'identifier',
]);

/** The number format of `term`, or null when its values are not numbers (times, text). */
export function numberFormatOf(term: Term): NumberFormat | null {
  return NUMBER_KINDS.has(term.kind) ? (term.kind as NumberFormat) : null;
}

/**
 * A measure's value with its unit, as a fact or a popup reads it: `4,071.52 $/MW`, `12.3 km`, `217` (no unit),
 * `—` when missing. Labels go beside it: {@link figure} gives both.
 */
export function formatFigure(term: Term, value: number | null | undefined): string {
  const text = formatNumber(value, numberFormatOf(term) ?? 'quantity');
  return term.unit && text !== MISSING ? `${text} ${term.unit}` : text;
}

/** `{ label, value }` of column or measure `name` at `value`: `{ label: 'Absolute cost', value: '4,071.52 $/MW' }`. */
export function figure(name: string, value: number | null | undefined): { label: string; value: string } {
  const term = termOf(name);
  return { label: term.label, value: formatFigure(term, value) };
}
