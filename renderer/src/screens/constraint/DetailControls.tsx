import { DatasetSelect } from '../../features/constraints/DatasetSelect.js';
import { WindowForm } from '../../features/constraints/WindowForm.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';

/** Props of {@link DetailControls}: the page's choice, the constraint's market and datasets, how to change the choice. */
export interface DetailControlsProps {
  choice: GridChoice;
  market: string;
  /** The datasets the constraint appears in (its `available_datasets`); null while unknown. */
  seenIn: readonly string[] | null;
  onChange: (choice: GridChoice) => void;
}

/**
 * The dataset whose shadow prices are charted (the priced datasets of the constraint's market, each saying when the
 * constraint was not seen in it; it applies at once) and the window (both kept in the address).
 */
export function DetailControls({ choice, market, seenIn, onChange }: DetailControlsProps) {
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
        onChange={(datasetId) => onChange({ ...choice, datasetId })}
        filter={(d) => d.priced === true && (d.market === null || d.market === market)}
        note={(d) => (seenIn && !seenIn.includes(d.id) ? ' (constraint not seen in it)' : '')}
        testId="detail-dataset"
      />
    </WindowForm>
  );
}
