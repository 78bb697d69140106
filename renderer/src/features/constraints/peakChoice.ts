import { PEAK_FILTERS } from '../../../../shared/time/peak.js';
import type { PeakFilter } from '../../../../shared/time/peak.js';

/**
 * How the grid screens keep their time-of-use choices in the address (docs/market-time.md#peak-buckets): `peak` the
 * filter (absent: all hours) and, on tables that sum costs, `split` the group-by of the costs (absent: none).
 */

/** How a table splits its costs: not at all, on-peak and off-peak, or the three disjoint buckets. */
export type CostSplit = 'none' | 'on_off' | 'buckets';

/** The splits in the order the select offers them, in words. */
export const COST_SPLITS: readonly [CostSplit, string][] = [
  ['none', 'No split'],
  ['on_off', 'On-peak and off-peak'],
  ['buckets', 'On-peak, 2x16 and 7x8'],
];

/** `peak` of an address's search; an unknown value reads as all hours. */
export function readPeak(search: string): PeakFilter {
  const v = new URLSearchParams(search).get('peak');
  return (PEAK_FILTERS as readonly string[]).includes(v ?? '') ? (v as PeakFilter) : 'all';
}

/** `split` of an address's search; an unknown value reads as none. */
export function readSplit(search: string): CostSplit {
  const v = new URLSearchParams(search).get('split');
  return v === 'on_off' || v === 'buckets' ? v : 'none';
}

/** The address parameters of the two choices, defaults left out (for `gridSearch`'s extras). */
export function peakParams(peak: PeakFilter, split?: CostSplit): Record<string, string | null> {
  return { peak: peak === 'all' ? null : peak, split: split && split !== 'none' ? split : null };
}
