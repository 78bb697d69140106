import { describe, expect, it } from 'vitest';
import { MINUTES_LIMIT, endMinutes, startMinutes, windowOrigin } from './minutes.js';

const T = (iso: string) => Date.parse(iso);
const origin = windowOrigin(T('2024-09-02T00:00:00Z'));
// The renderer's filter on minutes (float32 on the GPU): [start, end) overlaps [a, b) iff start < b && a < end.
const shows = (startMs: number, endMs: number, a: number, b: number) => {
  const [s, e] = [Math.fround(startMinutes(startMs, origin)), Math.fround(endMinutes(endMs, origin))];
  return s < b && a < e;
};
const overlapsMs = (startMs: number, endMs: number, a: number, b: number) =>
  startMs < origin + b * 60_000 && origin + a * 60_000 < endMs;

describe('minutes from the window origin', () => {
  it('the origin is the window start floored to the minute', () => {
    expect(windowOrigin(T('2024-09-02T00:00:30.500Z'))).toBe(T('2024-09-02T00:00:00Z'));
    expect(windowOrigin(origin)).toBe(origin);
  });

  it('starts round down, ends round up; whole minutes stay exact in float32', () => {
    expect(startMinutes(T('2024-09-02T01:05:00Z'), origin)).toBe(65);
    expect(startMinutes(T('2024-09-02T01:05:59Z'), origin)).toBe(65);
    expect(endMinutes(T('2024-09-02T01:05:01Z'), origin)).toBe(66);
    expect(startMinutes(T('2017-11-19T15:00:00Z'), origin)).toBe(-3_568_860);
    for (const m of [65, -3_568_860, 43_200, MINUTES_LIMIT]) expect(Math.fround(m)).toBe(m);
  });

  it('an edge beyond 2^24 minutes (31.9 years) is stored at the limit, still outside every window', () => {
    expect(endMinutes(T('2099-01-01T00:00:00Z'), origin)).toBe(MINUTES_LIMIT);
    expect(startMinutes(T('1950-01-01T00:00:00Z'), origin)).toBe(-MINUTES_LIMIT);
    expect(shows(T('1950-01-01T00:00:00Z'), T('2099-01-01T00:00:00Z'), 0, 5)).toBe(true);
  });

  it.each([
    ['ends exactly where the window starts', '2024-09-02T10:00:00Z', '2024-09-02T11:00:00Z', false],
    ['starts exactly where the window ends', '2024-09-02T12:00:00Z', '2024-09-02T13:00:00Z', false],
    ['ends a minute into the window', '2024-09-02T10:00:00Z', '2024-09-02T11:01:00Z', true],
    ['starts a minute before the window ends', '2024-09-02T11:59:00Z', '2024-09-02T13:00:00Z', true],
    ['covers the window', '2024-09-01T00:00:00Z', '2024-09-05T00:00:00Z', true],
    ['lies inside the window', '2024-09-02T11:10:00Z', '2024-09-02T11:15:00Z', true],
  ])('half-open at the edges of [11:00, 12:00): an interval that %s', (_name, s, e, shown) => {
    const [a, b] = [660, 720];
    expect(shows(T(s), T(e), a, b)).toBe(shown);
    expect(overlapsMs(T(s), T(e), a, b)).toBe(shown);
  });

  it('agrees with the millisecond rule for every 5-minute window of two days and intervals on whole minutes', () => {
    const intervals = Array.from({ length: 200 }, (_, i) => {
      const s = origin + ((i * 7919) % 2880) * 60_000;
      return [s, s + (1 + ((i * 104_729) % 600)) * 60_000] as const;
    });
    for (let a = 0; a < 2880; a += 5)
      for (const [s, e] of intervals) expect(shows(s, e, a, a + 5)).toBe(overlapsMs(s, e, a, a + 5));
  });
});
