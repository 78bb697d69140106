const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/;
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6, useGrouping: true });

/** A formatted cell and whether it is numeric (right-aligned). */
export interface Cell {
  text: string;
  numeric: boolean;
  empty: boolean;
}

/** One row value for display: `2024-03-01T05:00:00+00:00` → `2024-03-01 05:00 UTC` (other offsets kept), numbers grouped. */
export function formatCell(value: unknown): Cell {
  if (value === null || value === undefined) return { text: '—', numeric: false, empty: true };
  if (typeof value === 'number')
    return { text: Number.isFinite(value) ? numberFormat.format(value) : String(value), numeric: true, empty: false };
  if (typeof value === 'boolean') return { text: value ? 'true' : 'false', numeric: false, empty: false };
  if (typeof value === 'string') {
    const m = ISO_INSTANT.exec(value);
    if (m) {
      const seconds = m[3] && m[3] !== ':00' ? m[3] : '';
      const zone = !m[5] ? '' : m[5] === 'Z' || m[5] === '+00:00' || m[5] === '+0000' ? ' UTC' : ` ${m[5]}`;
      return { text: `${m[1]} ${m[2]}${seconds}${zone}`, numeric: false, empty: false };
    }
    return { text: value, numeric: false, empty: false };
  }
  return { text: JSON.stringify(value), numeric: false, empty: false };
}

const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * The default window: the latest day available, UTC `[day, day + 1)`; a latest time at midnight starts that day's first
 * interval, so the day before is the last whole one. Empty strings when unknown.
 */
export function latestDay(latestUtc: string | null | undefined): { startTime: string; endTime: string } {
  const ms = latestUtc ? Date.parse(latestUtc) : NaN;
  if (Number.isNaN(ms)) return { startTime: '', endTime: '' };
  const DAY = 86_400_000;
  const midnight = ms % DAY === 0;
  const start = Math.floor(ms / DAY) * DAY - (midnight ? DAY : 0);
  return { startTime: day(start), endTime: day(start + DAY) };
}
