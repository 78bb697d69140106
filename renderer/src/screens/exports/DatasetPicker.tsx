import { useMemo } from 'react';
import type { Dataset } from '../../../../shared/schemas/dataset.js';
import { formatSource } from '../../lib/format.js';

/** Props of {@link DatasetPicker}: the catalogue (undefined while it loads), the chosen id and where a choice goes. */
export interface DatasetPickerProps {
  datasets: Dataset[] | undefined;
  value: string | null;
  onChange: (datasetId: string) => void;
}

/**
 * The catalogue as a select by name, grouped by market. A chosen id the catalogue lacks (not loaded, or gone) is kept as
 * an option of its own, so the address still names what is shown.
 */
export function DatasetPicker({ datasets, value, onChange }: DatasetPickerProps) {
  const groups = useMemo(() => {
    const byMarket = new Map<string, Dataset[]>();
    for (const d of datasets ?? []) {
      const market = formatSource(d.source);
      byMarket.set(market, [...(byMarket.get(market) ?? []), d]);
    }
    return [...byMarket]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([market, list]) => ({ market, list: list.sort((a, b) => a.name.localeCompare(b.name)) }));
  }, [datasets]);
  const known = !value || (datasets ?? []).some((d) => d.id === value);
  return (
    <label className="inline-label exports-dataset">
      <span>Dataset</span>
      <select
        value={value ?? ''}
        onChange={(e) => e.target.value && onChange(e.target.value)}
        disabled={!datasets && !value}
        data-testid="exports-dataset"
      >
        <option value="" disabled>
          {datasets ? 'Choose a dataset…' : 'Loading the catalogue…'}
        </option>
        {!known && value && <option value={value}>{value}</option>}
        {groups.map((g) => (
          <optgroup key={g.market} label={g.market}>
            {g.list.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </label>
  );
}
