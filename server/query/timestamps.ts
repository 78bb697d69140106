import { parseTimeText, TimeGrammarError } from '../../shared/time/grammar.js';
import { HttpError } from '../errors.js';

// The zone rules live in shared/ (main's estimate and the renderer use them too).
export { isKnownZone, wallTimeToEpoch, zoneOffsetMs } from '../../shared/time/zones.js';

/**
 * Timestamp parameter `name` as naive UTC text `YYYY-MM-DD HH:MM:SS.ffffff`; values without an offset are read in `zone`, and a
 * decoded `+` as an offset (docs/query.md#time-range). @throws HttpError 400 `Invalid <name> '<text>': expected an ISO 8601 …`.
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
