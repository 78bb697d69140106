import { describe, expect, it } from 'vitest';
import { formatInstant, formatInstantRange, wallTimeText, zoneNameAt } from './format.js';

const at = (iso: string) => Date.parse(iso);

describe('the one date format', () => {
  it('writes an instant as wall time in the zone with the abbreviation in force', () => {
    expect(formatInstant('2024-09-02T04:00:00Z', 'US/Eastern')).toBe('2024-09-02 00:00 EDT');
    expect(formatInstant('2026-11-27T13:50:00Z', 'US/Eastern')).toBe('2026-11-27 08:50 EST');
    expect(formatInstant(at('2024-09-02T04:00:00Z'), 'US/Central')).toBe('2024-09-01 23:00 CDT');
    expect(formatInstant('2024-01-15T20:00:00Z', 'US/Pacific')).toBe('2024-01-15 12:00 PST');
    expect(formatInstant('2024-09-02T04:00:00Z', 'UTC')).toBe('2024-09-02 04:00 UTC');
  });

  it('shows seconds only when not zero, and reads ISO text with any offset', () => {
    expect(formatInstant('2024-09-02T04:00:30+00:00', 'UTC')).toBe('2024-09-02 04:00:30 UTC');
    expect(formatInstant('2024-09-02T00:00:00-04:00', 'UTC')).toBe('2024-09-02 04:00 UTC');
  });

  it('an em dash for nothing; unreadable text as given', () => {
    expect(formatInstant(null, 'UTC')).toBe('—');
    expect(formatInstant('', 'UTC')).toBe('—');
    expect(formatInstant('soon', 'UTC')).toBe('soon');
  });

  it('names both sides of a window only when the zone changes inside it', () => {
    expect(formatInstantRange('2024-09-02T04:00:00Z', '2024-09-04T04:00:00Z', 'US/Eastern')).toBe(
      '2024-09-02 00:00 → 2024-09-04 00:00 EDT',
    );
    expect(formatInstantRange('2024-11-03T04:00:00Z', '2024-11-04T05:00:00Z', 'US/Eastern')).toBe(
      '2024-11-03 00:00 EDT → 2024-11-04 00:00 EST',
    );
    expect(formatInstantRange(null, '2024-11-04T05:00:00Z', 'UTC')).toBe('— → 2024-11-04 05:00 UTC');
  });

  it('the fall-back hour shows twice, told apart by its abbreviation', () => {
    expect(formatInstant('2024-11-03T05:00:00Z', 'US/Eastern')).toBe('2024-11-03 01:00 EDT');
    expect(formatInstant('2024-11-03T06:00:00Z', 'US/Eastern')).toBe('2024-11-03 01:00 EST');
  });

  it('names zones outside the market table as Intl does, and an unknown one as given', () => {
    expect(zoneNameAt('Europe/Berlin', at('2024-01-15T00:00:00Z'))).toBe('GMT+1');
    expect(zoneNameAt('Etc/UTC', 0)).toBe('UTC');
    expect(zoneNameAt('Mars/Olympus', 0)).toBe('Mars/Olympus');
    expect(wallTimeText(at('2024-01-15T00:00:00Z'), 'Europe/Berlin')).toBe('2024-01-15 01:00');
  });
});
