import { RESAMPLE_CONVERSION, isKnownZone, parseTimeText } from '../../../shared/index.js';
import type {
  ApiUsage,
  AuditRow,
  ClientColumnValue,
  DatasetWithTimezone,
  EstimateFilter,
  QueryEstimate,
} from '../../../shared/index.js';
import type { ValuesAnswer } from '../v1/metaCache.js';

/** Everything {@link estimateQuery} knows; usage and audit null when not known; values answers newest first. */
export interface EstimateInputs {
  dataset: DatasetWithTimezone;
  /** Window start, epoch ms (time index ≥ it); absent = from the first row. */
  startMs?: number;
  /** Window end, epoch ms (time index < it); absent = to the last row. */
  endMs?: number;
  filter?: EstimateFilter;
  /** The query's row limit across all pages: the estimate is at most this. */
  limit?: number;
  usage: ApiUsage | null;
  audit: AuditRow[] | null;
  /** Why there are no audit rows, in words for the basis (e.g. "the free plan does not include them"). */
  noAuditReason?: string;
  subseries: ValuesAnswer[];
  filterValues: ValuesAnswer[];
}

/** Rows between `lo` and `hi`, `p` the point estimate; `why` says what keeps the bounds apart. */
interface Rows {
  lo: number;
  hi: number;
  p: number;
  why: string[];
}

interface WindowRows extends Rows {
  text: string;
  total: number | null;
  /** Subseries per time index when every date in the window is a complete panel of that many; else null. */
  panel: number | null;
}

const DAY_MS = 86_400_000;
/** A date (or dataset) whose distinct times fill at least this share of its intervals has rows "spread over every interval". */
const DENSE_SHARE = 0.9;
/** Irregular data: at least this many distinct times per day on average is "spread over the day". */
const DENSE_IRREGULAR_PER_DAY = 24;

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');
const plural = (n: number, word: string): string => `${fmt(n)} ${word}${Math.round(n) === 1 ? '' : 's'}`;
const describeFilter = (f: EstimateFilter): string => `${f.column} ${f.operator} ${f.value}`;
const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** Epoch ms of a time as the query reads it (docs/api.md#time-grammar). @throws TimeGrammarError; RangeError for a bad `zone`. */
export function readEstimateTime(text: string, zone = 'UTC'): number {
  return parseTimeText(text, { zone }).epochMs;
}

/** Whether a column value passes `filter` (numbers compare as numbers, everything else as text). */
export function matches(value: ClientColumnValue['value'], filter: EstimateFilter): boolean {
  const text = String(value);
  if (filter.operator === 'in')
    return filter.value
      .split(',')
      .map((s) => s.trim())
      .includes(text);
  const a = typeof value === 'number' ? value : text;
  const b =
    typeof value === 'number' && filter.value.trim() !== '' && !Number.isNaN(Number(filter.value))
      ? Number(filter.value)
      : filter.value;
  switch (filter.operator) {
    case '=':
      return a === b || text === filter.value;
    case '!=':
      return !(a === b || text === filter.value);
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '<':
      return a < b;
    default:
      return a <= b;
  }
}

/** Step of a regular frequency in ms; 0 for irregular and unknown ones. */
function stepMsOf(frequency: string | null): number {
  const seconds = RESAMPLE_CONVERSION[frequency as keyof typeof RESAMPLE_CONVERSION] ?? -1;
  return seconds > 0 ? seconds * 1000 : 0;
}

/** Grid points `anchor + k·step` in [from, to). */
function gridPoints(anchor: number, step: number, from: number, to: number): number {
  return to <= from ? 0 : Math.max(0, Math.ceil((to - anchor) / step) - Math.ceil((from - anchor) / step));
}

/** Local midnight of `date` (YYYY-MM-DD) in `zone`, and of the day after, as epoch ms. */
function marketDay(date: string, zone: string): [number, number] {
  const start = parseTimeText(date, { zone }).epochMs;
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return [start, parseTimeText(next, { zone }).epochMs];
}

const completeList = (answers: ValuesAnswer[]): ValuesAnswer | undefined => answers.find((a) => a.search === '' && !a.truncated);

function rowsFromAudit(d: DatasetWithTimezone, audit: AuditRow[], start: number, end: number): WindowRows {
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
    if (step > 0) {
      const anchor = Number.isFinite(earliest) ? earliest : dayStart;
      const points = gridPoints(anchor, step, from, to);
      const inside = gridPoints(anchor, step, x, y);
      share = points > 0 ? inside / points : (y - x) / (to - from);
      dense = points > 0 && tv >= DENSE_SHARE * points;
      // Forecast intervals carry different numbers of publish times, but a date with a row at every interval has one at least.
      if (d.publish_time_column && tv >= points && points > 0) [dayLo, dayHi] = [inside, rows - (points - inside)];
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
  return { lo: full + lo, hi: full + hi, p: full + cut, why, text, total, panel };
}

function rowsFromCount(
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
      why: ['the dataset does not say which times it covers', none],
      text: `The dataset has ≈ ${fmt(n)} rows`,
    };
  }
  const dataEnd = latest + 1;
  const from = Math.max(start, earliest);
  const to = Math.min(end, dataEnd);
  const covers = `${iso(earliest)} to ${iso(latest)}`;
  if (from >= to)
    return { ...base, lo: 0, hi: 0, p: 0, why: [], text: `The dataset covers ${covers}: none of it is in the window` };
  if (from <= earliest && to >= dataEnd)
    return { ...base, lo: n, hi: n, p: n, why: [], text: `The window holds the whole dataset (${covers}): ≈ ${fmt(n)} rows` };

  const step = stepMsOf(d.data_frequency);
  const subCol = d.subseries_index_column ?? null;
  const listed = subCol ? completeList(subseries) : undefined;
  const perTime = subCol ? (listed ? listed.values.length : null) : 1;
  if (step > 0 && !d.publish_time_column) {
    const available = gridPoints(earliest, step, earliest, dataEnd);
    const inWindow = gridPoints(earliest, step, from, to);
    const p = (n * inWindow) / available;
    // A primary key of more columns (e.g. a contingency) allows several rows per time index and subseries.
    const key = d.primary_key_columns ?? [];
    const unique = key.every((c) => c === d.time_index_column || c === subCol);
    const range = `${plural(inWindow, 'interval')} of ${d.data_frequency} of the ${fmt(available)} from ${covers}`;
    if (perTime !== null && unique) {
      const density = n / (available * perTime);
      const subText = subCol ? ` × ${plural(perTime, `${subCol} value`)}` : '';
      if (density >= DENSE_SHARE && density <= 2 - DENSE_SHARE) {
        return {
          ...base,
          lo: p,
          hi: p,
          p,
          why: [],
          panel: subCol ? perTime : null,
          text: `No gaps (≈ ${fmt(n)} rows = intervals${subText}): ${range}${subText}`,
        };
      }
      // Where the gaps are is not known: any share of the rows may lie in the window.
      const gaps = `the data has gaps (${Math.round(density * 1000) / 10} % of intervals${subText} hold a row) and ${none}`;
      return { ...base, lo: 0, hi: n, p, why: [gaps], text: `≈ ${fmt(n)} rows over ${range}` };
    }
    const unknown =
      perTime === null
        ? `the number of ${subCol} values is not known (not loaded)`
        : 'the dataset has no primary key of time index and subseries';
    return { ...base, lo: 0, hi: n, p, why: [unknown, none], text: `≈ ${fmt(n)} rows over ${range}` };
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
    why: [kind, none],
    text: `≈ ${fmt(n)} rows over ${days(dataEnd - earliest)} available, ${days(to - from)} in the window`,
  };
}

/** Rows of the whole dataset holding `text` in the filter column: [lo, hi]. */
function valueRows(answers: ValuesAnswer[], text: string, total: number): [number, number] {
  for (const a of answers) {
    const found = a.values.find((v) => matches(v.value, { column: '', operator: '=', value: text }));
    if (found) return found.count === null ? [1, total] : [found.count, found.count];
  }
  const needle = text.toLowerCase();
  if (answers.some((a) => !a.truncated && needle.includes(a.search.toLowerCase()))) return [0, 0];
  // Lists come most frequent first: a value left off a truncated list has at most its last count.
  const least = answers.filter((a) => a.search === '' && a.values.length > 0).map((a) => a.values.at(-1)!.count);
  const bound = least.length > 0 && least.every((c) => c !== null) ? Math.min(...(least as number[])) : total;
  return [0, Math.min(bound, total)];
}

/** Rows and distinct values the filter keeps, over the whole dataset; null when the values tell nothing. */
function keptByFilter(
  answers: ValuesAnswer[],
  filter: EstimateFilter,
  total: number,
): { rows: [number, number]; values: [number, number] | null } | null {
  const list = completeList(answers);
  if (list && list.values.every((v) => v.count !== null)) {
    const kept = list.values.filter((v) => matches(v.value, filter));
    const rows = kept.reduce((sum, v) => sum + v.count!, 0);
    return { rows: [rows, rows], values: [kept.length, kept.length] };
  }
  if (filter.operator !== '=' && filter.operator !== 'in' && filter.operator !== '!=') return null;
  const wanted = filter.operator === 'in' ? [...new Set(filter.value.split(',').map((s) => s.trim()))] : [filter.value];
  let [lo, hi, vLo, vHi] = [0, 0, 0, 0];
  for (const w of wanted) {
    const [a, b] = valueRows(answers, w, total);
    [lo, hi, vLo, vHi] = [lo + a, hi + b, vLo + (a > 0 ? 1 : 0), vHi + (b > 0 ? 1 : 0)];
  }
  if (filter.operator !== '!=') return { rows: [lo, Math.min(hi, total)], values: [vLo, vHi] };
  return { rows: [0, Math.max(0, total - lo)], values: null };
}

/**
 * Rows a query returns, from metadata only: within 0.5×–2× of the truth, or an `upperBound` with the reason in `basis`
 * (rules: docs/desktop.md#usage-meter-and-quota-forecast). Pure. @throws Error when `startMs` is not before `endMs`.
 */
export function estimateQuery(inputs: EstimateInputs): QueryEstimate {
  const { dataset: d, filter } = inputs;
  const start = inputs.startMs ?? -Infinity;
  const end = inputs.endMs ?? Infinity;
  if (start >= end) throw new Error('startTime must be before endTime.');
  const warnings: string[] = [];
  const window =
    inputs.audit !== null
      ? rowsFromAudit(d, inputs.audit, start, end)
      : rowsFromCount(d, inputs.subseries, start, end, inputs.noAuditReason ?? 'not loaded');
  let { lo, hi, p } = window;
  const why = [...window.why];
  let filterText = '';

  if (filter) {
    const subCol = d.subseries_index_column ?? null;
    const onSub = filter.column === subCol;
    const answers = onSub ? inputs.subseries : inputs.filterValues;
    const total = window.total ?? (completeList(answers)?.values.reduce((s, v) => s + (v.count ?? 0), 0) || 0);
    const kept = keptByFilter(answers, filter, total);
    const f = describeFilter(filter);
    const panel = onSub ? window.panel : null;
    if (panel !== null) {
      // Every subseries has a row at every time index: each kept value holds 1/panel of the rows.
      const [vLo, vHi] =
        kept?.values ??
        (filter.operator === '='
          ? [0, 1]
          : filter.operator === 'in'
            ? [0, Math.min(panel, new Set(filter.value.split(',')).size)]
            : [0, panel]);
      [lo, hi, p] = [(lo * vLo) / panel, (hi * Math.min(vHi, panel)) / panel, (p * Math.min(vHi, panel)) / panel];
      filterText = ` × ${fmt(vHi)} of ${plural(panel, `${subCol} value`)} (${f}; each has a row at every time index)`;
      if (vLo < vHi) why.push(`whether ${filter.value} is a value of ${filter.column} is not known from the values loaded`);
    } else if (kept && total > 0) {
      const [kLo, kHi] = kept.rows;
      hi = Math.min(hi, kHi);
      lo = Math.max(0, lo - (total - kLo));
      p = clamp((p * kHi) / total, lo, hi);
      filterText = ` × ${kLo === kHi ? '' : '≤ '}${Math.round((kHi / total) * 1000) / 10} % of rows with ${f} (${fmt(kHi)} of ${fmt(total)})`;
      if (lo < hi) why.push(`the rows with ${f} are not known per date, only in all`);
    } else {
      lo = 0;
      filterText = ` with ${f}`;
      why.push(`the filter ${f} cannot be sized (the values of ${filter.column} with their counts are not loaded)`);
    }
  }

  let capped = '';
  if (inputs.limit !== undefined && hi > inputs.limit) {
    [lo, hi, p] = [Math.min(lo, inputs.limit), inputs.limit, Math.min(p, inputs.limit)];
    capped = `, capped at the query's limit of ${fmt(inputs.limit)} rows`;
  }

  let rows: number;
  let upperBound = false;
  if (!Number.isFinite(hi)) {
    rows = 0;
    warnings.push('The dataset reports no row count: the estimate cannot size it.');
  } else if (hi - lo < 0.5) {
    rows = Math.round(clamp(p, lo, hi));
  } else if (lo > 0 && hi <= 4 * lo) {
    rows = Math.round(clamp(p, hi / 2, 2 * lo));
  } else {
    rows = Math.ceil(hi - 1e-9);
    upperBound = true;
  }
  const basis = upperBound
    ? `${window.text}${filterText}${capped}: at most ${plural(rows, 'row')}. An upper bound, because ${why.join('; ') || 'the rows of the window are not known'}.`
    : `${window.text}${filterText}${capped} = ${plural(rows, 'row')}`;

  if (rows === 0 && Number.isFinite(hi)) {
    const earliest = d.earliest_available_time_utc ? Date.parse(d.earliest_available_time_utc) : NaN;
    const latest = d.latest_available_time_utc ? Date.parse(d.latest_available_time_utc) : NaN;
    const covers = Number.isFinite(earliest) && Number.isFinite(latest) ? `${iso(earliest)} to ${iso(latest)}` : null;
    if (filter && window.hi > 0) warnings.push(`No rows expected: no row in the window has ${describeFilter(filter)}.`);
    else if (covers && (end <= earliest || start > latest)) warnings.push(`No rows expected: the dataset covers ${covers}.`);
    else
      warnings.push(
        `No rows expected: the dataset has no rows in this window${covers ? ` (it covers ${covers}, with gaps)` : ''}.`,
      );
  }

  const { remaining, perResponse } = quotaWarnings(rows, inputs.usage, warnings);
  return {
    datasetId: d.id,
    estimatedRows: rows,
    basis,
    ...(upperBound ? { upperBound } : {}),
    remainingMonthlyRows: remaining,
    perResponseLimit: perResponse,
    warnings,
  };
}

function quotaWarnings(
  rows: number,
  usage: ApiUsage | null,
  warnings: string[],
): { remaining: number | null; perResponse: number | null } {
  if (!usage) {
    warnings.push('Usage could not be read: the estimate is not compared with your plan.');
    return { remaining: null, perResponse: null };
  }
  const { limits, current_period_usage: used } = usage;
  const remaining =
    limits.api_rows_returned_limit < 0 ? null : Math.max(0, limits.api_rows_returned_limit - used.total_api_rows_returned);
  const perResponse = limits.api_rows_per_response_limit < 0 ? null : limits.api_rows_per_response_limit;
  const resets = usage.current_usage_period_end.slice(0, 10);
  if (remaining !== null && rows > remaining) {
    warnings.push(
      `About ${fmt(rows)} rows is more than the ${fmt(remaining)} rows left this month on the ${usage.plan_name} plan (it resets on ${resets}).`,
    );
  }
  if (perResponse !== null && perResponse > 0 && rows > perResponse) {
    const pages = Math.ceil(rows / perResponse);
    warnings.push(
      `About ${fmt(rows)} rows is more than the ${fmt(perResponse)} rows one response may carry: it takes about ${fmt(pages)} requests.`,
    );
    const requestsLeft = limits.api_requests_limit < 0 ? null : Math.max(0, limits.api_requests_limit - used.total_requests);
    if (requestsLeft !== null && pages > requestsLeft) {
      warnings.push(`That is more than the ${fmt(requestsLeft)} requests left this month.`);
    }
  }
  return { remaining, perResponse };
}
