import { mkdir, readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLogSink } from '../common/logger.js';
import { exportPull } from './export.js';
import { rowObjects, sqlString } from './sql.js';
import { seedPull, tempWorkspace } from './test-support/helpers.js';
import type { Workspace } from './workspace.js';

/** Export of a pull to CSV and Parquet with DuckDB's COPY. */

let ws: Workspace;
let dir: string;
let cleanup: () => Promise<void>;
let id: number;
let out: string;

beforeAll(async () => {
  setLogSink(() => undefined);
  ({ ws, dir, cleanup } = await tempWorkspace());
  out = join(dir, 'exports');
  await mkdir(out);
  id = await seedPull(
    ws,
    `SELECT TIMESTAMPTZ '2024-03-01 00:00:00+00' + to_hours(range) AS interval_start_utc, ['WEST', 'N.Y.C.', 'a "quoted", zone'][range % 3 + 1] AS location,
            CAST(range * 1.5 AS DOUBLE) AS lmp, CAST(range AS BIGINT) AS n FROM range(30)`,
  );
});
afterAll(() => cleanup());

describe('exportPull', () => {
  it('writes the filtered, sorted rows as CSV with timestamps as the API writes them', async () => {
    const path = join(out, 'west.csv');
    const result = await exportPull(ws, id, {
      format: 'csv',
      path,
      filters: [{ column: 'location', op: '!=', value: 'N.Y.C.' }],
      sort: [{ column: 'lmp', desc: true }],
      columns: ['interval_start_utc', 'location', 'lmp'],
    });
    expect(result).toMatchObject({ ok: true, value: { path, format: 'csv', rows: 20 } });
    const text = await readFile(path, 'utf8');
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('interval_start_utc,location,lmp');
    expect(lines[1]).toBe('2024-03-02T05:00:00+00:00,"a ""quoted"", zone",43.5');
    expect(lines).toHaveLength(21);
    expect(result.ok && result.value.bytes).toBe(Buffer.byteLength(text));
    expect(await readdir(out)).not.toContain('west.csv.part');
  });

  it('writes Parquet with the column types kept', async () => {
    const path = join(out, 'all.parquet');
    expect(await exportPull(ws, id, { format: 'parquet', path })).toMatchObject({ ok: true, value: { rows: 30 } });
    const back = await ws.read((c) =>
      rowObjects(
        c,
        `SELECT CAST(count(*) AS INTEGER) AS n, CAST(sum(n) AS INTEGER) AS total, typeof(min(interval_start_utc)) AS t, epoch(min(interval_start_utc)) AS first FROM read_parquet(${sqlString(path)})`,
      ),
    );
    expect(back).toEqual([{ n: 30, total: 435, t: 'TIMESTAMP WITH TIME ZONE', first: Date.UTC(2024, 2, 1) / 1000 }]);
  });

  it('refuses a relative path, an unknown format, column or pull, and leaves no file behind a failure', async () => {
    expect(await exportPull(ws, id, { format: 'csv', path: 'relative.csv' })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    expect(await exportPull(ws, id, { format: 'xlsx' as 'csv', path: join(out, 'x.xlsx') })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    expect(await exportPull(ws, id, { format: 'csv', path: join(out, 'x.csv'), columns: ['nope'] })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    expect(await exportPull(ws, 999, { format: 'csv', path: join(out, 'x.csv') })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    const missing = join(out, 'no-such-folder', 'x.csv');
    expect(await exportPull(ws, id, { format: 'csv', path: missing })).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect((await readdir(out)).filter((f) => f.startsWith('x.'))).toEqual([]);
  });

  it('answers cancelled when stopped before it starts', async () => {
    const controller = new AbortController();
    controller.abort();
    const path = join(out, 'cancelled.csv');
    expect(await exportPull(ws, id, { format: 'csv', path, signal: controller.signal })).toMatchObject({
      ok: false,
      error: { code: 'cancelled' },
    });
    expect(await readdir(out)).not.toContain('cancelled.csv');
  });
});
