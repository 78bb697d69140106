import { describe, expect, it } from 'vitest';
import { isTimeText, parseTimeText, TIME_TEXT_HINT, TimeGrammarError, timeTextError } from './grammar.js';
import { TimeText } from './schema.js';
import { expectedFor, isoMicros, TIME_CASES } from './test-support/cases.js';

const read = (text: string, zone: string, decodedPlus: boolean): string => {
  try {
    return isoMicros(parseTimeText(text, { zone, decodedPlus }));
  } catch (error) {
    if (error instanceof TimeGrammarError) return 'invalid';
    throw error;
  }
};

describe('parseTimeText over the table', () => {
  it.each(TIME_CASES)('$text in $zone → $expected', (c) => {
    expect(read(c.text, c.zone, false)).toBe(expectedFor(c, false));
  });

  it.each(TIME_CASES)('$text in $zone, decoded + read → $decodedPlus', (c) => {
    expect(read(c.text, c.zone, true)).toBe(expectedFor(c, true));
  });
});

describe('isTimeText and TimeText agree with the grammar', () => {
  it.each(TIME_CASES)('$text', (c) => {
    const accepted = c.expected !== 'invalid';
    expect(isTimeText(c.text)).toBe(accepted);
    expect(TimeText.safeParse(c.text).success).toBe(accepted);
  });
});

describe('parseTimeText', () => {
  it('reads naive times in UTC when no zone is given', () => {
    expect(new Date(parseTimeText('2024-03-10 02:30').epochMs).toISOString()).toBe('2024-03-10T02:30:00.000Z');
  });

  it('tells whether the text carried an offset and a time of day', () => {
    expect(parseTimeText('2024-03-10', { zone: 'US/Eastern' })).toMatchObject({ hasOffset: false, dateOnly: true });
    expect(parseTimeText('2024-03-10z')).toMatchObject({ hasOffset: true, dateOnly: true });
    expect(parseTimeText('2024-03-10 05:00')).toMatchObject({ hasOffset: false, dateOnly: false });
    expect(parseTimeText('2024-03-10T05:00 05', { decodedPlus: true })).toMatchObject({ hasOffset: true, dateOnly: false });
  });

  it('keeps the fraction to the millisecond in epochMs and to the microsecond in micros', () => {
    const parsed = parseTimeText('2024-03-10T05:00:00.9876549Z');
    expect(parsed.micros).toBe(987_654);
    expect(parsed.epochMs).toBe(Date.UTC(2024, 2, 10, 5, 0, 0, 987));
  });

  it.each([
    ['2024-13-01', 'months are 01–12'],
    ['2024-02-30', '2024-02 has no day 30'],
    ['0099-12-31', 'years are 0100–9999'],
    ['2024-01-01T24:00', 'hours are 00–23, minutes and seconds 00–59'],
    ['2024-01-01T00:00+18:01', 'offsets are at most ±18:00, minutes 00–59'],
  ])('refuses %s saying why (%s)', (text, reason) => {
    expect(() => parseTimeText(text)).toThrow(new TimeGrammarError(text, reason));
    expect(timeTextError(text)?.message).toBe(`'${text}' is not a date or date-time (${reason}): ${TIME_TEXT_HINT}`);
  });

  it('refuses garbage with the text and the accepted forms', () => {
    const error = timeTextError(' soon ');
    expect(error).toBeInstanceOf(TimeGrammarError);
    expect(error?.text).toBe(' soon ');
    expect(error?.message).toBe(
      "' soon ' is not a date or date-time: use 2024-03-10, 2024-03-10 05:00 or 2024-03-10T05:00:00Z (offsets Z, ±HH:MM, ±HHMM or ±HH)",
    );
  });

  it('quotes at most 64 characters of an over-long text', () => {
    const text = `2024-03-10T05:00:00${' '.repeat(100)}Z`;
    expect(timeTextError(text)?.message).toBe(
      `'${text.slice(0, 64)}…' is not a date or date-time (at most 64 characters): ${TIME_TEXT_HINT}`,
    );
    expect(timeTextError(text)?.text).toBe(text);
  });

  it('refuses an unknown zone for a naive time, and needs none with an offset', () => {
    expect(() => parseTimeText('2024-03-10 05:00', { zone: 'Mars/Olympus' })).toThrow(
      new RangeError("Unknown time zone 'Mars/Olympus': use an IANA zone such as America/Chicago or UTC"),
    );
    expect(parseTimeText('2024-03-10T05:00Z', { zone: 'Mars/Olympus' }).epochMs).toBe(Date.UTC(2024, 2, 10, 5));
  });
});

describe('TimeText', () => {
  it('trims and keeps the text', () => {
    expect(TimeText.parse(' 2024-03-10T05:00+05 ')).toBe('2024-03-10T05:00+05');
  });

  it("carries the grammar's refusal as its message", () => {
    expect(TimeText.safeParse('2024-02-30').error?.issues.map((issue) => issue.message)).toEqual([
      timeTextError('2024-02-30')?.message,
    ]);
  });

  it('refuses an over-long text with one short message', () => {
    const issues = TimeText.safeParse('2'.repeat(65)).error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual([`A time is at most 64 characters: ${TIME_TEXT_HINT}`]);
  });
});
