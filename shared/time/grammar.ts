import { isKnownZone, wallTimeToEpoch } from './zones.js';

/** Longest time text accepted, after trimming (the longest valid form has 36 characters). */
export const TIME_TEXT_MAX_LENGTH = 64;

/** The accepted forms in user words, one line. */
export const TIME_TEXT_HINT = 'use 2024-03-10, 2024-03-10 05:00 or 2024-03-10T05:00:00Z (offsets Z, ±HH:MM, ±HHMM or ±HH)';

/** A text the time grammar refuses: `message` quotes at most 64 characters of it, a reason and {@link TIME_TEXT_HINT}. */
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

/** An instant read from a time text: `epochMs` truncated to the ms, `micros` the second's fraction (0–999999, truncated). */
export interface ParsedTime {
  epochMs: number;
  micros: number;
  hasOffset: boolean;
  dateOnly: boolean;
}

/** Options of {@link parseTimeText}: `zone` (IANA, default `UTC`) for naive texts; `decodedPlus` reads a decoded `+`. */
export interface TimeTextOptions {
  zone?: string;
  decodedPlus?: boolean;
}

// Group 8 (a decoded `+` offset) sits inside the time group, so it can never follow a date alone.
const PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?: (\d{2}(?::?\d{2})?))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

function readTimeText(text: string, decodedPlus: boolean) {
  const trimmed = text.trim();
  if (trimmed.length > TIME_TEXT_MAX_LENGTH) throw new TimeGrammarError(text, `at most ${TIME_TEXT_MAX_LENGTH} characters`);
  const match = PATTERN.exec(trimmed);
  if (!match) throw new TimeGrammarError(text);
  const [, y, mo, d, h, mi = '0', s = '0', fraction = '', spaced, suffix] = match;
  if (spaced !== undefined && (!decodedPlus || suffix !== undefined)) throw new TimeGrammarError(text);
  const [year, month, day, hour, minute, second] = [y, mo, d, h ?? '0', mi, s].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
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

/** Reads `text` as an instant (docs/api.md#time-grammar). @throws TimeGrammarError; RangeError for a naive time in a bad zone. */
export function parseTimeText(text: string, options: TimeTextOptions = {}): ParsedTime {
  const { wallMs, micros, offsetMinutes, dateOnly } = readTimeText(text, options.decodedPlus ?? false);
  const zone = options.zone ?? 'UTC';
  let second: number;
  if (offsetMinutes !== undefined) second = wallMs - offsetMinutes * 60_000;
  else if (isKnownZone(zone)) second = wallTimeToEpoch(wallMs, zone);
  else throw new RangeError(`Unknown time zone '${zone}': use an IANA zone such as America/Chicago or UTC`);
  return { epochMs: second + Math.floor(micros / 1000), micros, hasOffset: offsetMinutes !== undefined, dateOnly };
}

/** The grammar's refusal of `text` (decoded `+` not read, no zone applied), or undefined when it is accepted. */
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
