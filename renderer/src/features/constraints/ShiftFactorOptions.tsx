import { AGGREGATIONS } from './format.js';
import type { Aggregation } from './format.js';

/** Props of {@link ShiftFactorOptions}; `stacked` puts each label above its field (the location page's choice row). */
export interface ShiftFactorOptionsProps {
  aggregation: Aggregation;
  excludeZeros: boolean;
  onAggregation: (aggregation: Aggregation) => void;
  onExcludeZeros: (excludeZeros: boolean) => void;
  stacked?: boolean;
}

/**
 * The two options of the shift-factor endpoints (docs/api.md#shift-factors-by-location): how rows sharing a constraint
 * or location combine (`aggregation_function`) and whether zero rows are left out first (`exclude_zeros`).
 */
export function ShiftFactorOptions({
  aggregation,
  excludeZeros,
  onAggregation,
  onExcludeZeros,
  stacked,
}: ShiftFactorOptionsProps) {
  return (
    <>
      <label className={stacked ? 'choice-field' : 'inline-label'}>
        <span>Combine rows by</span>
        <select value={aggregation} onChange={(e) => onAggregation(e.target.value as Aggregation)} data-testid="sf-aggregation">
          {AGGREGATIONS.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </select>
      </label>
      <label className={stacked ? 'choice-check' : 'inline-label'}>
        <input
          type="checkbox"
          checked={excludeZeros}
          onChange={(e) => onExcludeZeros(e.target.checked)}
          data-testid="sf-exclude-zeros"
        />
        <span>Exclude zeros</span>
      </label>
    </>
  );
}
