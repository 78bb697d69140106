import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors.js';
import { afterKey, checkCursor, decodeCursor, encodeCursor } from './cursor.js';
import { Binder } from './binder.js';
import { parseFrequency } from './frequency.js';
import { isKnownZone, parseTimestamp } from './timestamps.js';

/** Parameter parsing of the dataset query: timestamps and zones, frequencies, cursors. */

describe('parseTimestamp', () => {
  it.each([
    ['2024-01-01', 'UTC', '2024-01-01 00:00:00.000000'],
    ['2024-01-01 06:30', 'UTC', '2024-01-01 06:30:00.000000'],
    ['2024-01-01T06:30:15.25', 'UTC', '2024-01-01 06:30:15.250000'],
    ['2024-01-01T00:00:00Z', 'US/Eastern', '2024-01-01 00:00:00.000000'],
    ['2024-01-01T00:00:00-05:00', 'UTC', '2024-01-01 05:00:00.000000'],
    ['2024-01-01T00:00:00+0530', 'UTC', '2023-12-31 18:30:00.000000'],
    ['2024-01-01T00:00:00+01', 'UTC', '2023-12-31 23:00:00.000000'],
    // A '+' decoded from a query string arrives as a space: after a time, a space then HH:MM, HHMM or HH is a + offset.
    ['2024-01-01T00:00:00 05:00', 'UTC', '2023-12-31 19:00:00.000000'],
    ['2024-01-01 00:00 05:30', 'US/Eastern', '2023-12-31 18:30:00.000000'],
    ['2024-01-01T00:00:00.5 01:00', 'UTC', '2023-12-31 23:00:00.500000'],
    ['2024-01-01T00:00:00 0530', 'UTC', '2023-12-31 18:30:00.000000'],
    ['2024-01-01T00:00:00 05', 'US/Eastern', '2023-12-31 19:00:00.000000'],
    ['2024-01-01 00:00 01', 'UTC', '2023-12-31 23:00:00.000000'],
    ['2024-01-01T00:00:00+05:59', 'UTC', '2023-12-31 18:01:00.000000'],
    ['2024-01-01T00:00:00-18:00', 'UTC', '2024-01-01 18:00:00.000000'],
    ['2024-01-01 05:00', 'UTC', '2024-01-01 05:00:00.000000'], // a time, not an offset (also what 2024-01-01+05:00 decodes to)
    ['2024-07-01', 'US/Eastern', '2024-07-01 04:00:00.000000'],
    ['2024-01-01', 'US/Eastern', '2024-01-01 05:00:00.000000'],
    // DST: the repeated 01:00 hour reads as its first occurrence (EDT), the skipped 02:30 with the offset before the change.
    ['2024-11-03 01:30', 'US/Eastern', '2024-11-03 05:30:00.000000'],
    ['2024-11-03 02:00', 'US/Eastern', '2024-11-03 07:00:00.000000'],
    ['2024-03-10 02:30', 'US/Eastern', '2024-03-10 07:30:00.000000'],
    ['2024-03-10 03:00', 'US/Eastern', '2024-03-10 07:00:00.000000'],
  ])('%s in %s → %s', (text, zone, expected) => {
    expect(parseTimestamp(text, 'start_time', zone)).toBe(expected);
  });

  it.each([
    '2024-02-30',
    '2024-01-01T24:00',
    'yesterday',
    '2024-1-1',
    '2024-01-01T00:00:00+25:00',
    '2024-01-01T00:00:00 25:00',
    '2024-01-01T00:00:00 05:00Z',
    '2024-01-01T00:00:00 05:00-01:00',
    '2024-01-01T00:00:00+05:99',
    '2024-01-01T00:00:00-0560',
    '2024-01-01T00:00:00 05:99',
    '2024-01-01T00:00:00 0560',
    '2024-01-01T00:00:00+18:01',
    // After a date alone, a space then HH or HHMM is no time and no offset.
    '2024-01-01 05',
    '2024-01-01 0500',
    '2024-01-01T00:00:00 5',
  ])('rejects %s with 400', (text) => {
    expect(() => parseTimestamp(text, 'end_time', 'UTC')).toThrow(
      new HttpError(
        400,
        `Invalid end_time '${text}': expected an ISO 8601 date or date-time such as 2024-01-01, 2024-01-01 00:00:00 or 2024-01-01T00:00:00-05:00`,
      ),
    );
  });

  it('knows IANA zones, aliases included', () => {
    expect(['US/Eastern', 'America/Chicago', 'UTC', 'Etc/GMT+5'].every(isKnownZone)).toBe(true);
    expect(['market', 'Mars/Olympus', "UTC'; --"].some(isKnownZone)).toBe(false);
  });
});

describe('parseFrequency', () => {
  it.each([
    ['5min', '5 minutes', 300, false],
    ['1h', '1 hour', 3600, false],
    ['1d', '1 day', 86_400, true],
    ['1w', '1 week', 604_800, true],
    ['1M', '1 month', 2_592_000, true],
    ['30 minutes', '30 minutes', 1800, false],
    ['1 Hour', '1 hour', 3600, false],
    ['7 days', '7 days', 604_800, true],
    ['2 years', '2 years', 63_072_000, true],
  ])('%s', (text, interval, seconds, calendar) => {
    expect(parseFrequency(text)).toMatchObject({ interval, seconds, calendar });
  });

  it.each(['1m', '2min', '0 hours', 'hourly', '1.5 hours', '-1 day'])('rejects %s', (text) => {
    expect(() => parseFrequency(text)).toThrow(
      /^Invalid resample_frequency .* Accepted values: 5min, 15min, 30min, 1h, 1d, 1w, 1M/,
    );
  });
});

describe('cursor tokens', () => {
  const keys = [
    { name: 'interval_start_utc', type: 'TIMESTAMP' },
    { name: 'sub', type: 'INTEGER' },
  ];

  it('round-trips base64url JSON', () => {
    const token = {
      columns: ['interval_start_utc', 'sub'],
      values: ['2024-01-01 00:00:00.000000', null],
      total_rows_returned_so_far: 7,
    };
    const text = encodeCursor(token);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual(token);
    expect(() => checkCursor(token, keys)).not.toThrow();
  });

  it.each([
    ['x', 'Invalid cursor: not a cursor from this API'],
    [Buffer.from('[1]').toString('base64url'), 'Invalid cursor: malformed token'],
    [encodeCursor({ columns: ['a'], values: ['1', '2'], total_rows_returned_so_far: 0 }), 'Invalid cursor: malformed token'],
  ])('rejects %s', (text, message) => {
    expect(() => decodeCursor(text)).toThrow(message);
  });

  it('checks values against the key types', () => {
    expect(() =>
      checkCursor(
        {
          columns: ['interval_start_utc', 'sub'],
          values: ['2024-01-01 00:00:00', '1.5'],
          total_rows_returned_so_far: 1,
        } as never,
        keys,
      ),
    ).toThrow('Invalid cursor: bad value for sub');
  });

  it('builds a NULL-aware keyset predicate with bound values only', () => {
    const binder = new Binder();
    const sql = afterKey(keys, ['2024-01-01 00:00:00', null], 'asc', binder);
    expect(sql).toBe(
      '("interval_start_utc" >= CAST($p1 AS TIMESTAMP) AND ("interval_start_utc" > CAST($p0 AS TIMESTAMP) OR ("interval_start_utc" = CAST($p0 AS TIMESTAMP) AND ("sub" IS NOT NULL))))',
    );
    expect(binder.values).toEqual({ p0: '2024-01-01 00:00:00', p1: '2024-01-01 00:00:00' });
  });
});
