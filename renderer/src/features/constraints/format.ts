import { formatNumber, maxDecimals, roundTo } from '../../../../shared/vocabulary/index.js';

// The grid pages' number formats are the vocabulary's (docs/vocabulary.md#formats); these names stay for their callers.

/** Costs and prices are shown with cents: $/MW costs, $/MWh shadow prices, and every total (rounded to this). */
export const COST_DECIMALS = maxDecimals('money');

/** `n` rounded to cents ({@link COST_DECIMALS}), the rounding of every total on the grid pages; never `-0`. */
export const roundCost = (n: number): number => roundTo('money', n);

/** A cost ($/MW) or price ($/MWh) with thousands separators and cents (`-1,234.50`, never `-0.00`); null → an em dash. */
export const formatCost = (n: number | null | undefined): string => formatNumber(n, 'money');

/** A shift factor (dimensionless, [−1, 1]) with 4 decimals; null → an em dash. */
export const formatShiftFactor = (n: number | null | undefined): string => formatNumber(n, 'factor');

/** The grain of the location constraint costs (docs/api.md#location-constraint-costs). */
export type CostGrouping = 'constraint' | 'constraint_contingency';

/** How the shift factors of one constraint's source rows combine (docs/api.md#shift-factors-by-location). */
export type Aggregation = 'mean' | 'max' | 'min' | 'median';

/** The aggregations offered, in the order the selects list them. */
export const AGGREGATIONS: readonly { value: Aggregation; label: string }[] = [
  { value: 'mean', label: 'Mean' },
  { value: 'max', label: 'Maximum' },
  { value: 'min', label: 'Minimum' },
  { value: 'median', label: 'Median' },
];
