import type { LocationConstraintCost } from '../../../../shared/schemas/constraints.js';
import { roundCost } from '../../features/constraints/format.js';

/** Σ of the non-null values, compensated (Neumaier) so the order of the rows does not move the last digits. */
export function sumOf(values: Iterable<number | null>): number {
  let sum = 0;
  let carry = 0;
  for (const v of values) {
    if (v === null || !Number.isFinite(v)) continue;
    const t = sum + v;
    carry += Math.abs(sum) >= Math.abs(v) ? sum - t + v : v - t + sum;
    sum = t;
  }
  return sum + carry;
}

/** The totals row of a costs table: Σ absolute and Σ adjusted cost ($/MW), rounded to cents; rows without a cost skipped. */
export interface CostTotals {
  absolute: number;
  adjusted: number;
  /** Rows that bound in the window (a non-null absolute cost). */
  binding: number;
}

/**
 * Totals of a costs answer. The service's per-constraint adjusted cost is the sum over that constraint's contingencies
 * (docs/api.md#location-constraint-costs), so Σ adjusted cost is the same in both groupings; summing compensated and
 * rounding to cents makes the shown figures equal too.
 */
export function costTotals(rows: readonly LocationConstraintCost[]): CostTotals {
  return {
    absolute: roundCost(sumOf(rows.map((r) => r.absolute_cost))),
    adjusted: roundCost(sumOf(rows.map((r) => r.adjusted_cost))),
    binding: rows.filter((r) => r.absolute_cost !== null).length,
  };
}

/** One bar of the top contributors. */
export interface Contributor {
  key: string;
  constraintId: string;
  constraintName: string;
  contingencyName: string | null;
  adjusted: number;
}

/** A row's key: its constraint, and its contingency when grouped so. */
export const costRowKey = (r: LocationConstraintCost): string =>
  `${r.constraint_gs_entity_id}|${r.contingency_gs_entity_id ?? ''}`;

/**
 * The `n` rows with the largest |adjusted cost| (non-null, non-zero), largest first; ties by constraint name, then
 * contingency name, as the service orders its rows.
 */
export function topContributors(rows: readonly LocationConstraintCost[], n = 10): Contributor[] {
  return rows
    .filter((r): r is LocationConstraintCost & { adjusted_cost: number } => r.adjusted_cost !== null && r.adjusted_cost !== 0)
    .map((r) => ({
      key: costRowKey(r),
      constraintId: r.constraint_gs_entity_id,
      constraintName: r.constraint_name,
      contingencyName: r.contingency_name,
      adjusted: r.adjusted_cost,
    }))
    .sort(
      (a, b) =>
        Math.abs(b.adjusted) - Math.abs(a.adjusted) ||
        a.constraintName.localeCompare(b.constraintName) ||
        (a.contingencyName ?? '').localeCompare(b.contingencyName ?? ''),
    )
    .slice(0, n);
}
