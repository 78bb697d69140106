import { DatasetSelect } from '../../features/constraints/DatasetSelect.js';
import { PeakControls } from '../../features/constraints/PeakControls.js';
import { WindowForm } from '../../features/constraints/WindowForm.js';
import type { PeakFilter } from '../../../../shared/time/peak.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';

/** Props of {@link ChoiceForm}: the choice in the address, what to do with a new one, the service's refusal of the dataset. */
export interface ChoiceFormProps {
  choice: GridChoice;
  onApply: (choice: GridChoice) => void;
  datasetProblem: string | null;
  /** The hours the costs count, and how to change them (at once). */
  peak: PeakFilter;
  onPeak: (peak: PeakFilter) => void;
}

/**
 * The location page's constraint dataset and the hours its costs count (both apply at once) and window (market time
 * or UTC; on Apply or by a preset), the grid pages' one window picker.
 */
export function ChoiceForm({ choice, onApply, datasetProblem, peak, onPeak }: ChoiceFormProps) {
  return (
    <WindowForm
      label="Dataset and window"
      idPrefix="location-window"
      className="card"
      testId="location-choice"
      market={choice.market}
      start={choice.start}
      end={choice.end}
      onApply={(w) => onApply({ ...choice, ...w })}
    >
      <DatasetSelect
        id="location-dataset"
        label="Constraint dataset"
        value={choice.datasetId}
        onChange={(datasetId) => onApply({ ...choice, datasetId })}
        problem={datasetProblem}
        testId="location-dataset"
      />
      <PeakControls idPrefix="location" market={choice.market} peak={peak} onPeak={onPeak} />
    </WindowForm>
  );
}
