import { describe, expect, it } from 'vitest';
import { exportFiles } from '../../test-support/fakeDownloads.js';
import { addDays, monthCells, monthsOf, shadeOf, yearsOf } from './calendar.js';
import { NO_DAYS, clickDay, toggleGroup } from '../../features/downloads/daySelection.js';
import { readExportsRoute, exportsSearch } from './route.js';
import { formatBytes } from '../../features/downloads/format.js';

describe('export calendar', () => {
  it('lays a month under its weekdays, Monday first', () => {
    // 2024-03-01 is a Friday: four blank cells before it.
    const cells = monthCells(2024, 3);
    expect(cells.slice(0, 5)).toEqual([null, null, null, null, '2024-03-01']);
    expect(cells.filter(Boolean)).toHaveLength(31);
    expect(monthCells(2024, 2).filter(Boolean).at(-1)).toBe('2024-02-29');
  });

  it('lists the years with files newest first and only the months that have files', () => {
    const files = exportFiles(['2023-12-31', '2024-01-02', '2024-03-01', '2024-03-02']);
    expect(yearsOf(files)).toEqual([2024, 2023]);
    expect(monthsOf(files, 2024).map((m) => [m.title, m.files.length])).toEqual([
      ['January 2024', 1],
      ['March 2024', 2],
    ]);
  });

  it('shades by quarter of the largest file and moves days across months', () => {
    expect([undefined, 1, 25, 26, 100].map((s) => shadeOf(s, 100))).toEqual([0, 1, 1, 2, 4]);
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
    expect(addDays('2024-03-01', -7)).toBe('2024-02-23');
  });
});

describe('day selection', () => {
  const days = ['2024-03-01', '2024-03-02', '2024-03-04', '2024-03-05'];
  it('toggles on click and adds the selectable days of a Shift+click range', () => {
    let sel = clickDay(NO_DAYS, '2024-03-05', days, false);
    sel = clickDay(sel, '2024-03-02', days, true);
    expect([...sel.days].sort()).toEqual(['2024-03-02', '2024-03-04', '2024-03-05']);
    sel = clickDay(sel, '2024-03-04', days, false);
    expect(sel.days.has('2024-03-04')).toBe(false);
  });
  it('selects a group, and clears it when all of it is selected', () => {
    const all = toggleGroup(NO_DAYS, days);
    expect(all.days.size).toBe(4);
    expect(toggleGroup(all, days).days.size).toBe(0);
  });
});

describe('exports address and sizes', () => {
  it('reads and writes the dataset and year, ignoring a bad year', () => {
    expect(readExportsRoute('dataset=a_b&year=2024')).toEqual({ datasetId: 'a_b', year: 2024 });
    expect(readExportsRoute('year=abc')).toEqual({ datasetId: null, year: null });
    expect(exportsSearch({ datasetId: 'a_b', year: null })).toBe('dataset=a_b');
  });
  it('writes sizes in binary multiples, one decimal under ten', () => {
    expect([0, 512, 40_960, 1536, 1_048_064, 5 * 1024 ** 3].map(formatBytes)).toEqual([
      '0 B',
      '512 B',
      '40 KB',
      '1.5 KB',
      '1.0 MB',
      '5.0 GB',
    ]);
  });
});
