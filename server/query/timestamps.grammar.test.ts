import { describe, expect, it } from 'vitest';
import { TimeText } from '../../shared/time/schema.js';
import { expectedFor, TIME_CASES } from '../../shared/time/test-support/cases.js';
import { HttpError } from '../errors.js';
import { parseTimestamp } from './timestamps.js';

/** shared/time/test-support/cases.ts through `parseTimestamp` (with the decoded `+`) and through `TimeText`. */

const read = (text: string, zone: string): string => {
  try {
    return parseTimestamp(text, 'start_time', zone).replace(' ', 'T') + 'Z';
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400) return 'invalid';
    throw error;
  }
};

describe('parseTimestamp over the time grammar table', () => {
  it.each(TIME_CASES)('$text in $zone', (c) => {
    expect(read(c.text, c.zone)).toBe(expectedFor(c, true));
  });

  it.each(TIME_CASES)('$text: TimeText accepts it exactly when parseTimestamp does without a decoded +', (c) => {
    const serverAccepts = expectedFor(c, true) !== 'invalid';
    expect(TimeText.safeParse(c.text).success).toBe(serverAccepts && c.decodedPlus === undefined);
  });
});
