import { MARKET_CLOCKS, zoneAbbreviation } from '../time/market.js';
import type { MarketClock } from '../time/market.js';
import { zoneOffsetMs } from '../time/zones.js';
import { MISSING } from './formats.js';

/**
 * How instants are written in tables and popups (docs/vocabulary.md#times): `*_utc` values in UTC ending in `Z`
 * (`2024-09-02 04:00Z`), market-time values in the market's zone with the zone named (`2024-09-02 00:00 EDT`).
 * Seconds show only when they are not zero.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?\s*(Z|UTC|[+-]\d{2}:?\d{2})?$/i;

/**
 * Epoch ms of an ISO 8601 instant (`2024-09-02T04:00:00Z`, `2024-09-02 00:00:00-04:00`, `2024-09-02`); text without an
 * offset is read as UTC. NaN for anything else.
 */
export function parseInstant(text: string): number {
  const m = ISO.exec(text.trim());
  if (!m) return NaN;
  const wall = Date.UTC(
    +m[1]!,
    +m[2]! - 1,
    +m[3]!,
    +(m[4] ?? 0),
    +(m[5] ?? 0),
    +(m[6] ?? 0),
    Math.round(Number(m[7] ?? 0) * 1000),
  );
  const offset = m[8];
  if (!offset || /^(z|utc)$/i.test(offset)) return wall;
  const digits = offset.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
  return wall - (offset.startsWith('-') ? -1 : 1) * minutes * 60_000;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `YYYY-MM-DD HH:mm` (`:ss` and `.fff` only when not zero) of a wall time held as if UTC. */
function wallText(wallMs: number): string {
  const d = new Date(wallMs);
  const ms = d.getUTCMilliseconds();
  const s = d.getUTCSeconds();
  const seconds = s !== 0 || ms !== 0 ? `:${pad(s)}${ms !== 0 ? `.${pad(ms, 3)}` : ''}` : '';
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}${seconds}`;
}

const canonical = new Map<string, string>();
/** The IANA name Intl resolves `zone` to (`US/Eastern` → `America/New_York`); the name itself when unknown. */
function resolvedZone(zone: string): string {
  let found = canonical.get(zone);
  if (found === undefined) {
    try {
      found = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    } catch {
      found = zone;
    }
    canonical.set(zone, found);
  }
  return found;
}

/** The market clock whose zone is `zone` under any of its names (`US/Eastern`, `America/New_York`), if any. */
function clockOfZone(zone: string): MarketClock | undefined {
  const z = resolvedZone(zone);
  return Object.values(MARKET_CLOCKS).find((c) => resolvedZone(c.zone) === z);
}

/**
 * The name of `zone`'s time at `epochMs`: `EDT`/`EST` (`CDT`, `PST`…) for a market's zone, `UTC` for UTC, else Intl's
 * short name (`GMT+1`); the zone itself when Intl does not know it.
 */
export function zoneName(zone: string, epochMs: number): string {
  if (/^(utc|etc\/utc|gmt|z)$/i.test(zone.trim())) return 'UTC';
  const clock = clockOfZone(zone);
  if (clock) return zoneAbbreviation(clock, epochMs);
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(new Date(epochMs))
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? zone;
  } catch {
    return zone;
  }
}

/** How a header names the clock of a column in `zone`: `UTC`, the market's prevailing time (`EPT`, `CPT`, `PPT`), or the zone. */
export function zoneTitle(zone: string): string {
  if (/^(utc|etc\/utc|gmt|z)$/i.test(zone.trim())) return 'UTC';
  return clockOfZone(zone)?.prevailing ?? zone;
}

/** `epochMs` in UTC, ending in `Z`: `2024-09-02 04:00Z`; NaN → `—`. */
export function formatUtcTime(epochMs: number): string {
  return Number.isFinite(epochMs) ? `${wallText(epochMs)}Z` : MISSING;
}

/** `epochMs` as wall time in `zone` with the zone named: `2024-09-02 00:00 EDT`; UTC → {@link formatUtcTime}; NaN → `—`. */
export function formatZonedTime(epochMs: number, zone: string): string {
  if (!Number.isFinite(epochMs)) return MISSING;
  const name = zoneName(zone, epochMs);
  if (name === 'UTC') return formatUtcTime(epochMs);
  let offset = 0;
  try {
    offset = zoneOffsetMs(zone, epochMs);
  } catch {
    return formatUtcTime(epochMs);
  }
  return `${wallText(epochMs + offset)} ${name}`;
}

/**
 * `epochMs` as a spreadsheet reads a date and time: `YYYY-MM-DD HH:mm:ss` of wall time in `zone` (UTC when `zone` is
 * UTC), no zone suffix — the copied header names the column, and with it its zone. NaN → an empty cell.
 */
export function copyTime(epochMs: number, zone = 'UTC'): string {
  if (!Number.isFinite(epochMs)) return '';
  let offset = 0;
  try {
    offset = zoneName(zone, epochMs) === 'UTC' ? 0 : zoneOffsetMs(zone, epochMs);
  } catch {
    offset = 0;
  }
  return new Date(epochMs + offset).toISOString().slice(0, 19).replace('T', ' ');
}
