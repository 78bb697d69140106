import { describe, expect, it } from 'vitest';
import {
  OTHER_OUTAGE_COLOR,
  PRICE_BREAKS,
  PRICE_COLORS,
  PRICE_WIDTHS,
  outageTypeColor,
  priceClass,
  priceClassLabel,
  priceColor,
  priceWidth,
  rgb,
  statusOpacity,
  statusWidth,
} from './scales.js';

describe('peak |shadow price| scale', () => {
  it('classes by magnitude, lower bound inclusive', () => {
    expect([0, 9.99, 10, -49, 50, 499.9, 500, 1000, 25_000, NaN].map(priceClass)).toEqual([0, 0, 1, 1, 2, 3, 4, 5, 5, 0]);
  });

  it('labels each class as a range', () => {
    expect(PRICE_BREAKS.map((_, k) => priceClassLabel(k))).toEqual([
      '0–10',
      '10–50',
      '50–100',
      '100–500',
      '500–1,000',
      '≥ 1,000',
    ]);
  });

  it('colour and width grow with the class, stepping at the same breaks', () => {
    expect(PRICE_COLORS.light).toHaveLength(PRICE_BREAKS.length);
    expect([...PRICE_WIDTHS]).toEqual([...PRICE_WIDTHS].sort((a, b) => a - b));
    expect([9.99, 10, 49.9, 50, 100, 500, 999, 1000].map((v) => priceColor(v, false))).toEqual([
      PRICE_COLORS.light[0],
      PRICE_COLORS.light[1],
      PRICE_COLORS.light[1],
      PRICE_COLORS.light[2],
      PRICE_COLORS.light[3],
      PRICE_COLORS.light[4],
      PRICE_COLORS.light[4],
      PRICE_COLORS.light[5],
    ]);
    expect(priceColor(-5, true)).toBe(PRICE_COLORS.dark[0]);
    expect(priceWidth(25_000)).toBe(PRICE_WIDTHS.at(-1));
    expect(rgb('#e8b20e')).toEqual([232, 178, 14]);
  });
});

describe('outage scales', () => {
  it('colours the known outage types, anything else grey', () => {
    expect(outageTypeColor('Continuous')).not.toBe(outageTypeColor('Daily'));
    expect(outageTypeColor('Emergency')).toBe(OTHER_OUTAGE_COLOR);
  });

  it('cancelled tickets are faint and thin, unknown statuses draw like active ones', () => {
    expect(statusOpacity('Cancelled')).toBeLessThan(statusOpacity('Completed'));
    expect(statusOpacity('Completed')).toBeLessThan(statusOpacity('Active'));
    expect(statusOpacity('Whatever')).toBe(statusOpacity('Active'));
    expect(statusWidth('Submitted')).toBeLessThan(statusWidth('Active'));
    expect(statusWidth('Whatever')).toBe(statusWidth('Active'));
  });
});
