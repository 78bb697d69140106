import { formatSource } from '../../lib/format.js';
import { listMarket } from './route.js';
import type { ListState } from './route.js';
import { ActiveAfterField } from './ActiveAfterField.js';
import { useMarketTime } from '../../features/time/useMarketTime.js';
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
  const market = listMarket(state);
  const time = useMarketTime(market);
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
        <ActiveAfterField value={state.activeAfter} time={time} onChange={(activeAfter) => onChange({ activeAfter })} />
      </div>
      {state.tab === 'constraints' && (
        <WindowForm
          label="Cost window"
          caption
          idPrefix="window"
          market={market}
          start={state.choice.start}
          end={state.choice.end}
          onApply={(w) => onChange({ choice: { ...state.choice, ...w } })}
        />
      )}
    </div>
  );
}
