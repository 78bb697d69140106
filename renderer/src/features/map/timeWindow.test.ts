import { describe, expect, it } from 'vitest';
import { overlapFilter, overlaps, shownWindow, sliderRange, snapTime, stepMs, stepTime } from './timeWindow.js';

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
