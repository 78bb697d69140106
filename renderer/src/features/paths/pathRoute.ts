import type { PeakFilter } from '../../../../shared/time/peak.js';
import { DEFAULT_GRID_CHOICE, readGridChoice } from '../constraints/gridChoice.js';
import { readPeak } from '../constraints/peakChoice.js';
import { hrefs } from '../../lib/router.js';

/**
 * The address of a path (`#/paths?market=…&source=…&sink=…&rt=…&da=…&start=…&end=…[&group=…][&peak=…]`), read and
 * written here so any screen (a watchlist, a location's page) can link to one. `source`/`sink` `reference` (or absent)
 * is the reference, shift factor 0 (docs/paths.md#sign-rule); `rt`/`da` `none` leaves that side out. Unreadable values
 * fall back to the defaults, never throw.
 */

/** Everything a path view shows, as its address holds it. */
export interface PathView {
  market: string;
  /** A pricing location's `gs_entity_id`; null = the reference. */
  source: string | null;
  sink: string | null;
  /** Real-time and day-ahead constraint datasets; null leaves the side out. */
  rt: string | null;
  da: string | null;
  /** `[start, end)`, ISO instants in UTC. */
  start: string;
  end: string;
  group: 'constraint' | 'constraint_contingency';
  /** The hours the table and charts count (the bucket summary shows all of them). */
  peak: PeakFilter;
}

/** The embedded data's two priced PJM constraint datasets. */
export const DEFAULT_PATH_DATASETS = { rt: 'pjm_marginal_value_real_time_5_min', da: 'pjm_marginal_value_day_ahead_hourly' };

const ENTITY = /^[A-Za-z0-9_.:-]{1,200}$/;
const DATASET = /^[a-z0-9_]{1,200}$/;

function end(value: string | null): string | null {
  return value && value !== 'reference' && ENTITY.test(value) ? value : null;
}

function dataset(value: string | null, fallback: string): string | null {
  if (value === 'none') return null;
  return value && DATASET.test(value) ? value : fallback;
}

/** Reads a path's address search (without `?`). */
export function readPathRoute(search: string): PathView {
  const p = new URLSearchParams(search);
  const grid = readGridChoice(search);
  return {
    market: grid.market,
    source: end(p.get('source')),
    sink: end(p.get('sink')),
    rt: dataset(p.get('rt'), DEFAULT_PATH_DATASETS.rt),
    da: dataset(p.get('da'), DEFAULT_PATH_DATASETS.da),
    start: grid.start,
    end: grid.end,
    group: p.get('group') === 'constraint_contingency' ? 'constraint_contingency' : 'constraint',
    peak: readPeak(search),
  };
}

/** The search string of a path view; defaults (grouping by constraint, all hours) are left out. */
export function pathSearch(v: PathView): string {
  const p = new URLSearchParams({
    market: v.market,
    source: v.source ?? 'reference',
    sink: v.sink ?? 'reference',
    rt: v.rt ?? 'none',
    da: v.da ?? 'none',
    start: v.start,
    end: v.end,
  });
  if (v.group !== 'constraint') p.set('group', v.group);
  if (v.peak !== 'all') p.set('peak', v.peak);
  return p.toString();
}

/** The href of a path view (`#/paths?…`). */
export function pathHref(v: PathView): string {
  return hrefs.paths(pathSearch(v));
}

/** A path view of the default market and window, for links that name only the ends. */
export function defaultPathView(source: string | null, sink: string | null): PathView {
  return { ...readPathRoute(''), source, sink, market: DEFAULT_GRID_CHOICE.market };
}
