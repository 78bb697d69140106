import { addDays, marketDateOf } from '../../../shared/index.js';
import type {
  ContractResults,
  ParsedInput,
  PathBuckets,
  PathDay,
  PathFigures,
  PathRow,
  PathSide,
} from '../../../shared/index.js';
import { windowInfo } from '../bindingWindow/service.js';
import type { StoredWindow } from '../bindingWindow/store.js';
import type { PathGroup } from './sql.js';

/**
 * The path answer from the query's groups (docs/paths.md#the-answer): rows with both sides side by side, every market
 * day of the window with its running total, each side's total, and each $/MW figure over the bucket's hours as $/MWh.
 * Only shapes here: every sum was made in DuckDB (sql.ts), the running totals add the days in order.
 */

const KEYS = ['all', 'on_peak', 'off_peak', '2x16', '7x8'] as const;

const map = (b: PathBuckets, f: (v: number, k: keyof PathBuckets) => number): PathBuckets =>
  Object.fromEntries(KEYS.map((k) => [k, f(b[k], k)])) as unknown as PathBuckets;

/** `cost` over `hours` per bucket ($/MW ÷ h = $/MWh); 0 where the window has no hours of the bucket. */
export function perMwh(cost: PathBuckets, hours: PathBuckets): PathBuckets {
  return map(cost, (v, k) => (hours[k] > 0 ? v / hours[k] : 0));
}

const ZERO: PathBuckets = { all: 0, on_peak: 0, off_peak: 0, '2x16': 0, '7x8': 0 };

interface AssembleInput {
  input: Omit<ParsedInput<'paths:congestion'>, 'requestId'>;
  zone: string;
  sides: { side: PathSide; window: StoredWindow; synthetic: string[] }[];
  groups: readonly PathGroup[];
  hours: PathBuckets;
}

// /v1's order of costs, on the real-time side first: |cost| descending, then day-ahead, name, contingency (nulls first).
function rowOrder(a: PathRow, b: PathRow): number {
  const mag = (r: PathRow, s: PathSide) => Math.abs(r[s]?.cost.all ?? -1);
  return (
    mag(b, 'rt') - mag(a, 'rt') ||
    mag(b, 'da') - mag(a, 'da') ||
    a.constraint_name.localeCompare(b.constraint_name) ||
    (a.contingency_name ?? '').localeCompare(b.contingency_name ?? '') ||
    a.constraint_gs_entity_id.localeCompare(b.constraint_gs_entity_id)
  );
}

// Every market date the window touches, in the zone: the start's through the date of its last instant.
function marketDates(start: string, end: string, zone: string): string[] {
  const last = marketDateOf(Date.parse(end) - 1, zone);
  const out: string[] = [];
  for (let d = marketDateOf(Date.parse(start), zone); d <= last && out.length < 4000; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The `paths:congestion` answer. */
export function assemblePath(a: AssembleInput): ContractResults['paths:congestion'] {
  const asked = new Set(a.sides.map((s) => s.side));
  const figures = (cost: PathBuckets, sf: number | null): PathFigures => ({
    cost,
    per_mwh: perMwh(cost, a.hours),
    shift_factor: sf,
  });
  const rows = new Map<string, PathRow>();
  const days = new Map<string, Partial<Record<PathSide, PathBuckets>>>();
  const totals: Record<PathSide, PathFigures | null> = {
    rt: asked.has('rt') ? figures(ZERO, null) : null,
    da: asked.has('da') ? figures(ZERO, null) : null,
  };
  for (const g of a.groups) {
    if (g.level === 'total') totals[g.side] = figures(g.cost, null);
    else if (g.level === 'day') days.set(g.market_date!, { ...days.get(g.market_date!), [g.side]: g.cost });
    else {
      const key = `${g.constraint_gs_entity_id}|${g.contingency_gs_entity_id ?? ''}`;
      const row: PathRow = rows.get(key) ?? {
        constraint_gs_entity_id: g.constraint_gs_entity_id ?? '',
        constraint_name: g.constraint_name ?? '',
        contingency_gs_entity_id: g.contingency_gs_entity_id,
        contingency_name: g.contingency_name,
        rt: null,
        da: null,
      };
      row[g.side] = figures(g.cost, g.shift_factor);
      rows.set(key, row);
    }
  }
  const running: Record<PathSide, PathBuckets> = { rt: ZERO, da: ZERO };
  const dayList: PathDay[] = marketDates(a.input.window.start, a.input.window.end, a.zone).map((date) => {
    const got = days.get(date) ?? {};
    const day = (s: PathSide) => (asked.has(s) ? (got[s] ?? ZERO) : null);
    const cumulative = (s: PathSide) => {
      if (!asked.has(s)) return null;
      running[s] = map(running[s], (v, k) => v + (got[s]?.[k] ?? 0));
      return running[s];
    };
    return { market_date: date, rt: day('rt'), da: day('da'), rt_cumulative: cumulative('rt'), da_cumulative: cumulative('da') };
  });
  const side = (s: PathSide) => {
    const found = a.sides.find((x) => x.side === s);
    return found ? { window: windowInfo(found.window, a.input.market, 'all'), synthetic: found.synthetic } : null;
  };
  return {
    market: a.input.market,
    zone: a.zone,
    source: a.input.source,
    sink: a.input.sink,
    hours: a.hours,
    sides: { rt: side('rt'), da: side('da') },
    totals,
    rows: [...rows.values()].sort(rowOrder),
    days: dayList,
  };
}
