import { describe, expect, it } from 'vitest';
import { auditRow } from '../../../../shared/test-support/fixtures.js';
import { auditColumns, describeDates, marketDateSeconds } from './auditData.js';

const DAY = 86_400;

describe('auditColumns', () => {
  it('fills every market date between the first and last row, unlisted ones as 0', () => {
    const cols = auditColumns([
      auditRow('2024-03-11', { number_of_datapoints: 276, number_of_unique_time_index_values: 23 }),
      auditRow('2024-03-08', { number_of_datapoints: 288, number_of_unique_publish_times_on_publish_date: 4 }),
      auditRow('2024-03-09', { number_of_datapoints: 0, number_of_unique_time_index_values: 0 }),
    ]);
    const first = Date.parse('2024-03-08T00:00:00Z') / 1000;
    expect(cols.days).toEqual([first, first + DAY, first + 2 * DAY, first + 3 * DAY]);
    expect(cols.datapoints).toEqual([288, 0, 0, 276]);
    expect(cols.timeIndexValues).toEqual([24, 0, 0, 23]);
    expect(cols.publishTimes).toEqual([4, 1, 0, 1]);
    expect(cols.emptyDates).toEqual(['2024-03-09', '2024-03-10']);
  });

  it('skips rows with bad dates and handles no rows', () => {
    expect(auditColumns([]).days).toEqual([]);
    const cols = auditColumns([auditRow('2024-3-1'), auditRow('2024-03-01', { number_of_datapoints: 5 })]);
    expect(cols.datapoints).toEqual([5]);
    expect(marketDateSeconds('yesterday')).toBeNaN();
  });

  it('does not fill a span of more than a century', () => {
    const cols = auditColumns([auditRow('1900-01-01'), auditRow('2024-01-01')]);
    expect(cols.days).toHaveLength(2);
    expect(cols.emptyDates).toEqual([]);
  });
});

describe('describeDates', () => {
  it('joins consecutive dates into runs and shortens a long list', () => {
    expect(describeDates(['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-09'])).toBe('2024-01-02 – 2024-01-04, 2024-01-09');
    expect(describeDates(['2024-02-28', '2024-02-29', '2024-03-01'])).toBe('2024-02-28 – 2024-03-01');
    const many = Array.from({ length: 9 }, (_, i) => `2024-01-${String(1 + 2 * i).padStart(2, '0')}`);
    expect(describeDates(many, 3)).toBe('2024-01-01, 2024-01-03, 2024-01-05, and 6 more');
  });
});
