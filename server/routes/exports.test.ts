import { readFile, rm } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportListResponse, PresignedExportResponse } from '../../shared/index.js';
import { DEFAULT_DATA_DIR, createServer } from '../app.js';
import { DatasetStore } from '../data/store.js';
import { installErrorHandlers } from '../errors.js';
import { ExportService } from '../exports/service.js';
import { TEST_KEY, csvRecords, dataFile, tempDir } from '../test-support/testing.js';
import { exportDownloadRoutes } from './export-download.js';
import { exportRoutes } from './exports.js';

// A small app with an injected clock serves most tests; the real server checks the wiring (download without a key).

const DA = 'pjm_marginal_value_day_ahead_hourly';
const WIND = 'pjm_wind_forecast_hourly';
let cacheDir: string;
let store: DatasetStore;
let app: FastifyInstance;
let clock = Date.UTC(2025, 0, 1);
const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const list = async (id: string, query = '') => ExportListResponse.parse((await get(`/v1/csv-exports/${id}${query}`)).json());
const presign = async (id: string, date: string) =>
  PresignedExportResponse.parse((await get(`/v1/csv-exports/${id}/${date}`)).json());
const pathOf = (url: string) => url.slice(url.indexOf('/exports/'));

/** Parses a CSV body without quoted cells (the PJM files have none): header and rows. */
function parseCsv(text: string): { header: string[]; rows: string[][] } {
  const [header, ...rows] = text
    .trim()
    .split('\n')
    .map((line) => line.split(','));
  return { header: header!, rows };
}

beforeAll(async () => {
  cacheDir = await tempDir('exports');
  store = await DatasetStore.open({ dataDir: DEFAULT_DATA_DIR, cacheDir });
  const service = new ExportService(store, { secret: 'test-secret-0123456789', now: () => clock });
  app = Fastify();
  installErrorHandlers(app);
  await app.register(exportRoutes, { prefix: '/v1', store, service });
  await app.register(exportDownloadRoutes, { store, service });
  app.addHook('onClose', async () => service.close());
});
afterAll(async () => {
  await app.close();
  store.close();
  await rm(cacheDir, { recursive: true, force: true });
});

describe('GET /v1/csv-exports/{dataset_id}', () => {
  it('lists one file per UTC date of the time index, with the real size and modification time', async () => {
    const body = await list(DA);
    const dates = new Set<string>();
    for (const window of ['2023-11-05_2023-11-07', '2024-09-02_2024-09-04']) {
      for (const [start] of await csvRecords(`gridstatus-pjm-constraints/${DA}_${window}.csv`)) dates.add(start!.slice(0, 10));
    }
    expect(body).toMatchObject({ dataset_id: DA, file_type: 'csv', count: dates.size });
    expect(body.files.map((f) => f.date)).toEqual([...dates].sort());
    const file = body.files[0]!;
    expect(file.last_modified).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    const { presigned_url: url } = await presign(DA, file.date);
    expect((await get(pathOf(url))).rawPayload.length).toBe(file.size_bytes);
  });

  it('dates a dataset with a publish time column by its publish date', async () => {
    const items = JSON.parse(
      await readFile(dataFile('gridstatus-fixtures-misc/pjm_hourly_wind_forecast_sample.json'), 'utf8'),
    ) as Record<string, string>[];
    const dates = [...new Set(items.map((item) => new Date(item['Publish Time']!).toISOString().slice(0, 10)))].sort();
    expect((await list(WIND)).files.map((f) => f.date)).toEqual(dates);
  });

  it('has files for every embedded dataset', async () => {
    for (const dataset of store.list()) expect((await list(dataset.id)).count, dataset.id).toBeGreaterThan(0);
  });

  it('year and month restrict the list; month requires year; ranges 1900..9999 and 1..12 (422)', async () => {
    expect((await list(DA, '?year=2024')).files.every((f) => f.date.startsWith('2024-'))).toBe(true);
    expect((await list(DA, '?year=2023&month=11')).count).toBe(3);
    expect((await list(DA, '?year=2023&month=12')).count).toBe(0);
    const monthOnly = await get(`/v1/csv-exports/${DA}?month=11`);
    expect(monthOnly.statusCode).toBe(422);
    expect(monthOnly.json().detail[0]).toMatchObject({ loc: ['query', 'month'], msg: 'Value error, month requires year' });
    for (const query of ['?year=1899', '?year=10000', '?year=2024&month=0', '?year=2024&month=13', '?file_type=parquet']) {
      expect((await get(`/v1/csv-exports/${DA}${query}`)).statusCode, query).toBe(422);
    }
    expect((await get('/v1/csv-exports/no_such_dataset')).json()).toEqual({ detail: 'Dataset no_such_dataset not found' });
  });
});

describe('GET /v1/csv-exports/{dataset_id}/{export_date} and the download', () => {
  it('answers the documented object key layout and a link to this service', async () => {
    const body = await presign(DA, '2024-09-03');
    expect(body).toMatchObject({
      bucket: 'gridscope-exports',
      object_key: `${DA}/year=2024/month=09/2024-09-03.csv.gz`,
      expires_in_seconds: 3600,
    });
    expect(body.presigned_url).toMatch(
      new RegExp(
        `^http://localhost(:\\d+)?/exports/gridscope-exports/${DA}/year=2024/month=09/2024-09-03\\.csv\\.gz\\?expires=\\d+&signature=[0-9a-f]{64}$`,
      ),
    );
    expect((await get(`/v1/csv-exports/${DA}/2024-09-09`)).statusCode).toBe(404);
    expect((await get(`/v1/csv-exports/${DA}/2024-13-01`)).statusCode).toBe(422);
    expect((await get(`/v1/csv-exports/${DA}/2024-09-03?file_type=json`)).statusCode).toBe(422);
  });

  it('the file is valid gzip whose rows are the dataset rows of that date', async () => {
    const res = await get(pathOf((await presign(DA, '2023-11-06')).presigned_url));
    expect(res.headers['content-type']).toBe('application/gzip');
    const { header, rows } = parseCsv(gunzipSync(res.rawPayload).toString('utf8'));
    expect(header).toEqual([
      'interval_start_utc',
      'interval_end_utc',
      'monitored_facility',
      'contingency_facility',
      'shadow_price',
    ]);
    const source = (await csvRecords(`gridstatus-pjm-constraints/${DA}_2023-11-05_2023-11-07.csv`)).filter(([start]) =>
      start!.startsWith('2023-11-06'),
    );
    const key = (r: string[]) => `${r[0]}|${r[2]}|${r[3]}`;
    const expected = source
      .map(([start, end, facility, contingency, price]) => [`${start}+00:00`, `${end}+00:00`, facility!, contingency!, price!])
      .sort((a, b) => (key(a) < key(b) ? -1 : 1));
    expect(rows.map((r) => [...r.slice(0, 4), Number(r[4])])).toEqual(expected.map((r) => [...r.slice(0, 4), Number(r[4])]));
  });

  it('links expire after expires_in_seconds; tampered links are refused (403)', async () => {
    const { presigned_url: url } = await presign(DA, '2024-09-02');
    const path = pathOf(url);
    clock += 3600 * 1000;
    expect((await get(path)).statusCode).toBe(200);
    clock += 1000;
    expect((await get(path)).json()).toEqual({ detail: 'Request has expired' });
    clock -= 3601 * 1000;
    const signature = path.slice(-64);
    const flipped = `${path.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    for (const bad of [
      flipped,
      path.replace('2024-09-02.csv.gz', '2024-09-03.csv.gz').replace('month=09/2024-09-02', 'month=09/2024-09-03'),
      path.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 60}`),
      path.replace('gridscope-exports', 'other-bucket'),
      path.replace(/&signature=.*/, ''),
    ]) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toEqual({ detail: 'Signature does not match' });
    }
  });

  it('serves Range requests: 206 with Content-Range; 416 for a bad range', async () => {
    const path = pathOf((await presign(WIND, '2024-10-01')).presigned_url);
    const full = (await get(path)).rawPayload;
    expect(full.length).toBeGreaterThan(100);
    const first = await get(path, { range: 'bytes=0-9' });
    expect([first.statusCode, first.headers['content-range'], first.headers['accept-ranges']]).toEqual([
      206,
      `bytes 0-9/${full.length}`,
      'bytes',
    ]);
    expect(first.rawPayload).toEqual(full.subarray(0, 10));
    const rest = await get(path, { range: 'bytes=10-' });
    expect(Buffer.concat([first.rawPayload, rest.rawPayload])).toEqual(full);
    expect((await get(path, { range: 'bytes=-5' })).rawPayload).toEqual(full.subarray(full.length - 5));
    for (const bad of [`bytes=${full.length}-`, 'bytes=9-3', 'pages=1-2', 'bytes=-0']) {
      const res = await get(path, { range: bad });
      expect([res.statusCode, res.headers['content-range']], bad).toEqual([416, `bytes */${full.length}`]);
    }
    expect((await get(path, { range: 'bytes=0-1,5-6' })).statusCode).toBe(200);
  });
});

describe('wiring in the real server', () => {
  it('lists with an API key and downloads through the link without one, uncompressed', async () => {
    const server = await createServer({ apiKeys: [TEST_KEY], cacheDir });
    try {
      const res = await server.inject({
        method: 'GET',
        url: `/v1/csv-exports/${DA}/2024-09-02`,
        headers: { 'x-api-key': TEST_KEY },
      });
      const url = (res.json() as PresignedExportResponse).presigned_url;
      expect((await server.inject({ method: 'GET', url: `/v1/csv-exports/${DA}` })).statusCode).toBe(401);
      const download = await server.inject({ method: 'GET', url: pathOf(url), headers: { 'accept-encoding': 'gzip, br' } });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-encoding']).toBeUndefined();
      expect(gunzipSync(download.rawPayload).toString('utf8')).toMatch(/^interval_start_utc,/);
    } finally {
      await server.close();
    }
  });
});
