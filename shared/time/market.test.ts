import { describe, expect, it } from 'vitest';
import {
  MARKET_CLOCKS,
  MARKET_IDS,
  addDays,
  marketClock,
  marketDateOf,
  marketDayWindow,
  marketDaysWindow,
  parseMarketDate,
  wallParts,
  zoneAbbreviation,
} from './market.js';
import { presetDays, presetWindow } from './presets.js';

const HOUR = 3600_000;
const hours = (w: { start: string; end: string }) => (Date.parse(w.end) - Date.parse(w.start)) / HOUR;

describe('market zones', () => {
  it('puts each market in its zone', () => {
    const zones = Object.fromEntries(MARKET_IDS.map((id) => [id, MARKET_CLOCKS[id].zone]));
    expect(zones).toEqual({
      pjm: 'US/Eastern',
      nyiso: 'US/Eastern',
      isone: 'US/Eastern',
      miso: 'US/Central',
      spp: 'US/Central',
      ercot: 'US/Central',
      caiso: 'US/Pacific',
    });
  });

  it('reads market names written any common way, and nothing else', () => {
    expect(marketClock('PJM')?.id).toBe('pjm');
    expect(marketClock('ISO-NE')?.id).toBe('isone');
    expect(marketClock('isone')?.name).toBe('ISO-NE');
    expect(marketClock('AESO')).toBeUndefined();
    expect(marketClock(null)).toBeUndefined();
  });

  it('names the zone in force: EDT in summer, EST in winter, CPT markets CDT/CST', () => {
    const pjm = MARKET_CLOCKS.pjm;
    expect(zoneAbbreviation(pjm, Date.parse('2024-09-02T12:00:00Z'))).toBe('EDT');
    expect(zoneAbbreviation(pjm, Date.parse('2024-12-02T12:00:00Z'))).toBe('EST');
    expect(zoneAbbreviation(MARKET_CLOCKS.ercot, Date.parse('2024-07-01T12:00:00Z'))).toBe('CDT');
    expect(zoneAbbreviation(MARKET_CLOCKS.caiso, Date.parse('2024-01-01T12:00:00Z'))).toBe('PST');
    expect(zoneAbbreviation(undefined, 0)).toBe('UTC');
  });
});

describe('market days', () => {
  it('an EDT day is 04:00Z→04:00Z and an EST day 05:00Z→05:00Z', () => {
    expect(marketDayWindow('2024-09-02', 'US/Eastern')).toEqual({ start: '2024-09-02T04:00:00Z', end: '2024-09-03T04:00:00Z' });
    expect(marketDayWindow('2024-12-02', 'US/Eastern')).toEqual({ start: '2024-12-02T05:00:00Z', end: '2024-12-03T05:00:00Z' });
    expect(marketDayWindow('2024-12-02', 'US/Central')).toEqual({ start: '2024-12-02T06:00:00Z', end: '2024-12-03T06:00:00Z' });
  });

  it('the fall-back day has 25 hours and the spring-forward day 23', () => {
    expect(hours(marketDayWindow('2024-11-03', 'US/Eastern'))).toBe(25);
    expect(hours(marketDayWindow('2024-03-10', 'US/Eastern'))).toBe(23);
    expect(hours(marketDayWindow('2024-03-11', 'US/Eastern'))).toBe(24);
    expect(hours(marketDaysWindow('2024-11-01', '2024-11-07', 'US/Pacific'))).toBe(7 * 24 + 1);
  });

  it('refuses a date that is not a real day and a range that runs backwards', () => {
    expect(() => parseMarketDate('2024-02-30')).toThrow(/not a market date/);
    expect(() => parseMarketDate('2024-9-2')).toThrow(/YYYY-MM-DD/);
    expect(() => marketDaysWindow('2024-09-03', '2024-09-02', 'US/Eastern')).toThrow(/before the first/);
  });

  it('reads the market date and wall clock of an instant', () => {
    // 03:59Z on Sep 3 is still 23:59 EDT on Sep 2.
    expect(marketDateOf(Date.parse('2024-09-03T03:59:00Z'), 'US/Eastern')).toBe('2024-09-02');
    expect(marketDateOf(Date.parse('2024-09-03T04:00:00Z'), 'US/Eastern')).toBe('2024-09-03');
    expect(wallParts(Date.parse('2024-09-02T11:30:00Z'), 'US/Eastern')).toEqual({
      date: '2024-09-02',
      hour: 7,
      minute: 30,
      weekday: 1,
    });
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
  });
});

describe('market-day presets', () => {
  const now = Date.parse('2024-11-04T15:00:00Z'); // Monday Nov 4, 10:00 EST

  it('yesterday is the previous market day, 25 hours long after the fall-back', () => {
    expect(presetWindow('yesterday', now, 'US/Eastern')).toEqual({ start: '2024-11-03T04:00:00Z', end: '2024-11-04T05:00:00Z' });
  });

  it('last 7 market days end where today begins; month to date starts on the 1st', () => {
    expect(presetDays('last7', now, 'US/Eastern')).toEqual({ first: '2024-10-28', last: '2024-11-03' });
    expect(presetWindow('monthToDate', now, 'US/Eastern')).toEqual({
      start: '2024-11-01T04:00:00Z',
      end: '2024-11-05T05:00:00Z',
    });
    expect(presetDays('lastMonth', now, 'US/Eastern')).toEqual({ first: '2024-10-01', last: '2024-10-31' });
  });

  it('counts from the market day, not the UTC day', () => {
    // 02:00Z on Nov 5 is still Nov 4 in Eastern time, and already Nov 5 in UTC.
    expect(presetDays('today', Date.parse('2024-11-05T02:00:00Z'), 'US/Eastern').first).toBe('2024-11-04');
    expect(presetDays('today', Date.parse('2024-11-05T02:00:00Z'), 'UTC').first).toBe('2024-11-05');
  });
});
