import { wallTimeToEpoch } from '../../shared/time/zones.js';
import { HttpError } from '../errors.js';

/**
 * Timestamp parameters of the dataset query (addendum "Dataset query": `start_time`, `end_time`,
 * `time`, `publish_time*`, timestamp filter values). Accepted forms: `2024-01-01`,
 * `2024-01-01 00:00`, `2024-01-01T00:00:00`, fractions of a second, and a `Z`, `±HH`, `±HHMM` or
 * `±HH:MM` suffix (offset minutes 00–59, at most ±18:00). After a time, a space then `HH:MM`, `HHMM`
 * or `HH` is a positive offset: an unencoded `+` in a query string decodes to a space
 * (`?start_time=2024-01-01T00:00:00+05:00` arrives as `2024-01-01T00:00:00 05:00`), so that is what
 * such a value meant. Only after a time: after a date alone, a space then `HH:MM` is the time
 * (`2024-01-01+05:00` arrives as `2024-01-01 05:00`, 05:00 wall-clock), and a space then `HH` or
 * `HHMM` is invalid. A value without an offset is
 * wall-clock time in the query's zone (`timezone`, UTC when absent), converted with the zone's rules at that date (Intl/ICU, so DST is honoured):
 * - a time that occurs twice (the repeated hour when DST ends) is read as the first occurrence
 *   (daylight time), as Python's `fold=0`;
 * - a time that does not exist (the skipped hour when DST starts) is read with the offset in force
 *   just before the change, so `02:30` on 2024-03-10 in US/Eastern is `07:30Z` (= 03:30 EDT).
 * Results are naive UTC text `YYYY-MM-DD HH:MM:SS.ffffff`, bound as parameters and cast in SQL.
 */

/**
 * Date, optional time, optional offset; group 8 is a space-separated `HH:MM`, `HHMM` or `HH` after
 * the time (a decoded `+`; inside the time group, so never after a date alone), group 9 the signed offset.
 */
const PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?: (\d{2}(?::?\d{2})?))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

// The zone rules live in shared/ (main's estimate and the renderer use them too).
export { isKnownZone, wallTimeToEpoch, zoneOffsetMs } from '../../shared/time/zones.js';

/** Naive UTC text of an instant plus a microsecond fraction. */
function naiveUtc(epochMs: number, micros: string): string {
  return `${new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ')}.${micros}`;
}

/**
 * Parses a timestamp parameter into naive UTC text (`2024-03-10 07:00:00.000000`).
 * @param name  the parameter's name, for the error message.
 * @param zone  IANA zone for values without an offset.
 * @throws HttpError 400 `Invalid <name> '<text>': ...` for anything else.
 */
export function parseTimestamp(text: string, name: string, zone: string): string {
  const match = PATTERN.exec(text.trim());
  const invalid = () =>
    new HttpError(
      400,
      `Invalid ${name} '${text}': expected an ISO 8601 date or date-time such as 2024-01-01, 2024-01-01 00:00:00 or 2024-01-01T00:00:00-05:00`,
    );
  if (!match) throw invalid();
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', spaced, signed] = match;
  if (spaced !== undefined && signed !== undefined) throw invalid();
  const offset = spaced !== undefined ? `+${spaced}` : signed;
  const fields = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5]);
  const check = new Date(wall);
  if (
    check.getUTCFullYear() !== fields[0] ||
    check.getUTCMonth() !== fields[1] - 1 ||
    check.getUTCDate() !== fields[2] ||
    fields[3] > 23 ||
    fields[4] > 59 ||
    fields[5] > 59
  ) {
    throw invalid();
  }
  const micros = fraction.padEnd(6, '0').slice(0, 6);
  if (offset === undefined) return naiveUtc(wallTimeToEpoch(wall, zone), micros);
  if (offset.toUpperCase() === 'Z') return naiveUtc(wall, micros);
  const digits = offset.replace(':', '');
  const sign = digits.startsWith('-') ? -1 : 1;
  const offsetMinutes = Number(digits.slice(3, 5) || '0');
  const minutes = Number(digits.slice(1, 3)) * 60 + offsetMinutes;
  if (offsetMinutes > 59 || minutes > 18 * 60) throw invalid();
  return naiveUtc(wall - sign * minutes * 60_000, micros);
}
