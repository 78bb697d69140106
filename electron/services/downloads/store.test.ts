import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../common/logger.js';
import type { DownloadBatch } from '../../../shared/index.js';
import { filePath, itemId, partPath, queuePath, recordPath, settingsPath } from './layout.js';
import { createQueueWriter, loadQueue, type PersistedItem } from './queueStore.js';
import { newRecord, readDatasetJson, readRecord, writeDatasetJson, writeRecord } from './records.js';
import { changeSettings, loadSettings, parseSettingsChange, prepareFolder, saveSettings } from './settings.js';
import { fixtureDataset } from './test-support/fixtures.js';

/** layout.ts, records.ts, settings.ts and queueStore.ts: paths, the record, settings validation, the persisted queue. */

let dir: string;
beforeAll(() => setLogSink(() => undefined));
afterAll(() => setLogSink());
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'gs-dl-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('layout', () => {
  it('mirrors the object key', () => {
    const file = filePath('/data', 'spp_west_tie_flows_1_min', '2026-03-25');
    expect(file).toBe(path.join('/data', 'spp_west_tie_flows_1_min', 'year=2026', 'month=03', '2026-03-25.csv.gz'));
    expect(partPath(file)).toBe(`${file}.part`);
    expect(recordPath(file)).toBe(`${file}.download.json`);
    expect(itemId('a_b', '2026-03-25')).toBe('a_b/2026-03-25');
    expect(settingsPath('/cfg')).toBe(path.join('/cfg', 'downloads', 'settings.json'));
    expect(queuePath('/cfg')).toBe(path.join('/cfg', 'downloads', 'queue.json'));
  });
});

describe('records', () => {
  it('round-trips a record and the dataset.json', async () => {
    const dataset = fixtureDataset();
    const record = { ...newRecord(dataset, '2024-03-01', 1234), etag: '"abc"', bytesWritten: 100 };
    const file = path.join(dir, 'x', 'r.download.json');
    await writeRecord(file, record);
    expect(await readRecord(file)).toEqual(record);
    expect(record.columns).toEqual(['interval_start_utc', 'zone', 'load']);
    expect(record).toMatchObject({ version: 1, state: 'partial', expectedBytes: 1234, sha256: null, verifiedAt: null });
    await writeDatasetJson(dir, dataset);
    expect(await readDatasetJson(dir, dataset.id)).toEqual(dataset);
    expect(await readDatasetJson(dir, 'other_id')).toBeUndefined();
  });

  it('treats an unreadable or foreign record as none', async () => {
    const file = path.join(dir, 'bad.download.json');
    await writeFile(file, '{"version":1,');
    expect(await readRecord(file)).toBeUndefined();
    await writeFile(file, '{"version":2}');
    expect(await readRecord(file)).toBeUndefined();
    expect(await readRecord(path.join(dir, 'missing.json'))).toBeUndefined();
  });
});

describe('settings', () => {
  it('defaults when absent, keeps valid fields and drops invalid ones', async () => {
    expect(await loadSettings(dir, '/default')).toEqual({ folder: '/default', concurrency: 3, speedLimitKiBps: null });
    await saveSettings(dir, { folder: '/chosen', concurrency: 5, speedLimitKiBps: 512 });
    expect(await loadSettings(dir, '/default')).toEqual({ folder: '/chosen', concurrency: 5, speedLimitKiBps: 512 });
    await writeFile(settingsPath(dir), JSON.stringify({ folder: 'relative/path', concurrency: 99, speedLimitKiBps: 'fast' }));
    expect(await loadSettings(dir, '/default')).toEqual({ folder: '/default', concurrency: 3, speedLimitKiBps: null });
    await writeFile(settingsPath(dir), 'not json');
    expect((await loadSettings(dir, '/default')).concurrency).toBe(3);
  });

  it('validates changes with plain messages', () => {
    expect(parseSettingsChange({ concurrency: 8, speedLimitKiBps: null })).toEqual({
      ok: true,
      value: { concurrency: 8, speedLimitKiBps: null },
    });
    expect(parseSettingsChange({ concurrency: 0 })).toMatchObject({
      ok: false,
      error: { code: 'validation', message: /1 to 8/ },
    });
    expect(parseSettingsChange({ concurrency: 9 })).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(parseSettingsChange({ concurrency: 2.5 })).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(parseSettingsChange({ speedLimitKiBps: 1 })).toMatchObject({
      ok: false,
      error: { code: 'validation', message: /speed limit/ },
    });
    expect(parseSettingsChange({ folder: '  ' })).toMatchObject({ ok: false, error: { code: 'validation' } });
  });

  it('prepares a folder: absolute, created, writable', async () => {
    expect(await prepareFolder('relative/folder')).toMatchObject({
      ok: false,
      error: { code: 'validation', message: /full path/ },
    });
    const made = path.join(dir, 'new', 'folder');
    expect(await prepareFolder(made)).toEqual({ ok: true, value: made });
    const blocker = path.join(dir, 'a-file');
    await writeFile(blocker, 'x');
    const blocked = await prepareFolder(path.join(blocker, 'sub'));
    expect(blocked).toMatchObject({ ok: false, error: { code: 'validation', message: /cannot write to/ } });
  });

  it('changes and saves the settings, refusing a new folder while downloads are not over', async () => {
    const current = { folder: path.join(dir, 'old'), concurrency: 3, speedLimitKiBps: null };
    const moved = path.join(dir, 'moved');
    expect(await changeSettings(dir, current, { folder: moved }, 2)).toMatchObject({
      ok: false,
      error: { code: 'validation', message: 'Cancel or finish the 2 downloads in the queue before changing the folder.' },
    });
    // The same folder again, or other fields, are fine with downloads open.
    expect(await changeSettings(dir, current, { folder: `${current.folder}/`, speedLimitKiBps: 64 }, 2)).toEqual({
      ok: true,
      value: { ...current, speedLimitKiBps: 64 },
    });
    expect(await changeSettings(dir, current, { folder: moved, concurrency: 1 }, 0)).toEqual({
      ok: true,
      value: { folder: moved, concurrency: 1, speedLimitKiBps: null },
    });
    expect(await loadSettings(dir, '/default')).toEqual({ folder: moved, concurrency: 1, speedLimitKiBps: null });
    expect(await changeSettings(dir, current, { concurrency: 0 }, 0)).toMatchObject({ ok: false, error: { code: 'validation' } });
  });
});

describe('queue persistence', () => {
  const item = (id: string, state: PersistedItem['state']): PersistedItem => ({
    id: `ds_a/${id}`,
    datasetId: 'ds_a',
    datasetName: 'A',
    date: id,
    state,
    bytesWritten: 10,
    expectedBytes: 100,
    attempts: 1,
    error: null,
    problem: null,
    path: '/x',
    batchId: 'b1',
    queuedAt: '2026-01-01T00:00:00.000Z',
    completedAt: null,
  });
  const batch: DownloadBatch = {
    id: 'b1',
    datasetId: 'ds_a',
    datasetName: 'A',
    files: 4,
    completed: 0,
    failed: 0,
    cancelled: 0,
    state: 'running',
    startedAt: '2026-01-01T00:00:00.000Z',
    endedAt: null,
  };

  it('saves atomically and reloads with running and verifying items queued again', async () => {
    const write = createQueueWriter(dir);
    const items = [
      item('2024-01-01', 'running'),
      item('2024-01-02', 'verifying'),
      item('2024-01-03', 'paused'),
      item('2024-01-04', 'failed'),
    ];
    await write({ items, batches: [batch], datasets: { ds_a: fixtureDataset('ds_a') } });
    const loaded = await loadQueue(dir);
    expect(loaded.items.map((i) => i.state)).toEqual(['queued', 'queued', 'paused', 'failed']);
    expect(loaded.batches).toEqual([batch]);
    expect(loaded.datasets.ds_a?.id).toBe('ds_a');
  });

  it('writes snapshots in call order and survives a corrupt file', async () => {
    const write = createQueueWriter(dir);
    await Promise.all([1, 2, 3].map((n) => write({ items: [item(`2024-01-0${n}`, 'queued')], batches: [], datasets: {} })));
    expect((await loadQueue(dir)).items[0]?.date).toBe('2024-01-03');
    await mkdir(path.dirname(queuePath(dir)), { recursive: true });
    await writeFile(queuePath(dir), '{"version":1,"items":[{"id":');
    expect(await loadQueue(dir)).toEqual({ items: [], batches: [], datasets: {} });
    expect(JSON.parse(await readFile(settingsPath(dir), 'utf8').catch(() => '{}'))).toEqual({});
  });
});
