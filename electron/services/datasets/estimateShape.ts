import {
  RESAMPLE_UNIT_SECONDS,
  marketDateOf,
  marketDayStart,
  parseMarketDate,
  readResampleFrequency,
} from '../../../shared/index.js';
import type { DatasetWithTimezone, EstimateFilter, ResampleUnit } from '../../../shared/index.js';
import type { ValuesAnswer } from '../v1/metaCache.js';
import { completeList, matches } from './estimateFilter.js';
import { gridCap, rowsPerTime, stepMsOf, stepPoints } from './estimateRows.js';
import type { Rows } from './estimateRows.js';
import { fmt, plural } from './estimateText.js';

// What a forecast vintage and resampling do to a band of rows (docs/query.md#forecast-vintages, #resampling).

/** The parameters of a query that change its rows after the window and the filter. */
export interface QueryShape {
  resampleFrequency?: string;
  /** Grouping columns; absent = the data service's default, the subseries column. */
  resampleBy?: string[];
  publishTime?: string;
  publishTimeStart?: string;
  publishTimeEnd?: string;
  /** The zone day-and-longer buckets follow (the query's `timezone`); null = UTC. */
  zone: string | null;
}

/** What shaping needs besides the band and the window: the dataset, the filter, the loaded values per column. */
export interface ShapeFacts {
  dataset: DatasetWithTimezone;
  filter?: EstimateFilter;
  valuesOf: (column: string) => ValuesAnswer[];
  /** Subseries per time index of a complete panel over the window, after the filter ([lo, hi]); null when not one. */
  panel: [number, number] | null;
}

const DAY_MS = 86_400_000;
/** Rows filling at least this share of their intervals (× groups) are dense: every bucket they touch holds one. */
const DENSE_SHARE = 0.9;
/** DuckDB's `time_bucket` origins: minutes to weeks from Monday 2000-01-03, months and years from 2000-01-01. */
const ORIGIN_MS = Date.UTC(2000, 0, 3);

// Index of the calendar bucket holding `ms` in `zone`, counted from the origin.
function calendarIndex(ms: number, count: number, unit: ResampleUnit, zone: string): number {
  const { year, month, day } = parseMarketDate(marketDateOf(ms, zone));
  if (unit === 'month') return Math.floor(((year - 2000) * 12 + month - 1) / count);
  if (unit === 'year') return Math.floor((year - 2000) / count);
  const days = Math.round((Date.UTC(year, month - 1, day) - ORIGIN_MS) / DAY_MS);
  return Math.floor(days / (count * (unit === 'week' ? 7 : 1)));
}

// Epoch ms the calendar bucket `index` starts at in `zone`.
function calendarStart(index: number, count: number, unit: ResampleUnit, zone: string): number {
  const date =
    unit === 'month'
      ? Date.UTC(2000, index * count, 1)
      : unit === 'year'
        ? Date.UTC(2000 + index * count, 0, 1)
        : ORIGIN_MS + index * count * (unit === 'week' ? 7 : 1) * DAY_MS;
  return marketDayStart(new Date(date).toISOString().slice(0, 10), zone);
}

/**
 * Buckets of `count` × `unit` touching [from, to) ms: `max` of them, `min` wholly inside. Minute and hour buckets are whole
 * UTC spans; day and longer ones follow the calendar of `zone` (null: UTC), as the data service buckets them.
 */
export function bucketsIn(
  from: number,
  to: number,
  count: number,
  unit: ResampleUnit,
  zone: string | null,
): { min: number; max: number } {
  if (!(to > from) || !Number.isFinite(from) || !Number.isFinite(to)) return { min: 0, max: to > from ? Infinity : 0 };
  if (unit === 'minute' || unit === 'hour') {
    const b = count * RESAMPLE_UNIT_SECONDS[unit] * 1000;
    const max = Math.floor((to - 1 - ORIGIN_MS) / b) - Math.floor((from - ORIGIN_MS) / b) + 1;
    return { min: Math.max(0, Math.floor((to - ORIGIN_MS) / b) - Math.ceil((from - ORIGIN_MS) / b)), max };
  }
  const z = zone ?? 'UTC';
  const first = calendarIndex(from, count, unit, z);
  const last = calendarIndex(to - 1, count, unit, z);
  const max = last - first + 1;
  const cutAtStart = calendarStart(first, count, unit, z) < from ? 1 : 0;
  const cutAtEnd = calendarStart(last + 1, count, unit, z) > to ? 1 : 0;
  return { min: Math.max(0, max - cutAtStart - cutAtEnd), max };
}

/** Distinct values `column` can take in the result ([lo, hi], hi ∞ when unknown): the filter's and the loaded list's. */
function distinct(facts: ShapeFacts, column: string): [number, number] {
  const { dataset: d, filter } = facts;
  const filtered = filter?.column === column;
  const list = completeList(facts.valuesOf(column));
  // A NULL group is not in the values list; key columns hold none, and a filter on the column drops it.
  const key = (d.primary_key_columns ?? []).includes(column) || column === d.subseries_index_column;
  let hi = list ? list.values.filter((v) => !filtered || matches(v.value, filter)).length + (key || filtered ? 0 : 1) : Infinity;
  if (filtered && filter.operator === '=') hi = Math.min(hi, 1);
  if (filtered && filter.operator === 'in') hi = Math.min(hi, new Set(filter.value.split(',').map((s) => s.trim())).size);
  return [Math.min(1, hi), hi];
}

/**
 * A vintage keeps at most one row per interval and subseries (`latest`, `latest_before:…`, `latest_report`, a publish time;
 * not a publish window alone), and may keep none of an interval: always a bound. Unchanged without a publish time column.
 */
export function shapeByVintage(
  band: Rows,
  shape: QueryShape,
  facts: ShapeFacts,
  span: [number, number],
): { band: Rows; text: string } {
  const d = facts.dataset;
  const publish = d.publish_time_column;
  if (!publish || (!shape.publishTime && !shape.publishTimeStart && !shape.publishTimeEnd)) return { band, text: '' };
  const why = [...band.why];
  let cap = band.cap;
  let text = ` with publish times ${[shape.publishTime, shape.publishTimeStart, shape.publishTimeEnd].filter(Boolean).join(', ')}`;
  if (shape.publishTime) {
    const step = stepMsOf(d.data_frequency);
    const intervals = step > 0 ? stepPoints(Date.parse(d.earliest_available_time_utc ?? ''), step, ...span) : Infinity;
    const sub = d.subseries_index_column;
    const perInterval = rowsPerTimeBesides(d, publish, sub ? distinct(facts, sub)[1] : null);
    const most = gridCap(intervals, perInterval);
    if (Number.isFinite(most)) {
      cap = Math.min(cap, most);
      text = ` × one vintage (${shape.publishTime}) of ${plural(intervals, 'interval')}${sub ? ` × ${fmt(perInterval)} ${sub} values` : ''}`;
    }
  }
  why.push('a forecast vintage keeps at most one row per interval, and may keep none of some');
  return { band: { lo: 0, hi: Math.min(band.hi, cap), p: Math.min(band.p, cap), cap, why }, text };
}

// Rows per time index once one publish time is chosen: the key without the publish time column.
function rowsPerTimeBesides(d: DatasetWithTimezone, publish: string, subs: number | null): number {
  const key = (d.primary_key_columns ?? []).filter((c) => c !== publish);
  return key.length === (d.primary_key_columns ?? []).length ? Infinity : rowsPerTime({ ...d, primary_key_columns: key }, subs);
}

/**
 * Resampling to buckets of `resampleFrequency` per group of `resampleBy` (docs/query.md#resampling): at most one row per
 * bucket and group, and (downsampling) never more than the rows it sums; upsampling repeats each interval in every bucket
 * inside it. An estimate only for regular data whose groups are known exactly (a complete panel, or no grouping); else a
 * bound. Unchanged without resampling; an unreadable frequency → null (the query refuses it).
 */
export function shapeByResampling(
  band: Rows,
  shape: QueryShape,
  facts: ShapeFacts,
  span: [number, number],
): { band: Rows; text: string } | null {
  if (!shape.resampleFrequency) return { band, text: '' };
  const f = readResampleFrequency(shape.resampleFrequency);
  if (!f) return null;
  const d = facts.dataset;
  const time = new Set([d.time_index_column, 'interval_end_utc']);
  const sub = d.subseries_index_column ?? null;
  // No grouping columns sent is the data service's default: the subseries column.
  const by = (shape.resampleBy?.length ? shape.resampleBy : sub ? [sub] : []).filter((c) => !time.has(c));
  const groups = by.map((c) => distinct(facts, c)).reduce<[number, number]>(([l, h], [a, b]) => [l * a, h * b], [1, 1]);
  const stepMs = stepMsOf(d.data_frequency);
  const bucketMs = f.count * RESAMPLE_UNIT_SECONDS[f.unit] * 1000;
  const upsample = stepMs > 0 && bucketMs < stepMs;
  const [from, to] = span;
  // Upsampled buckets run to the end of the last interval.
  const buckets = bucketsIn(from, upsample ? to - 1 + stepMs : to, f.count, f.unit, shape.zone);
  const perSource = upsample ? Math.ceil(stepMs / bucketMs) + 1 : 1;
  const cap = Math.min(band.cap * perSource, gridCap(buckets.max, groups[1]));
  const what = `resampled to ${shape.resampleFrequency}${by.length ? ` by ${by.join(', ')}` : ''}`;
  const text = ` ${what}: at most ${plural(buckets.max, 'bucket')}${by.length ? ` × ${Number.isFinite(groups[1]) ? fmt(groups[1]) : 'an unknown number of'} groups` : ''}`;

  // Exact groups: no grouping (nothing to merge), or the subseries of a complete panel (each at every time index).
  const exact =
    by.length === 0
      ? 1
      : by.length === 1 && by[0] === sub && facts.panel?.[0] === facts.panel?.[1]
        ? facts.panel?.[0]
        : undefined;
  const trusted = band.lo > 0 && band.hi <= 4 * band.lo && stepMs > 0 && !d.publish_time_column && exact !== undefined;
  // Downsampled, only data that fills its intervals has a row in every bucket it touches.
  const intervals = stepMs > 0 ? stepPoints(Date.parse(d.earliest_available_time_utc ?? ''), stepMs, from, to) : 0;
  const dense = upsample || (exact !== undefined && band.lo >= DENSE_SHARE * intervals * exact);
  if (!trusted || !dense || exact === undefined) {
    const why = [...band.why, `${what} keeps at most one row per bucket and group, and how many buckets hold data is not known`];
    return { band: { lo: 0, hi: Math.min(band.hi, cap), p: Math.min(band.p, cap), cap, why }, text };
  }
  if (upsample) {
    const k = stepMs / bucketMs;
    const lo = band.lo * Math.floor(k);
    const hi = Math.min(cap, band.hi * Math.ceil(k));
    return { band: { lo, hi, p: Math.min(hi, Math.max(lo, band.p * k)), cap, why: band.why }, text };
  }
  const lo = Math.min(cap, buckets.min * exact);
  const hi = Math.min(cap, buckets.max * exact);
  return { band: { lo, hi, p: hi, cap, why: band.why }, text };
}
