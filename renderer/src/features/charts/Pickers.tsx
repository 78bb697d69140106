import { useEffect, useId, useRef, useState } from 'react';
import type { ColumnValueCounts } from '../../../../shared/bridge/workspace.js';
import { formatCount } from '../../lib/format.js';
import { DEFAULT_SERIES_COUNT, MAX_SERIES_VALUES, MAX_Y_COLUMNS, defaultSeriesValues, searchValues } from './chartData.js';
import { columnLabel, pluralInSentence } from './chartLabels.js';
import { termOf } from '../../../../shared/vocabulary/index.js';

/** A drop-down `<details>` that closes on a press outside it or on Escape (focus goes back to its summary). */
function useDropDown() {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const onPointer = (e: PointerEvent) => {
      const d = ref.current;
      if (d?.open && e.target instanceof Node && !d.contains(e.target)) d.open = false;
    };
    const onKey = (e: KeyboardEvent) => {
      const d = ref.current;
      if (!d?.open || e.key !== 'Escape') return;
      d.open = false;
      d.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  return ref;
}

const toggle = (list: string[], item: string, on: boolean) => (on ? [...list, item] : list.filter((v) => v !== item));

/** Props of {@link YColumnPicker}: the numeric columns and the checked ones (at least one stays checked). */
export interface YColumnPickerProps {
  columns: string[];
  selected: string[];
  onChange: (selected: string[]) => void;
}

/** The y columns in words as a drop-down list of checkboxes (raw names on hover); the last checked one stays. */
export function YColumnPicker({ columns, selected, onChange }: YColumnPickerProps) {
  const ref = useDropDown();
  const summary = selected.length === 1 ? columnLabel(selected[0]!) : `${selected.length} columns`;
  return (
    <details ref={ref} className="chart-picker" data-testid="chart-y-picker">
      <summary>
        <span className="muted">Values:</span> {summary}
      </summary>
      <fieldset className="chart-picker-panel">
        <legend className="visually-hidden">Columns to chart</legend>
        <ul className="chart-picker-list">
          {columns.map((c) => {
            const on = selected.includes(c);
            return (
              <li key={c}>
                <label title={c}>
                  <input
                    type="checkbox"
                    checked={on}
                    disabled={(on && selected.length === 1) || (!on && selected.length >= MAX_Y_COLUMNS)}
                    onChange={(e) => onChange(toggle(selected, c, e.target.checked))}
                  />{' '}
                  {columnLabel(c)}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
    </details>
  );
}

/** Props of {@link SeriesPicker}: the series column, its value counts (most frequent first) and the checked values. */
export interface SeriesPickerProps {
  column: string;
  values: ColumnValueCounts['values'];
  truncated: boolean;
  selected: string[];
  onChange: (selected: string[]) => void;
}

/**
 * The series values (e.g. locations) as a drop-down: a search box, then checkboxes with each value's row count, in the
 * answer's order (largest peak first); "Top 8" restores the default, "None" clears; at most {@link MAX_SERIES_VALUES}
 * can be checked.
 */
export function SeriesPicker({ column, values, truncated, selected, onChange }: SeriesPickerProps) {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const shown = searchValues(values, search).filter((v) => v.value !== null);
  const full = selected.length >= MAX_SERIES_VALUES;
  const total = values.filter((v) => v.value !== null).length;
  const ref = useDropDown();
  const label = termOf(column).label;
  return (
    <details ref={ref} className="chart-picker" data-testid="chart-series-picker">
      <summary title={column}>
        {label}:{' '}
        <span data-testid="chart-series-count">
          {selected.length} of {formatCount(total)}
          {truncated ? '+' : ''}
        </span>
      </summary>
      <div className="chart-picker-panel">
        <label htmlFor={searchId} className="visually-hidden">
          Search {pluralInSentence(label)}
        </label>
        <input
          id={searchId}
          type="search"
          placeholder={`Search ${pluralInSentence(label)}`}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="chart-series-search"
        />
        <div className="chart-picker-actions">
          <button type="button" onClick={() => onChange(defaultSeriesValues(values))}>
            Top {DEFAULT_SERIES_COUNT}
          </button>
          <button type="button" onClick={() => onChange([])}>
            None
          </button>
          {full && <span className="muted">At most {MAX_SERIES_VALUES} lines.</span>}
        </div>
        <ul className="chart-picker-list" aria-label={label}>
          {shown.map((v) => {
            const value = String(v.value);
            const on = selected.includes(value);
            return (
              <li key={value}>
                <label>
                  <input
                    type="checkbox"
                    checked={on}
                    disabled={!on && full}
                    onChange={(e) => onChange(toggle(selected, value, e.target.checked))}
                  />{' '}
                  <span className="chart-picker-value">{value}</span> <span className="muted num">{formatCount(v.count)}</span>
                </label>
              </li>
            );
          })}
          {shown.length === 0 && <li className="muted">No value matches “{search}”.</li>}
        </ul>
        {truncated && <p className="muted chart-picker-note">The {formatCount(total)} most frequent values are listed.</p>}
      </div>
    </details>
  );
}
