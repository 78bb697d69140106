/** Costs and prices are shown with cents: $/MW costs, $/MWh shadow prices, and every total (rounded to this). */
export const COST_DECIMALS = 2;

const costFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: COST_DECIMALS,
  maximumFractionDigits: COST_DECIMALS,
});
const shiftFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 4 });

/** `n` rounded to cents ({@link COST_DECIMALS}), the rounding of every total on the grid pages. */
export function roundCost(n: number): number {
  const f = 10 ** COST_DECIMALS;
  const r = Math.round(n * f) / f;
  return Object.is(r, -0) ? 0 : r;
}

/** A cost ($/MW) or price ($/MWh) with thousands separators and cents (`-1,234.50`); null → an em dash. */
export function formatCost(n: number | null | undefined): string {
  if (n === null || n === undefined) return '—';
  // Rounded first, so a tiny negative does not show as "-0.00".
  const r = roundCost(n);
  return costFormat.format(r === 0 ? 0 : r);
}

/** A shift factor (dimensionless, [−1, 1]) with the service's 4 decimals; null → an em dash. */
export function formatShiftFactor(n: number | null | undefined): string {
  return n === null || n === undefined ? '—' : shiftFormat.format(n);
}

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
