import type { PeakFilter } from '../../../../shared/time/peak.js';
import { gridSearch, readGridChoice } from '../../features/constraints/gridChoice.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { peakParams, readPeak, readSplit } from '../../features/constraints/peakChoice.js';
import type { CostSplit } from '../../features/constraints/peakChoice.js';

/** The two tables of the constraints page. */
export type ListTab = 'constraints' | 'contingencies';

/**
 * What the constraints page keeps in its address (`#/constraints?…`): the grid choice (its dataset and window are the
 * binding window the figures are summed over), `q` the name search, `markets` (comma list) the market filter, `after`
 * (`YYYY-MM-DD`) "active after", `tab`, `selected` the constraint highlighted by a link from the map, `peak` and `split`
 * the hours counted and the costs' split, and `all` to list every constraint, not only those that bound.
 */
export interface ListState {
  choice: GridChoice;
  search: string;
  markets: string[];
  activeAfter: string;
  tab: ListTab;
  selected: string | null;
  peak: PeakFilter;
  split: CostSplit;
  showAll: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MARKET = /^[a-z0-9_-]{1,40}$/;

/** Reads a {@link ListState} from an address's search (without `?`); unreadable values fall back to "none". */
export function readListState(search: string): ListState {
  const p = new URLSearchParams(search);
  const after = p.get('after') ?? '';
  const markets = (p.get('markets') ?? '')
    .split(',')
    .map((m) => m.trim().toLowerCase())
    .filter((m) => MARKET.test(m));
  return {
    choice: readGridChoice(search),
    search: (p.get('q') ?? '').slice(0, 200),
    markets: [...new Set(markets)],
    activeAfter: DAY.test(after) && Number.isFinite(Date.parse(`${after}T00:00:00Z`)) ? after : '',
    tab: p.get('tab') === 'contingencies' ? 'contingencies' : 'constraints',
    selected: p.get('selected') || null,
    peak: readPeak(search),
    split: readSplit(search),
    showAll: p.get('all') === '1',
  };
}

/** Writes a {@link ListState} as a search string; defaults (no search, constraints tab, all hours…) are left out. */
export function listSearch(state: ListState): string {
  return gridSearch(state.choice, {
    // Kept as typed (trimmed only when sent): trimming here would eat the space of a search being typed.
    q: state.search.trim() ? state.search : null,
    markets: state.markets.join(',') || null,
    after: state.activeAfter || null,
    tab: state.tab === 'contingencies' ? 'contingencies' : null,
    selected: state.selected,
    ...peakParams(state.peak, state.split),
    all: state.showAll ? '1' : null,
  });
}

/** The "active after" day as the instant the list verbs take (`YYYY-MM-DDT00:00:00Z`), or undefined. */
export const activeAfterInstant = (day: string): string | undefined => (day ? `${day}T00:00:00Z` : undefined);
