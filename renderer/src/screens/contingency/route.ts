import type { PeakFilter } from '../../../../shared/time/peak.js';
import { gridSearch, readGridChoice } from '../../features/constraints/gridChoice.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { peakParams, readPeak, readSplit } from '../../features/constraints/peakChoice.js';
import type { CostSplit } from '../../features/constraints/peakChoice.js';

/** What the contingency view keeps in its address (`#/contingencies/<id>?…`): the grid choice, the hours and the split. */
export interface ContingencyView {
  choice: GridChoice;
  peak: PeakFilter;
  split: CostSplit;
}

/** Reads a {@link ContingencyView} from an address's search; unreadable values fall back to the defaults. */
export function readContingencyView(search: string): ContingencyView {
  return { choice: readGridChoice(search), peak: readPeak(search), split: readSplit(search) };
}

/** Writes a {@link ContingencyView} as a search string, defaults left out. */
export function contingencySearch(view: ContingencyView): string {
  return gridSearch(view.choice, peakParams(view.peak, view.split));
}
