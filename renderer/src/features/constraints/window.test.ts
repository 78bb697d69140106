import { describe, expect, it } from 'vitest';
import { marketTimeOf } from '../time/marketTime.js';
import { instantFieldText, readWindow, rezoneWindowText, windowFieldText } from './window.js';
import { marketDayPresets, readMarketDay, samplePresets } from './windowPresets.js';

const pjm = marketTimeOf('pjm', 'market');
const utc = marketTimeOf('pjm', 'utc');
const hours = (w: { start: string; end: string }) => (Date.parse(w.end) - Date.parse(w.start)) / 3_600_000;

describe('the window fields in market time', () => {
  it('show an instant as wall time of the zone shown', () => {
    expect(windowFieldText('2024-09-02T04:00:00Z', 'US/Eastern')).toBe('2024-09-02 00:00');
    expect(windowFieldText('2024-09-02T04:00:00Z', 'UTC')).toBe('2024-09-02 04:00');
    expect(windowFieldText('2024-09-02T04:00:30Z', 'UTC')).toBe('2024-09-02 04:00:30');
    expect(windowFieldText('not a time', 'UTC')).toBe('not a time');
  });

  it('keep the offset of the repeated hour of the fall-back day, so it reads back as itself', () => {
    const second = Date.parse('2024-11-03T06:30:00Z'); // 01:30 EST, the second 01:30 of the day
    expect(instantFieldText(second, 'US/Eastern')).toBe('2024-11-03 01:30 -05:00');
    expect(instantFieldText(second - 3_600_000, 'US/Eastern')).toBe('2024-11-03 01:30');
    const read = readWindow({ start: instantFieldText(second, 'US/Eastern'), end: '2024-11-03 02:00' }, pjm);
    expect(read).toEqual({ window: { start: '2024-11-03T06:30:00Z', end: '2024-11-03T07:00:00Z' } });
  });

  it('read typed text in the zone shown, as UTC instants with Z', () => {
    expect(readWindow({ start: '2024-09-02', end: '2024-09-04' }, pjm)).toEqual({
      window: { start: '2024-09-02T04:00:00Z', end: '2024-09-04T04:00:00Z' },
    });
    expect(readWindow({ start: '2023-11-06', end: '2023-11-07' }, pjm)).toEqual({
      window: { start: '2023-11-06T05:00:00Z', end: '2023-11-07T05:00:00Z' },
    });
    expect(readWindow({ start: '2024-09-02', end: '2024-09-04' }, utc)).toEqual({
      window: { start: '2024-09-02T00:00:00Z', end: '2024-09-04T00:00:00Z' },
    });
    // An explicit offset wins over the zone shown.
    expect(readWindow({ start: '2024-09-02T00:00Z', end: '2024-09-02 01:00' }, pjm)).toEqual({
      window: { start: '2024-09-02T00:00:00Z', end: '2024-09-02T05:00:00Z' },
    });
  });

  it('say what is wrong by each field, naming the zone', () => {
    expect(readWindow({ start: '', end: '' }, pjm)).toEqual({
      problems: { start: 'Enter a start date or date-time (EPT).', end: 'Enter an end date or date-time (EPT).' },
    });
    expect(readWindow({ start: '', end: '2024-09-02' }, utc)).toMatchObject({
      problems: { start: 'Enter a start date or date-time (UTC).' },
    });
    expect(readWindow({ start: '09/02/2024', end: '2024-09-02' }, pjm)).toMatchObject({
      problems: { start: expect.stringMatching(/^Not a date or date-time: use 2024-03-10/) },
    });
    expect(readWindow({ start: '2024-09-03', end: '2024-09-02' }, pjm)).toEqual({
      problems: { end: 'End must be after Start.' },
    });
  });

  it('move what is typed to the other zone on the UTC switch, leaving unreadable text alone', () => {
    expect(rezoneWindowText({ start: '2024-09-02 00:00', end: 'soon' }, 'US/Eastern', 'UTC')).toEqual({
      start: '2024-09-02 04:00',
      end: 'soon',
    });
  });

  it('a market without a clock is shown and read in UTC', () => {
    const aeso = marketTimeOf('aeso', 'market');
    expect(aeso).toMatchObject({ zone: 'UTC', utc: true, marketZone: 'UTC', clock: undefined });
    expect(readWindow({ start: '2024-09-02', end: '2024-09-03' }, aeso)).toEqual({
      window: { start: '2024-09-02T00:00:00Z', end: '2024-09-03T00:00:00Z' },
    });
  });
});

describe('window presets', () => {
  // 16:00Z on Thursday 2024-09-05 is noon EDT.
  const now = Date.parse('2024-09-05T16:00:00Z');
  const byId = (id: string) => marketDayPresets(now, 'US/Eastern').find((p) => p.id === id)!;

  it('count whole market days back from today in the market zone', () => {
    expect(byId('yesterday')).toMatchObject({ start: '2024-09-04T04:00:00Z', end: '2024-09-05T04:00:00Z' });
    expect(byId('today')).toMatchObject({ start: '2024-09-05T04:00:00Z', end: '2024-09-06T04:00:00Z' });
    expect(byId('last7')).toMatchObject({ start: '2024-08-29T04:00:00Z', end: '2024-09-05T04:00:00Z' });
    expect(byId('monthToDate')).toMatchObject({ start: '2024-09-01T04:00:00Z', end: '2024-09-06T04:00:00Z' });
    expect(byId('lastMonth')).toMatchObject({ start: '2024-08-01T04:00:00Z', end: '2024-09-01T04:00:00Z' });
    expect(marketDayPresets(Date.parse('2023-11-07T12:00:00Z'), 'US/Eastern').find((p) => p.id === 'yesterday')).toMatchObject({
      start: '2023-11-06T05:00:00Z',
      end: '2023-11-07T05:00:00Z',
    });
  });

  it('offer the embedded samples as market days', () => {
    expect(samplePresets('US/Eastern').map(({ id, start, end }) => ({ id, start, end }))).toEqual([
      { id: 'sample-2024', start: '2024-09-02T04:00:00Z', end: '2024-09-04T04:00:00Z' },
      { id: 'sample-2023', start: '2023-11-05T04:00:00Z', end: '2023-11-07T05:00:00Z' },
    ]);
  });

  it('read a chosen market day: 25 hours on the fall-back day, 23 on the spring one', () => {
    const fallBack = readMarketDay(' 2023-11-05 ', 'US/Eastern');
    expect(fallBack).toEqual({ window: { start: '2023-11-05T04:00:00Z', end: '2023-11-06T05:00:00Z' } });
    expect('window' in fallBack && hours(fallBack.window)).toBe(25);
    const spring = readMarketDay('2024-03-10', 'US/Central');
    expect('window' in spring && hours(spring.window)).toBe(23);
    expect(readMarketDay('', 'US/Eastern')).toEqual({ problem: 'Enter a market day, e.g. 2024-09-02.' });
    expect(readMarketDay('09/02/2024', 'US/Eastern')).toEqual({
      problem: "'09/02/2024' is not a market date: use YYYY-MM-DD, e.g. 2024-09-02",
    });
  });
});
