import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLogSink } from '../common/logger.js';
import { readRows } from './page.js';
import type { ReadRowsOptions } from './page.js';
import { seedPull, tempWorkspace } from './test-support/helpers.js';
import type { Workspace } from './workspace.js';

/** The results table's reads: sort, filter (bound, type-checked), paging and JSON-safe values. */

let ws: Workspace;
let cleanup: () => Promise<void>;
let id: number;

/** Row i of the seeded pull: stamp every hour from 2024-03-01, 4 locations, LMP, a BIGINT (unsafe from i = 8), NULL notes. */
const SELECT = `
  SELECT TIMESTAMPTZ '2024-03-01 00:00:00+00' + to_hours(range) AS interval_start_utc,
         ['WEST', 'N.Y.C.', 'Zone''s "A"', 'east'][range % 4 + 1] AS location,
         CASE WHEN range = 5 THEN 'NaN'::DOUBLE ELSE round(20 + (range * 7) % 13 + range / 100, 2) END AS lmp,
         CASE WHEN range < 8 THEN range * 1000 ELSE 9007199254740993 + range END AS big,
         CASE WHEN range % 3 = 0 THEN NULL ELSE 'note ' || range END AS note,
         DATE '2024-03-01' + CAST(range // 24 AS INTEGER) AS market_date
  FROM range(40)`;

beforeAll(async () => {
  setLogSink(() => undefined);
  ({ ws, cleanup } = await tempWorkspace());
  id = await seedPull(ws, SELECT);
});
afterAll(() => cleanup());

async function read(options: ReadRowsOptions) {
  const page = await readRows(ws, id, options);
  if (!page.ok) throw new Error(`${page.error.code}: ${page.error.message}`);
  return page.value;
}
const column = (rows: unknown[][], i: number) => rows.map((r) => r[i]);

describe('readRows', () => {
  it('answers JSON-safe rows in arrival order: ISO times, NaN as null, BIGINT as number or string', async () => {
    const page = await read({ limit: 10 });
    expect(page).toMatchObject({ pullId: id, state: 'complete', offset: 0, totalRows: 40 });
    expect(page.columns.map((c) => `${c.name}:${c.type}`)).toEqual([
      'interval_start_utc:TIMESTAMPTZ',
      'location:VARCHAR',
      'lmp:DOUBLE',
      'big:BIGINT',
      'note:VARCHAR',
      'market_date:DATE',
    ]);
    expect(page.rows[0]).toEqual(['2024-03-01T00:00:00+00:00', 'WEST', 20, 0, null, '2024-03-01']);
    expect(page.rows[5]![2]).toBeNull();
    expect(column(page.rows, 3).slice(6)).toEqual([6000, 7000, '9007199254741001', '9007199254741002']);
    expect(JSON.parse(JSON.stringify(page.rows))).toEqual(page.rows);
  });

  it('pages with offset and limit', async () => {
    const page = await read({ offset: 35, limit: 10 });
    expect(page.rows).toHaveLength(5);
    expect(page.rows[0]![0]).toBe('2024-03-02T11:00:00+00:00');
  });

  it('limit 0 reads the count alone; a table in the workspace counts at once even when asked countLater', async () => {
    expect(await read({ limit: 0 })).toMatchObject({ totalRows: 40, rows: [] });
    const later = await read({ limit: 10, countLater: true });
    expect(later).toMatchObject({ totalRows: 40 });
    expect(later.countPending).toBeUndefined();
  });

  it('sorts by several keys, NULLs last, ties in arrival order', async () => {
    const page = await read({ limit: 40, sort: [{ column: 'location', desc: true }, { column: 'note' }] });
    const locations = column(page.rows, 1);
    expect(locations.slice(0, 10).every((l) => l === 'east')).toBe(true);
    expect(locations.at(-1)).toBe('N.Y.C.');
    const east = page.rows.filter((r) => r[1] === 'east');
    const notes = column(east, 4);
    expect(notes.slice(0, 7)).toEqual([...notes.slice(0, 7)].sort());
    expect(notes.slice(7)).toEqual([null, null, null]);
    const nullStamps = east.filter((r) => r[4] === null).map((r) => r[0] as string);
    expect(nullStamps).toEqual([...nullStamps].sort());
  });

  it('filters with every operator, on any column, and counts the filtered rows', async () => {
    const count = async (filters: ReadRowsOptions['filters']) => (await read({ filters, limit: 1 })).totalRows;
    expect(await count([{ column: 'location', op: '=', value: 'WEST' }])).toBe(10);
    expect(await count([{ column: 'location', op: '!=', value: 'WEST' }])).toBe(30);
    expect(await count([{ column: 'location', op: 'in', value: ['WEST', 'Zone\'s "A"'] }])).toBe(20);
    expect(await count([{ column: 'location', op: 'contains', value: 'zONE' }])).toBe(10);
    expect(await count([{ column: 'note', op: 'is null' }])).toBe(14);
    expect(await count([{ column: 'note', op: 'not null' }])).toBe(26);
    expect(await count([{ column: 'big', op: '>=', value: 7000 }])).toBe(33);
    // Exact BIGINT comparison beyond 2^53 (as doubles, ...1009 would round to a neighbour).
    expect(await count([{ column: 'big', op: '>', value: '9007199254741009' }])).toBe(23);
    expect(await count([{ column: 'interval_start_utc', op: '<', value: '2024-03-01T10:00:00Z' }])).toBe(10);
    expect(await count([{ column: 'interval_start_utc', op: '>=', value: '2024-03-01 05:00:00-05:00' }])).toBe(30);
    expect(await count([{ column: 'market_date', op: '=', value: '2024-03-02' }])).toBe(16);
    const both = await read({
      filters: [
        { column: 'location', op: 'in', value: ['WEST', 'east'] },
        { column: 'lmp', op: '<=', value: 25 },
      ],
      sort: [{ column: 'lmp' }],
      limit: 40,
    });
    expect(both.totalRows).toBe(both.rows.length);
    expect(both.rows.every((r) => ['WEST', 'east'].includes(r[1] as string) && (r[2] as number) <= 25)).toBe(true);
    expect(column(both.rows, 2)).toEqual([...column(both.rows, 2)].sort((a, b) => (a as number) - (b as number)));
  });

  it('treats values as values, never as SQL', async () => {
    const page = await read({ filters: [{ column: 'location', op: '=', value: "WEST' OR '1'='1" }] });
    expect(page.totalRows).toBe(0);
  });

  it('answers validation for unknown columns and operators and for values of the wrong type', async () => {
    const failure = async (options: ReadRowsOptions) => {
      const page = await readRows(ws, id, options);
      if (page.ok) throw new Error('expected a failure');
      return page.error;
    };
    expect(await failure({ sort: [{ column: 'lmp"; DROP TABLE pulls; --' }] })).toMatchObject({
      code: 'validation',
      message: expect.stringContaining('Unknown column'),
    });
    expect(await failure({ filters: [{ column: 'nope', op: '=', value: 1 }] })).toMatchObject({
      code: 'validation',
      message: expect.stringContaining('Columns: interval_start_utc, location'),
    });
    expect(await failure({ filters: [{ column: 'lmp', op: 'like' as '=', value: 1 }] })).toMatchObject({
      code: 'validation',
      message: expect.stringContaining('Unknown filter operator'),
    });
    expect(await failure({ filters: [{ column: 'lmp', op: '>', value: 'cheap' }] })).toEqual({
      code: 'validation',
      message: 'Filter on lmp: "cheap" is not a number.',
    });
    expect(await failure({ filters: [{ column: 'interval_start_utc', op: '>', value: 'yesterday' }] })).toMatchObject({
      message: expect.stringContaining('is not a date-time'),
    });
    expect(await failure({ filters: [{ column: 'location', op: 'in', value: [] }] })).toMatchObject({ code: 'validation' });
    expect(await failure({ filters: [{ column: 'location', op: '=' }] })).toMatchObject({
      code: 'validation',
      message: expect.stringContaining('give one value'),
    });
    expect(await failure({ limit: -1 })).toMatchObject({ code: 'validation' });
    expect(await failure({ limit: 10_001 })).toMatchObject({ code: 'validation' });
    expect(await failure({ offset: -1 })).toMatchObject({ code: 'validation' });
  });

  it('answers not_found for an unknown pull', async () => {
    expect(await readRows(ws, 999, {})).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
