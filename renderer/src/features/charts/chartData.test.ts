import { describe, expect, it } from 'vitest';
import type { TableColumn } from '../../../../shared/bridge/workspace.js';
import {
  axisZones,
  bucketPixels,
  defaultSeriesValues,
  defaultYColumns,
  numericColumns,
  panRange,
  pickSeriesColumn,
  pickXColumn,
  searchValues,
  strictlyIncreasing,
  toPlotData,
  xRange,
  zoomOut,
} from './chartData.js';

const PJM_RT: TableColumn[] = [
  { name: 'interval_start_utc', type: 'TIMESTAMPTZ' },
  { name: 'interval_end_utc', type: 'TIMESTAMPTZ' },
  { name: 'monitored_facility', type: 'VARCHAR' },
  { name: 'contingency_facility', type: 'VARCHAR' },
  { name: 'transmission_constraint_penalty_factor', type: 'DOUBLE' },
  { name: 'limit_control_percentage', type: 'DOUBLE' },
  { name: 'shadow_price', type: 'DOUBLE' },
];

describe('columns to chart', () => {
  it('takes the time index as x, else the first time column, else none', () => {
    expect(pickXColumn(PJM_RT, 'interval_start_utc')).toBe('interval_start_utc');
    expect(pickXColumn(PJM_RT, 'interval_start_local')).toBe('interval_start_utc');
    expect(pickXColumn([{ name: 'd', type: 'DATE' }], 'x')).toBe('d');
    expect(pickXColumn([{ name: 'interval_start_utc', type: 'VARCHAR' }], 'interval_start_utc')).toBeNull();
  });

  it('splits by the subseries column only when the pull holds it as a non-time column', () => {
    expect(pickSeriesColumn(PJM_RT, 'monitored_facility', 'interval_start_utc')).toBe('monitored_facility');
    expect(pickSeriesColumn(PJM_RT, 'location', 'interval_start_utc')).toBeNull();
    expect(pickSeriesColumn(PJM_RT, null, 'interval_start_utc')).toBeNull();
    expect(pickSeriesColumn(PJM_RT, 'interval_start_utc', 'interval_start_utc')).toBeNull();
  });

  it('offers the numeric columns and starts with the price-like one', () => {
    const numeric = numericColumns(PJM_RT, ['interval_start_utc', 'monitored_facility']);
    expect(numeric).toEqual(['transmission_constraint_penalty_factor', 'limit_control_percentage', 'shadow_price']);
    expect(defaultYColumns(PJM_RT, numeric)).toEqual(['shadow_price']);
    const ids: TableColumn[] = [
      { name: 'location_id', type: 'BIGINT' },
      { name: 'mw', type: 'BIGINT' },
    ];
    expect(defaultYColumns(ids, ['location_id', 'mw'])).toEqual(['mw']);
    expect(defaultYColumns([{ name: 'a', type: 'DOUBLE' }], ['a'])).toEqual(['a']);
    expect(defaultYColumns(PJM_RT, [])).toEqual([]);
  });
});

describe('series picker', () => {
  const values = [
    { value: 'WESTERN HUB', count: 900 },
    { value: null, count: 500 },
    { value: 'AEP', count: 300 },
    { value: 'DOM', count: 200 },
    { value: 'PSEG', count: 100 },
  ];

  it('starts with the first non-null values of the answer (largest peak first), up to 8', () => {
    expect(defaultSeriesValues(values, 2)).toEqual(['WESTERN HUB', 'AEP']);
    expect(defaultSeriesValues(values)).toEqual(['WESTERN HUB', 'AEP', 'DOM', 'PSEG']);
    const many = Array.from({ length: 12 }, (_, i) => ({ value: `S${i}`, count: 1 }));
    expect(defaultSeriesValues(many)).toHaveLength(8);
  });

  it('searches every term, case-insensitively', () => {
    expect(searchValues(values, 'hub west').map((v) => v.value)).toEqual(['WESTERN HUB']);
    expect(searchValues(values, '  ')).toHaveLength(5);
    expect(searchValues(values, 'zzz')).toEqual([]);
  });
});

describe('axis zones', () => {
  it('toggles UTC and market time and starts in the query zone', () => {
    expect(axisZones('market', 'America/New_York')).toEqual({
      zones: [
        { id: 'utc', label: 'UTC', zone: 'UTC' },
        { id: 'market', label: 'Market time (EPT)', zone: 'America/New_York' },
      ],
      initial: 'market',
    });
    expect(axisZones('', 'America/New_York').initial).toBe('utc');
    expect(axisZones('UTC', 'America/New_York').initial).toBe('utc');
    expect(axisZones('America/New_York', 'America/New_York').initial).toBe('market');
  });

  it('adds a third zone the query used, and no market time for a UTC market', () => {
    const { zones, initial } = axisZones('America/Chicago', 'America/New_York');
    expect(zones.map((z) => z.zone)).toEqual(['UTC', 'America/New_York', 'America/Chicago']);
    expect(initial).toBe('query');
    expect(axisZones('market', 'UTC')).toEqual({ zones: [{ id: 'utc', label: 'UTC', zone: 'UTC' }], initial: 'utc' });
  });
});

describe('bucketPixels', () => {
  it('asks for at least the plot width, in steps of 100, within the verb limits', () => {
    expect(bucketPixels(1234)).toBe(1300);
    expect(bucketPixels(1200)).toBe(1200);
    expect(bucketPixels(10)).toBe(100);
    expect(bucketPixels(50_000)).toBe(10_000);
    expect(bucketPixels(Number.NaN)).toBe(800);
  });
});

describe('plot data', () => {
  it('makes repeated x values strictly increasing', () => {
    const xs = strictlyIncreasing([10, 10, 10, 20, 5]);
    expect(xs[0]).toBe(10);
    expect(xs[1]).toBeCloseTo(10.001, 9);
    expect(xs[2]).toBeCloseTo(10.002, 9);
    expect(xs[3]).toBe(20);
    expect(xs[4]).toBeCloseTo(20.001, 9);
  });

  it('keeps the breaks main put in a line (null points) where other lines are only skipped (undefined)', () => {
    const { data } = toPlotData(
      {
        series: [
          { key: 'A', column: 'shadow_price', x: [0, 300, 2700, 4500], y: [1, 2, null, 5] },
          { key: 'B', column: 'shadow_price', x: [0, 600], y: [7, 8] },
        ],
      },
      { keys: ['A', 'B'], columns: ['shadow_price'] },
    );
    expect(data[0]).toEqual([0, 300, 600, 2700, 4500]);
    // A's break covers B's point at 600 too, so uPlot clips from A's 300 to A's 4500, not a sliver around 2700.
    expect(data[1]).toEqual([1, 2, null, null, 5]);
    expect(data[2]).toEqual([7, undefined, 8, undefined, undefined]);
  });

  it('aligns lines on one x array in picker order with stable places for lines without points', () => {
    const { data, series } = toPlotData(
      {
        series: [
          { key: 'B', column: 'lmp', x: [100, 200], y: [2, 3] },
          { key: 'A', column: 'lmp', x: [100, 150], y: [1, 5] },
          { key: 'Z', column: 'lmp', x: [300], y: [9] },
        ],
      },
      { keys: ['A', 'B', 'C'], columns: ['lmp'] },
    );
    expect(series.map((s) => [s.label, s.hasData])).toEqual([
      ['A', true],
      ['B', true],
      ['C', false],
      ['Z', true],
    ]);
    expect(data[0]).toEqual([100, 150, 200, 300]);
    expect(data[1]).toEqual([1, 5, undefined, undefined]);
    expect(data[2]).toEqual([2, undefined, 3, undefined]);
    expect(data[3]).toEqual([null, null, null, null]);
    expect(data[4]).toEqual([undefined, undefined, undefined, 9]);
  });

  it('labels by column without a series column, and by both with several columns', () => {
    const label = (c: string) => `[${c}]`;
    const one = toPlotData(
      { series: [{ key: null, column: 'load', x: [1, 2], y: [5, 6] }] },
      { keys: null, columns: ['load'] },
      label,
    );
    expect(one.series.map((s) => s.label)).toEqual(['[load]']);
    expect(one.data).toEqual([
      [1, 2],
      [5, 6],
    ]);
    const two = toPlotData(
      { series: [{ key: 'N.Y.C.', column: 'load', x: [1], y: [5] }] },
      { keys: ['N.Y.C.'], columns: ['load', 'forecast'] },
      label,
    );
    expect(two.series.map((s) => s.label)).toEqual(['N.Y.C. · [load]', 'N.Y.C. · [forecast]']);
  });

  it('has an empty x array when no line has points', () => {
    const { data, series } = toPlotData({ series: [] }, { keys: ['A'], columns: ['lmp'] });
    expect(data).toEqual([[], []]);
    expect(series[0]!.hasData).toBe(false);
  });
});

describe('zoom ranges', () => {
  const full = { from: 0, to: 1000 };

  it('draws the zoom, else the data, and widens a single instant', () => {
    expect(xRange({ from: 10, to: 20 }, 0, 1000)).toEqual({ from: 10, to: 20 });
    expect(xRange(null, 0, 1000)).toEqual(full);
    expect(xRange(null, 500, 500)).toEqual({ from: -1300, to: 2300 });
    expect(xRange(null, null, null)).toBeNull();
  });

  it('pans within the data and zooms out to no zoom', () => {
    expect(panRange({ from: 100, to: 300 }, 0.5, full)).toEqual({ from: 200, to: 400 });
    expect(panRange({ from: 100, to: 300 }, -1, full)).toEqual({ from: 0, to: 200 });
    expect(panRange({ from: 800, to: 950 }, 1, full)).toEqual({ from: 850, to: 1000 });
    expect(zoomOut({ from: 400, to: 500 }, 2, full)).toEqual({ from: 350, to: 550 });
    expect(zoomOut({ from: 100, to: 900 }, 2, full)).toBeNull();
  });
});
