import { isKnownZone, wallTimeToEpoch } from './zones.js';

/**
 * The one time grammar of Gridscope (docs/api.md "Time grammar"): the dataset query's timestamp
 * parameters on the server, and the times main sizes an estimate with. Pure: no Node, no DOM.
 *
 * Forms: `YYYY-MM-DD`, then optionally `T`, `t` or one space and `HH:MM`, `HH:MM:SS` or
 * `HH:MM:SS.f` (1–9 fraction digits), then optionally, after optional whitespace, `Z`, `z`,
 * `±HH:MM`, `±HHMM` or `±HH` (offset minutes 00–59, at most ±18:00). Dates must exist (no
 * 2024-02-30), hours are 00–23, minutes and seconds 00–59, years 0100–9999; at most 64 characters.
 */

/** Longest text accepted, after trimming (the longest form, `2024-03-10T05:00:00.123456789 +05:30`, is 36). */
export const TIME_TEXT_MAX_LENGTH = 64;

/** The accepted forms in user words, one line. */
export const TIME_TEXT_HINT = 'use 2024-03-10, 2024-03-10 05:00 or 2024-03-10T05:00:00Z (offsets Z, ±HH:MM, ±HHMM or ±HH)';

/**
 * A text the grammar refuses. `message`: `'<text>' is not a date or date-time (<reason>): <TIME_TEXT_HINT>`,
 * the text cut to 64 characters; `text`: the text as given.
 */
export class TimeGrammarError extends Error {
  override readonly name = 'TimeGrammarError';
  constructor(
    readonly text: string,
    reason?: string,
  ) {
    const shown = text.length > TIME_TEXT_MAX_LENGTH ? `${text.slice(0, TIME_TEXT_MAX_LENGTH)}…` : text;
    super(`'${shown}' is not a date or date-time${reason ? ` (${reason})` : ''}: ${TIME_TEXT_HINT}`);
  }
}

/** An instant read from a time text. */
export interface ParsedTime {
  /** The instant in epoch milliseconds, the fraction truncated to the millisecond. */
  epochMs: number;
  /** The fraction of the second in microseconds (0–999999), truncated: `.1234567` → 123456. */
  micros: number;
  /** True when the text carried `Z` or an offset (then `zone` played no part). */
  hasOffset: boolean;
  /** True when the text had no time of day (`2024-03-10`, `2024-03-10Z`): midnight. */
  dateOnly: boolean;
}

/** Options of {@link parseTimeText}. */
export interface TimeTextOptions {
  /** IANA zone for texts without an offset; default `UTC`. */
  zone?: string;
  /** Read a decoded `+` (a space, as an unencoded `+` in a query string arrives): see {@link parseTimeText}. */
  decodedPlus?: boolean;
}

/**
 * Groups: 1–3 date, 4–7 time and fraction, 8 a space then `HH:MM`, `HHMM` or `HH` after the time
 * (a decoded `+`; inside the time group, so never after a date alone), 9 the suffix.
 */
const PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?: (\d{2}(?::?\d{2})?))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** Fields of a text the grammar accepts, before any zone is applied. @throws TimeGrammarError */
function readTimeText(text: string, decodedPlus: boolean) {
  const trimmed = text.trim();
  if (trimmed.length > TIME_TEXT_MAX_LENGTH) throw new TimeGrammarError(text, `at most ${TIME_TEXT_MAX_LENGTH} characters`);
  const match = PATTERN.exec(trimmed);
  if (!match) throw new TimeGrammarError(text);
  const [, y, mo, d, h, mi = '0', s = '0', fraction = '', spaced, suffix] = match;
  if (spaced !== undefined && (!decodedPlus || suffix !== undefined)) throw new TimeGrammarError(text);
  const [year, month, day, hour, minute, second] = [y, mo, d, h ?? '0', mi, s].map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12) throw new TimeGrammarError(text, 'months are 01–12');
  // Date.UTC reads years 0–99 as 1900–1999, so those fail this check too.
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new TimeGrammarError(text, year < 100 ? 'years are 0100–9999' : `${y}-${mo} has no day ${d}`);
  }
  if (hour > 23 || minute > 59 || second > 59) throw new TimeGrammarError(text, 'hours are 00–23, minutes and seconds 00–59');
  const wallMs = Date.UTC(year, month - 1, day, hour, minute, second);
  const offset = spaced !== undefined ? `+${spaced}` : suffix;
  let offsetMinutes: number | undefined;
  if (offset !== undefined && offset.toUpperCase() === 'Z') offsetMinutes = 0;
  else if (offset !== undefined) {
    const digits = offset.replace(':', '');
    const minutes = Number(digits.slice(3, 5) || '0');
    offsetMinutes = Number(digits.slice(1, 3)) * 60 + minutes;
    if (minutes > 59 || offsetMinutes > 18 * 60) throw new TimeGrammarError(text, 'offsets are at most ±18:00, minutes 00–59');
    if (digits.startsWith('-')) offsetMinutes = -offsetMinutes;
  }
  return { wallMs, micros: Number(fraction.padEnd(6, '0').slice(0, 6)), offsetMinutes, dateOnly: h === undefined };
}

/**
 * Reads `text` (trimmed) as an instant. Without an offset it is wall-clock time in `zone`
 * (default `UTC`) by the zone's rules at that date: a repeated time (DST ends) is its first
 * occurrence, a skipped time (DST starts) takes the offset in force before the change
 * (`2024-03-10 02:30` in US/Eastern is 07:30Z).
 *
 * With `decodedPlus`, after a time, one space then `HH:MM`, `HHMM` or `HH` is a positive offset
 * (`2024-03-10T00:00 05:00` is +05:00: an unencoded `+` in a query string decodes to a space).
 * After a date alone a space still separates the time: `2024-03-10 05:00` is 05:00 wall-clock.
 *
 * @throws TimeGrammarError when the text is not of the grammar or names no real date and time.
 * @throws RangeError when the text has no offset and `zone` is not a known IANA zone.
 */
export function parseTimeText(text: string, options: TimeTextOptions = {}): ParsedTime {
  const { wallMs, micros, offsetMinutes, dateOnly } = readTimeText(text, options.decodedPlus ?? false);
  const zone = options.zone ?? 'UTC';
  let second: number;
  if (offsetMinutes !== undefined) second = wallMs - offsetMinutes * 60_000;
  else if (isKnownZone(zone)) second = wallTimeToEpoch(wallMs, zone);
  else throw new RangeError(`Unknown time zone '${zone}': use an IANA zone such as America/Chicago or UTC`);
  return { epochMs: second + Math.floor(micros / 1000), micros, hasOffset: offsetMinutes !== undefined, dateOnly };
}

/** The refusal of `text` by the grammar (decoded `+` not read, no zone applied), or undefined when it is of the grammar. */
export function timeTextError(text: string): TimeGrammarError | undefined {
  try {
    readTimeText(text, false);
    return undefined;
  } catch (error) {
    if (error instanceof TimeGrammarError) return error;
    throw error;
  }
}

/** True when `text` is of the grammar (decoded `+` not read); no zone is applied. */
export const isTimeText = (text: string): boolean => timeTextError(text) === undefined;
