import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type uPlot from 'uplot';
import type { VerbInput } from '../../../../shared/bridge/contract.js';
import type { TableColumn } from '../../../../shared/bridge/workspace.js';
import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { formatCount } from '../../lib/format.js';
import {
  axisZones,
  bucketPixels,
  defaultSeriesValues,
  defaultYColumns,
  numericColumns,
  panRange,
  pickSeriesColumn,
  pickXColumn,
  toPlotData,
  xRange,
  zoomOut,
} from './chartData.js';
import type { AxisZone, PlotSeries, XRange } from './chartData.js';
import { buildResultOptions, legendTime, zonedDate } from './chartOptions.js';
import { columnLabel, inSentence, seriesNote, xAxisTitle, yAxisTitle } from './chartLabels.js';
import { numberFormatOf, termOf } from '../../../../shared/vocabulary/index.js';
import { SeriesPicker, YColumnPicker } from './Pickers.js';
import { useSeries, useSeriesValues } from './queries.js';
import { useChartTheme } from './theme.js';
import { UPlotChart } from './UPlotChart.js';

/** Props of {@link ResultChart}. */
export interface ResultChartProps {
  pullId: number;
  /** The pull's stored columns (`PullRecord.columns`). */
  columns: TableColumn[];
  /** The dataset's time index column (x axis). */
  timeColumn: string;
  /** The dataset's subseries column (one line per value), or null. */
  subseriesColumn: string | null;
  /** The query's time zone (`market`, an IANA zone, or blank/UTC): the axis starts in it. */
  timezone: string;
  /** The dataset's `data_timezone`: "Market time". */
  datasetTimezone: string;
  /** Changes (e.g. the row count of a pull still filling) re-read the chart. */
  revision?: number | string;
  /** Seconds between consecutive intervals of the pull (its resampling, else the dataset's frequency); null when irregular. */
  stepSeconds?: number | null;
}

/** Rows further apart than this many steps break a line: one missing interval is a gap. */
const GAP_STEPS = 1.5;

const CHART_HEIGHT = 360;

/**
 * A pull's numeric columns over time from the local workspace (docs/workspace.md#charts): one line per subseries value
 * and y column, downsampled in main to the plot's width (`workspace:series`, M4), so a million rows draw as fast as a
 * hundred; a line breaks where its rows skip an interval. Every series is drawn up to 8 (DEFAULT_SERIES_COUNT), else
 * the ones with the largest peak |value|, and the chart says which; axes and legend in the vocabulary's words. Drag
 * across to zoom (the range is read again at full detail), pan, reset; values on hover in the legend; the time axis in
 * UTC or market time. Remounts when the pull or its columns change.
 */
export function ResultChart(props: ResultChartProps) {
  const signature = `${props.pullId}|${props.columns.map((c) => `${c.name}:${c.type}`).join(',')}`;
  return <ResultChartView key={signature} {...props} />;
}

function ResultChartView({
  pullId,
  columns,
  timeColumn,
  subseriesColumn,
  timezone,
  datasetTimezone,
  revision,
  stepSeconds = null,
}: ResultChartProps) {
  const x = pickXColumn(columns, timeColumn);
  const seriesColumn = pickSeriesColumn(columns, subseriesColumn, x);
  const numeric = useMemo(() => numericColumns(columns, [x, seriesColumn]), [columns, x, seriesColumn]);
  const [pickedY, setPickedY] = useState<string[] | null>(null);
  const yColumns = useMemo(() => {
    const kept = (pickedY ?? []).filter((c) => numeric.includes(c));
    return kept.length > 0 ? kept : defaultYColumns(columns, numeric);
  }, [pickedY, numeric, columns]);

  const values = useSeriesValues(pullId, x && numeric.length > 0 ? seriesColumn : null, revision, yColumns[0]);
  const valueList = values.data?.values;
  const [pickedValues, setPickedValues] = useState<string[] | null>(null);
  const chosenValues = useMemo(() => pickedValues ?? defaultSeriesValues(valueList ?? []), [pickedValues, valueList]);
  // A series column without any non-null value charts as one line.
  const splitBy = seriesColumn && valueList && valueList.some((v) => v.value !== null) ? seriesColumn : null;

  const { zones, initial } = useMemo(() => axisZones(timezone, datasetTimezone), [timezone, datasetTimezone]);
  const [zoneId, setZoneId] = useState<AxisZone['id']>(initial);
  const zone = zones.find((z) => z.id === zoneId) ?? zones[0]!;

  const [view, setView] = useState<XRange | null>(null);
  const [full, setFull] = useState<XRange | null>(null);
  const [pixels, setPixels] = useState(() => bucketPixels(900));
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => setPixels(bucketPixels(box.clientWidth));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const waitingForValues = seriesColumn !== null && !values.data && !values.isError;
  const input = useMemo((): VerbInput<'workspace:series'> | null => {
    if (!x || yColumns.length === 0 || waitingForValues) return null;
    if (splitBy && chosenValues.length === 0) return null;
    return {
      pullId,
      x,
      y: yColumns,
      ...(splitBy ? { seriesBy: splitBy, seriesValues: chosenValues } : {}),
      pixels,
      ...(view ? { from: view.from, to: view.to } : {}),
      ...(stepSeconds ? { gapSeconds: stepSeconds * GAP_STEPS } : {}),
    };
  }, [pullId, x, yColumns, splitBy, chosenValues, pixels, view, waitingForValues, stepSeconds]);
  const series = useSeries(input, revision);
  const answer = series.data;

  const plot = useMemo(
    () => (answer ? toPlotData(answer, { keys: splitBy ? chosenValues : null, columns: yColumns }, columnLabel) : null),
    [answer, splitBy, chosenValues, yColumns],
  );
  const labelKey = plot ? plot.series.map((s) => `${s.label}\u0001${s.column}`).join('\u0000') : '';
  const lines = useMemo(
    () => (labelKey ? labelKey.split('\u0000').map((l) => l.split('\u0001') as [string, string]) : []),
    [labelKey],
  );
  const yLabel = yAxisTitle(yColumns);
  const xLabel = xAxisTitle(x ?? '', zone.zone);

  const extent = answer ? xRange(null, answer.xMin, answer.xMax) : null;
  const fullRange = view ? full : extent;
  const drawRange = xRange(view, answer?.xMin ?? null, answer?.xMax ?? null);

  const chartRef = useRef<uPlot | null>(null);
  const rangeRef = useRef<XRange | null>(null);
  const handlers = useRef({ zoom: (_r: XRange) => {}, reset: () => {} });
  useLayoutEffect(() => {
    handlers.current = {
      zoom: (r) => {
        if (!view && extent) setFull(extent);
        setView(r);
      },
      reset: () => setView(null),
    };
    rangeRef.current = drawRange;
    const u = chartRef.current;
    const shown = u?.scales.x;
    if (u && drawRange && (shown?.min !== drawRange.from || shown?.max !== drawRange.to))
      u.setScale('x', { min: drawRange.from, max: drawRange.to });
  });

  const theme = useChartTheme();
  const options = useCallback(
    ({ width, height }: { width: number; height: number }) =>
      buildResultOptions({
        width,
        height,
        labels: lines.map(([label]) => label),
        formats: lines.map(([, column]) => numberFormatOf(termOf(column)) ?? 'quantity'),
        yLabel,
        zone: zone.zone,
        xLabel,
        theme,
        range: () => rangeRef.current,
        onZoom: (r) => handlers.current.zoom(r),
        onReset: () => handlers.current.reset(),
      }),
    [lines, yLabel, xLabel, zone, theme],
  );

  const fmt = (t: number) => legendTime(zonedDate(t, zone.zone));

  let body: ReactNode;
  if (!x) body = <Empty>This result has no time column, so there is nothing to chart over time.</Empty>;
  else if (numeric.length === 0) body = <Empty>This result has no numeric columns to chart.</Empty>;
  else if (values.isError)
    body = <ErrorState error={values.error} what={`the ${seriesColumn} values`} onRetry={() => void values.refetch()} />;
  else if (waitingForValues) body = <Skeleton label="Loading series values…" rows={3} testId="chart-loading" />;
  else if (splitBy && chosenValues.length === 0)
    body = <Empty>Pick at least one {inSentence(termOf(splitBy).label)} to chart.</Empty>;
  else if (series.isError && !answer)
    body = <ErrorState error={series.error} what="the chart" onRetry={() => void series.refetch()} />;
  else if (!answer || !plot) body = <Skeleton label="Loading chart…" rows={6} testId="chart-loading" />;
  else if (answer.rows === 0)
    body = <Empty>{view ? 'No rows in the zoomed range: pan, zoom out or reset.' : 'No rows to chart.'}</Empty>;
  else if (!plot.series.some((l) => l.hasData)) body = <Empty>The chosen columns have no values in these rows.</Empty>;
  else
    body = (
      <UPlotChart
        options={options}
        data={plot.data}
        height={CHART_HEIGHT}
        testId="result-chart-plot"
        onChart={(u) => (chartRef.current = u)}
      />
    );

  const zoomed = view !== null && fullRange !== null;
  return (
    <section className="result-chart" aria-label="Chart of the results" data-testid="result-chart">
      <div className="chart-toolbar">
        {numeric.length > 0 && <YColumnPicker columns={numeric} selected={yColumns} onChange={setPickedY} />}
        {splitBy && valueList && (
          <SeriesPicker
            column={splitBy}
            values={valueList}
            truncated={values.data?.truncated ?? false}
            selected={chosenValues}
            onChange={setPickedValues}
          />
        )}
        <label className="inline-label">
          Time axis
          <select value={zone.id} onChange={(e) => setZoneId(e.target.value as AxisZone['id'])} data-testid="chart-zone">
            {zones.map((z) => (
              <option key={z.id} value={z.id}>
                {z.label}
              </option>
            ))}
          </select>
        </label>
        <div className="chart-nav" role="group" aria-label="Zoom and pan">
          <button
            type="button"
            aria-label="Pan earlier"
            title="Pan earlier"
            disabled={!zoomed}
            onClick={() => view && full && setView(panRange(view, -0.5, full))}
          >
            ◀
          </button>
          <button
            type="button"
            aria-label="Pan later"
            title="Pan later"
            disabled={!zoomed}
            onClick={() => view && full && setView(panRange(view, 0.5, full))}
          >
            ▶
          </button>
          <button type="button" disabled={!zoomed} onClick={() => view && full && setView(zoomOut(view, 2, full))}>
            Zoom out
          </button>
          <button type="button" disabled={!view} onClick={() => setView(null)} data-testid="chart-reset">
            Reset zoom
          </button>
        </div>
      </div>
      {splitBy && valueList && chosenValues.length > 0 && (
        <p className="chart-series-note" data-testid="chart-series-note">
          {seriesNote({
            shown: chosenValues.length,
            total: valueList.filter((v) => v.value !== null).length,
            truncated: values.data?.truncated ?? false,
            column: splitBy,
            rankBy: yColumns[0]!,
            picked: pickedValues !== null,
          })}
        </p>
      )}
      <p className="chart-status muted" role="status" data-testid="chart-status">
        {answer && (
          <>
            {formatCount(answer.rows)}
            {answer.totalRows !== answer.rows ? ` of ${formatCount(answer.totalRows)}` : ''}{' '}
            {answer.totalRows === 1 ? 'row' : 'rows'}
            {answer.request.from !== undefined && answer.request.to !== undefined
              ? ` from ${fmt(answer.request.from)} to ${fmt(answer.request.to)}`
              : ''}
            {plot && plot.series.length > 0 ? ` · ${linesText(plot.series)}` : ''}
            {answer.truncatedSeries ? ' · more series than shown' : ''}
          </>
        )}
        {series.isFetching && answer ? ' · Updating…' : ''}
        {series.isError && answer ? ' · The last update failed.' : ''}
      </p>
      {/* The axis titles are drawn on the canvas; this says them to a screen reader. */}
      <p className="visually-hidden" data-testid="chart-axes">
        {yLabel} over {xLabel}
      </p>
      <div ref={boxRef} className="chart-box">
        {body}
      </div>
      {answer && answer.rows > 0 && <p className="hint muted">Drag across the chart to zoom in; double-click to reset.</p>}
    </section>
  );
}

function linesText(lines: PlotSeries[]): string {
  const drawn = lines.filter((l) => l.hasData).length;
  const noun = lines.length === 1 ? 'line' : 'lines';
  return drawn === lines.length ? `${lines.length} ${noun}` : `${drawn} of ${lines.length} ${noun} have rows here`;
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <div className="empty-state chart-empty" data-testid="chart-empty">
      <p>{children}</p>
    </div>
  );
}
