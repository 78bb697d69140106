import { useCallback, useMemo } from 'react';
import uPlot from 'uplot';
import type { PathDay } from '../../../../shared/bridge/paths.js';
import { marketDayStart } from '../../../../shared/time/market.js';
import type { PeakFilter } from '../../../../shared/time/peak.js';
import { formatNumber } from '../../../../shared/vocabulary/index.js';
import { themedAxis, zonedDate } from '../../features/charts/chartOptions.js';
import { seriesColor, useChartTheme, withAlpha } from '../../features/charts/theme.js';
import type { ChartTheme } from '../../features/charts/theme.js';
import { UPlotChart } from '../../features/charts/UPlotChart.js';

const HEIGHT = 280;
const HALF_DAY_S = 43_200;

/** x (market-day middles, epoch s), each side's daily cost and running total ($/MW) in the bucket of `peak`. */
export function pathChartData(days: readonly PathDay[], zone: string, peak: PeakFilter): uPlot.AlignedData {
  const x = days.map((d) => marketDayStart(d.market_date, zone) / 1000 + HALF_DAY_S);
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

/** uPlot options: market days on x (in `zone`), daily bars on the left axis, running totals as lines on the right. */
export function pathChartOptions(size: { width: number; height: number }, theme: ChartTheme, zone: string): uPlot.Options {
  const [rt, da] = [seriesColor(0, theme.dark), seriesColor(1, theme.dark)];
  const bars = (align: -1 | 1) => uPlot.paths.bars!({ size: [0.35, 40], align });
  return {
    ...size,
    tzDate: (ts) => zonedDate(ts, zone),
    scales: { x: { time: true }, day: {}, total: {} },
    axes: [
      { ...themedAxis(theme, 'Market day'), values: '{YYYY}-{MM}-{DD}', space: 90 },
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
      { label: 'Market day', value: (_u, v) => (v == null ? '—' : zonedDate(v, zone).toISOString().slice(0, 10)) },
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
 * (lines, right axis), in $/MW over the hours chosen; market days read in the market's zone.
 */
export function PathChart({ days, zone, peak }: { days: readonly PathDay[]; zone: string; peak: PeakFilter }) {
  const theme = useChartTheme();
  const data = useMemo(() => pathChartData(days, zone, peak), [days, zone, peak]);
  const options = useCallback((size: { width: number; height: number }) => pathChartOptions(size, theme, zone), [theme, zone]);
  return (
    <figure className="path-chart" aria-label="Path congestion per market day and running total">
      <figcaption>
        <strong>Over time</strong> <span className="muted">per market day (bars) and running total (lines), $/MW</span>
      </figcaption>
      <UPlotChart options={options} data={data} height={HEIGHT} testId="path-chart" />
    </figure>
  );
}
