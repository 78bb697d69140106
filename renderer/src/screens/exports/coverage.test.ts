import { describe, expect, it } from 'vitest';
import { coverageText, selectionCoverage } from './coverage.js';

describe('export file coverage', () => {
  it('a file is a UTC day: in market time it runs evening to evening', () => {
    expect(coverageText('2024-09-04', 'US/Eastern')).toBe('2024-09-03 20:00 → 2024-09-04 20:00 EDT');
    expect(coverageText('2024-01-15', 'US/Central')).toBe('2024-01-14 18:00 → 2024-01-15 18:00 CST');
    expect(coverageText('2024-09-04', 'UTC')).toBe('2024-09-04 00:00 → 2024-09-05 00:00 UTC');
    // The file of the fall-back day's UTC date changes zone inside it.
    expect(coverageText('2023-11-05', 'US/Eastern')).toBe('2023-11-04 20:00 EDT → 2023-11-05 19:00 EST');
  });

  it('lists a few selected days one by one, and many as runs of consecutive days', () => {
    expect(selectionCoverage(['2024-09-04', '2024-09-02'], 'US/Eastern')).toEqual([
      '2024-09-02: 2024-09-01 20:00 → 2024-09-02 20:00 EDT',
      '2024-09-04: 2024-09-03 20:00 → 2024-09-04 20:00 EDT',
    ]);
    const march = ['2024-03-01', '2024-03-02', '2024-03-03', '2024-03-04', '2024-03-05', '2024-03-08'];
    expect(selectionCoverage(march, 'US/Eastern')).toEqual([
      '2024-03-01 – 2024-03-05: 2024-02-29 19:00 → 2024-03-05 19:00 EST',
      '2024-03-08: 2024-03-07 19:00 → 2024-03-08 19:00 EST',
    ]);
  });
});
