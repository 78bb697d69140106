import type { PeakFilter } from '../../../../shared/time/peak.js';
import { formatSource } from '../../lib/format.js';
import { listMarket } from './route.js';
import type { ListState } from './route.js';
import { ActiveAfterField } from './ActiveAfterField.js';
import { useMarketTime } from '../../features/time/useMarketTime.js';
import { SearchBox } from './SearchBox.js';
import type { ConstraintDataset } from '../../features/constraints/constraintDatasets.js';
import { DatasetSelect } from '../../features/constraints/DatasetSelect.js';
import { PeakControls } from '../../features/constraints/PeakControls.js';
import { WindowForm } from '../../features/constraints/WindowForm.js';

/** Props of {@link ListControls}: the page's state, the markets and datasets to offer and how to change the state. */
export interface ListControlsProps {
  state: ListState;
  markets: readonly string[];
  /** The constraint datasets of the page's own list answer (no other request names them). */
  datasets: readonly ConstraintDataset[];
  onChange: (patch: Partial<ListState>) => void;
}

/**
 * Search, market filter and "active after" (both tabs); the binding window the figures are summed over — the dataset
 * whose shadow prices make the costs, the hours counted (and the costs' split) and the window, in the list's market time.
 */
export function ListControls({ state, markets, datasets, onChange }: ListControlsProps) {
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
      <WindowForm
        label="Binding window"
        caption
        idPrefix="window"
        market={market}
        start={state.choice.start}
        end={state.choice.end}
        onApply={(w) => onChange({ choice: { ...state.choice, ...w } })}
      >
        <DatasetSelect
          id="list-dataset"
          label="Costs from"
          value={state.choice.datasetId}
          datasets={datasets}
          onChange={(datasetId) => {
            // The window's market is the dataset's: its clock reads the hours, its outages go with it.
            const market = datasets.find((d) => d.id === datasetId)?.market ?? state.choice.market;
            onChange({ choice: { ...state.choice, datasetId, market } });
          }}
          filter={(d) => d.priced !== false}
          testId="list-dataset"
        />
        <PeakControls
          idPrefix="list"
          market={state.choice.market}
          peak={state.peak}
          onPeak={(peak: PeakFilter) => onChange({ peak })}
          split={state.split}
          onSplit={(split) => onChange({ split })}
        />
      </WindowForm>
    </div>
  );
}
