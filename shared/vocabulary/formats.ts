/**
 * How numbers are written (docs/vocabulary.md#formats): one rule per kind of quantity, used by every table, chip, axis,
 * popup and copy. A copy gives the shown precision without thousands separators, so a spreadsheet reads it as a number.
 */

/** What a number measures, which fixes how it is written. */
export type NumberFormat =
  /** $/MWh prices and shadow prices, $/MW costs: 2 decimals, grouped (`-1,234.50`). */
  | 'money'
  /** Shift factors and other dimensionless ratios in [−1, 1]: 4 decimals (`0.4312`). */
  | 'factor'
  /** MW, MWh, kV and other physical quantities: up to 2 decimals as needed, grouped (`12,345.6`). */
  | 'quantity'
  /** Percentages held as 0–100: 1 decimal (`97.5`). */
  | 'percent'
  /** Hours: 2 decimals (`12.25`). */
  | 'hours'
  /** Counts of rows, intervals, tickets: whole numbers, grouped (`1,204`). */
  | 'count'
  /** Identifiers held as numbers (`ptid`, `location_id`): whole, never grouped (`61757`). */
  | 'identifier';

const DECIMALS: Record<NumberFormat, { min: number; max: number; grouping: boolean }> = {
  money: { min: 2, max: 2, grouping: true },
  factor: { min: 4, max: 4, grouping: true },
  quantity: { min: 0, max: 2, grouping: true },
  percent: { min: 1, max: 1, grouping: true },
  hours: { min: 2, max: 2, grouping: true },
  count: { min: 0, max: 0, grouping: true },
  identifier: { min: 0, max: 0, grouping: false },
};

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(format: NumberFormat, grouping: boolean): Intl.NumberFormat {
  const key = `${format}/${grouping}`;
  let f = formatters.get(key);
  if (!f) {
    const d = DECIMALS[format];
    f = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: d.min,
      maximumFractionDigits: d.max,
      useGrouping: grouping && d.grouping,
    });
    formatters.set(key, f);
  }
  return f;
}

/** The decimals a format shows at most (2 for money, 4 for factors, 0 for counts). */
export function maxDecimals(format: NumberFormat): number {
  return DECIMALS[format].max;
}

/** Rounds `value` to what `format` shows, so totals of shown figures agree with the figures; `-0` becomes `0`. */
export function roundTo(format: NumberFormat, value: number): number {
  const f = 10 ** DECIMALS[format].max;
  const r = Math.round(value * f) / f;
  return Object.is(r, -0) ? 0 : r;
}

/** The em dash shown for a missing value. */
export const MISSING = '—';

/**
 * `value` as shown: rounded to the format's decimals, grouped where the format groups; null, undefined and NaN → `—`.
 * A value that rounds to zero never shows as `-0.00`.
 */
export function formatNumber(value: number | null | undefined, format: NumberFormat): string {
  if (value === null || value === undefined || Number.isNaN(value)) return MISSING;
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '−∞';
  return formatter(format, true).format(roundTo(format, value));
}

/** `value` as copied: the shown precision, no grouping (`4071.52`); a missing value copies as an empty cell. */
export function copyNumber(value: number | null | undefined, format: NumberFormat): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return formatter(format, false).format(roundTo(format, value));
}
