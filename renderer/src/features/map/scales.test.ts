import { describe, expect, it } from 'vitest';
import {
  OTHER_OUTAGE_COLOR,
  PRICE_BREAKS,
  PRICE_COLORS,
  PRICE_WIDTHS,
  outageColorExpression,
  outageTypeColor,
  priceClass,
  priceClassLabel,
  priceColorExpression,
  priceWidthExpression,
  statusDashExpression,
  statusOpacity,
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

  it('colour and width grow with the class; the expressions step at the same breaks', () => {
    expect(PRICE_COLORS.light).toHaveLength(PRICE_BREAKS.length);
    expect([...PRICE_WIDTHS]).toEqual([...PRICE_WIDTHS].sort((a, b) => a - b));
    const color = priceColorExpression(false) as unknown[];
    expect(color.slice(0, 3)).toEqual([
      'step',
      ['abs', ['to-number', ['get', 'peak_abs_shadow_price'], 0]],
      PRICE_COLORS.light[0],
    ]);
    expect(color.slice(3)).toEqual([
      10,
      PRICE_COLORS.light[1],
      50,
      PRICE_COLORS.light[2],
      100,
      PRICE_COLORS.light[3],
      500,
      PRICE_COLORS.light[4],
      1000,
      PRICE_COLORS.light[5],
    ]);
    expect((priceColorExpression(true) as unknown[])[2]).toBe(PRICE_COLORS.dark[0]);
    expect((priceWidthExpression(2) as unknown[]).at(-1)).toBe(PRICE_WIDTHS.at(-1)! + 2);
  });
});

describe('outage scales', () => {
  it('colours the known outage types, anything else grey', () => {
    expect(outageTypeColor('Continuous')).not.toBe(outageTypeColor('Daily'));
    expect(outageTypeColor('Emergency')).toBe(OTHER_OUTAGE_COLOR);
    const e = outageColorExpression() as unknown[];
    expect(e[0]).toBe('match');
    expect(e.at(-1)).toBe(OTHER_OUTAGE_COLOR);
  });

  it('cancelled tickets are faint and dotted, unknown statuses draw like active ones', () => {
    expect(statusOpacity('Cancelled')).toBeLessThan(statusOpacity('Completed'));
    expect(statusOpacity('Completed')).toBeLessThan(statusOpacity('Active'));
    expect(statusOpacity('Whatever')).toBe(statusOpacity('Active'));
    const dash = statusDashExpression() as unknown[];
    expect(dash.at(-1)).toEqual(['literal', [1, 0]]);
    expect(dash).toContainEqual(['literal', [0.6, 1.6]]);
  });
});
