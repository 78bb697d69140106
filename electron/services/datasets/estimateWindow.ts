import { isKnownZone, parseTimeText } from '../../../shared/index.js';
import type { AuditRow, DatasetWithTimezone } from '../../../shared/index.js';
import type { ValuesAnswer } from '../v1/metaCache.js';
import { completeList } from './estimateFilter.js';
import { gridCap, rowsPerTime, stepMsOf, stepPoints } from './estimateRows.js';
import type { WindowRows } from './estimateRows.js';
import { fmt, iso, plural } from './estimateText.js';

// Rows of a dataset inside a time window: from per-date audit counts when loaded, else from its row count and span.

const DAY_MS = 86_400_000;
/** A date (or dataset) whose distinct times fill at least this share of its intervals has rows "spread over every interval". */
const DENSE_SHARE = 0.9;
/** Irregular data: at least this many distinct times per day on average is "spread over the day". */
const DENSE_IRREGULAR_PER_DAY = 24;

/** Local midnight of `date` (YYYY-MM-DD) in `zone`, and of the day after, as epoch ms. */
function marketDay(date: string, zone: string): [number, number] {
  const start = parseTimeText(date, { zone }).epochMs;
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return [start, parseTimeText(next, { zone }).epochMs];
}

/** Rows in [start, end) from per-date audit counts: whole dates counted, cut dates by the share of their intervals. */
export function rowsFromAudit(d: DatasetWithTimezone, audit: AuditRow[], start: number, end: number): WindowRows {
  const zone = isKnownZone(d.data_timezone) ? d.data_timezone : 'UTC';
  const step = stepMsOf(d.data_frequency);
  const earliest = d.earliest_available_time_utc ? Date.parse(d.earliest_available_time_utc) : NaN;
  const latest = d.latest_available_time_utc ? Date.parse(d.latest_available_time_utc) : NaN;
  let full = 0;
  let fullDates = 0;
  let cut = 0;
  let cutDates = 0;
  let lo = 0;
  let hi = 0;
  let cutCap = 0;
  const sparse: string[] = [];
  const forecasts: string[] = [];
  const panels = new Set<number>();
  let total = 0;
  for (const row of audit) {
    const rows = row.number_of_datapoints;
    total += rows;
    if (rows <= 0) continue;
    const [dayStart, dayEnd] = marketDay(row.market_date, zone);
    // Rows lie within the availability window too: the first and last dates are shorter.
    let from = Number.isFinite(earliest) ? Math.max(dayStart, earliest) : dayStart;
    let to = Number.isFinite(latest) ? Math.min(dayEnd, latest + 1) : dayEnd;
    if (from >= to) [from, to] = [dayStart, dayEnd];
    const x = Math.max(start, from);
    const y = Math.min(end, to);
    if (x >= y) continue;
    const tv = row.number_of_unique_time_index_values;
    const subs = row.number_of_unique_subseries_index_values;
    panels.add(!d.publish_time_column && subs > 0 && rows === tv * subs ? subs : -1);
    if (x <= from && y >= to) {
      full += rows;
      fullDates += 1;
      continue;
    }
    let share: number;
    let dense: boolean;
    let [dayLo, dayHi] = [0, rows];
    let dayCap = rows;
    if (step > 0) {
      const anchor = Number.isFinite(earliest) ? earliest : dayStart;
      const points = stepPoints(anchor, step, from, to);
      const inside = stepPoints(anchor, step, x, y);
      share = points > 0 ? inside / points : (y - x) / (to - from);
      dense = points > 0 && tv >= DENSE_SHARE * points;
      // Forecast intervals carry different numbers of publish times, but a date with a row at every interval has one at least.
      if (d.publish_time_column && tv >= points && points > 0) [dayLo, dayHi] = [inside, rows - (points - inside)];
      // The ceiling holds only while the times lie on the grid: never more distinct times than intervals.
      if (points > 0 && tv <= points) {
        if (!d.publish_time_column) dayCap = Math.min(rows, gridCap(inside, rowsPerTime(d, subs > 0 ? subs : null)));
        else if (tv === points) dayCap = dayHi;
      }
    } else {
      share = (y - x) / (to - from);
      dense = tv >= (DENSE_IRREGULAR_PER_DAY * (to - from)) / DAY_MS;
    }
    const part = rows * share;
    cut += part;
    cutDates += 1;
    if (dense && !d.publish_time_column) [dayLo, dayHi] = [part, part];
    lo += dayLo;
    hi += dayHi;
    cutCap += dayCap;
    if (!dense) sparse.push(`${row.market_date} (${plural(rows, 'row')} at ${plural(tv, 'time')})`);
    else if (d.publish_time_column) forecasts.push(row.market_date);
  }
  const why = [
    ...(sparse.length
      ? [
          `the window cuts market dates whose rows are few in time and may lie anywhere in the date: ${sparse.slice(0, 3).join(', ')}${sparse.length > 3 ? ', …' : ''}`,
        ]
      : []),
    ...(forecasts.length
      ? [
          `the window cuts market dates whose intervals carry different numbers of publish times: ${forecasts.slice(0, 3).join(', ')}`,
        ]
      : []),
  ];
  const text =
    `Per-date counts (audit): ${fmt(full)} rows on ${plural(fullDates, 'market date')} (${d.data_timezone}) inside the window` +
    (cutDates
      ? ` + ≈ ${fmt(cut)} rows on ${plural(cutDates, 'date')} cut by it (the share of their ${step > 0 ? 'intervals' : 'hours'} inside the window)`
      : '');
  const panel = panels.size === 1 && [...panels][0]! > 0 ? [...panels][0]! : null;
  return { lo: full + lo, hi: full + hi, p: full + cut, cap: full + cutCap, why, text, total, panel };
}

/** Rows in [start, end) from the dataset's row count and span; `noAudit` says why no audit counts were used. */
export function rowsFromCount(
  d: DatasetWithTimezone,
  subseries: ValuesAnswer[],
  start: number,
  end: number,
  noAudit: string,
): WindowRows {
  const n = d.number_of_rows_approximate;
  const earliest = d.earliest_available_time_utc ? Date.parse(d.earliest_available_time_utc) : NaN;
  const latest = d.latest_available_time_utc ? Date.parse(d.latest_available_time_utc) : NaN;
  const none = `per-date counts (audit) are not available (${noAudit})`;
  if (n === null)
    return {
      lo: 0,
      hi: Infinity,
      p: 0,
      cap: Infinity,
      why: ['the dataset reports no row count', none],
      text: 'The dataset reports no row count',
      total: null,
      panel: null,
    };
  const base = { total: n, panel: null };
  if (!Number.isFinite(earliest) || !Number.isFinite(latest)) {
    return {
      ...base,
      lo: 0,
      hi: n,
      p: n,
      cap: n,
      why: ['the dataset does not say which times it covers', none],
      text: `The dataset has ≈ ${fmt(n)} rows`,
    };
  }
  const dataEnd = latest + 1;
  const from = Math.max(start, earliest);
  const to = Math.min(end, dataEnd);
  const covers = `${iso(earliest)} to ${iso(latest)}`;
  if (from >= to)
    return { ...base, lo: 0, hi: 0, p: 0, cap: 0, why: [], text: `The dataset covers ${covers}: none of it is in the window` };
  if (from <= earliest && to >= dataEnd)
    return {
      ...base,
      lo: n,
      hi: n,
      p: n,
      cap: n,
      why: [],
      text: `The window holds the whole dataset (${covers}): ≈ ${fmt(n)} rows`,
    };

  const step = stepMsOf(d.data_frequency);
  const subCol = d.subseries_index_column ?? null;
  const listed = subCol ? completeList(subseries) : undefined;
  const perTime = subCol ? (listed ? listed.values.length : null) : 1;
  if (step > 0 && !d.publish_time_column) {
    const available = stepPoints(earliest, step, earliest, dataEnd);
    const inWindow = stepPoints(earliest, step, from, to);
    const p = (n * inWindow) / available;
    // A primary key of more columns (e.g. a contingency) allows several rows per time index and subseries.
    const key = d.primary_key_columns ?? [];
    const unique = key.every((c) => c === d.time_index_column || c === subCol);
    const range = `${plural(inWindow, 'interval')} of ${d.data_frequency} of the ${fmt(available)} from ${covers}`;
    if (perTime !== null && unique) {
      const density = n / (available * perTime);
      const subText = subCol ? ` × ${plural(perTime, `${subCol} value`)}` : '';
      // Off-grid times would show as more rows than intervals: only then is intervals × values not a ceiling.
      const cap = density <= 1 ? Math.min(n, gridCap(inWindow, perTime)) : n;
      if (density >= DENSE_SHARE && density <= 2 - DENSE_SHARE) {
        return {
          ...base,
          lo: p,
          hi: p,
          p,
          cap,
          why: [],
          panel: subCol ? perTime : null,
          text: `No gaps (≈ ${fmt(n)} rows = intervals${subText}): ${range}${subText}`,
        };
      }
      // Where the gaps are is not known: any share of the rows may lie in the window.
      const gaps = `the data has gaps (${Math.round(density * 1000) / 10} % of intervals${subText} hold a row) and ${none}`;
      // Sparse data need not lie on the interval grid: no ceiling below its rows.
      return { ...base, lo: 0, hi: n, p, cap: n, why: [gaps], text: `≈ ${fmt(n)} rows over ${range}` };
    }
    const unknown =
      perTime === null
        ? `the number of ${subCol} values is not known (not loaded)`
        : 'the dataset has no primary key of time index and subseries';
    return { ...base, lo: 0, hi: n, p, cap: n, why: [unknown, none], text: `≈ ${fmt(n)} rows over ${range}` };
  }
  const p = (n * (to - from)) / (dataEnd - earliest);
  const kind = d.publish_time_column
    ? `forecasts carry several publish times per interval`
    : `${d.data_frequency ?? 'unknown'} frequency: rows are not spread evenly in time`;
  const days = (ms: number) => `${Math.round((ms / DAY_MS) * 10) / 10} days`;
  return {
    ...base,
    lo: 0,
    hi: n,
    p,
    cap: n,
    why: [kind, none],
    text: `≈ ${fmt(n)} rows over ${days(dataEnd - earliest)} available, ${days(to - from)} in the window`,
  };
}
