import { describe, expect, it } from 'vitest';
import {
  alignTime,
  overlapFilter,
  overlaps,
  shownWindow,
  sliderRange,
  snapTime,
  stepMs,
  stepTime,
  stepTimeIn,
  stepWindow,
} from './timeWindow.js';

const H = 3_600_000;
const T0 = Date.parse('2024-09-02T00:00:00Z');
const range = { start: T0, end: T0 + 48 * H };

describe('overlaps (half-open on both sides)', () => {
  const w = { start: T0 + 10 * H, end: T0 + 11 * H };
  it.each([
    ['ends where the window starts', T0 + 9 * H, T0 + 10 * H, false],
    ['starts where the window ends', T0 + 11 * H, T0 + 12 * H, false],
    ['covers the window', T0, T0 + 20 * H, true],
    ['inside the window', T0 + 10 * H + 300_000, T0 + 10 * H + 600_000, true],
    ['starts with the window', T0 + 10 * H, T0 + 10 * H + 1, true],
    ['ends one ms into the window', T0, T0 + 10 * H + 1, true],
  ])('%s', (_, s, e, expected) => expect(overlaps(s, e, w)).toBe(expected));

  it('as a maplibre filter on start_ms / end_ms', () => {
    expect(overlapFilter(w)).toEqual(['all', ['<', ['get', 'start_ms'], w.end], ['<', w.start, ['get', 'end_ms']]]);
  });
});

describe('slider stepping', () => {
  it('ranges from the window start to its last 5-minute instant', () => {
    expect(sliderRange(range)).toEqual({ min: T0, max: T0 + 48 * H - 300_000 });
  });

  it('snaps into the range, down to the 5-minute step', () => {
    expect(snapTime(T0 + 11 * H + 299_999, range)).toBe(T0 + 11 * H);
    expect(snapTime(T0 - H, range)).toBe(T0);
    expect(snapTime(T0 + 99 * H, range)).toBe(T0 + 48 * H - 300_000);
    expect(snapTime(NaN, range)).toBe(T0);
  });

  it('steps by the step, not re-aligned to it: 11:00 one day on is 11:00', () => {
    expect(stepTime(T0 + 11 * H, 1, stepMs('1d'), range)).toBe(T0 + 35 * H);
    expect(stepTime(T0 + 11 * H, -1, stepMs('1h'), range)).toBe(T0 + 10 * H);
  });

  it('stops at either end', () => {
    expect(stepTime(T0 + 30 * H, 1, stepMs('1d'), range)).toBeNull();
    expect(stepTime(T0, -1, stepMs('5m'), range)).toBeNull();
    expect(stepTime(T0 + 48 * H - 600_000, 1, stepMs('5m'), range)).toBe(T0 + 48 * H - 300_000);
  });

  it('knows its steps; an unknown one is an hour', () => {
    expect([stepMs('5m'), stepMs('1h'), stepMs('1d'), stepMs('2w')]).toEqual([300_000, H, 24 * H, H]);
    expect(shownWindow(T0, H)).toEqual({ start: T0, end: T0 + H });
  });
});

describe('a "1 day" step is a market day', () => {
  const EDT_DAY = Date.parse('2024-09-02T04:00:00Z');
  const week = { start: EDT_DAY, end: EDT_DAY + 7 * 24 * H };
  const fallBack = { start: Date.parse('2023-11-05T04:00:00Z'), end: Date.parse('2023-11-07T05:00:00Z') };

  it('starts at 00:00 market time of the day holding t', () => {
    expect(alignTime(EDT_DAY + 11 * H, '1d', 'US/Eastern', week)).toBe(EDT_DAY);
    expect(alignTime(EDT_DAY + 11 * H, '1d', 'US/Central', week)).toBe(EDT_DAY + H);
    expect(alignTime(EDT_DAY + 11 * H, '1h', 'US/Eastern', week)).toBe(EDT_DAY + 11 * H);
    // "1 hour" starts on the market hour; "5 minutes" keeps t.
    expect(alignTime(EDT_DAY + 11 * H + 35 * 60_000, '1h', 'US/Eastern', week)).toBe(EDT_DAY + 11 * H);
    expect(alignTime(EDT_DAY + 11 * H + 35 * 60_000, '5m', 'US/Eastern', week)).toBe(EDT_DAY + 11 * H + 35 * 60_000);
    // A window that starts mid-day: its first day starts with the window.
    expect(alignTime(T0 + 2 * H, '1d', 'US/Eastern', range)).toBe(T0);
  });

  it('lasts to the next midnight: 25 hours on the fall-back day', () => {
    expect(stepWindow(fallBack.start, '1d', 'US/Eastern')).toEqual({ start: fallBack.start, end: fallBack.start + 25 * H });
    expect(stepWindow(EDT_DAY, '1h', 'US/Eastern')).toEqual({ start: EDT_DAY, end: EDT_DAY + H });
  });

  it('steps midnight to midnight across the DST change, and stops at the ends', () => {
    const second = stepTimeIn(fallBack.start, 1, '1d', 'US/Eastern', fallBack);
    expect(second).toBe(Date.parse('2023-11-06T05:00:00Z'));
    expect(stepTimeIn(second!, 1, '1d', 'US/Eastern', fallBack)).toBeNull();
    expect(stepTimeIn(second!, -1, '1d', 'US/Eastern', fallBack)).toBe(fallBack.start);
    expect(stepTimeIn(fallBack.start, -1, '1d', 'US/Eastern', fallBack)).toBeNull();
    // From mid-day, back first goes to that day's midnight; before the window's start, to the start.
    expect(stepTimeIn(EDT_DAY + 30 * H, -1, '1d', 'US/Eastern', week)).toBe(EDT_DAY + 24 * H);
    expect(stepTimeIn(T0 + 2 * H, -1, '1d', 'US/Eastern', range)).toBe(T0);
    expect(stepTimeIn(EDT_DAY, 1, '5m', 'US/Eastern', week)).toBe(EDT_DAY + 300_000);
  });
});
