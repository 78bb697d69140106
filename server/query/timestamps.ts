import { parseTimeText, TimeGrammarError } from '../../shared/time/grammar.js';
import { HttpError } from '../errors.js';

// The zone rules live in shared/ (main's estimate and the renderer use them too).
export { isKnownZone, wallTimeToEpoch, zoneOffsetMs } from '../../shared/time/zones.js';

/**
 * Parses a timestamp parameter of the dataset query (docs/query.md "Time range": `start_time`,
 * `end_time`, `time`, `publish_time*`, timestamp filter values) into naive UTC text
 * `YYYY-MM-DD HH:MM:SS.ffffff` (`2024-03-10 07:00:00.000000`), bound as a parameter and cast in SQL.
 *
 * The grammar is shared/time/grammar.ts with the decoded `+` read: after a time, a space then
 * `HH:MM`, `HHMM` or `HH` is a positive offset (`?start_time=2024-01-01T00:00:00+05:00` arrives as
 * `2024-01-01T00:00:00 05:00`); after a date alone, a space then `HH:MM` is the time. A value
 * without an offset is wall-clock time in `zone`; a repeated time (DST ends) is its first
 * occurrence, a skipped one takes the offset in force before the change.
 * @param name  the parameter's name, for the error message.
 * @param zone  IANA zone for values without an offset (the query's `timezone`, already checked).
 * @throws HttpError 400 `Invalid <name> '<text>': expected an ISO 8601 date or date-time such as …` for anything else.
 */
export function parseTimestamp(text: string, name: string, zone: string): string {
  try {
    const { epochMs, micros } = parseTimeText(text, { zone, decodedPlus: true });
    const seconds = new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ');
    return `${seconds}.${String(micros).padStart(6, '0')}`;
  } catch (error) {
    if (!(error instanceof TimeGrammarError)) throw error;
    throw new HttpError(
      400,
      `Invalid ${name} '${text}': expected an ISO 8601 date or date-time such as 2024-01-01, 2024-01-01 00:00:00 or 2024-01-01T00:00:00-05:00`,
    );
  }
}
