import { describe, expect, it } from 'vitest';
import { compareFrequency, formatFrequency, frequencySeconds, resampleSeconds } from './frequency.js';

describe('frequencySeconds', () => {
  it('reads data_frequency keys as durations', () => {
    expect(frequencySeconds('5_MINUTES')).toBe(300);
    expect(frequencySeconds('1_MINUTE')).toBe(60);
    expect(frequencySeconds('1_HOUR')).toBe(3600);
    expect(frequencySeconds('15_minutes')).toBe(900);
    expect(frequencySeconds('1_DAY_MARKET')).toBe(86_400);
    expect(frequencySeconds('1_WEEK')).toBe(604_800);
  });

  it('has no duration for irregular, named run or missing frequencies', () => {
    for (const f of ['IRREGULAR', 'ERCOT_SCED_RUN', '', null, undefined, '0_HOURS', 'HOURLY'])
      expect(frequencySeconds(f)).toBeNull();
  });
});

describe('compareFrequency', () => {
  it('sorts by duration, then named frequencies, then irregular, then none', () => {
    const keys = ['IRREGULAR', '1_DAY', null, '1_HOUR', 'ERCOT_SCED_RUN', '5_MINUTES', '15_MINUTES', '1_MINUTE', '1_MONTH'];
    expect([...keys].sort(compareFrequency)).toEqual([
      '1_MINUTE',
      '5_MINUTES',
      '15_MINUTES',
      '1_HOUR',
      '1_DAY',
      '1_MONTH',
      'ERCOT_SCED_RUN',
      'IRREGULAR',
      null,
    ]);
  });
});

describe('formatFrequency', () => {
  it('says a frequency key in words', () => {
    expect(formatFrequency('5_MINUTES')).toBe('5 minutes');
    expect(formatFrequency('1_HOUR')).toBe('1 hour');
    expect(formatFrequency('1_DAY_MARKET')).toBe('1 day (market)');
    expect(formatFrequency('IRREGULAR')).toBe('irregular');
    expect(formatFrequency('ERCOT_SCED_RUN')).toBe('ERCOT SCED run');
    expect(formatFrequency(null)).toBe('—');
  });
});

describe('resampleSeconds', () => {
  it('reads resample frequencies, shorthands and counted', () => {
    expect(['5min', '15min', '1h', '1d', '1w'].map(resampleSeconds)).toEqual([300, 900, 3600, 86_400, 604_800]);
    expect(resampleSeconds('1M')).toBe(frequencySeconds('1_MONTH'));
    expect(resampleSeconds('2 hours')).toBe(7200);
    expect(resampleSeconds('3 Minutes')).toBe(180);
    for (const f of ['', null, '1m', '0h', 'hourly', '1 fortnight']) expect(resampleSeconds(f)).toBeNull();
  });
});
