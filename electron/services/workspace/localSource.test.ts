import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLogSink } from '../common/logger.js';
import type { LocalFiles } from '../downloads/types.js';
import { readSeries } from './downsample.js';
import { deletePull, getPull } from './history.js';
import { startLocalReview } from './local.js';
import { localColumns, localRelation, readCsvSql } from './localSource.js';
import { readRows } from './page.js';
import { rowObjects } from './sql.js';
import { tempWorkspace } from './test-support/helpers.js';
import { consecutiveDates, writeDayFiles } from './test-support/localFiles.js';
import { readValueCounts } from './values.js';
import type { Workspace } from './workspace.js';

/** A local review read straight from its files: typed from the metadata, before, without and after its conversion. */

const DATES = consecutiveDates('2024-03-01', 3);
const LOCATIONS = 4;
const ROWS = DATES.length * 288 * LOCATIONS;
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

/** A review whose conversion was cancelled before its first part: it reads the files for good. */
async function directReview(f: LocalFiles = files): Promise<number> {
  const controller = new AbortController();
  controller.abort();
  const started = await startLocalReview(ws, f, { signal: controller.signal });
  if (!started.ok) throw new Error(started.error.message);
  await started.value.done;
  return started.value.pullId;
}

describe('the direct read', () => {
  it('is typed from the metadata, not sniffed', async () => {
    const sql = readCsvSql(
      files.files.map((f) => f.path),
      localColumns(files),
    );
    expect(sql).toContain('auto_detect = false');
    expect(sql).toContain("'lmp': 'DOUBLE'");
    const described = await ws.read((c) => rowObjects(c, `DESCRIBE SELECT * FROM ${sql}`));
    expect(described.map((r) => [r.column_name, r.column_type])).toEqual(
      localColumns(files).map((c) => [c.name, c.type === 'TIMESTAMPTZ' ? 'TIMESTAMP WITH TIME ZONE' : c.type]),
    );
    // A price column typed as text in the metadata stays text, whatever the file holds.
    const asText = localColumns(files).map((c) => (c.name === 'lmp' ? { ...c, type: 'VARCHAR' as const } : c));
    const typed = await ws.read((c) =>
      rowObjects(c, `SELECT typeof(lmp) AS t FROM ${readCsvSql([files.files[0]!.path], asText)} LIMIT 1`),
    );
    expect(typed).toEqual([{ t: 'VARCHAR' }]);
  });

  it('answers the first page, a sort, a filter, value counts and the chart while the files are not converted', async () => {
    const id = await directReview();
    const record = await getPull(ws, id);
    expect(record).toMatchObject({ ok: true, value: { state: 'cancelled', rows: 0, local: { source: 'files' } } });
    const first = await readRows(ws, id, { limit: 2 });
    expect(first).toMatchObject({ ok: true, value: { totalRows: ROWS } });
    expect(first.ok && first.value.rows.map((r) => [r[0], r[3]])).toEqual([
      ['2024-03-01T00:00:00+00:00', 'PNODE_00000'],
      ['2024-03-01T00:00:00+00:00', 'PNODE_00001'],
    ]);
    const sorted = await readRows(ws, id, {
      limit: 3,
      offset: 1,
      sort: [{ column: 'interval_start_utc', desc: true }],
      filters: [{ column: 'location', op: 'in', value: ['PNODE_00002', 'PNODE_00003'] }],
    });
    expect(sorted.ok && sorted.value.totalRows).toBe(DATES.length * 288 * 2);
    // Ties on the time are broken by the other columns: the same rows on every read.
    expect(sorted.ok && sorted.value.rows.map((r) => [r[0], r[3]])).toEqual([
      ['2024-03-03T23:55:00+00:00', 'PNODE_00003'],
      ['2024-03-03T23:50:00+00:00', 'PNODE_00002'],
      ['2024-03-03T23:50:00+00:00', 'PNODE_00003'],
    ]);
    const counts = await readValueCounts(ws, id, 'location');
    expect(counts.ok && counts.value.values).toEqual(
      [0, 1, 2, 3].map((i) => ({ value: `PNODE_0000${i}`, count: DATES.length * 288 })),
    );
    const series = await readSeries(ws, id, { x: 'interval_start_utc', y: ['lmp'], seriesBy: 'location', pixels: 100 });
    expect(series.ok && series.value.totalRows).toBe(ROWS);
  });

  it('asked countLater, answers the first page before its count; the count alone follows with limit 0', async () => {
    const id = await directReview();
    const first = await readRows(ws, id, { limit: 50, countLater: true });
    expect(first).toMatchObject({ ok: true, value: { totalRows: 50, countPending: true, offset: 0 } });
    expect(first.ok && first.value.rows).toHaveLength(50);
    const further = await readRows(ws, id, { offset: 50, limit: 50, countLater: true });
    expect(further).toMatchObject({ ok: true, value: { totalRows: 100, countPending: true } });
    const count = await readRows(ws, id, { limit: 0 });
    expect(count).toMatchObject({ ok: true, value: { totalRows: ROWS, rows: [] } });
    expect(count.ok && count.value.countPending).toBeUndefined();
    // Counted once, the view's pages carry the count again.
    const again = await readRows(ws, id, { offset: 100, limit: 50, countLater: true });
    expect(again).toMatchObject({ ok: true, value: { totalRows: ROWS } });
    expect(again.ok && again.value.countPending).toBeUndefined();
    // The whole view's count is the review's size.
    await expect
      .poll(async () => (await getPull(ws, id)).ok && ((await getPull(ws, id)) as { value: { rows: number } }).value.rows)
      .toBe(ROWS);
    // A short page ends its view: that count is exact at once.
    const lastInterval = [{ column: 'interval_start_utc', op: '>=' as const, value: '2024-03-03T23:55:00Z' }];
    const short = await readRows(ws, id, { limit: 50, countLater: true, filters: lastInterval });
    expect(short).toMatchObject({ ok: true, value: { totalRows: LOCATIONS } });
    expect(short.ok && short.value.countPending).toBeUndefined();
    expect(await readRows(ws, id, { limit: 0, filters: lastInterval })).toMatchObject({
      ok: true,
      value: { totalRows: LOCATIONS },
    });
  });

  it('names a downloaded file that is gone, and deleting the review leaves the other files alone', async () => {
    const copies = await writeDayFiles(join(dir, 'copies'), DATES.slice(0, 2), { locations: LOCATIONS });
    const id = await directReview(copies);
    await rm(copies.files[1]!.path);
    const page = await readRows(ws, id, { limit: 1 });
    expect(page).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(!page.ok && page.error.message).toBe(
      `The downloaded file of ${DATES[1]} (${copies.files[1]!.path}) is missing. Download the day again in the Library, then open the review again.`,
    );
    expect(await deletePull(ws, id)).toEqual({ ok: true, value: { id } });
    expect(await localRelation(null, localColumns(files))).toBeNull();
  });
});

describe('the conversion', () => {
  it('that fails leaves the review reading the files, and says so', async () => {
    const own = await tempWorkspace();
    try {
      // The parts' folder cannot be made: a file stands where it goes.
      await writeFile(join(own.dir, 'embedded.local'), 'not a folder');
      const started = await startLocalReview(own.ws, files);
      if (!started.ok) throw new Error(started.error.message);
      const outcome = await started.value.done;
      expect(outcome).toMatchObject({ state: 'failed', rows: 0 });
      const record = await getPull(own.ws, started.value.pullId);
      expect(record.ok && record.value.local?.source).toBe('files');
      expect(record.ok && record.value.error).toMatch(
        /^The conversion stopped: .*The review keeps reading the downloaded files directly\.$/,
      );
      const page = await readRows(own.ws, started.value.pullId, { limit: 1, sort: [{ column: 'lmp', desc: true }] });
      expect(page.ok && page.value.totalRows).toBe(ROWS);
    } finally {
      await own.cleanup();
    }
  });

  it('switches the readers to its Parquet parts when done, and they go with the review', async () => {
    const started = await startLocalReview(ws, files, { filesPerStatement: 2 });
    if (!started.ok) throw new Error(started.error.message);
    // Read at once: the files answer while the conversion waits for the reads to end.
    const early = await readRows(ws, started.value.pullId, { limit: 1 });
    expect(early.ok && early.value.totalRows).toBe(ROWS);
    expect(await started.value.done).toMatchObject({ state: 'complete', rows: ROWS, pages: DATES.length });
    const record = await getPull(ws, started.value.pullId);
    expect(record.ok && record.value.local?.source).toBe('parquet');
    const after = await readRows(ws, started.value.pullId, { limit: 1 });
    expect(after.ok && after.value.rows).toEqual(early.ok && early.value.rows);
    const folder = join(dir, 'embedded.local', `pull_${started.value.pullId}`);
    await mkdir(folder, { recursive: true });
    await deletePull(ws, started.value.pullId);
    await expect(rm(folder)).rejects.toThrow(/ENOENT/);
  });
});
