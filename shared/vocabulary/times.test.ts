import { describe, expect, it } from 'vitest';
import { copyTime, formatUtcTime, formatZonedTime, parseInstant, zoneName, zoneTitle } from './times.js';

const SEP2 = Date.UTC(2024, 8, 2, 4, 0); // 00:00 EDT
const NOV6 = Date.UTC(2023, 10, 6, 5, 0); // 00:00 EST

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

  it('writes market time with the zone in force named', () => {
    expect(formatZonedTime(SEP2, 'US/Eastern')).toBe('2024-09-02 00:00 EDT');
    expect(formatZonedTime(NOV6, 'America/New_York')).toBe('2023-11-06 00:00 EST');
    expect(formatZonedTime(SEP2, 'US/Central')).toBe('2024-09-01 23:00 CDT');
    expect(formatZonedTime(SEP2, 'UTC')).toBe('2024-09-02 04:00Z');
    expect(zoneName('Europe/Berlin', SEP2)).toMatch(/GMT\+2|CEST/);
    expect(zoneName('Not/AZone', SEP2)).toBe('Not/AZone');
    expect([zoneTitle('US/Eastern'), zoneTitle('America/Chicago'), zoneTitle('UTC'), zoneTitle('Europe/Berlin')]).toEqual([
      'EPT',
      'CPT',
      'UTC',
      'Europe/Berlin',
    ]);
  });

  it('copies wall time for a spreadsheet, in the column’s zone', () => {
    expect(copyTime(SEP2)).toBe('2024-09-02 04:00:00');
    expect(copyTime(SEP2, 'US/Eastern')).toBe('2024-09-02 00:00:00');
    expect(copyTime(NaN)).toBe('');
  });
});
