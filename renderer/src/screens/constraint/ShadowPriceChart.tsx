import { useCallback, useMemo } from 'react';
import type uPlot from 'uplot';
import type { BindingPoint } from '../../../../shared/bridge/binding.js';
import { TIME_AXIS_VALUES, legendTime, themedAxis, zonedDate } from '../../features/charts/chartOptions.js';
import { useChartTheme } from '../../features/charts/theme.js';
import type { ChartTheme } from '../../features/charts/theme.js';
import { UPlotChart } from '../../features/charts/UPlotChart.js';
import { columnLabel, xAxisTitle } from '../../features/charts/chartLabels.js';
import { formatCost } from '../../features/constraints/format.js';
import { shadowPriceSeries } from './facts.js';

const HEIGHT = 280;

/**
 * uPlot options: a time axis in `zone` (market time or UTC, named in its label; the explorer's 24-hour ticks), one line
 * with points of the signed shadow price.
 */
export function shadowPriceOptions(size: { width: number; height: number }, theme: ChartTheme, zone: string): uPlot.Options {
  const axis = (label: string): uPlot.Axis => themedAxis(theme, label);
  const x = xAxisTitle('interval_start_utc', zone);
  const y = columnLabel('shadow_price');
  return {
    ...size,
    tzDate: (ts) => zonedDate(ts, zone),
    scales: { x: { time: true } },
    axes: [
      { ...axis(x), values: TIME_AXIS_VALUES, space: 70 },
      { ...axis(y), size: 70, labelSize: 18 },
    ],
    series: [
      { label: x, value: (_u, v) => (v == null ? '—' : legendTime(zonedDate(v, zone))) },
      {
        label: y,
        stroke: theme.accent,
        width: 1.5,
        points: { show: true, size: 4, fill: theme.accent },
        // The nulls shadowPriceSeries puts where the constraint did not bind are breaks, never bridged.
        spanGaps: false,
        value: (_u, v) => formatCost(v),
      },
    ],
    cursor: { drag: { x: false, y: false } },
  };
}

/**
 * The constraint's shadow price over time (x = interval start, y = shadow price, signed, $/MWh) with uPlot, as the
 * explorer's chart draws; the line breaks where the constraint did not bind.
 */
export function ShadowPriceChart({ observations, zone }: { observations: readonly BindingPoint[]; zone: string }) {
  const theme = useChartTheme();
  const data = useMemo(() => shadowPriceSeries(observations) as uPlot.AlignedData, [observations]);
  const options = useCallback((size: { width: number; height: number }) => shadowPriceOptions(size, theme, zone), [theme, zone]);
  return (
    <figure className="cs-chart" aria-label="Shadow price over time">
      <UPlotChart options={options} data={data} height={HEIGHT} testId="shadow-price-chart" />
    </figure>
  );
}
