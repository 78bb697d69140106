import { describe, expect, it } from 'vitest';
import { equipmentRow, mapFeaturesAnswer, runRow } from '../../test-support/mapFeatures.js';
import { filterRange, rowShown, shownSummary, ticketsShown } from './gpuFilter.js';
import { decodeMapFeatures } from './mapColumns.js';
import { mapRows } from './mapRows.js';

const O = Date.parse('2024-09-02T00:00:00Z');
const M = 60_000;
const row = (start: number, end: number) => ({ start: Float32Array.of(start), end: Float32Array.of(end) });
const shown = (start: number, end: number, a: number, b: number) =>
  rowShown(row(start, end), 0, true, filterRange({ start: O + a * M, end: O + b * M }, O));

describe('filterRange: the half-open rule on the GPU', () => {
  it('shows [start, end) exactly while it overlaps the window [a, b)', () => {
    // Window [60, 120): a row ending at 60 or starting at 120 only touches it.
    expect(shown(0, 60, 60, 120)).toBe(false);
    expect(shown(0, 61, 60, 120)).toBe(true);
    expect(shown(120, 180, 60, 120)).toBe(false);
    expect(shown(119, 180, 60, 120)).toBe(true);
    expect(shown(60, 120, 60, 120)).toBe(true);
    expect(shown(0, 1000, 60, 120)).toBe(true);
    // A five-minute interval against a five-minute window: itself only.
    expect([shown(55, 60, 60, 65), shown(60, 65, 60, 65), shown(65, 70, 60, 65)]).toEqual([false, true, false]);
  });

  it('stays exact at the far edges of float32 minutes (2^24) and before the origin', () => {
    const big = 2 ** 24;
    expect(shown(big - 5, big, big - 5, big)).toBe(true);
    expect(shown(big - 10, big - 5, big - 5, big)).toBe(false);
    expect(shown(-120, -60, -60, 0)).toBe(false);
    expect(shown(-120, -59, -60, 0)).toBe(true);
  });

  it('a window edge off the minute never shows a row that does not overlap it', () => {
    const r = filterRange({ start: O + 60 * M + 30_000, end: O + 119 * M + 1 }, O);
    expect(rowShown(row(0, 60), 0, true, r)).toBe(false);
    expect(rowShown(row(119, 200), 0, true, r)).toBe(true);
    expect(rowShown(row(120, 200), 0, true, r)).toBe(false);
  });

  it('"All times" shows every row the filters keep, and none they leave out', () => {
    const r = filterRange(null, O);
    expect(rowShown(row(-(2 ** 24), 2 ** 24), 0, true, r)).toBe(true);
    expect(rowShown(row(0, 5), 0, false, r)).toBe(false);
  });
});

describe('what is shown', () => {
  const rows = mapRows(
    decodeMapFeatures(
      mapFeaturesAnswer(
        [
          runRow(),
          runRow({
            constraint_gs_entity_id: 'c-2',
            start_min: 700,
            end_min: 705,
            start_lon: null,
            start_lat: null,
            end_lon: null,
            end_lat: null,
          }),
        ],
        [
          equipmentRow(),
          equipmentRow({ ticket: 2, start_min: 720, end_min: 1440, to_lon: -80.5, to_lat: 40.6 }),
          equipmentRow({ ticket: 3, start_min: 0, end_min: 720, from_lon: null, from_lat: null, to_lon: null, to_lat: null }),
        ],
      ),
    ),
  );

  it('reads lines, points and unplaced rows from the columns', () => {
    expect([...rows.equipment.lines]).toEqual([0]);
    expect([...rows.equipment.points]).toEqual([1]);
    expect([...rows.runs.placed]).toEqual([0]);
    expect(rows.equipment.status.values).toEqual(['Active']);
    expect(Number.isNaN(rows.equipment.fromLon[2]!)).toBe(true);
  });

  it('counts tickets and constraints overlapping the window, drawn or (for the counts line) not', () => {
    const morning = filterRange({ start: O + 240 * M, end: O + 300 * M }, O);
    const all = new Uint8Array([1, 1, 1]);
    expect(shownSummary(rows, all, morning, { binding: true, outages: true })).toEqual({
      tickets: [9000001],
      constraints: ['c-1'],
      equipment: 1,
      equipmentLines: 1,
    });
    expect(ticketsShown(rows.equipment, all, morning)).toBe(2);
    const evening = filterRange({ start: O + 720 * M, end: O + 780 * M }, O);
    expect(shownSummary(rows, all, evening, { binding: true, outages: true }).tickets).toEqual([2]);
    expect(shownSummary(rows, new Uint8Array([0, 0, 1]), morning, { binding: false, outages: true })).toEqual({
      tickets: [],
      constraints: [],
      equipment: 0,
      equipmentLines: 0,
    });
  });
});
