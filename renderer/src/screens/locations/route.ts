import { AGGREGATIONS } from '../../features/constraints/format.js';
import type { Aggregation, CostGrouping } from '../../features/constraints/format.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { gridSearch } from '../../features/constraints/gridChoice.js';
import { peakParams, readPeak } from '../../features/constraints/peakChoice.js';
import type { PeakFilter } from '../../../../shared/time/peak.js';

/**
 * The location page's own choices, kept in the address beside the grid choice (`group`, `aggregation`, `zeros`,
 * `sf_dataset`, `peak`) so Back and a reload show the same tables.
 */
export interface LocationView {
  group: CostGrouping;
  aggregation: Aggregation;
  excludeZeros: boolean;
  /** Dataset of the shift factors: null = the page's dataset, '' = all datasets, else a dataset id. */
  sfDataset: string | null;
  /** The hours the constraint costs count (docs/market-time.md#peak-buckets). */
  peak: PeakFilter;
}

const DATASET = /^[a-z0-9_]{1,200}$/;

/** Reads the location page's choices from the address's search (without `?`); bad values fall back to the defaults. */
export function readLocationView(search: string): LocationView {
  const p = new URLSearchParams(search);
  const aggregation = AGGREGATIONS.find((a) => a.value === p.get('aggregation'))?.value ?? 'mean';
  const sf = p.get('sf_dataset');
  return {
    group: p.get('group') === 'constraint_contingency' ? 'constraint_contingency' : 'constraint',
    aggregation,
    excludeZeros: p.get('zeros') === 'exclude',
    sfDataset: sf === 'all' ? '' : sf && DATASET.test(sf) ? sf : null,
    peak: readPeak(search),
  };
}

/** The search string of the location page for a grid choice and view; defaults are left out of the address. */
export function locationSearch(choice: GridChoice, view: LocationView): string {
  return gridSearch(choice, {
    group: view.group,
    aggregation: view.aggregation === 'mean' ? null : view.aggregation,
    zeros: view.excludeZeros ? 'exclude' : null,
    sf_dataset: view.sfDataset === null ? null : view.sfDataset === '' ? 'all' : view.sfDataset,
    ...peakParams(view.peak),
  });
}
