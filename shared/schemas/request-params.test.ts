import { describe, expect, it } from 'vitest';
import { QueryDate, QueryDateTime, parseIsoDateTime, queryInteger } from './request-params.js';
import { TIME_CASES, expectedFor } from '../time/test-support/cases.js';

describe('parseIsoDateTime', () => {
  it.each([
    ['2024-01-01', '2024-01-01T00:00:00.000Z'],
    ['2024-01-01T05:06', '2024-01-01T05:06:00.000Z'],
    ['2024-01-01 05:06:07', '2024-01-01T05:06:07.000Z'],
    ['2024-01-01T05:06:07.5Z', '2024-01-01T05:06:07.500Z'],
    ['2024-01-01T00:00:00-05:00', '2024-01-01T05:00:00.000Z'],
    ['2024-01-01T00:00:00+0530', '2023-12-31T18:30:00.000Z'],
    ['2024-01-01T00:00:00 05:00', '2023-12-31T19:00:00.000Z'],
  ])('%s → %s', (raw, iso) => {
    expect(new Date(parseIsoDateTime(raw)!).toISOString()).toBe(iso);
  });

  it.each([
    '',
    'yesterday',
    '2024-02-30',
    '2024-01-01T24:00',
    '01/02/2024',
    '2024-01-01T00:00:00+05:99',
    '2024-01-01T00:00:00-0560',
    '2024-01-01T00:00:00 05:60',
  ])('rejects %j', (raw) => {
    expect(parseIsoDateTime(raw)).toBeUndefined();
    expect(QueryDateTime.safeParse(raw).success).toBe(false);
  });
});

describe('QueryDate and queryInteger', () => {
  it('accepts real calendar dates only', () => {
    expect(QueryDate.parse('2024-02-29')).toBe('2024-02-29');
    for (const raw of ['2023-02-29', '2024-13-01', '2024-1-1']) expect(QueryDate.safeParse(raw).success).toBe(false);
  });

  it('names the FastAPI error types', () => {
    const limit = queryInteger(1, 10);
    expect(limit.parse(' 7 ')).toBe(7);
    const types = ['x', '0', '11'].map((raw) => {
      const issue = limit.safeParse(raw).error!.issues[0]!;
      return (issue as { params?: { fastapi_type?: string } }).params?.fastapi_type;
    });
    expect(types).toEqual(['int_parsing', 'greater_than_equal', 'less_than_equal']);
  });
});

describe('date-time parameters follow the one time grammar', () => {
  it.each(TIME_CASES.filter((c) => c.zone === 'UTC'))('$text', (c) => {
    const expected = expectedFor(c, true);
    const millis = parseIsoDateTime(c.text);
    if (expected === 'invalid') expect(millis).toBeUndefined();
    else expect(new Date(millis!).toISOString().slice(0, 23)).toBe(expected.slice(0, 23));
  });
});
