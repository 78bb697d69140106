import { useMemo, useState } from 'react';
import uPlot from 'uplot';
import type { AuditRow } from '../../../../shared/schemas/dataset.js';
import { TIME_AXIS_VALUES, zonedDate } from '../../features/charts/chartOptions.js';
import type { ChartTheme } from '../../features/charts/theme.js';
import { useChartTheme, withAlpha } from '../../features/charts/theme.js';
import { UPlotChart } from '../../features/charts/UPlotChart.js';
import { formatCount } from '../../lib/format.js';
import { auditColumns, describeDates } from './auditData.js';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** One panel of the audit chart: which count, its title and what it counts in the audit's own terms. */
interface Panel {
  id: 'datapoints' | 'timeIndexValues' | 'publishTimes';
  title: string;
  hint: string;
}

const PANELS: Panel[] = [
  {
    id: 'datapoints',
    title: 'Data points',
    hint: 'Rows whose time index falls on this market date.',
  },
  {
    id: 'timeIndexValues',
    title: 'Unique time index values',
    hint: 'Distinct time index values (intervals) on this market date.',
  },
  {
    id: 'publishTimes',
    title: 'Publish times',
    hint: 'Distinct publish times falling on this market date (their own date in the market’s time zone).',
  },
];

const PANEL_HEIGHT = 150;
const DAY = 86_400;
/** Tick steps of whole days (uPlot steps by calendar month from 30 days), never hours: a bar is a market date. */
const DAY_INCREMENTS = [1, 2, 7, 14, 30, 91, 182, 365, 730, 1825, 3650].map((n) => n * DAY);

/**
 * The x range uPlot asked for, with half a day more each side when it is the whole data (so the first and last bars show
 * whole); a zoom's range as asked. uPlot applies this to every x change, so padding anything else would grow a range
 * each time the panels pass it on.
 */
function padDataRange(u: uPlot, min: number, max: number): uPlot.Range.MinMax {
  const xs = u.data[0];
  return xs.length > 0 && min === xs[0] && max === xs[xs.length - 1] ? [min - DAY / 2, max + DAY / 2] : [min, max];
}

/** Shades each run of days without data points over the plot's height (at least 2 device px wide), under the bars. */
function shadeEmptyDays(u: uPlot, datapoints: readonly number[], color: string): void {
  const xs = u.data[0];
  const ys = datapoints;
  const { left, top, width, height } = u.bbox;
  const ctx = u.ctx;
  ctx.save();
  ctx.fillStyle = color;
  for (let i = 0; i < ys.length; i++) {
    if (ys[i] !== 0) continue;
    let j = i;
    while (j + 1 < ys.length && ys[j + 1] === 0) j++;
    const x0 = Math.max(left, u.valToPos(xs[i]! - DAY / 2, 'x', true));
    const x1 = Math.min(left + width, u.valToPos(xs[j]! + DAY / 2, 'x', true));
    if (x1 > left && x0 < left + width) ctx.fillRect(x0, top, Math.max(2, x1 - x0), height);
    i = j;
  }
  ctx.restore();
}

function panelOptions(panel: Panel, theme: ChartTheme, charts: Map<string, uPlot>, datapoints: readonly number[]) {
  return ({ width, height }: { width: number; height: number }): uPlot.Options => {
    const font = `11px ${theme.font}`;
    const axis: uPlot.Axis = {
      stroke: theme.muted,
      grid: { stroke: theme.grid, width: 1 },
      ticks: { stroke: theme.grid, width: 1 },
      font,
    };
    return {
      width,
      height,
      tzDate: (ts) => zonedDate(ts, 'UTC'),
      scales: {
        x: { time: true, range: padDataRange },
        y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.08] },
      },
      axes: [
        { ...axis, values: TIME_AXIS_VALUES, space: 70, incrs: DAY_INCREMENTS },
        { ...axis, size: 56, values: (_u, splits) => splits.map((v) => compact.format(v)) },
      ],
      series: [
        { label: 'Market date', value: (_u, v) => (v == null ? '—' : new Date(v * 1000).toISOString().slice(0, 10)) },
        {
          label: panel.title,
          stroke: theme.accent,
          fill: withAlpha(theme.accent, 0.45),
          width: 1,
          paths: uPlot.paths.bars?.({ size: [0.85, 24], align: 0 }),
          value: (_u, v) => (v == null ? '—' : formatCount(v)),
          points: { show: false },
        },
      ],
      legend: { live: true },
      cursor: { sync: { key: 'audit' }, drag: { x: true, y: false } },
      hooks: {
        drawClear: [(u) => shadeEmptyDays(u, datapoints, withAlpha(theme.danger, theme.dark ? 0.22 : 0.13))],
        setScale: [
          (u, key) => {
            if (key !== 'x') return;
            const { min, max } = u.scales.x ?? {};
            if (min == null || max == null) return;
            for (const other of charts.values())
              if (other !== u && (other.scales.x?.min !== min || other.scales.x?.max !== max)) other.setScale('x', { min, max });
          },
        ],
      },
    };
  };
}

/**
 * `datasets:audit` as bars per market date, one panel per count (data points, unique time index values, and publish
 * times when the dataset has them), sharing the x axis: hover, drag-zoom and double-click reset move all panels.
 * Dates between the first and last audit row that the audit lacks count as 0; dates without data points are shaded in every
 * panel, so gaps stand out.
 */
export function AuditChart({ rows }: { rows: AuditRow[] }) {
  const theme = useChartTheme();
  const cols = useMemo(() => auditColumns(rows), [rows]);
  // The panels' charts, for the zoom that moves them together (a registry, never rendered).
  const [charts] = useState(() => new Map<string, uPlot>());
  const panels = PANELS.filter((p) => p.id !== 'publishTimes' || cols.publishTimes.some((n) => n > 0));
  const options = useMemo(
    () => Object.fromEntries(PANELS.map((p) => [p.id, panelOptions(p, theme, charts, cols.datapoints)])),
    [theme, charts, cols],
  );
  const data = useMemo(
    () => Object.fromEntries(PANELS.map((p): [string, uPlot.AlignedData] => [p.id, [cols.days, cols[p.id]]])),
    [cols],
  );

  return (
    <div className="audit-charts" data-testid="audit-chart">
      <p className={`audit-gaps${cols.emptyDates.length ? ' warn' : ''}`} data-testid="audit-gaps">
        {cols.emptyDates.length === 0 ? (
          `Every market date from ${dateRange(cols.days)} has data points.`
        ) : (
          <>
            <span className="audit-key" aria-hidden="true" />
            {formatCount(cols.emptyDates.length)} market {cols.emptyDates.length === 1 ? 'date has' : 'dates have'} no data points
            (shaded): {describeDates(cols.emptyDates)}.
          </>
        )}
      </p>
      {panels.map((p) => (
        <figure key={p.id} className="audit-panel" data-testid={`audit-panel-${p.id}`}>
          <h3>{p.title} per market date</h3>
          <p className="hint muted">{p.hint}</p>
          <UPlotChart
            options={options[p.id]!}
            data={data[p.id]!}
            height={PANEL_HEIGHT}
            onChart={(u) => (u ? charts.set(p.id, u) : charts.delete(p.id))}
          />
        </figure>
      ))}
    </div>
  );
}

function dateRange(days: number[]): string {
  const text = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
  return days.length ? `${text(days[0]!)} to ${text(days[days.length - 1]!)}` : '—';
}
