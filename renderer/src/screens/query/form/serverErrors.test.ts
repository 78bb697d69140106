import { describe, expect, it } from 'vitest';
import type { GsError } from '../../../../../shared/errors.js';
import { fieldErrorOf } from '../../../components/fieldErrors.js';

const v = (message: string): GsError => ({ code: 'validation', message, status: 400 });
const rejected = (detail: string) => `The /v1 server rejected the request (400): ${detail}`;

describe('refusals of resampling and vintages, by their fields', () => {
  it.each([
    [
      rejected("Invalid resample_frequency '2 fortnights'. Accepted values: 5min, 15min, 30min, 1h, 1d, 1w, 1M, or 'N minutes'"),
      'resampleFrequency',
      /^"2 fortnights" is not an interval\. Pick an interval from the list/,
    ],
    [
      rejected("Invalid publish_time 'latest_before:soon': the offset after latest_before: must look like -1 day, -6 hours"),
      'publishTime',
      /^Write an offset from the interval start such as -1 day/,
    ],
    [
      rejected("Invalid publish_time '2024-13-01': expected an ISO 8601 date or date-time such as 2024-01-01"),
      'publishTime',
      /^Not a date or date-time \(months are 01–12\)/,
    ],
    [
      rejected("Invalid publish_time_end '2024-10-01 25:00': expected an ISO 8601 date or date-time"),
      'publishTimeEnd',
      /^Not a date or date-time \(hours are 00–23/,
    ],
    [
      rejected(
        'Dataset nyiso_zonal_load_5_min has no publish time column: publish_time, publish_time_start and publish_time_end do not apply to it',
      ),
      'publishTime',
      /^This dataset has no forecast vintages/,
    ],
    [
      'Invalid input for workspace:pull: query.resampleBy.0: column: A-Z, a-z, 0-9 and _ only',
      'resampleBy',
      /^Choose the columns to group by from the list\.$/,
    ],
    [
      'Invalid input for workspace:pull: query.publishTime: Publish time: latest, latest report, latest before an offset, or a date-time.',
      'publishTime',
      /^Publish time: latest/,
    ],
    ['Invalid input for workspace:pull: query.startTime: x', 'start', /^Not a date or date-time/],
  ])('%s → %s', (message, field, text) => {
    const found = fieldErrorOf(v(message));
    expect(found?.field).toBe(field);
    expect(found?.text).toMatch(text);
    expect(found?.text).not.toMatch(/resample_|publish_time|\/v1|workspace:/);
  });

  it('a missing column is the grouping’s when the refused query grouped by it, else the filter’s', () => {
    const missing = v(rejected('Column zone not found in dataset. Possible columns: interval_start_utc, location'));
    expect(fieldErrorOf(missing, { resampleBy: ['zone'] })).toEqual({
      field: 'resampleBy',
      text: 'This dataset has no column zone.',
    });
    expect(fieldErrorOf(missing, { resampleBy: ['location'] })?.field).toBe('filterColumn');
    expect(fieldErrorOf(missing)?.field).toBe('filterColumn');
  });

  it('a plan without resampling is told by the interval; other refusals of the plan are not a field’s', () => {
    const forbidden: GsError = { code: 'forbidden', message: 'Resampling requires a paid plan. Your plan: free.', status: 403 };
    expect(fieldErrorOf(forbidden)).toEqual({
      field: 'resampleFrequency',
      text: 'Resampling needs a paid plan (yours: free): choose "No resampling".',
    });
    expect(fieldErrorOf({ code: 'forbidden', message: 'Your plan lacks access to this dataset.' })).toBeUndefined();
  });
});
