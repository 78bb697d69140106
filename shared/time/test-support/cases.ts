import type { ParsedTime } from '../grammar.js';

/** A text, its zone and the instant it names (`YYYY-MM-DDTHH:MM:SS.ffffffZ` or `invalid`); `decodedPlus` when that differs. */
export interface TimeCase {
  text: string;
  zone: string;
  expected: string;
  decodedPlus?: string;
}

const E = 'US/Eastern';
const bad = (text: string, zone = 'UTC'): TimeCase => ({ text, zone, expected: 'invalid' });
const plus = (text: string, zone: string, decodedPlus: string): TimeCase => ({ text, zone, expected: 'invalid', decodedPlus });
const ok = (text: string, zone: string, expected: string): TimeCase => ({ text, zone, expected });

/** Test-only table that every reader of times (grammar, `TimeText`, the server's `parseTimestamp`) must agree on. */
export const TIME_CASES: readonly TimeCase[] = [
  ok('2024-03-10', 'UTC', '2024-03-10T00:00:00.000000Z'),
  ok('2024-01-01', E, '2024-01-01T05:00:00.000000Z'),
  ok('2024-07-01', E, '2024-07-01T04:00:00.000000Z'),
  ok('2024-02-29', 'UTC', '2024-02-29T00:00:00.000000Z'),
  ok('2024-03-10Z', E, '2024-03-10T00:00:00.000000Z'),
  ok('2024-03-10+05', 'UTC', '2024-03-09T19:00:00.000000Z'),
  ok('0100-01-01', 'UTC', '0100-01-01T00:00:00.000000Z'),
  ok('2024-03-10T05:00', 'UTC', '2024-03-10T05:00:00.000000Z'),
  ok('2024-03-10t05:00:30', 'UTC', '2024-03-10T05:00:30.000000Z'),
  ok('2024-03-10 05:00', 'UTC', '2024-03-10T05:00:00.000000Z'),
  ok('2024-03-10 05:00', E, '2024-03-10T09:00:00.000000Z'),
  ok('  2024-03-10T05:00:00Z  ', 'UTC', '2024-03-10T05:00:00.000000Z'),
  ok('2024-03-10T05:00:00z', E, '2024-03-10T05:00:00.000000Z'),
  ok('2024-03-10T05:00Z', E, '2024-03-10T05:00:00.000000Z'),
  ok('2024-03-10T05:00+05', 'UTC', '2024-03-10T00:00:00.000000Z'),
  ok('2024-03-10T05:00:00+05:30', E, '2024-03-09T23:30:00.000000Z'),
  ok('2024-03-10T05:00:00-0530', 'UTC', '2024-03-10T10:30:00.000000Z'),
  ok('2024-03-10T05:00:00 -05:00', 'UTC', '2024-03-10T10:00:00.000000Z'),
  ok('2024-03-10T00:00:00+05:59', 'UTC', '2024-03-09T18:01:00.000000Z'),
  ok('2024-03-10T00:00:00+18:00', 'UTC', '2024-03-09T06:00:00.000000Z'),
  ok('2024-03-10T00:00:00-18:00', 'UTC', '2024-03-10T18:00:00.000000Z'),
  ok('2024-03-10T05:00:00.5Z', 'UTC', '2024-03-10T05:00:00.500000Z'),
  ok('2024-03-10T05:00:00.123456789Z', 'UTC', '2024-03-10T05:00:00.123456Z'),
  ok('2024-03-10 05:00:00.000001', E, '2024-03-10T09:00:00.000001Z'),
  ok('1969-12-31T23:59:59.999999Z', 'UTC', '1969-12-31T23:59:59.999999Z'),
  bad('2024-03-10T05:00:00.1234567890Z'),
  bad('2024-03-10T05:00.5'),
  // Naive times across DST: skipped hour → offset before the change; repeated hour → first occurrence.
  ok('2024-03-10 01:59:59', E, '2024-03-10T06:59:59.000000Z'),
  ok('2024-03-10 02:30', E, '2024-03-10T07:30:00.000000Z'),
  ok('2024-03-10 03:00', E, '2024-03-10T07:00:00.000000Z'),
  ok('2024-11-03 00:59', E, '2024-11-03T04:59:00.000000Z'),
  ok('2024-11-03 01:30', E, '2024-11-03T05:30:00.000000Z'),
  ok('2024-11-03 02:00', E, '2024-11-03T07:00:00.000000Z'),
  ok('2024-11-03 01:30', 'America/Chicago', '2024-11-03T06:30:00.000000Z'),
  ok('2024-03-31 02:30', 'Europe/Berlin', '2024-03-31T01:30:00.000000Z'),
  plus('2024-03-10T00:00:00 05:00', 'UTC', '2024-03-09T19:00:00.000000Z'),
  plus('2024-03-10T00:00 0530', E, '2024-03-09T18:30:00.000000Z'),
  plus('2024-03-10T00:00:00 05', E, '2024-03-09T19:00:00.000000Z'),
  plus('2024-03-10T00:00:00.5 01:00', 'UTC', '2024-03-09T23:00:00.500000Z'),
  bad('2024-03-10T00:00:00 05:99'),
  bad('2024-03-10T00:00:00 0560'),
  bad('2024-03-10T00:00:00 25:00'),
  bad('2024-03-10T00:00:00 05:00Z'),
  bad('2024-03-10T00:00:00 05:00-01:00'),
  bad('2024-03-10T00:00:00 5'),
  bad('2024-03-10T00:00:00  05:00'),
  // After a date alone the space separates date and time, so HH or HHMM is neither time nor offset.
  bad('2024-03-10 05'),
  bad('2024-03-10 0500'),
  bad('2024-02-30'),
  bad('2023-02-29'),
  bad('2024-04-31'),
  bad('2024-13-01'),
  bad('2024-00-10'),
  bad('2024-01-00'),
  bad('0099-12-31'),
  bad('2024-01-01T24:00'),
  bad('2024-01-01T23:60'),
  bad('2024-01-01T23:59:60'),
  bad('2024-01-01T00:00:00+18:01'),
  bad('2024-01-01T00:00:00+05:60'),
  bad('2024-01-01T00:00:00-0560'),
  bad('2024-01-01T00:00:00+19'),
  bad('2024-01-01T00:00:00+5'),
  bad('2024-01-01T00:00:00+05:0'),
  bad(''),
  bad('   '),
  bad('yesterday'),
  bad('latest'),
  bad('2024-1-1'),
  bad('2024/03/10'),
  bad('20240310'),
  bad('2024-03-10T5:00'),
  bad('2024-03-10T05'),
  bad('2024-03-10T'),
  bad('2024-03-10 T05:00'),
  bad('2024-03-10T05:00:00ZZ'),
  bad('2024-03-10T05:00:00+05:00 extra'),
  bad('２０２４-03-10'),
  bad(`2024-03-10T05:00:00${' '.repeat(50)}Z`),
];

/** The instant of `parsed` in the table's form, `YYYY-MM-DDTHH:MM:SS.ffffffZ`. */
export const isoMicros = (parsed: ParsedTime): string =>
  `${new Date(parsed.epochMs).toISOString().slice(0, 19)}.${String(parsed.micros).padStart(6, '0')}Z`;

/** What a reader should give for `c`: with the decoded `+` read or not. */
export const expectedFor = (c: TimeCase, decodedPlus: boolean): string =>
  decodedPlus ? (c.decodedPlus ?? c.expected) : c.expected;
