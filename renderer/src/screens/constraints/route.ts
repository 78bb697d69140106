import type { PeakFilter } from '../../../../shared/time/peak.js';
import { gridSearch, readGridChoice } from '../../features/constraints/gridChoice.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { isoZ, marketDayStart, parseMarketDate } from '../../../../shared/time/market.js';
import { peakParams, readPeak, readSplit } from '../../features/constraints/peakChoice.js';
import type { CostSplit } from '../../features/constraints/peakChoice.js';

/** The two tables of the constraints page. */
export type ListTab = 'constraints' | 'contingencies';

/**
 * What the constraints page keeps in its address (`#/constraints?…`): the grid choice (its dataset and window are the
 * binding window the figures are summed over), `q` the name search, `markets` (comma list) the market filter, `after`
 * "active after" (a market day `YYYY-MM-DD`, or an instant with its offset when a time was typed), `tab`, `selected`
 * the constraint highlighted by a link from the map, `peak` and `split` the hours counted and the costs' split, and
 * `all` to list every constraint, not only those that bound.
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
const INSTANT = /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/;

/** An "active after" value of the address: a real day, or an ISO instant with its offset; anything else is none. */
function readAfter(after: string): string {
  if (DAY.test(after)) {
    try {
      parseMarketDate(after);
      return after;
    } catch {
      return '';
    }
  }
  return INSTANT.test(after) && Number.isFinite(Date.parse(after)) ? after : '';
}
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
    activeAfter: readAfter(after),
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

/**
 * "Active after" as the instant the list verbs take: a day is its start (00:00) in `zone`, the zone the page shows
 * (market time or UTC), e.g. `2024-09-02` in US/Eastern → `2024-09-02T04:00:00Z`; an instant is itself; none → undefined.
 */
export function activeAfterInstant(after: string, zone: string): string | undefined {
  if (!after) return undefined;
  return DAY.test(after) ? isoZ(marketDayStart(after, zone)) : after;
}

/** The market whose time the list's windows are in: the one market filtered on, else the cost window's dataset's. */
export const listMarket = (state: Pick<ListState, 'markets' | 'choice'>): string =>
  state.markets.length === 1 ? state.markets[0]! : state.choice.market;
