import { useEffect, useLayoutEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './charts.css';
import { legendTogglesPlugin } from './legendToggles.js';

/** Props of {@link UPlotChart}; `options` gets the measured width (CSS px) and the fixed `height`. */
export interface UPlotChartProps {
  /** A new function (identity) rebuilds the chart: keep it memoized on what changes the series, axes or colours. */
  options: (size: { width: number; height: number }) => uPlot.Options;
  /** Replaced in place with `setData` (scales re-ranged) while `options` stay the same. */
  data: uPlot.AlignedData;
  height: number;
  className?: string;
  testId?: string;
  /** Called with the chart after each build, and with null when it is destroyed. */
  onChart?: (chart: uPlot | null) => void;
}

let canvas2d: boolean | undefined;

/** True when the page can draw on a 2D canvas (uPlot needs it; DOM-only test environments lack it). */
export function canDrawCharts(): boolean {
  canvas2d ??= typeof document !== 'undefined' && document.createElement('canvas').getContext('2d') !== null;
  return canvas2d;
}

/**
 * One uPlot chart in a div that follows its container's width (ResizeObserver → `setSize`). The canvas is uPlot's;
 * this component only owns its lifecycle.
 */
export function UPlotChart({ options, data, height, className, testId, onChart }: UPlotChartProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<uPlot | null>(null);
  const latest = useRef({ data, onChart });
  const applied = useRef<uPlot.AlignedData | null>(null);
  useLayoutEffect(() => {
    latest.current = { data, onChart };
  });

  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host || !canDrawCharts()) return;
    const width = Math.max(1, Math.floor(host.clientWidth));
    const opts = options({ width, height });
    const chart = new uPlot({ ...opts, plugins: [...(opts.plugins ?? []), legendTogglesPlugin()] }, latest.current.data, host);
    chartRef.current = chart;
    applied.current = latest.current.data;
    latest.current.onChart?.(chart);
    return () => {
      chartRef.current = null;
      latest.current.onChart?.(null);
      chart.destroy();
    };
  }, [options, height]);

  useEffect(() => {
    if (!chartRef.current || applied.current === data) return;
    applied.current = data;
    chartRef.current.setData(data);
  }, [data]);

  useEffect(() => {
    const host = hostRef.current;
    if (!host || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const width = Math.max(1, Math.floor(host.clientWidth));
      const chart = chartRef.current;
      if (chart && chart.width !== width) chart.setSize({ width, height });
    });
    observer.observe(host);
    return () => observer.disconnect();
  }, [height]);

  return (
    <div ref={hostRef} className={['uplot-host', className].filter(Boolean).join(' ')} data-testid={testId}>
      {!canDrawCharts() && <p className="muted">This view cannot draw charts (no canvas).</p>}
    </div>
  );
}
