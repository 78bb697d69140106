import type { DatasetColumn } from '../../../../shared/schemas/dataset.js';
import { labelWithUnit, termOf, typeInWords } from '../../../../shared/vocabulary/index.js';

/** Props of {@link ColumnPicker}; `fixed` columns (the time index) are shown checked and disabled. */
export interface ColumnPickerProps {
  columns: DatasetColumn[];
  fixed: string[];
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
}

/** The query's `columns`: a collapsed checkbox list with All / None and a count of the chosen. */
export function ColumnPicker({ columns, fixed, selected, onChange }: ColumnPickerProps) {
  const isFixed = (name: string) => fixed.includes(name);
  const chosen = columns.filter((c) => isFixed(c.name) || selected.has(c.name)).length;
  const toggle = (name: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(name);
    else next.delete(name);
    onChange(next);
  };
  return (
    <details className="column-picker" data-testid="column-picker">
      <summary>
        Columns{' '}
        <span className="muted" data-testid="column-picker-count">
          ({chosen === columns.length ? 'all' : `${chosen} of ${columns.length}`})
        </span>
      </summary>
      <div className="actions">
        <button type="button" onClick={() => onChange(new Set(columns.map((c) => c.name)))} data-testid="columns-all">
          All
        </button>
        <button type="button" onClick={() => onChange(new Set())} data-testid="columns-none">
          None
        </button>
        {fixed.length > 0 && <span className="muted">{fixed.join(' and ')} always included</span>}
      </div>
      <fieldset className="column-list">
        <legend className="visually-hidden">Columns to return</legend>
        {columns.map((c) => (
          <label key={c.name} title={`${c.name} (${typeInWords(c.type)})`}>
            <input
              type="checkbox"
              checked={isFixed(c.name) || selected.has(c.name)}
              disabled={isFixed(c.name)}
              onChange={(e) => toggle(c.name, e.target.checked)}
              data-testid={`column-${c.name}`}
            />{' '}
            {labelWithUnit(termOf(c.name, c.type))}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
