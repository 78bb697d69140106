import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, type DownloadItem } from '../../../shared/index.js';
import { setLogSink } from '../common/logger.js';
import { createCsvHeaderReader } from './csvHeader.js';
import { filePath } from './layout.js';
import { createLibrary } from './library.js';
import { fixtureCsvGz, fixtureDataset } from './test-support/fixtures.js';
import { Transfers } from './transfers.js';

/** transfers.ts alone: one item fetched from a local server, verified and filed, its attempts, bytes and speed counted. */

const dataset = fixtureDataset('ds_transfer');
const DATE = '2024-05-01';
const body = fixtureCsvGz(DATE, undefined, 500);
let server: Server;
let origin: string;
let folder: string;
const header = createCsvHeaderReader();

beforeAll(async () => {
  setLogSink(() => undefined);
  folder = await mkdtemp(path.join(tmpdir(), 'gs-dl-transfers-'));
  server = createServer((_req, res) => void res.writeHead(200, { 'content-length': body.length }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  header.close();
  await new Promise((resolve) => server.close(resolve));
  await rm(folder, { recursive: true, force: true });
  setLogSink();
});

const newItem = (): DownloadItem => ({
  id: `${dataset.id}/${DATE}`,
  datasetId: dataset.id,
  datasetName: dataset.name,
  date: DATE,
  state: 'running',
  bytesWritten: 0,
  expectedBytes: body.length,
  bytesPerSecond: 0,
  etaSeconds: null,
  attempts: 0,
  waiting: null,
  error: null,
  problem: null,
  path: filePath(folder, dataset.id, DATE),
  batchId: 'b',
  queuedAt: 't',
  completedAt: null,
});

describe('Transfers', () => {
  it('runs one item to a verified file, telling each change, and shows no speed once it ended', async () => {
    const transfers = new Transfers({
      presign: async () => ok({ url: `${origin}/f?signature=x`, expiresInSeconds: 600 }),
      header,
      now: Date.now,
    });
    const item = newItem();
    const changes: string[] = [];
    const result = await transfers.run({
      item,
      dataset,
      folder,
      library: createLibrary(folder, header),
      signal: new AbortController().signal,
      changed: (kind) => changes.push(kind),
    });
    await transfers.close();
    expect(result).toEqual({ kind: 'completed' });
    expect((await readFile(item.path)).equals(body)).toBe(true);
    expect(item).toMatchObject({ attempts: 1, bytesWritten: body.length, bytesPerSecond: 0, etaSeconds: null });
    expect(changes).toContain('progress');
    expect(changes).toContain('state'); // verifying
  });

  it('fails a day whose dataset metadata is lost without asking for a link', async () => {
    let asked = 0;
    const transfers = new Transfers({
      presign: async () => {
        asked++;
        return ok({ url: `${origin}/f`, expiresInSeconds: 600 });
      },
      header,
      now: Date.now,
    });
    const result = await transfers.run({
      item: newItem(),
      dataset: undefined,
      folder,
      library: createLibrary(folder, header),
      signal: new AbortController().signal,
      changed: () => undefined,
    });
    await transfers.close();
    expect(result).toEqual({
      kind: 'failed',
      failure: { problem: 'other', message: 'The dataset of this day is unknown. Queue it again from the Exports page.' },
    });
    expect(asked).toBe(0);
  });
});
