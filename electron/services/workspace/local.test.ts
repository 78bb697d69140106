import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLogSink } from '../common/logger.js';
import type { LocalFiles } from '../downloads/types.js';
import { exportPull } from './export.js';
import { getPull, listPulls } from './history.js';
import { localParams, startLocalReview } from './local.js';
import { readRows } from './page.js';
import type { PullReport } from './progress.js';
import { rowObjects } from './sql.js';
import { tempWorkspace } from './test-support/helpers.js';
import { consecutiveDates, writeDayFiles } from './test-support/localFiles.js';
import { openWorkspace } from './workspace.js';
import type { Workspace } from './workspace.js';

/** Local reviews of real gzipped CSV day files: rows and types, reading and exporting, a damaged day, cancel, reopen. */

const DATES = consecutiveDates('2024-03-01', 4);
const LOCATIONS = 5;
let ws: Workspace;
let dir: string;
let cleanup: () => Promise<void>;
let files: LocalFiles;

beforeAll(async () => {
  setLogSink(() => undefined);
  ({ ws, dir, cleanup } = await tempWorkspace());
  files = await writeDayFiles(join(dir, 'downloads'), DATES, { locations: LOCATIONS });
});
afterAll(async () => {
  await cleanup();
});

async function review(f: LocalFiles, reports: PullReport[] = [], options = {}) {
  const started = await startLocalReview(ws, f, { onProgress: (p) => reports.push(p), ...options });
  if (!started.ok) throw new Error(started.error.message);
  const outcome = await started.value.done;
  const record = await getPull(ws, started.value.pullId);
  if (!record.ok) throw new Error(record.error.message);
  return { outcome, record: record.value, reports };
}

describe('local review', () => {
  it('reads every day into one typed table, recorded as kind local with its days, files and bytes', async () => {
    const { outcome, record, reports } = await review({ ...files, files: [...files.files].reverse() }, [], {
      filesPerStatement: 2,
    });
    const rows = DATES.length * 288 * LOCATIONS;
    expect(outcome).toMatchObject({ state: 'complete', rows, pages: DATES.length, rowsCharged: 0 });
    expect(record).toMatchObject({
      kind: 'local',
      state: 'complete',
      complete: true,
      rows,
      pages: DATES.length,
      rowsCharged: 0,
      error: null,
      binding: null,
      params: { datasetId: files.dataset.id, startTime: '2024-03-01', endTime: '2024-03-05' },
      local: {
        dates: DATES,
        files: DATES.length,
        bytes: files.files.reduce((s, f) => s + f.bytes, 0),
        folder: files.folder,
        source: 'parquet',
      },
    });
    expect(record.columns).toEqual([
      { name: 'interval_start_utc', type: 'TIMESTAMPTZ' },
      { name: 'interval_end_utc', type: 'TIMESTAMPTZ' },
      { name: 'market', type: 'VARCHAR' },
      { name: 'location', type: 'VARCHAR' },
      { name: 'location_type', type: 'VARCHAR' },
      { name: 'lmp', type: 'DOUBLE' },
      { name: 'energy', type: 'DOUBLE' },
      { name: 'congestion', type: 'DOUBLE' },
      { name: 'loss', type: 'DOUBLE' },
    ]);
    const parts = join(dir, 'embedded.local', `pull_${record.id}`, '*.parquet');
    const types = await ws.read((c) =>
      rowObjects(c, `SELECT typeof(interval_start_utc) AS t, CAST(count(*) AS DOUBLE) AS n FROM '${parts}' GROUP BY 1`),
    );
    expect(types).toEqual([{ t: 'TIMESTAMP WITH TIME ZONE', n: rows }]);
    // Parts of two files: a report after each, then the end.
    expect(reports.filter((r) => r.state === 'running').map((r) => [r.rows, r.pages])).toEqual([
      [rows / 2, 2],
      [rows, 4],
    ]);
    expect(reports.at(-1)).toMatchObject({ state: 'complete', rows, rowsCharged: 0, etaSeconds: 0 });
    expect(reports.find((r) => r.state === 'running')?.etaSeconds).not.toBeNull();
  });

  it('pages, sorts and filters in the results table; the timestamps read back as written; the chart time filters work', async () => {
    const { record } = await review(files);
    const first = await readRows(ws, record.id, { limit: 3 });
    expect(first).toMatchObject({ ok: true, value: { totalRows: DATES.length * 288 * LOCATIONS, offset: 0 } });
    expect(first.ok && first.value.rows[0]).toEqual([
      '2024-03-01T00:00:00+00:00',
      '2024-03-01T00:05:00+00:00',
      'RTM',
      'PNODE_00000',
      'ZONE',
      expect.any(Number),
      24,
      expect.any(Number),
      expect.any(Number),
    ]);
    const lastDay = await readRows(ws, record.id, {
      limit: 2,
      sort: [{ column: 'interval_start_utc', desc: true }, { column: 'location' }],
      filters: [{ column: 'interval_start_utc', op: '>=', value: '2024-03-04T23:55:00Z' }],
    });
    expect(lastDay.ok && lastDay.value.totalRows).toBe(LOCATIONS);
    expect(lastDay.ok && lastDay.value.rows.map((r) => [r[0], r[3]])).toEqual([
      ['2024-03-04T23:55:00+00:00', 'PNODE_00000'],
      ['2024-03-04T23:55:00+00:00', 'PNODE_00001'],
    ]);
  });

  it('exports like any pull', async () => {
    const { record } = await review({ ...files, files: files.files.slice(0, 1) });
    const path = join(dir, 'review.csv');
    const written = await exportPull(ws, record.id, { format: 'csv', path });
    expect(written).toMatchObject({ ok: true, value: { rows: 288 * LOCATIONS, format: 'csv' } });
  });

  it('a file DuckDB cannot read ends the review failed, with no rows, the day named and nothing left to read', async () => {
    const bad = join(dir, 'downloads', 'damaged-2024-03-03.csv.gz');
    await writeFile(bad, Buffer.from('\x1f\x8b\x08\x00 this is not a gzip stream at all'));
    const damaged = files.files.map((f) => (f.date === '2024-03-03' ? { ...f, path: bad } : f));
    const { outcome, record } = await review({ ...files, files: damaged }, [], { filesPerStatement: 1 });
    expect(outcome).toMatchObject({ state: 'failed', rows: 0, pages: 0 });
    expect(record.state).toBe('failed');
    expect(record.rows).toBe(0);
    expect(record.error).toMatch(/2024-03-03/);
    expect(record.error).toContain(bad);
    expect(record.local?.source).toBe('none');
    expect(await readRows(ws, record.id, { limit: 1 })).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('a missing file is named too, found among the files of one statement', async () => {
    const gone = files.files.map((f) => (f.date === '2024-03-02' ? { ...f, path: join(dir, 'nowhere', 'x.csv.gz') } : f));
    const { record } = await review({ ...files, files: gone }, [], { filesPerStatement: 4 });
    expect(record.state).toBe('failed');
    expect(record.error).toMatch(/^The downloaded file of 2024-03-02 \(.*nowhere.*\) cannot be read: .*Verify the day/);
  });

  it('cancel ends it cancelled; an aborted signal before the first file reads none', async () => {
    const controller = new AbortController();
    controller.abort();
    const early = await review(files, [], { signal: controller.signal });
    expect(early.record).toMatchObject({ state: 'cancelled', rows: 0, error: expect.stringMatching(/cancel/i) });

    const started = await startLocalReview(ws, files, { filesPerStatement: 1 });
    if (!started.ok) throw new Error(started.error.message);
    expect(await ws.cancel(started.value.pullId)).toBe(true);
    const outcome = await started.value.done;
    expect(outcome.state).toBe('cancelled');
    const record = await getPull(ws, started.value.pullId);
    expect(record.ok && record.value.state).toBe('cancelled');
  });

  it('waits for beforePart before each part; its rejection fails the conversion and the files stay the source', async () => {
    const asked: number[] = [];
    const held = await review(files, [], {
      filesPerStatement: 2,
      beforePart: async (part: number) => {
        asked.push(part);
        if (part === 2) throw new Error('disk full');
      },
    });
    expect(asked).toEqual([1, 2]);
    expect(held.record).toMatchObject({
      state: 'failed',
      rows: 0,
      error: 'The conversion stopped: disk full. The review keeps reading the downloaded files directly.',
      local: { source: 'files' },
    });
  });

  it('refuses no files or a relative path without recording a pull', async () => {
    const before = await listPulls(ws);
    expect(await startLocalReview(ws, { ...files, files: [] })).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await startLocalReview(ws, { ...files, files: [{ date: '2024-03-01', path: 'x.csv.gz', bytes: 1 }] })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    const after = await listPulls(ws);
    expect(after.ok && after.value.length).toBe(before.ok && before.value.length);
  });

  it('params span the days: the first day to the day after the last', () => {
    expect(localParams('d', ['2024-12-31', '2024-02-28', '2024-02-29'])).toEqual({
      datasetId: 'd',
      startTime: '2024-02-28',
      endTime: '2025-01-01',
    });
  });
});

describe('reopening', () => {
  it('a review reads from the workspace after a restart, without its files', async () => {
    const { ws: own, dir: ownDir, cleanup: done } = await tempWorkspace();
    try {
      const started = await startLocalReview(own, files);
      if (!started.ok) throw new Error(started.error.message);
      await started.value.done;
      await own.close();
      const again = await openWorkspace(ownDir, 'embedded');
      try {
        const record = await getPull(again, started.value.pullId);
        expect(record).toMatchObject({ ok: true, value: { kind: 'local', state: 'complete', local: { files: DATES.length } } });
        const page = await readRows(again, started.value.pullId, { limit: 1 });
        expect(page.ok && page.value.totalRows).toBe(DATES.length * 288 * LOCATIONS);
      } finally {
        await again.close();
      }
    } finally {
      await done();
    }
  });
});
