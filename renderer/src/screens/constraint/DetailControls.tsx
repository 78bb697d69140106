import type { PeakFilter } from '../../../../shared/time/peak.js';
import type { ConstraintDataset } from '../../features/constraints/constraintDatasets.js';
import { DatasetSelect } from '../../features/constraints/DatasetSelect.js';
import { PeakControls } from '../../features/constraints/PeakControls.js';
import { WindowForm } from '../../features/constraints/WindowForm.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';

/** Props of {@link DetailControls}: the page's choice and hours, the constraint's market and datasets, how to change them. */
export interface DetailControlsProps {
  choice: GridChoice;
  market: string;
  peak: PeakFilter;
  /** The constraint datasets, from the page's own list answer (none is asked for here). */
  datasets: readonly ConstraintDataset[];
  /** The datasets the constraint appears in (its `available_datasets`); null while unknown. */
  seenIn: readonly string[] | null;
  onChange: (choice: GridChoice) => void;
  onPeak: (peak: PeakFilter) => void;
}

/**
 * The dataset whose shadow prices are charted (the priced datasets of the constraint's market, each saying when the
 * constraint was not seen in it; it applies at once), the hours counted, and the window (all kept in the address).
 */
export function DetailControls({ choice, market, peak, datasets, seenIn, onChange, onPeak }: DetailControlsProps) {
  return (
    <WindowForm
      label="Dataset and window"
      idPrefix="window"
      market={market}
      start={choice.start}
      end={choice.end}
      onApply={(w) => onChange({ ...choice, ...w })}
    >
      <DatasetSelect
        id="detail-dataset"
        label="Dataset"
        value={choice.datasetId}
        datasets={datasets}
        onChange={(datasetId) => onChange({ ...choice, datasetId })}
        filter={(d) => d.priced === true && (d.market === null || d.market === market)}
        note={(d) => (seenIn && !seenIn.includes(d.id) ? ' (constraint not seen in it)' : '')}
        testId="detail-dataset"
      />
      <PeakControls idPrefix="detail" market={choice.market} peak={peak} onPeak={onPeak} />
    </WindowForm>
  );
}
