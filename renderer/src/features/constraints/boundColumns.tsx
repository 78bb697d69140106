import type { BindingSummary } from '../../../../shared/bridge/binding.js';
import type { PriceKind } from './constraintDatasets.js';
import type { CostSplit } from './peakChoice.js';
import type { DataColumn } from './table/dataColumn.js';
import { measureColumn, timeColumn } from './table/vocabColumns.js';

/**
 * The columns every table of binding-window figures shares (constraints, contingencies, a contingency's constraints,
 * a constraint's contingencies): first and last binding interval in the window (in market time), binding hours, peak
 * |shadow price| and the absolute cost, split by peak bucket when asked (docs/market-time.md#peak-buckets). A row that
 * did not bind has none of them.
 */

/** A table row with its binding-window figures (null: it did not bind in the window, after the peak filter). */
export interface WithBound<B extends BindingSummary = BindingSummary> {
  bound: B | null;
}

/** Column ids of the figures (the tests and totals name them). */
export const COST_COLUMN = 'cost';
export const SPLIT_COLUMNS: Record<Exclude<CostSplit, 'none'>, string[]> = {
  on_off: ['cost_on_peak', 'cost_off_peak'],
  buckets: ['cost_on_peak', 'cost_2x16', 'cost_7x8'],
};

/** The cost of one split column's buckets ($/MW), null for a row that did not bind. */
export function splitCost(bound: BindingSummary | null, column: string): number | null {
  if (!bound) return null;
  const c = bound.bucket_costs;
  if (column === 'cost_on_peak') return c.on_peak;
  if (column === 'cost_off_peak') return c['2x16'] + c['7x8'];
  if (column === 'cost_2x16') return c['2x16'];
  return c['7x8'];
}

const SPLIT_TERMS: Record<string, string> = {
  cost_on_peak: 'on_peak_cost',
  cost_off_peak: 'off_peak_cost',
  cost_2x16: 'cost_2x16',
  cost_7x8: 'cost_7x8',
};

/** The vocabulary's name of the absolute cost of a dataset of `kind` (real-time, day-ahead, or unnamed). */
export const costTerm = (kind: PriceKind | null): string =>
  kind === 'rt' ? 'rt_absolute_cost' : kind === 'da' ? 'da_absolute_cost' : 'absolute_cost';

/** Options of {@link boundColumns}: the market zone of the times, the cost's dataset kind, the split, the widths' room. */
export interface BoundColumnsOptions {
  zone: string;
  kind: PriceKind | null;
  split: CostSplit;
}

/** The binding-window columns of rows `T`, in the order tables show them. */
export function boundColumns<T extends WithBound>({ zone, kind, split }: BoundColumnsOptions): DataColumn<T>[] {
  const columns: DataColumn<T>[] = [
    timeColumn<T>({ id: 'first_binding', name: 'first_binding_utc', value: (r) => r.bound?.first_binding_utc, width: 184, zone }),
    timeColumn<T>({
      id: 'last_binding',
      name: 'last_binding_utc',
      value: (r) => r.bound?.last_binding_utc,
      width: 184,
      zone,
      descFirst: true,
    }),
    measureColumn<T>({
      id: 'binding_hours',
      name: 'binding_hours',
      value: (r) => r.bound?.binding_hours,
      width: 104,
      descFirst: true,
    }),
    measureColumn<T>({
      id: 'peak_sp',
      name: 'peak_abs_shadow_price',
      value: (r) => r.bound?.peak_abs_shadow_price,
      width: 150,
      descFirst: true,
    }),
    measureColumn<T>({
      id: COST_COLUMN,
      name: costTerm(kind),
      value: (r) => r.bound?.absolute_cost,
      width: 150,
      descFirst: true,
    }),
  ];
  if (split !== 'none')
    for (const id of SPLIT_COLUMNS[split])
      columns.push(
        measureColumn<T>({ id, name: SPLIT_TERMS[id]!, value: (r) => splitCost(r.bound, id), width: 124, descFirst: true }),
      );
  return columns;
}

/** The ids of the cost columns shown with `split` (the absolute cost, then the split's), for totals. */
export const costColumnIds = (split: CostSplit): string[] => [COST_COLUMN, ...(split === 'none' ? [] : SPLIT_COLUMNS[split])];

/** The value of cost column `id` of `bound` ($/MW). */
export const costOf = (bound: BindingSummary | null, id: string): number | null =>
  id === COST_COLUMN ? (bound?.absolute_cost ?? null) : splitCost(bound, id);
