import { describe, expect, it } from 'vitest';
import {
  EXACT_END_PX,
  MAX_SCROLL_PX,
  areaHeight,
  isScaled,
  maxScrollTop,
  maxTop,
  parseRowNumber,
  rowAtTop,
  scrollTopFor,
  topAt,
  topForRow,
  windowAt,
} from './scrollMap.js';
import type { ScrollGeometry } from './scrollMap.js';

const RH = 28;
const VIEW = 700;
const CHROMIUM_CAP = 33_554_432;
const at = (rows: number): ScrollGeometry => ({ rows, rowHeight: RH, viewport: VIEW });
/** Most rows whose height fits under the cap. */
const CAP_ROWS = Math.floor(MAX_SCROLL_PX / RH);

/** Where row `index` sits, px from the viewport's top, in the window laid out at `scrollTop`. */
function rowOffset(scrollTop: number, g: ScrollGeometry, index: number): number {
  const top = topAt(scrollTop, g);
  const w = windowAt(top, scrollTop, g, 12);
  expect(index).toBeGreaterThanOrEqual(w.first);
  expect(index).toBeLessThan(w.end);
  // Laid out in the area: the spacer above, then one row height each.
  return w.padTop + (index - w.first) * RH - scrollTop;
}

describe('scaled scroll: below the cap', () => {
  it('maps 1:1, the area as tall as the rows', () => {
    const g = at(1000);
    expect(isScaled(g)).toBe(false);
    expect(areaHeight(g)).toBe(28_000);
    for (const s of [0, 1, 500, 27_300]) {
      expect(topAt(s, g)).toBe(s);
      expect(scrollTopFor(s, g)).toBe(s);
    }
    expect(topAt(1e9, g)).toBe(27_300);
    expect(topAt(-5, g)).toBe(0);
  });

  it('the most rows under the cap are not scaled, one row more is', () => {
    expect(isScaled(at(CAP_ROWS))).toBe(false);
    expect(isScaled(at(CAP_ROWS + 1))).toBe(true);
    expect(areaHeight(at(CAP_ROWS + 1))).toBe(MAX_SCROLL_PX);
  });

  it('fewer rows than the viewport holds: nothing to scroll', () => {
    const g = at(5);
    expect(maxTop(g)).toBe(0);
    expect(topAt(300, g)).toBe(0);
    expect(windowAt(0, 0, g, 12)).toEqual({ first: 0, end: 5, padTop: 0, padBottom: 0 });
  });

  it('no rows: an empty window', () => {
    expect(windowAt(0, 0, at(0), 12)).toEqual({ first: 0, end: 0, padTop: 0, padBottom: 0 });
  });
});

describe.each([
  ['just over the cap', CAP_ROWS + 1],
  ['1.5 million rows (past the old 1,198,372 limit)', 1_500_000],
  ['100 million rows', 100_000_000],
  ['a billion rows', 1_000_000_000],
])('scaled scroll: %s', (_name, rows) => {
  const g = at(rows);

  it('keeps the area under the browser cap', () => {
    expect(areaHeight(g)).toBeLessThanOrEqual(MAX_SCROLL_PX);
    expect(MAX_SCROLL_PX).toBeLessThan(CHROMIUM_CAP);
    expect(isScaled(g)).toBe(true);
  });

  it('starts at the first row and ends with the last row at the viewport bottom, exactly', () => {
    expect(topAt(0, g)).toBe(0);
    expect(topAt(maxScrollTop(g), g)).toBe(rows * RH - VIEW);
    expect(rowOffset(0, g, 0)).toBe(0);
    expect(rowOffset(maxScrollTop(g), g, rows - 1)).toBe(VIEW - RH);
  });

  it('moves 1:1 near both ends', () => {
    const sMax = maxScrollTop(g);
    for (const s of [1, 100, EXACT_END_PX - 1]) {
      expect(topAt(s, g)).toBe(s);
      expect(topAt(sMax - s, g)).toBeCloseTo(maxTop(g) - s, 3);
    }
  });

  it('is continuous and increasing across the joins, and scrollTopFor inverts it', () => {
    const sMax = maxScrollTop(g);
    let previous = -1;
    for (const s of [0, EXACT_END_PX - 0.5, EXACT_END_PX, EXACT_END_PX + 0.5, sMax / 2, sMax - EXACT_END_PX, sMax]) {
      const t = topAt(s, g);
      expect(t).toBeGreaterThan(previous);
      expect(scrollTopFor(t, g)).toBeCloseTo(s, 3);
      previous = t;
    }
    // Half a px of scroll around the join moves the rows by at most the middle's scale.
    const scale = (maxTop(g) - 2 * EXACT_END_PX) / (sMax - 2 * EXACT_END_PX);
    expect(topAt(EXACT_END_PX + 0.5, g) - topAt(EXACT_END_PX - 0.5, g)).toBeLessThanOrEqual(0.5 + 0.5 * scale + 1e-6);
  });

  it('lays every window out inside the area, each row at its exact offset from the viewport', () => {
    const sMax = maxScrollTop(g);
    for (const s of [0, 13, 371, EXACT_END_PX, 123_457.5, sMax / 3, sMax - EXACT_END_PX - 1, sMax - 200, sMax]) {
      const top = topAt(s, g);
      const w = windowAt(top, s, g, 12);
      expect(w.padTop).toBeGreaterThanOrEqual(0);
      expect(w.padBottom).toBeGreaterThanOrEqual(0);
      expect(w.padTop + (w.end - w.first) * RH + w.padBottom).toBeCloseTo(areaHeight(g), 3);
      const visible = Math.floor(top / RH);
      expect(w.first).toBeLessThanOrEqual(visible);
      expect(w.end).toBeGreaterThanOrEqual(Math.min(rows, Math.ceil((top + VIEW) / RH)));
      expect(rowOffset(s, g, visible)).toBeCloseTo(visible * RH - top, 3);
    }
  });

  it('goes to a row: that row at the top, or the last rows filling the viewport', () => {
    const middle = Math.floor(rows / 2);
    const top = topForRow(middle, g);
    expect(rowAtTop(top, g)).toBe(middle);
    expect(rowOffset(scrollTopFor(top, g), g, middle)).toBeCloseTo(0, 3);
    expect(topForRow(rows - 1, g)).toBe(maxTop(g));
    expect(topForRow(0, g)).toBe(0);
  });
});

describe('scaled scroll: a browser’s rounding', () => {
  it('still lays out the last row when the area scrolls a px less far than computed', () => {
    const g = at(1_500_000);
    const w = windowAt(maxTop(g), maxScrollTop(g) - 1, g, 12);
    expect(w.end).toBe(1_500_000);
    expect(w.padTop).toBeGreaterThanOrEqual(0);
    expect(w.padBottom).toBeLessThanOrEqual(2);
  });
});

describe('scaled scroll: the issue’s example', () => {
  it('row 1,400,000 of 1,500,000 is reachable, where a plain table stopped at 1,198,372', () => {
    const g = at(1_500_000);
    const index = 1_399_999;
    const s = scrollTopFor(topForRow(index, g), g);
    expect(s).toBeLessThan(MAX_SCROLL_PX);
    expect(rowAtTop(topAt(s, g), g)).toBe(index);
  });
});

describe('parseRowNumber', () => {
  it('reads a row number with thousands separators', () => {
    expect(parseRowNumber('1,400,000', 1_500_000)).toEqual({ index: 1_399_999 });
    expect(parseRowNumber(' 1 400 000 ', 1_500_000)).toEqual({ index: 1_399_999 });
    expect(parseRowNumber('1', 1)).toEqual({ index: 0 });
    expect(parseRowNumber('1500000', 1_500_000)).toEqual({ index: 1_499_999 });
  });

  it('says what to type for a number out of range or not a whole number', () => {
    expect(parseRowNumber('0', 10)).toEqual({ error: 'There is no row 0: type a row number from 1 to 10.' });
    expect(parseRowNumber('1,500,001', 1_500_000)).toEqual({
      error: 'There is no row 1,500,001: type a row number from 1 to 1,500,000.',
    });
    expect(parseRowNumber('12.5', 100)).toEqual({ error: 'Type a row number from 1 to 100.' });
    expect(parseRowNumber('abc', 100)).toEqual({ error: 'Type a row number from 1 to 100.' });
    expect(parseRowNumber('', 100)).toEqual({ error: 'Type a row number from 1 to 100.' });
    expect(parseRowNumber('3', 0)).toEqual({ error: 'There is no row 3: type a row number once the table has rows.' });
  });
});
