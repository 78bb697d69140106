import { MARKET_CLOCKS, zoneAbbreviation } from './market.js';
import { isKnownZone, zoneOffsetMs } from './zones.js';

/**
 * The app's one date format (docs/market-time.md#one-date-format): ISO-like wall time with the zone in force,
 * `2024-09-02 00:00 EDT`, `2026-11-27 13:50 UTC`. Seconds show only when not zero. Windows, history, library and
 * downloads all write instants with these functions.
 */

const DASH = '—';
const UTC_NAMES = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Z']);
const shortNames = new Map<string, Intl.DateTimeFormat>();

function epochOf(instant: number | string | null | undefined): number | null {
  if (instant === null || instant === undefined || instant === '') return null;
  const ms = typeof instant === 'number' ? instant : Date.parse(instant);
  return Number.isFinite(ms) ? ms : null;
}

/** True when `zone` names UTC (`UTC`, `Etc/UTC`, `GMT`…). */
export const isUtcZone = (zone: string): boolean => UTC_NAMES.has(zone);

/**
 * The abbreviation of `zone` at `epochMs`: `UTC`; `EDT`/`EST`, `CDT`/`CST`, `PDT`/`PST` for the market zones (from the
 * market table); other zones as Intl names them (`GMT+1`). An unknown zone is named as given.
 */
export function zoneNameAt(zone: string, epochMs: number): string {
  if (isUtcZone(zone)) return 'UTC';
  const clock = Object.values(MARKET_CLOCKS).find((c) => c.zone === zone);
  if (clock) return zoneAbbreviation(clock, epochMs);
  if (!isKnownZone(zone)) return zone;
  let f = shortNames.get(zone);
  if (!f) shortNames.set(zone, (f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })));
  return f.formatToParts(new Date(epochMs)).find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

/** Wall time of `epochMs` in `zone`, `YYYY-MM-DD HH:mm` (`:ss` when the seconds are not zero), without the zone. */
export function wallTimeText(epochMs: number, zone: string): string {
  const offset = isUtcZone(zone) ? 0 : zoneOffsetMs(zone, epochMs);
  const text = new Date(epochMs + offset).toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, text.slice(17, 23) === '00.000' ? 16 : 19)}`;
}

/**
 * An instant (epoch ms or ISO text) in `zone` with its abbreviation: `2024-09-02 00:00 EDT`. Null or empty → an em dash;
 * unparseable text is shown as given.
 */
export function formatInstant(instant: number | string | null | undefined, zone: string): string {
  const ms = epochOf(instant);
  if (ms === null) return typeof instant === 'string' && instant !== '' ? instant : DASH;
  return `${wallTimeText(ms, zone)} ${zoneNameAt(zone, ms)}`;
}

/**
 * A half-open window `[start, end)` in `zone`: `2024-09-02 00:00 → 2024-09-04 00:00 EDT`, the zone written once when both
 * ends share it (`2024-11-03 00:00 EDT → 2024-11-04 00:00 EST` otherwise). A missing end is an em dash.
 */
export function formatInstantRange(
  start: number | string | null | undefined,
  end: number | string | null | undefined,
  zone: string,
): string {
  const a = epochOf(start);
  const b = epochOf(end);
  if (a === null || b === null) return `${formatInstant(start, zone)} → ${formatInstant(end, zone)}`;
  const [na, nb] = [zoneNameAt(zone, a), zoneNameAt(zone, b)];
  return na === nb
    ? `${wallTimeText(a, zone)} → ${wallTimeText(b, zone)} ${nb}`
    : `${wallTimeText(a, zone)} ${na} → ${wallTimeText(b, zone)} ${nb}`;
}
