import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../common/logger.js';
import { createCsvHeaderReader } from './csvHeader.js';
import { filePath, libraryIndexPath, recordPath } from './layout.js';
import { createLibrary } from './library.js';
import { newRecord, writeDatasetJson, writeRecord } from './records.js';
import { fixtureCsvGz, fixtureDataset } from './test-support/fixtures.js';

/** library.ts: the index of complete records, its rebuild, missing and corrupt files, delete, verify, local files. */

const dataset = fixtureDataset('lib_test_1_min');
const header = createCsvHeaderReader();
let folder: string;

beforeAll(() => setLogSink(() => undefined));
afterAll(() => {
  header.close();
  setLogSink();
});
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'gs-dl-lib-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** A downloaded, verified day as the manager leaves it: file, complete record, dataset.json. */
async function downloaded(date: string): Promise<string> {
  const bytes = fixtureCsvGz(date);
  const file = filePath(folder, dataset.id, date);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
  await writeRecord(recordPath(file), {
    ...newRecord(dataset, date, bytes.length),
    state: 'complete',
    bytesWritten: bytes.length,
    verifiedAt: '2026-01-01T00:00:00.000Z',
    sha256: createHash('sha256').update(bytes).digest('hex'),
  });
  await writeDatasetJson(folder, dataset);
  return file;
}

describe('library', () => {
  it('rebuilds a lost index by scanning the records, and says so once', async () => {
    const files = [await downloaded('2024-03-01'), await downloaded('2024-03-02'), await downloaded('2024-04-01')];
    // A partial record is the queue's business, not the library's.
    const partial = filePath(folder, dataset.id, '2024-04-02');
    await writeRecord(recordPath(partial), newRecord(dataset, '2024-04-02', 10));
    const library = createLibrary(folder, header);

    const first = await library.state();
    expect(first.rebuilt).toBe(true);
    expect(first.datasets).toHaveLength(1);
    const ds = first.datasets[0]!;
    expect(ds).toMatchObject({
      datasetId: dataset.id,
      datasetName: dataset.name,
      firstDate: '2024-03-01',
      lastDate: '2024-04-01',
    });
    expect(ds.metadata?.all_columns.map((c) => c.name)).toEqual(['interval_start_utc', 'zone', 'load']);
    expect(ds.files.map((f) => [f.date, f.state, f.path])).toEqual([
      ['2024-03-01', 'verified', files[0]],
      ['2024-03-02', 'verified', files[1]],
      ['2024-04-01', 'verified', files[2]],
    ]);
    const sizes = await Promise.all(files.map(async (f) => (await stat(f)).size));
    expect(ds.bytes).toBe(sizes.reduce((a, b) => a + b, 0));
    expect(first.totalBytes).toBe(ds.bytes);

    expect((await library.state()).rebuilt).toBe(false);
    await rm(libraryIndexPath(folder));
    const again = await library.state();
    expect(again.rebuilt).toBe(true);
    expect(again.datasets[0]?.files).toHaveLength(3);
    await writeFile(libraryIndexPath(folder), '{ not json');
    expect((await createLibrary(folder, header).state()).rebuilt).toBe(true);
  });

  it('shows a file that is gone as missing and does not offer it for review', async () => {
    const file = await downloaded('2024-03-01');
    await downloaded('2024-03-02');
    const library = createLibrary(folder, header);
    await library.rescan();
    await rm(file);
    const files = (await library.state()).datasets[0]!.files;
    expect(files.map((f) => f.state)).toEqual(['missing', 'verified']);
    expect(await library.hasVerified(dataset.id, '2024-03-01')).toBe(false);
    const local = await library.localFiles(dataset.id, ['2024-03-02', '2024-03-01', '2024-03-05']);
    expect(local.absent).toEqual(['2024-03-01', '2024-03-05']);
    expect(local.files.map((f) => f.date)).toEqual(['2024-03-02']);
    expect(local.dataset?.id).toBe(dataset.id);
  });

  it('verifies again: a damaged file turns corrupt (kept in its record), a good one stays verified', async () => {
    const bad = await downloaded('2024-03-01');
    await downloaded('2024-03-02');
    const library = createLibrary(folder, header);
    const bytes = await readFile(bad);
    bytes[bytes.length >> 1] = bytes[bytes.length >> 1]! ^ 0xff;
    await writeFile(bad, bytes);
    await library.verify(dataset.id);
    const files = (await library.state()).datasets[0]!.files;
    expect(files.map((f) => f.state)).toEqual(['corrupt', 'verified']);
    expect(files[0]?.problem).toMatch(/Gzip check failed/);
    const record = JSON.parse(await readFile(recordPath(bad), 'utf8')) as { problem: string | null };
    expect(record.problem).toMatch(/Gzip/);
    // The rebuild keeps what the records say.
    await rm(libraryIndexPath(folder));
    expect((await library.state()).datasets[0]!.files.map((f) => f.state)).toEqual(['corrupt', 'verified']);
    expect((await library.localFiles(dataset.id, ['2024-03-01'])).absent).toEqual(['2024-03-01']);
  });

  it('deletes files and records, and folders left empty', async () => {
    const a = await downloaded('2024-03-01');
    const b = await downloaded('2024-04-01');
    const library = createLibrary(folder, header);
    await library.remove(dataset.id, ['2024-04-01']);
    await expect(stat(b)).rejects.toThrow();
    await expect(stat(recordPath(b))).rejects.toThrow();
    await expect(stat(path.dirname(b))).rejects.toThrow(); // month=04 gone
    await expect(stat(path.join(folder, dataset.id, 'year=2024'))).resolves.toBeTruthy();
    expect((await library.state()).datasets[0]!.files.map((f) => f.date)).toEqual(['2024-03-01']);
    await library.remove(dataset.id);
    await expect(stat(a)).rejects.toThrow();
    await expect(stat(path.join(folder, dataset.id))).rejects.toThrow();
    expect((await library.state()).datasets).toEqual([]);
  });
});
