import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../common/logger.js';
import { deletePull, deleteSavedQuery, getPull, listPulls, listSavedQueries, renameSavedQuery, saveQuery } from './history.js';
import { readRows } from './page.js';
import { rowObjects } from './sql.js';
import { seedPull, tempWorkspace } from './test-support/helpers.js';
import { openWorkspace } from './workspace.js';
import type { Workspace } from './workspace.js';

/** History of pulls and saved queries: listing, deleting, renaming, and surviving a restart. */

let ws: Workspace;
let dir: string;
let cleanup: () => Promise<void>;
beforeAll(() => setLogSink(() => undefined));
beforeEach(async () => {
  ({ ws, dir, cleanup } = await tempWorkspace());
});
afterEach(() => cleanup());

const value = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('pull history', () => {
  it('lists pulls newest first with their parameters, counts and state, optionally for one dataset', async () => {
    const first = await seedPull(ws, 'SELECT range AS i FROM range(3)', 'complete', 'pjm_lmp_day_ahead_hourly');
    const second = await seedPull(ws, 'SELECT range AS i FROM range(5)', 'partial', 'nyiso_zonal_load_5_min');
    const all = value(await listPulls(ws));
    expect(all.map((p) => p.id)).toEqual([second, first]);
    expect(all[0]).toMatchObject({
      datasetId: 'nyiso_zonal_load_5_min',
      params: { datasetId: 'nyiso_zonal_load_5_min' },
      profile: 'embedded',
      state: 'partial',
      complete: false,
      rows: 5,
      rowsCharged: 5,
      pages: 1,
      columns: [{ name: 'i', type: 'BIGINT' }],
      error: null,
    });
    expect(all[0]).not.toHaveProperty('tableName');
    expect(all[0]!.startedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(all[1]!.complete).toBe(true);
    expect(value(await listPulls(ws, { datasetId: 'pjm_lmp_day_ahead_hourly' })).map((p) => p.id)).toEqual([first]);
    expect(value(await listPulls(ws, { limit: 1, offset: 1 })).map((p) => p.id)).toEqual([first]);
    expect(await listPulls(ws, { limit: 0 })).toMatchObject({ ok: false, error: { code: 'validation' } });
  });

  it('deletes a pull with its rows', async () => {
    const id = await seedPull(ws, 'SELECT range AS i FROM range(3)');
    expect(await deletePull(ws, id)).toEqual({ ok: true, value: { id } });
    expect(await getPull(ws, id)).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await readRows(ws, id)).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(
      await ws.read((c) => rowObjects(c, `SELECT count(*)::INTEGER AS n FROM duckdb_tables() WHERE table_name = 'pull_${id}'`)),
    ).toEqual([{ n: 0 }]);
    expect(await deletePull(ws, id)).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('reopens a pull after a restart without a request', async () => {
    const id = await seedPull(ws, "SELECT 'WEST' AS location, CAST(21.5 AS DOUBLE) AS lmp");
    await ws.close();
    ws = await openWorkspace(dir, 'embedded');
    expect(value(await getPull(ws, id))).toMatchObject({ id, state: 'complete', rows: 1 });
    expect(value(await readRows(ws, id)).rows).toEqual([['WEST', 21.5]]);
  });
});

describe('saved queries', () => {
  it('saves, lists by name, renames and deletes, and survives a restart', async () => {
    const params = {
      datasetId: 'pjm_lmp_day_ahead_hourly',
      startTime: '2024-03-01',
      filter: { column: 'location', operator: '=' as const, value: 'WEST' },
    };
    const b = value(await saveQuery(ws, { name: '  West hub March  ', params }));
    const a = value(await saveQuery(ws, { name: 'all zones', params: { datasetId: 'nyiso_zonal_load_5_min' } }));
    expect(b).toMatchObject({ name: 'West hub March', datasetId: 'pjm_lmp_day_ahead_hourly', params });
    expect(value(await listSavedQueries(ws)).map((q) => q.name)).toEqual(['all zones', 'West hub March']);
    expect(value(await renameSavedQuery(ws, a.id, 'Zones'))).toMatchObject({ id: a.id, name: 'Zones' });
    await ws.close();
    ws = await openWorkspace(dir, 'embedded');
    expect(value(await listSavedQueries(ws)).map((q) => [q.id, q.name])).toEqual([
      [b.id, 'West hub March'],
      [a.id, 'Zones'],
    ]);
    expect(await deleteSavedQuery(ws, b.id)).toEqual({ ok: true, value: { id: b.id } });
    expect(value(await listSavedQueries(ws)).map((q) => q.id)).toEqual([a.id]);
  });

  it('answers validation for an empty or long name and not_found for an unknown id', async () => {
    expect(await saveQuery(ws, { name: '   ', params: { datasetId: 'x' } })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    expect(await saveQuery(ws, { name: 'x'.repeat(201), params: { datasetId: 'x' } })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    expect(await saveQuery(ws, { name: 'no dataset', params: {} as never })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    expect(await renameSavedQuery(ws, 42, 'x')).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await deleteSavedQuery(ws, 42)).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
