import { describe, expect, it } from 'vitest';
import { copyTime, formatUtcTime, parseInstant } from './times.js';

const SEP2 = Date.UTC(2024, 8, 2, 4, 0); // 00:00 EDT

describe('instants as tables show them', () => {
  it('reads ISO instants with Z, an offset or none (UTC)', () => {
    expect(parseInstant('2024-09-02T04:00:00Z')).toBe(SEP2);
    expect(parseInstant('2024-09-02T00:00:00-04:00')).toBe(SEP2);
    expect(parseInstant('2024-09-02 04:00:00+00:00')).toBe(SEP2);
    expect(parseInstant('2024-09-02 04:00')).toBe(SEP2);
    expect(parseInstant('2024-09-02T09:30:00+0530')).toBe(SEP2);
    expect(parseInstant('yesterday')).toBeNaN();
  });

  it('writes UTC ending in Z, seconds only when not zero', () => {
    expect(formatUtcTime(SEP2)).toBe('2024-09-02 04:00Z');
    expect(formatUtcTime(SEP2 + 30_000)).toBe('2024-09-02 04:00:30Z');
    expect(formatUtcTime(NaN)).toBe('—');
  });

  it('copies wall time for a spreadsheet, in the column’s zone', () => {
    expect(copyTime(SEP2)).toBe('2024-09-02 04:00:00');
    expect(copyTime(SEP2, 'US/Eastern')).toBe('2024-09-02 00:00:00');
    expect(copyTime(NaN)).toBe('');
  });
});
