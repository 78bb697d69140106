import { parseTimeText } from '../../../shared/index.js';
import type { DatasetUpdate, PullQuery, RefreshRange } from '../../../shared/index.js';

/**
 * The refresh planner (docs/workspace.md#refresh-and-provenance): from a pull's query, what it stores and the dataset's
 * update records since, which time ranges to ask /v1 again and by which key the answer replaces stored rows. Pure: no
 * I/O, instants in epoch ms, so every rule is unit-tested.
 */

/** What the planner knows of the dataset: its catalogue entry's columns and zone. */
export interface PlanDataset {
  timeIndexColumn: string;
  publishTimeColumn: string | null;
  primaryKeyColumns: readonly string[];
  /** IANA zone of `timezone: market` (naive query times are read in the query's zone). */
  dataTimezone: string;
}

/** What the pull holds: its stored column names and the largest time index and publish time values (epoch ms; null: none). */
export interface PlanStored {
  columns: readonly string[];
  lastIntervalMs: number | null;
  lastPublishMs: number | null;
}

/** One range to ask again: `[startMs, endMs)` (null: the query's own bound), `publishFromMs` a publish time floor. */
export interface PlannedRange {
  startMs: number | null;
  endMs: number | null;
  publishFromMs: number | null;
  reason: RefreshRange['reason'];
}

/**
 * A refresh plan. `ranges`: asked again with the pull's query, their rows replacing stored rows of the same `key` and
 * adding the others. `all`: the whole query again, replacing every row (`why` says why it cannot be narrowed). `none`:
 * nothing can have changed (a closed window and no backfill).
 */
export type RefreshPlan =
  { kind: 'ranges'; key: string[]; ranges: PlannedRange[] } | { kind: 'all'; why: string } | { kind: 'none' };

/** Inputs of {@link planRefresh}: `updates` are the records after the pull's state; `truncated` when more exist. */
export interface PlanInput {
  query: PullQuery;
  dataset: PlanDataset;
  stored: PlanStored;
  updates: readonly DatasetUpdate[];
  truncated: boolean;
}

const instant = (text: string | null | undefined): number | null => {
  if (!text) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
};

/** The query's window in epoch ms, its naive texts read in its zone (`market` → the dataset's). */
export function queryWindow(query: PullQuery, dataTimezone: string): { startMs: number | null; endMs: number | null } {
  const zone = query.timezone === undefined ? 'UTC' : query.timezone === 'market' ? dataTimezone : query.timezone;
  const read = (text: string | undefined) => (text === undefined ? null : parseTimeText(text, { zone }).epochMs);
  return { startMs: read(query.startTime), endMs: read(query.endTime) };
}

/** Why the query cannot be narrowed to ranges, or null. */
function unnarrowable(query: PullQuery, dataset: PlanDataset, stored: PlanStored, key: readonly string[]): string | null {
  if (query.limit !== undefined) return 'the query has a row limit, so which rows it returns can change';
  if (query.resampleFrequency !== undefined) return 'the query is resampled: new rows change the buckets';
  if (query.publishTime === 'latest_report' || query.publishTime?.startsWith('latest_before'))
    return 'the rows chosen by its publish time depend on every vintage';
  const missing = [dataset.timeIndexColumn, ...key].filter((c) => !stored.columns.includes(c));
  if (missing.length > 0) return `the pull does not hold ${missing.join(', ')}, which identify its rows`;
  return null;
}

/** The ranges sorted by start (open starts first) with overlapping or touching ranges of the same publish floor merged. */
export function mergeRanges(ranges: readonly PlannedRange[]): PlannedRange[] {
  const lo = (r: PlannedRange) => r.startMs ?? Number.NEGATIVE_INFINITY;
  const hi = (r: PlannedRange) => r.endMs ?? Number.POSITIVE_INFINITY;
  const sorted = [...ranges].sort((a, b) => lo(a) - lo(b) || hi(a) - hi(b));
  const out: PlannedRange[] = [];
  for (const r of sorted) {
    const prev = out.findLast((p) => p.publishFromMs === r.publishFromMs);
    if (prev && lo(r) <= hi(prev)) {
      if (hi(r) > hi(prev)) prev.endMs = r.endMs;
      // A range that a backfill covers is asked for the backfill's sake: its rows are replaced either way.
      if (r.reason !== prev.reason) prev.reason = prev.reason === 'new' ? r.reason : prev.reason;
      continue;
    }
    out.push({ ...r });
  }
  // A range without a publish floor asks every vintage: one with a floor inside it adds nothing.
  return out.filter(
    (r) => r.publishFromMs === null || !out.some((o) => o.publishFromMs === null && lo(o) <= lo(r) && hi(o) >= hi(r)),
  );
}

/**
 * Plans a refresh. Rules: (1) the intervals after the pull's last one (1 ms after it), up to the query's end, when the
 * window is still open past it; on a dataset with a publish time column
 * (all vintages or `latest`) new rows are new vintages, so the whole window from the last publish time stored;
 * (2) each backfill record's range again (a record without one: the whole window), clipped to the window, as is any
 * record whose range starts at or before the last interval; (3) overlapping ranges merged. The key is the primary key
 * (without the publish time for `publish_time=latest`, whose rows are one per interval).
 */
export function planRefresh({ query, dataset, stored, updates, truncated }: PlanInput): RefreshPlan {
  const publish = dataset.publishTimeColumn;
  const latestVintage = publish !== null && query.publishTime === 'latest';
  const key = dataset.primaryKeyColumns.filter((c) => !(latestVintage && c === publish));
  const why = unnarrowable(query, dataset, stored, key);
  if (why) return { kind: 'all', why };
  const window = queryWindow(query, dataset.dataTimezone);
  const clip = (startMs: number | null, endMs: number | null): { startMs: number | null; endMs: number | null } | null => {
    const s = window.startMs === null ? startMs : startMs === null ? window.startMs : Math.max(startMs, window.startMs);
    const e = window.endMs === null ? endMs : endMs === null ? window.endMs : Math.min(endMs, window.endMs);
    return s !== null && e !== null && s >= e ? null : { startMs: s, endMs: e };
  };
  const ranges: PlannedRange[] = [];
  const vintages = publish !== null && (query.publishTime === undefined || latestVintage);
  if (vintages) {
    const floor = stored.lastPublishMs ?? instant(query.publishTimeStart);
    ranges.push({ startMs: window.startMs, endMs: window.endMs, publishFromMs: floor, reason: 'new' });
  } else {
    // Strictly after the last interval: a Refresh charges only new rows. Rows arriving late for a stored interval come
    // with an update record whose range starts at or before it, asked again below.
    const from = clip(stored.lastIntervalMs === null ? null : stored.lastIntervalMs + 1, null);
    if (from) ranges.push({ ...from, publishFromMs: null, reason: 'new' });
  }
  const last = stored.lastIntervalMs ?? Number.NEGATIVE_INFINITY;
  for (const update of truncated ? [...updates, null] : updates) {
    // A list cut short may hide a backfill: the whole window is asked again, as for a backfill of unknown range.
    const startMs = update ? instant(update.start_time_utc) : null;
    const endMs = update ? instant(update.end_time_utc) : null;
    const known = update !== null && (startMs !== null || endMs !== null);
    const backfill = update === null || update.is_backfill || (known && (startMs ?? Number.NEGATIVE_INFINITY) <= last);
    if (!backfill) continue;
    const range = known ? clip(startMs, endMs) : clip(null, null);
    if (range) ranges.push({ ...range, publishFromMs: null, reason: 'backfill' });
  }
  if (ranges.length === 0) return { kind: 'none' };
  return { kind: 'ranges', key, ranges: mergeRanges(ranges) };
}

/** A planned range as the history shows it (ISO 8601 UTC; null: the query's own bound). */
export function describedRange(range: PlannedRange): RefreshRange {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return { startTimeUtc: iso(range.startMs), endTimeUtc: iso(range.endMs), reason: range.reason };
}
