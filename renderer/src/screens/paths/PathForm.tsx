import type { PricingLocation } from '../../../../shared/bridge/grid.js';
import { DatasetSelect } from '../../features/constraints/DatasetSelect.js';
import { PeakControls } from '../../features/constraints/PeakControls.js';
import { WindowForm } from '../../features/constraints/WindowForm.js';
import type { PathView } from '../../features/paths/pathRoute.js';

/** What the reference end reads as in the selects. */
export const REFERENCE_LABEL = 'Reference (shift factor 0)';

/** Props of {@link PathForm}: the view in the address, the locations with data, what to do with a change. */
export interface PathFormProps {
  view: PathView;
  locations: readonly PricingLocation[];
  onChange: (patch: Partial<PathView>) => void;
  /** The service's refusal of a dataset, shown by its field. */
  problems: { rt: string | null; da: string | null };
}

function EndSelect(props: {
  id: string;
  label: string;
  value: string | null;
  locations: readonly PricingLocation[];
  onChange: (v: string | null) => void;
}) {
  const { id, label, value, locations, onChange } = props;
  const known = value === null || locations.some((l) => l.gs_entity_id === value);
  return (
    <label className="choice-field path-end">
      <span>{label}</span>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)} data-testid={id}>
        <option value="">{REFERENCE_LABEL}</option>
        {!known && <option value={value!}>{value}</option>}
        {locations.map((l) => (
          <option key={l.gs_entity_id} value={l.gs_entity_id}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The path's choices: source and sink among the market's locations with data (or the reference), the real-time and
 * day-ahead constraint datasets (either may be left out), the window (market time, presets; on Apply) and the hours
 * the table and charts count. Ends, datasets and hours apply at once.
 */
export function PathForm({ view, locations, onChange, problems }: PathFormProps) {
  const here = locations.filter((l) => l.market_id === view.market);
  const priced = (kind: 'rt' | 'da') => (d: { kind: string | null; market: string | null }) =>
    d.kind === kind && (d.market === null || d.market === view.market);
  return (
    <WindowForm
      label="Path, datasets and window"
      idPrefix="path-window"
      className="card"
      testId="path-choice"
      market={view.market}
      start={view.start}
      end={view.end}
      onApply={(w) => onChange(w)}
    >
      <EndSelect
        id="path-source"
        label="Source"
        value={view.source}
        locations={here}
        onChange={(source) => onChange({ source })}
      />
      <button
        type="button"
        className="link-button path-swap"
        onClick={() => onChange({ source: view.sink, sink: view.source })}
        title="Swap source and sink"
        data-testid="path-swap"
      >
        ⇄ Swap
      </button>
      <EndSelect id="path-sink" label="Sink" value={view.sink} locations={here} onChange={(sink) => onChange({ sink })} />
      <DatasetSelect
        id="path-rt"
        label="Real-time dataset"
        value={view.rt ?? ''}
        allLabel="None"
        filter={priced('rt')}
        onChange={(rt) => onChange({ rt: rt || null })}
        problem={problems.rt}
        testId="path-rt"
      />
      <DatasetSelect
        id="path-da"
        label="Day-ahead dataset"
        value={view.da ?? ''}
        allLabel="None"
        filter={priced('da')}
        onChange={(da) => onChange({ da: da || null })}
        problem={problems.da}
        testId="path-da"
      />
      <PeakControls idPrefix="path" market={view.market} peak={view.peak} onPeak={(peak) => onChange({ peak })} />
    </WindowForm>
  );
}
