import { useCallback, useMemo } from 'react';
import uPlot from 'uplot';
import type { PathDay } from '../../../../shared/bridge/paths.js';
import type { PeakFilter } from '../../../../shared/time/peak.js';
import { formatNumber, termOf } from '../../../../shared/vocabulary/index.js';
import { themedAxis } from '../../features/charts/chartOptions.js';
import { seriesColor, useChartTheme, withAlpha } from '../../features/charts/theme.js';
import type { ChartTheme } from '../../features/charts/theme.js';
import { UPlotChart } from '../../features/charts/UPlotChart.js';

const HEIGHT = 280;
const DAY = termOf('market_date').label;

/** x (the market day's index), each side's daily cost and running total ($/MW) in the bucket of `peak`. */
export function pathChartData(days: readonly PathDay[], peak: PeakFilter): uPlot.AlignedData {
  const x = days.map((_d, i) => i);
  const col = (f: (d: PathDay) => number | null | undefined) => days.map((d) => f(d) ?? null);
  return [
    x,
    col((d) => d.rt?.[peak]),
    col((d) => d.da?.[peak]),
    col((d) => d.rt_cumulative?.[peak]),
    col((d) => d.da_cumulative?.[peak]),
  ];
}

const money = (_u: uPlot, v: number | null) => formatNumber(v, 'money');

/**
 * uPlot options: market days on x (one slot each, named by their date: the answer already read them in the market's
 * zone), daily bars on the left axis, running totals as lines on the right.
 */
export function pathChartOptions(
  size: { width: number; height: number },
  theme: ChartTheme,
  dates: readonly string[],
): uPlot.Options {
  const dateAt = (v: number | null) => (v != null && Number.isInteger(v) ? (dates[v] ?? '') : '');
  const [rt, da] = [seriesColor(0, theme.dark), seriesColor(1, theme.dark)];
  const bars = (align: -1 | 1) => uPlot.paths.bars!({ size: [0.35, 40], align });
  return {
    ...size,
    scales: { x: { time: false, range: () => [-0.5, Math.max(0, dates.length - 0.5)] }, day: {}, total: {} },
    axes: [
      { ...themedAxis(theme, DAY), values: (_u, splits) => splits.map(dateAt), space: 90, incrs: [1, 2, 7, 14, 30] },
      { ...themedAxis(theme, 'Per day ($/MW)'), scale: 'day', size: 70, labelSize: 18 },
      {
        ...themedAxis(theme, 'Since the window start ($/MW)'),
        scale: 'total',
        side: 1,
        size: 80,
        labelSize: 18,
        grid: { show: false },
      },
    ],
    series: [
      { label: DAY, value: (_u, v) => dateAt(v) || '—' },
      {
        label: 'Real-time, day',
        scale: 'day',
        fill: withAlpha(rt, 0.75),
        stroke: rt,
        paths: bars(-1),
        points: { show: false },
        value: money,
      },
      {
        label: 'Day-ahead, day',
        scale: 'day',
        fill: withAlpha(da, 0.75),
        stroke: da,
        paths: bars(1),
        points: { show: false },
        value: money,
      },
      { label: 'Real-time, running total', scale: 'total', stroke: rt, width: 2, value: money },
      { label: 'Day-ahead, running total', scale: 'total', stroke: da, width: 2, dash: [6, 4], value: money },
    ],
    cursor: { drag: { x: false, y: false } },
  };
}

/**
 * The path's congestion over time: per market day (bars, real-time left of day-ahead) and from the window's start
 * (lines, right axis), in $/MW over the hours chosen; market days as the answer read them, in the market's zone.
 */
export function PathChart({ days, peak }: { days: readonly PathDay[]; peak: PeakFilter }) {
  const theme = useChartTheme();
  const data = useMemo(() => pathChartData(days, peak), [days, peak]);
  const dates = useMemo(() => days.map((d) => d.market_date).join(','), [days]);
  const options = useCallback(
    (size: { width: number; height: number }) => pathChartOptions(size, theme, dates.split(',')),
    [theme, dates],
  );
  return (
    <figure className="path-chart" aria-label="Path congestion per market day and running total">
      <figcaption>
        <strong>Over time</strong> <span className="muted">per market day (bars) and running total (lines), $/MW</span>
      </figcaption>
      <UPlotChart options={options} data={data} height={HEIGHT} testId="path-chart" />
    </figure>
  );
}
