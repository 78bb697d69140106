import { mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetWithTimezone } from '../../shared/index.js';
import { tempDir } from '../test-support/testing.js';
import { ExportFiles } from './files.js';

/** Export files written from a real DuckDB file: content, atomic placement (no scratch left), one write per file. */

let dir: string;
let files: ExportFiles;
const ID = 'toy_load';
const dataset = {
  id: ID,
  name: 'Toy load',
  time_index_column: 'interval_start_utc',
  publish_time_column: null,
  primary_key_columns: ['interval_start_utc'],
  all_columns: [
    { name: 'interval_start_utc', type: 'TIMESTAMP', is_numeric: false, is_date: false, is_datetime: true },
    { name: 'load', type: 'DOUBLE PRECISION', is_numeric: true, is_date: false, is_datetime: false },
  ],
} as unknown as DatasetWithTimezone;

beforeAll(async () => {
  dir = await tempDir('export-files');
  const dbPath = path.join(dir, 'cache', 'toy.duckdb');
  await mkdir(path.dirname(dbPath), { recursive: true });
  const db = await DuckDBInstance.create(dbPath);
  const conn = await db.connect();
  await conn.run(`CREATE TABLE ${ID} AS SELECT TIMESTAMP '2024-03-01' + to_hours(h) AS interval_start_utc,
                  CAST(h AS DOUBLE) AS load FROM range(48) r(h)`);
  conn.closeSync();
  db.closeSync();
  files = new ExportFiles({ path: dbPath, get: (id) => (id === ID ? dataset : undefined) });
});
afterAll(async () => {
  await files.close();
  await rm(dir, { recursive: true, force: true });
});

describe('ExportFiles', () => {
  it('writes the gzipped CSV of a day at its object key, leaving nothing else in the folder', async () => {
    expect(await files.dates(dataset)).toEqual(['2024-03-01', '2024-03-02']);
    const file = await files.ensure(dataset, '2024-03-02');
    expect(file.path).toBe(path.join(files.root, ID, 'year=2024', 'month=03', '2024-03-02.csv.gz'));
    const lines = gunzipSync(await readFile(file.path))
      .toString('utf8')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('interval_start_utc,load');
    expect(lines).toHaveLength(25);
    expect(lines[1]).toBe('2024-03-02T00:00:00+00:00,24.0');
    expect(file.size).toBe((await stat(file.path)).size);
    expect(await readdir(files.root)).toEqual([ID]);
    expect(await readdir(path.dirname(file.path))).toEqual(['2024-03-02.csv.gz']);
  });

  it('writes a file once: callers at the same time share the write, later ones find the file', async () => {
    const [a, b] = await Promise.all([files.ensure(dataset, '2024-03-01'), files.ensure(dataset, '2024-03-01')]);
    expect(b).toEqual(a);
    const again = await files.ensure(dataset, '2024-03-01');
    expect(again.modified.getTime()).toBe(a.modified.getTime());
  });

  it('fails without leaving a file or a scratch folder when the dataset has no table', async () => {
    const missing = { ...dataset, id: 'no_such_table' } as DatasetWithTimezone;
    await expect(files.ensure(missing, '2024-03-01')).rejects.toThrow(/no_such_table/);
    expect((await readdir(files.root)).sort()).toEqual(['no_such_table', ID]);
    expect(await readdir(path.join(files.root, 'no_such_table', 'year=2024', 'month=03'))).toEqual([]);
  });
});
