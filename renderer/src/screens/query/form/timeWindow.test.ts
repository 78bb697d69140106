import { describe, expect, it } from 'vitest';
import { availability, formZone, presetWindow, pressedPreset, shiftDate } from './timeWindow.js';

const span = (earliest: string, latest: string) => ({
  earliest_available_time_utc: earliest,
  latest_available_time_utc: latest,
});

describe('time window presets', () => {
  it('shiftDate moves by days across month ends and by calendar months, clamping the day', () => {
    expect(shiftDate('2024-03-01', { days: -1 })).toBe('2024-02-29');
    expect(shiftDate('2024-03-31', { months: -1 })).toBe('2024-02-29');
    expect(shiftDate('2023-03-31', { months: -1 })).toBe('2023-02-28');
    expect(shiftDate('2024-01-15', { months: -1 })).toBe('2023-12-15');
    expect(shiftDate('2024-12-31', { days: 1 })).toBe('2025-01-01');
  });

  it('availability is in wall-clock days of the zone: the last day of data ends the window', () => {
    // 2024-03-10 06:00 UTC is 01:00 EST (before the DST change), the last interval of the local 10th.
    const nyiso = span('2024-03-03T05:00:00+00:00', '2024-03-10T06:00:00+00:00');
    expect(availability(nyiso, 'America/New_York')).toEqual({
      start: '2024-03-03',
      end: '2024-03-11',
      firstTime: '2024-03-03 00:00',
      lastTime: '2024-03-10 01:00',
    });
    expect(availability(nyiso, 'UTC')).toMatchObject({ start: '2024-03-03', end: '2024-03-11', firstTime: '2024-03-03 05:00' });
    expect(availability(nyiso, 'Asia/Tokyo')).toMatchObject({
      start: '2024-03-03',
      end: '2024-03-11',
      lastTime: '2024-03-10 15:00',
    });
    expect(availability(span('2024-03-10T06:00:00Z', '2024-03-03T05:00:00Z'), 'UTC')).toBeNull();
    expect(
      availability({ earliest_available_time_utc: null, latest_available_time_utc: '2024-03-03T05:00:00Z' }, 'UTC'),
    ).toBeNull();
    expect(availability(nyiso, 'Mars/Olympus')).toBeNull();
  });

  it('week, day, month and all windows; none starts before the data', () => {
    const a = availability(span('2024-01-20T05:00:00Z', '2024-03-10T04:00:00Z'), 'America/New_York');
    expect(presetWindow(a, 'day')).toEqual({ start: '2024-03-09', end: '2024-03-10' });
    expect(presetWindow(a, 'week')).toEqual({ start: '2024-03-03', end: '2024-03-10' });
    expect(presetWindow(a, 'month')).toEqual({ start: '2024-02-10', end: '2024-03-10' });
    expect(presetWindow(a, 'all')).toEqual({ start: '2024-01-20', end: '2024-03-10' });
    const short = availability(span('2024-03-08T05:00:00Z', '2024-03-10T04:00:00Z'), 'America/New_York');
    expect(presetWindow(short, 'month')).toEqual({ start: '2024-03-08', end: '2024-03-10' });
  });

  it('one preset is pressed: the clicked one while its window is in the fields, else the narrowest that matches', () => {
    const a = availability(span('2024-01-20T05:00:00Z', '2024-03-10T04:00:00Z'), 'America/New_York');
    expect(pressedPreset(a, '2024-03-03', '2024-03-10')).toBe('week');
    expect(pressedPreset(a, '2024-03-03', '2024-03-10', 'all')).toBe('week');
    // Three days of data: week, month and all are the same window.
    const short = availability(span('2024-03-08T05:00:00Z', '2024-03-10T04:00:00Z'), 'America/New_York');
    expect(pressedPreset(short, ' 2024-03-08', '2024-03-10 ')).toBe('week');
    expect(pressedPreset(short, '2024-03-08', '2024-03-10', 'all')).toBe('all');
    expect(pressedPreset(short, '2024-03-09', '2024-03-10', 'all')).toBe('day');
    expect(pressedPreset(short, '2024-03-08', '2024-03-11', 'all')).toBeNull();
    expect(pressedPreset(null, '2024-03-08', '2024-03-10')).toBeNull();
    expect(presetWindow(null, 'week')).toBeNull();
  });

  it('formZone: UTC when none is chosen, the market zone for market time and while a typed zone is wrong', () => {
    const ds = { data_timezone: 'America/Chicago' };
    expect(formZone(ds, '', '')).toBe('UTC');
    expect(formZone(ds, 'market', '')).toBe('America/Chicago');
    expect(formZone(ds, 'Europe/London', '')).toBe('Europe/London');
    expect(formZone(ds, 'other', 'Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(formZone(ds, 'other', 'Mars/Olympus')).toBe('America/Chicago');
  });
});
