import { describe, expect, it, vi } from 'vitest';
import type uPlot from 'uplot';
import type { XRange } from './chartData.js';
import { buildResultOptions, nearestValueIndex, zonedDate } from './chartOptions.js';
import { readChartTheme, seriesColor, withAlpha } from './theme.js';

const hhmm = (d: Date) => `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;

describe('zonedDate', () => {
  it('reads wall time in the zone, across the New York fall-back hour', () => {
    const edt = Date.parse('2023-11-05T05:30:00Z') / 1000; // 01:30 EDT
    const est = Date.parse('2023-11-05T06:30:00Z') / 1000; // 01:30 EST, one hour later
    expect(hhmm(zonedDate(edt, 'America/New_York'))).toBe('01:30');
    expect(hhmm(zonedDate(est, 'America/New_York'))).toBe('01:30');
    expect(hhmm(zonedDate(est, 'UTC'))).toBe('06:30');
    expect(zonedDate(est, 'UTC').getDate()).toBe(5);
  });
});

describe('nearestValueIndex', () => {
  const xs = [0, 10, 20, 30, 40];
  it('finds the closest point of a line that has none at the cursor', () => {
    expect(nearestValueIndex(xs, [1, undefined, undefined, 4, undefined], 1)).toBe(0);
    expect(nearestValueIndex(xs, [1, undefined, undefined, 4, undefined], 2)).toBe(3);
    expect(nearestValueIndex(xs, [1, undefined, undefined, 4, undefined], 4)).toBe(3);
    expect(nearestValueIndex(xs, [undefined, 2, undefined, undefined, undefined], 1)).toBe(1);
    expect(nearestValueIndex(xs, [null, null, null, null, null], 2)).toBeNull();
  });
});

describe('buildResultOptions', () => {
  const theme = readChartTheme();
  const make = (range: XRange | null = null) => {
    const onZoom = vi.fn();
    const onReset = vi.fn();
    const opts = buildResultOptions({
      width: 800,
      height: 300,
      labels: ['WESTERN HUB', 'AEP'],
      formats: ['money', 'money'],
      yLabel: 'LMP ($/MWh)',
      zone: 'America/New_York',
      xLabel: 'Interval start (EPT)',
      theme,
      range: () => range,
      onZoom,
      onReset,
    });
    return { opts, onZoom, onReset };
  };

  it('has a time x axis in the zone and one coloured line per label', () => {
    const { opts } = make();
    expect(opts.series.map((s) => s.label)).toEqual(['Interval start (EPT)', 'WESTERN HUB', 'AEP']);
    expect(opts.axes?.[0]?.label).toBe('Interval start (EPT)');
    expect(opts.series.slice(1).map((s) => s.stroke)).toEqual([seriesColor(0, theme.dark), seriesColor(1, theme.dark)]);
    expect(opts.axes?.[1]?.label).toBe('LMP ($/MWh)');
    expect(hhmm(opts.tzDate!(Date.parse('2024-01-01T12:00:00Z') / 1000))).toBe('07:00');
  });

  it('draws the range it is given, else the data range', () => {
    const range = make({ from: 5, to: 9 }).opts.scales!.x!.range as (u: uPlot, a: number, b: number, k: string) => number[];
    expect(range({} as uPlot, 0, 100, 'x')).toEqual([5, 9]);
    const free = make(null).opts.scales!.x!.range as (u: uPlot, a: number, b: number, k: string) => number[];
    expect(free({} as uPlot, 0, 100, 'x')).toEqual([0, 100]);
  });

  it('hands a drag to onZoom instead of zooming, and ignores a click', () => {
    const { opts, onZoom } = make();
    const hook = opts.hooks!.setSelect![0]!;
    const setSelect = vi.fn();
    const u = { select: { left: 100, width: 200 }, posToVal: (p: number) => p * 10, setSelect } as unknown as uPlot;
    hook(u);
    expect(onZoom).toHaveBeenCalledWith({ from: 1000, to: 3000 });
    expect(setSelect).toHaveBeenCalledWith({ left: 0, top: 0, width: 0, height: 0 }, false);
    hook({ ...u, select: { left: 100, width: 1 } } as unknown as uPlot);
    expect(onZoom).toHaveBeenCalledTimes(1);
    expect(opts.cursor?.drag).toMatchObject({ x: true, y: false, setScale: false });
  });

  it('resets on double-click', () => {
    const { opts, onReset } = make();
    const listener = opts.cursor!.bind!.dblclick!({} as uPlot, {} as HTMLElement, () => null);
    listener!({} as MouseEvent);
    expect(onReset).toHaveBeenCalled();
  });
});

describe('theme helpers', () => {
  it('gives 50 distinct line colours and canvas fills with alpha', () => {
    expect(new Set(Array.from({ length: 50 }, (_, i) => seriesColor(i, false))).size).toBe(50);
    expect(withAlpha('#1f6feb', 0.5)).toBe('rgba(31, 111, 235, 0.5)');
    expect(withAlpha('#abc', 1)).toBe('rgba(170, 187, 204, 1)');
    expect(withAlpha('red', 0.5)).toBe('red');
  });
});

describe('legend values', () => {
  it('shows times in the zone, numbers in their column’s format, and a dash where a line has no point', () => {
    const opts = buildResultOptions({
      width: 800,
      height: 300,
      labels: ['AEP', 'AEP · Shift factor'],
      formats: ['money', 'factor'],
      yLabel: 'LMP ($/MWh)',
      zone: 'America/New_York',
      xLabel: 'Interval start (EPT)',
      theme: readChartTheme(),
      range: () => null,
      onZoom: () => {},
      onReset: () => {},
    });
    const [time, line, factor] = opts.series as { value: (u: uPlot, v: number | null, s: number, i: number) => string }[];
    expect(time!.value({} as uPlot, Date.parse('2024-07-01T16:05:00Z') / 1000, 0, 0)).toBe('2024-07-01 12:05');
    expect(line!.value({} as uPlot, -1234.56789, 1, 0)).toBe('-1,234.57');
    expect(factor!.value({} as uPlot, 0.123456, 2, 0)).toBe('0.1235');
    expect(line!.value({} as uPlot, null, 1, 0)).toBe('—');
  });
});
