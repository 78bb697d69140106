import { describe, expect, it } from 'vitest';
import { columnLabel, pluralInSentence, seriesNote, xAxisTitle, yAxisTitle } from './chartLabels.js';

describe('chart labels', () => {
  it('say columns in words with units, never their code names', () => {
    expect(columnLabel('shadow_price')).toBe('Shadow price ($/MWh)');
    expect(columnLabel('demand')).toBe('Demand (MW)');
    expect(yAxisTitle(['shadow_price'])).toBe('Shadow price ($/MWh)');
    expect(yAxisTitle(['lmp', 'congestion'])).toBe('LMP, Congestion component ($/MWh)');
    expect(yAxisTitle(['lmp', 'load'])).toBe('LMP ($/MWh), Load (MW)');
    expect(xAxisTitle('interval_start_utc', 'US/Eastern')).toBe('Interval start (EPT)');
    expect(xAxisTitle('interval_start_utc', 'UTC')).toBe('Interval start (UTC)');
  });

  it('say which series the chart draws', () => {
    const base = { column: 'monitored_facility', rankBy: 'shadow_price', truncated: false, picked: false };
    expect(seriesNote({ ...base, shown: 7, total: 7 })).toBe('All 7 monitored facilities');
    expect(seriesNote({ ...base, shown: 8, total: 23 })).toBe('Top 8 of 23 monitored facilities by peak |shadow price|');
    expect(seriesNote({ ...base, shown: 3, total: 23, picked: true })).toBe('3 of 23 monitored facilities, as picked');
    expect(seriesNote({ ...base, column: 'location', rankBy: 'lmp', shown: 8, total: 1000, truncated: true })).toBe(
      'Top 8 of 1,000+ locations by peak |LMP|',
    );
    expect(pluralInSentence('Zone')).toBe('zones');
    expect(pluralInSentence('SPP NSI')).toBe('SPP NSIs');
  });
});
