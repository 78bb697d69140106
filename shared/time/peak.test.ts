import { describe, expect, it } from 'vitest';
import { inPeakFilter, isNercHoliday, nercHolidays, peakBucket } from './peak.js';
import { marketDayWindow } from './market.js';

const at = (iso: string) => Date.parse(iso);

describe('NERC holidays', () => {
  it('lists the six holidays of 2024', () => {
    expect(nercHolidays(2024)).toEqual(['2024-01-01', '2024-05-27', '2024-07-04', '2024-09-02', '2024-11-28', '2024-12-25']);
  });

  it('moves a Sunday holiday to Monday and leaves a Saturday one', () => {
    // 2022: Christmas on a Sunday → Monday Dec 26; 2021: Christmas on a Saturday stays (no weekday off).
    expect(nercHolidays(2022)).toContain('2022-12-26');
    expect(nercHolidays(2021)).toContain('2021-12-25');
    expect(nercHolidays(2021)).not.toContain('2021-12-24');
    // 2023: New Year's Day on a Sunday → Monday Jan 2.
    expect(isNercHoliday('2023-01-02')).toBe(true);
  });
});

describe('peak buckets', () => {
  it('weekdays 07:00–23:00 market time are on-peak, the rest 7x8', () => {
    // Tuesday Sep 3, 2024 (EDT = UTC−4).
    expect(peakBucket(at('2024-09-03T10:55:00Z'), 'US/Eastern')).toBe('7x8'); // 06:55
    expect(peakBucket(at('2024-09-03T11:00:00Z'), 'US/Eastern')).toBe('on_peak'); // 07:00
    expect(peakBucket(at('2024-09-04T02:55:00Z'), 'US/Eastern')).toBe('on_peak'); // 22:55
    expect(peakBucket(at('2024-09-04T03:00:00Z'), 'US/Eastern')).toBe('7x8'); // 23:00
  });

  it('weekend days and NERC holidays are 2x16 in the day block', () => {
    expect(peakBucket(at('2024-09-07T16:00:00Z'), 'US/Eastern')).toBe('2x16'); // Saturday noon
    expect(peakBucket(at('2024-09-02T16:00:00Z'), 'US/Eastern')).toBe('2x16'); // Labor Day noon
    expect(peakBucket(at('2024-09-02T06:00:00Z'), 'US/Eastern')).toBe('7x8'); // Labor Day 02:00
  });

  it('reads the hour in the market zone, not UTC', () => {
    // 12:00Z is 07:00 CDT (on-peak in ERCOT) but 05:00 PDT (7x8 in CAISO).
    expect(peakBucket(at('2024-09-03T12:00:00Z'), 'US/Central')).toBe('on_peak');
    expect(peakBucket(at('2024-09-03T12:00:00Z'), 'US/Pacific')).toBe('7x8');
  });

  it('a weekday has 16 on-peak and 8 off-peak hours; a week 80 on-peak of 168', () => {
    const count = (first: string, days: number) => {
      const { start } = marketDayWindow(first, 'US/Eastern');
      const tally = { on_peak: 0, off_peak: 0 };
      for (let t = Date.parse(start), i = 0; i < days * 24; i++, t += 3600_000) {
        const b = peakBucket(t, 'US/Eastern');
        if (inPeakFilter(b, 'on_peak')) tally.on_peak++;
        if (inPeakFilter(b, 'off_peak')) tally.off_peak++;
      }
      return tally;
    };
    expect(count('2024-09-03', 1)).toEqual({ on_peak: 16, off_peak: 8 });
    expect(count('2024-09-09', 7)).toEqual({ on_peak: 80, off_peak: 88 });
  });
});
