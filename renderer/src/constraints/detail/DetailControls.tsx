import { WindowFields } from '../list/WindowFields.js';
import type { GridChoice } from '../gridRoute.js';
import type { DatasetOption } from './datasets.js';

/** Props of {@link DetailControls}: the page's choice, the datasets to offer and how to change the choice. */
export interface DetailControlsProps {
  choice: GridChoice;
  datasets: readonly DatasetOption[];
  onChange: (choice: GridChoice) => void;
}

/** The dataset whose shadow prices are charted, and the window (both kept in the address). */
export function DetailControls({ choice, datasets, onChange }: DetailControlsProps) {
  return (
    <div className="cs-controls">
      <label className="inline-label">
        <span>Dataset</span>
        <select
          value={choice.datasetId}
          onChange={(e) => onChange({ ...choice, datasetId: e.target.value })}
          data-testid="detail-dataset"
        >
          {datasets.map((d) => (
            <option key={d.id} value={d.id}>
              {d.label}
              {d.seen ? '' : ' (constraint not seen in it)'}
            </option>
          ))}
        </select>
      </label>
      <WindowFields legend="Window" start={choice.start} end={choice.end} onChange={(w) => onChange({ ...choice, ...w })} />
    </div>
  );
}
