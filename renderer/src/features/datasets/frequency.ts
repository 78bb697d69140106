const UNIT_SECONDS: Record<string, number> = {
  SECOND: 1,
  MINUTE: 60,
  HOUR: 3_600,
  DAY: 86_400,
  WEEK: 604_800,
  MONTH: 2_629_746,
  QUARTER: 7_889_238,
  YEAR: 31_556_952,
};

const KEY = /^(\d+)_(SECOND|MINUTE|HOUR|DAY|WEEK|MONTH|QUARTER|YEAR)S?(?:_([A-Z0-9_]+))?$/;

/**
 * Seconds of a `data_frequency` key: `5_MINUTES` → 300, `1_HOUR` → 3600, `1_DAY_MARKET` → 86400 (a month is 1/12 of a
 * Gregorian year). Null for `IRREGULAR`, named run frequencies such as `ERCOT_SCED_RUN`, null and anything unparseable.
 */
export function frequencySeconds(frequency: string | null | undefined): number | null {
  const m = KEY.exec((frequency ?? '').trim().toUpperCase());
  if (!m) return null;
  const n = Number(m[1]);
  return n > 0 ? n * UNIT_SECONDS[m[2]!]! : null;
}

// Durations first, then named frequencies, then IRREGULAR, then none.
function tier(frequency: string | null | undefined): number {
  if (frequencySeconds(frequency) !== null) return 0;
  const key = (frequency ?? '').trim().toUpperCase();
  if (key === '' || key === '—') return 3;
  return key === 'IRREGULAR' ? 2 : 1;
}

/**
 * Orders `data_frequency` keys by duration (`1_MINUTE` < `5_MINUTES` < `1_HOUR` < `1_DAY`), then named run frequencies
 * alphabetically, then `IRREGULAR`, then missing ones; a comparator (negative, 0, positive).
 */
export function compareFrequency(a: string | null | undefined, b: string | null | undefined): number {
  const ta = tier(a);
  const tb = tier(b);
  if (ta !== tb) return ta - tb;
  if (ta === 0) return frequencySeconds(a)! - frequencySeconds(b)! || (a ?? '').localeCompare(b ?? '');
  return (a ?? '').localeCompare(b ?? '');
}

/**
 * A `data_frequency` key in words: `5_MINUTES` → "5 minutes", `1_HOUR` → "1 hour", `1_DAY_MARKET` → "1 day (market)",
 * `IRREGULAR` → "irregular", a named run frequency `ERCOT_SCED_RUN` → "ERCOT SCED run"; "—" when missing.
 */
export function formatFrequency(frequency: string | null | undefined): string {
  const key = (frequency ?? '').trim();
  if (!key) return '—';
  const m = KEY.exec(key.toUpperCase());
  if (m) {
    const n = Number(m[1]);
    const qualifier = m[3] ? ` (${m[3].toLowerCase().replace(/_/g, ' ')})` : '';
    return `${n} ${m[2]!.toLowerCase()}${n === 1 ? '' : 's'}${qualifier}`;
  }
  if (key.toUpperCase() === 'IRREGULAR') return 'irregular';
  return key.replace(/_/g, ' ').replace(/\bRUN\b/, 'run');
}

const RESAMPLE_UNITS: Record<string, number> = {
  min: 60,
  minute: 60,
  h: 3_600,
  hour: 3_600,
  d: 86_400,
  day: 86_400,
  w: UNIT_SECONDS.WEEK!,
  week: UNIT_SECONDS.WEEK!,
  month: UNIT_SECONDS.MONTH!,
  year: UNIT_SECONDS.YEAR!,
};
const RESAMPLE = /^(\d{1,5})\s*(min|minute|h|hour|d|day|w|week|m|month|year)s?$/i;

/**
 * Seconds of a `resample_frequency` (docs/query.md#resampling): `5min` → 300, `1h` → 3600, `1M` and `1 month` → a
 * twelfth of a year, `2 hours` → 7200; null for anything else. `M` is a month, `m` is not a unit.
 */
export function resampleSeconds(frequency: string | null | undefined): number | null {
  const m = RESAMPLE.exec((frequency ?? '').trim());
  if (!m || Number(m[1]) < 1 || m[2] === 'm') return null;
  const seconds = m[2] === 'M' ? UNIT_SECONDS.MONTH! : RESAMPLE_UNITS[m[2]!.toLowerCase()];
  return seconds === undefined ? null : Number(m[1]) * seconds;
}
