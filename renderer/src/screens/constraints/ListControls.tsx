import { formatSource } from '../../lib/format.js';
import type { ListState } from './route.js';
import { SearchBox } from './SearchBox.js';
import { WindowForm } from '../../features/constraints/WindowForm.js';

/** Props of {@link ListControls}: the page's state, the markets to offer and how to change the state. */
export interface ListControlsProps {
  state: ListState;
  markets: readonly string[];
  onChange: (patch: Partial<ListState>) => void;
}

/** Search, market filter and "active after" (both tabs), and the cost window (constraints tab only). */
export function ListControls({ state, markets, onChange }: ListControlsProps) {
  const noun = state.tab === 'constraints' ? 'constraints' : 'contingencies';
  return (
    <div className="cs-controls">
      <div className="toolbar cs-filters" role="search">
        <SearchBox
          value={state.search}
          onSearch={(search) => onChange({ search })}
          label={`Search ${noun} by name`}
          placeholder="Search by name"
        />
        <label className="inline-label">
          <span>Market</span>
          <select
            value={state.markets[0] ?? ''}
            onChange={(e) => onChange({ markets: e.target.value ? [e.target.value] : [] })}
            data-testid="market-filter"
          >
            <option value="">All markets</option>
            {markets.map((m) => (
              <option key={m} value={m}>
                {formatSource(m)}
              </option>
            ))}
          </select>
        </label>
        <label className="inline-label" title="Keep those last seen on or after this day (UTC)">
          <span>Active after</span>
          <input
            type="date"
            value={state.activeAfter}
            onChange={(e) => onChange({ activeAfter: e.target.value })}
            data-testid="active-after"
          />
        </label>
      </div>
      {state.tab === 'constraints' && (
        <WindowForm
          label="Cost window"
          caption
          idPrefix="window"
          start={state.choice.start}
          end={state.choice.end}
          onApply={(w) => onChange({ choice: { ...state.choice, ...w } })}
        />
      )}
    </div>
  );
}
