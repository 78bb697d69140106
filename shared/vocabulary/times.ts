import { isUtcZone, wallTimeText } from '../time/format.js';
import { zoneOffsetMs } from '../time/zones.js';
import { MISSING } from './formats.js';

/**
 * How a table writes the instants of a column (docs/vocabulary.md#times): `*_utc` values in UTC ending in `Z`
 * (`2024-09-02 04:00Z`); market-time values with the app's one date format (`formatInstant` of shared/time, which names
 * the zone in force). Copies are wall times a spreadsheet reads as dates.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?\s*(Z|UTC|[+-]\d{2}:?\d{2})?$/i;

/**
 * Epoch ms of a stored ISO 8601 instant (`2024-09-02T04:00:00Z`, `2024-09-02 00:00:00-04:00`, `2024-09-02`), as the
 * workspace and /v1 write them; text without an offset is read as UTC. NaN for anything else.
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

/** `epochMs` in UTC, ending in `Z`, seconds only when not zero: `2024-09-02 04:00Z`; NaN → `—`. */
export function formatUtcTime(epochMs: number): string {
  return Number.isFinite(epochMs) ? `${wallTimeText(epochMs, 'UTC')}Z` : MISSING;
}

/**
 * `epochMs` as a spreadsheet reads a date and time: `YYYY-MM-DD HH:mm:ss` of wall time in `zone` (UTC by default), no
 * zone suffix — the copied header names the column, and with it its clock. NaN → an empty cell.
 */
export function copyTime(epochMs: number, zone = 'UTC'): string {
  if (!Number.isFinite(epochMs)) return '';
  let offset = 0;
  try {
    offset = isUtcZone(zone) ? 0 : zoneOffsetMs(zone, epochMs);
  } catch {
    offset = 0;
  }
  return new Date(epochMs + offset).toISOString().slice(0, 19).replace('T', ' ');
}
