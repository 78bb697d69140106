import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { DatasetSelect } from '../../features/constraints/DatasetSelect.js';
import { datasetName } from '../../features/constraints/constraintDatasets.js';
import { useConstraintDatasets } from '../../features/constraints/useConstraintDatasets.js';
import { WindowFields } from '../../features/constraints/WindowFields.js';
import { readWindow, rezoneWindowText, windowFieldText } from '../../features/constraints/window.js';
import type { WindowProblems } from '../../features/constraints/window.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { useMarketTime } from '../../features/time/useMarketTime.js';
import { formatInstantRange } from '../../../../shared/time/format.js';
import { TOP_CHOICES } from './route.js';
import { WatchStar } from '../../features/watchlist/WatchStar.js';
import { gridSearch } from '../../features/constraints/gridChoice.js';
import { formatSource } from '../../lib/format.js';
import { hrefs } from '../../lib/router.js';
import type { TopChoice } from './route.js';

/** Props of {@link MapToolbar}. */
export interface MapToolbarProps {
  choice: GridChoice;
  top: TopChoice;
  onChoice: (choice: GridChoice) => void;
  onTop: (top: TopChoice) => void;
  onFit: () => void;
  /** Shown after the controls (the map's search). */
  children?: ReactNode;
}

/**
 * The map's choices: binding dataset (applies at once), window (typed in market time or UTC, or a preset; on Apply),
 * top-N, and "Fit to data".
 */
export function MapToolbar({ choice, top, onChoice, onTop, onFit, children }: MapToolbarProps) {
  const time = useMarketTime(choice.market);
  const shown = (zone: string) => ({ start: windowFieldText(choice.start, zone), end: windowFieldText(choice.end, zone) });
  const [text, setText] = useState(() => shown(time.zone));
  const [problems, setProblems] = useState<WindowProblems>({});
  // Names only: an answer at hand, never a request of its own (the select asks when the user reaches for it).
  const datasets = useConstraintDatasets({ mode: 'cached' }).options;
  const [shownFor, setShownFor] = useState({ choice, zone: time.zone });
  if (shownFor.choice.start !== choice.start || shownFor.choice.end !== choice.end) {
    // The address changed (Back, a preset): the typed fields follow it.
    setShownFor({ choice, zone: time.zone });
    setText(shown(time.zone));
    setProblems({});
  } else if (shownFor.zone !== time.zone) {
    // Market time ↔ UTC: what is typed keeps its instants.
    setShownFor({ choice, zone: time.zone });
    setText(rezoneWindowText(text, shownFor.zone, time.zone));
  }
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const read = readWindow(text, time);
    if ('problems' in read) setProblems(read.problems);
    else onChoice({ ...choice, ...read.window });
  };
  return (
    <div className="map-toolbar">
      <details className="map-choices">
        <summary>
          <span className="muted">Dataset and window:</span> {datasetName(datasets, choice.datasetId)} ·{' '}
          {formatInstantRange(choice.start, choice.end, time.zone)}
        </summary>
        <form className="choice-row" onSubmit={apply} aria-label="Dataset and window" noValidate>
          <DatasetSelect
            id="map-dataset"
            label="Binding dataset"
            value={choice.datasetId}
            onChange={(datasetId) => onChoice({ ...choice, datasetId })}
          />
          <WindowFields
            idPrefix="map-window"
            value={text}
            time={time}
            onChange={(t) => {
              setText(t);
              setProblems({});
            }}
            problems={problems}
          />
          <div className="choice-field choice-submit">
            <button type="submit" className="primary">
              Apply window
            </button>
          </div>
        </form>
      </details>
      <label className="inline-label">
        Binding constraints drawn
        <select value={String(top)} onChange={(e) => onTop(TOP_CHOICES.find((c) => String(c) === e.target.value) ?? top)}>
          {TOP_CHOICES.map((c) => (
            <option key={c} value={String(c)}>
              {c === 'all' ? 'All' : `Top ${c}`}
            </option>
          ))}
        </select>
      </label>
      <button type="button" onClick={onFit}>
        Fit to data
      </button>
      {children}
      <WatchStar
        target={{
          kind: 'map',
          name: `${formatSource(choice.market)} map · ${datasetName(datasets, choice.datasetId)}`,
          market: choice.market,
          datasetId: choice.datasetId,
          address: hrefs.map(gridSearch(choice)),
          area: null,
        }}
      />
    </div>
  );
}
