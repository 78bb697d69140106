import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DuckDBInstance } from '@duckdb/node-api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditResponse,
  Dataset,
  DatasetDetailResponse,
  DatasetListResponse,
  RESAMPLE_CONVERSION,
  ValidationErrorBody,
} from '../../shared/index.js';
import { TEST_KEY, startTestServer, tempDir } from '../test-support/testing.js';

let app: FastifyInstance;
let close: () => Promise<void>;
const auth = { 'x-api-key': TEST_KEY };
const get = (url: string, headers: Record<string, string> = auth) => app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  ({ app, close } = await startTestServer());
});
afterAll(async () => close());

/** Parses CSV text back with DuckDB (all cells as text). */
async function parseCsv(text: string): Promise<{ columns: string[]; rows: Record<string, string | null>[] }> {
  const dir = await tempDir('csv');
  const file = path.join(dir, 'body.csv');
  await writeFile(file, text);
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  try {
    const reader = await conn.runAndReadAll('SELECT * FROM read_csv($1, header=true, all_varchar=true)', [file]);
    return { columns: reader.columnNames(), rows: reader.getRowObjectsJson() as Record<string, string | null>[] };
  } finally {
    conn.closeSync();
    instance.closeSync();
    await rm(dir, { recursive: true, force: true });
  }
}

describe('GET /v1/datasets', () => {
  it('lists every dataset in the shared shape', async () => {
    const res = await get('/v1/datasets');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = DatasetListResponse.parse(res.json());
    expect(body.status_code).toBe(200);
    expect(body.meta).toEqual({ page: 1, limit: null, page_size: null, hasNextPage: null, cursor: null });
    expect(body.dataset_metadata).toEqual({ resample_conversion: RESAMPLE_CONVERSION, data_timezone: 'UTC' });
    expect(body.data).toHaveLength(14);
    for (const dataset of body.data) {
      expect(dataset).toMatchObject({
        table_type: 'table',
        is_in_warehouse: false,
        is_published: true,
        status: 'active',
        created_at_utc: null,
      });
      expect(dataset.description).toMatch(/small real sample/);
      expect(dataset.earliest_available_time_utc).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
      expect(dataset.all_columns.find((c) => c.name === dataset.time_index_column)?.is_datetime).toBe(true);
      expect(Object.keys(RESAMPLE_CONVERSION)).toContain(dataset.data_frequency);
    }
  });

  it('omits subseries_index_column for datasets without one', async () => {
    const items = (await get('/v1/datasets')).json().data as Record<string, unknown>[];
    const load = items.find((d) => d.id === 'isone_load_hourly')!;
    const mix = items.find((d) => d.id === 'isone_fuel_mix')!;
    const zonal = items.find((d) => d.id === 'nyiso_zonal_load_5_min')!;
    expect('subseries_index_column' in load).toBe(false);
    // Fuel mixes are wide (one column per fuel), as GridStatus serves them.
    expect('subseries_index_column' in mix).toBe(false);
    expect(zonal.subseries_index_column).toBe('zone');
  });

  it('serves the trailing-slash path itself, no redirect', async () => {
    const plain = await get('/v1/datasets');
    const slash = await get('/v1/datasets/');
    expect(slash.statusCode).toBe(200);
    expect(slash.json()).toEqual(plain.json());
  });

  it('returns a header row then one row per dataset with array-of-arrays', async () => {
    const body = (await get('/v1/datasets/?json_schema=array-of-arrays')).json();
    const [header, ...rows] = body.data as unknown[][];
    expect(header).toEqual(Object.keys(Dataset.shape).filter((k) => k !== 'popularity_rank'));
    expect(rows).toHaveLength(14);
    const idIndex = header!.indexOf('id');
    expect(rows.map((r) => r[idIndex])).toContain('nyiso_zonal_load_5_min');
    expect(body.dataset_metadata.data_timezone).toBe('UTC');
  });

  it('returns CSV with nested values JSON-encoded', async () => {
    const res = await get('/v1/datasets?return_format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    // All four pagination headers, valued as the JSON meta (docs/api.md#pagination).
    const meta = (await get('/v1/datasets')).json().meta;
    expect(res.headers).toMatchObject({
      'x-page': String(meta.page),
      'x-page-size': 'null',
      'x-limit': 'null',
      'x-has-next-page': 'false',
    });
    expect(res.headers['content-disposition']).toBeUndefined();
    const { columns, rows } = await parseCsv(res.body);
    expect(columns).toEqual(Object.keys(Dataset.shape).filter((k) => k !== 'popularity_rank'));
    expect(rows).toHaveLength(14);
    const lmp = rows.find((r) => r.id === 'nyiso_lmp_real_time_5_min')!;
    expect(JSON.parse(lmp.primary_key_columns!)).toEqual(['interval_start_utc', 'location']);
    expect(JSON.parse(lmp.all_columns!)[0]).toMatchObject({ name: 'interval_start_utc', type: 'TIMESTAMP' });
    expect(lmp.number_of_rows_approximate).toBe('45');
    expect(lmp.description).toContain('\n\n');
  });

  it('sets Content-Disposition when download is true', async () => {
    const csv = await get('/v1/datasets?return_format=csv&download=true');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="datasets.csv"');
    const json = await get('/v1/datasets?download=1');
    expect(json.headers['content-disposition']).toBe('attachment; filename="datasets.json"');
    expect((await get('/v1/datasets?download=false')).headers['content-disposition']).toBeUndefined();
  });

  it.each(['br', 'gzip'])('compresses with %s when asked', async (encoding) => {
    const identity = await get('/v1/datasets');
    const res = await get('/v1/datasets', { ...auth, 'accept-encoding': encoding });
    expect(res.headers['content-encoding']).toBe(encoding);
    const raw = res.rawPayload;
    const text = (encoding === 'br' ? brotliDecompressSync(raw) : gunzipSync(raw)).toString('utf8');
    expect(raw.length).toBeLessThan(Buffer.byteLength(identity.body));
    expect(JSON.parse(text)).toEqual(identity.json());
  });
});

describe('GET /v1/datasets/{dataset_id}', () => {
  it('returns the dataset at the top level and in the envelope', async () => {
    const res = await get('/v1/datasets/pjm_marginal_value_day_ahead_hourly');
    expect(res.statusCode).toBe(200);
    const body = DatasetDetailResponse.parse(res.json());
    expect(body.id).toBe('pjm_marginal_value_day_ahead_hourly');
    expect(body.data_timezone).toBe('US/Eastern');
    expect(body.subseries_index_column).toBe('monitored_facility');
    expect(body.primary_key_columns).toEqual(['interval_start_utc', 'monitored_facility', 'contingency_facility']);
    expect(body.number_of_rows_approximate).toBe(597);
    expect(body.earliest_available_time_utc).toBe('2023-11-05T04:00:00+00:00');
    expect(body.dataset_metadata).toMatchObject({ id: body.id, data_timezone: 'US/Eastern', all_columns: body.all_columns });
    expect(body.data).toEqual([body.dataset_metadata]);
    expect(body.meta.page).toBe(1);
  });

  it('keeps subseries_index_column as null when the dataset has none', async () => {
    const body = (await get('/v1/datasets/caiso_seven_day_resource_adequacy_outlook')).json();
    expect(body).toHaveProperty('subseries_index_column', null);
    expect(body.data_timezone).toBe('US/Pacific');
    expect(body.source).toBe('caiso');
  });

  it('gives one header row and one value row with array-of-arrays', async () => {
    const body = (await get('/v1/datasets/spp_west_tie_flows_1_min?json_schema=array-of-arrays')).json();
    expect(body.data).toHaveLength(2);
    const [header, row] = body.data as [string[], unknown[]];
    expect(header.at(-1)).toBe('data_timezone');
    expect(row[header.indexOf('id')]).toBe('spp_west_tie_flows_1_min');
    expect(row[header.indexOf('data_timezone')]).toBe('US/Central');
    expect(body.id).toBe('spp_west_tie_flows_1_min');
  });

  it('returns CSV and a named download', async () => {
    const res = await get('/v1/datasets/nyiso_zonal_load_5_min?return_format=csv&download=yes');
    expect(res.headers['content-disposition']).toBe('attachment; filename="nyiso_zonal_load_5_min.csv"');
    const { rows } = await parseCsv(res.body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 'nyiso_zonal_load_5_min', subseries_index_column: 'zone', data_timezone: 'US/Eastern' });
  });

  it('answers 404 with the FastAPI detail for an unknown dataset', async () => {
    const res = await get('/v1/datasets/pjm_nothing_here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Dataset pjm_nothing_here not found' });
    expect((await get('/v1/datasets/pjm_nothing_here/audit')).json()).toEqual({ detail: 'Dataset pjm_nothing_here not found' });
  });
});

describe('GET /v1/datasets/{dataset_id}/audit', () => {
  it('returns one row per market date whose datapoints add up to the dataset rows', async () => {
    const list = DatasetListResponse.parse((await get('/v1/datasets')).json()).data;
    for (const dataset of list) {
      const res = await get(`/v1/datasets/${dataset.id}/audit`);
      expect(res.statusCode).toBe(200);
      const body = AuditResponse.parse(res.json());
      expect(body.dataset_metadata.id).toBe(dataset.id);
      const dates = body.data.map((r) => r.market_date);
      expect(dates).toEqual([...dates].sort());
      expect(body.data.reduce((sum, r) => sum + r.number_of_datapoints, 0)).toBe(dataset.number_of_rows_approximate);
      if (!dataset.subseries_index_column)
        expect(body.data.every((r) => r.number_of_unique_subseries_index_values === 0)).toBe(true);
      if (!dataset.publish_time_column)
        expect(body.data.every((r) => r.number_of_unique_publish_times_on_publish_date === 0)).toBe(true);
    }
  });

  it('returns CSV parseable with a plain split, and array-of-arrays', async () => {
    const csv = await get('/v1/datasets/isone_load_hourly/audit?return_format=csv&download=true');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="isone_load_hourly_audit.csv"');
    expect(Object.keys(csv.headers)).toEqual(expect.arrayContaining(['x-page', 'x-page-size', 'x-limit', 'x-has-next-page']));
    expect(csv.headers['x-has-next-page']).toBe('false');
    expect(csv.body.trimEnd().split('\n')).toEqual([
      'market_date,number_of_datapoints,number_of_unique_time_index_values,number_of_unique_subseries_index_values,number_of_unique_publish_times_on_publish_date',
      '2024-11-02,24,24,0,0',
      '2024-11-03,25,25,0,0',
    ]);
    const arrays = (await get('/v1/datasets/isone_load_hourly/audit?json_schema=array-of-arrays')).json();
    expect(arrays.data).toEqual([
      [
        'market_date',
        'number_of_datapoints',
        'number_of_unique_time_index_values',
        'number_of_unique_subseries_index_values',
        'number_of_unique_publish_times_on_publish_date',
      ],
      ['2024-11-02', 24, 24, 0, 0],
      ['2024-11-03', 25, 25, 0, 0],
    ]);
  });
});

describe('parameter validation (422)', () => {
  it.each([
    ['json_schema=table', 'json_schema', "Input should be 'array-of-objects' or 'array-of-arrays'", 'enum'],
    ['return_format=xml', 'return_format', "Input should be 'json' or 'csv'", 'enum'],
    ['download=perhaps', 'download', 'Input should be a valid boolean, unable to interpret input', 'bool_parsing'],
  ])('%s → 422 on every dataset endpoint', async (query, name, msg, type) => {
    for (const path of [
      '/v1/datasets',
      '/v1/datasets/',
      '/v1/datasets/nyiso_zonal_load_5_min',
      '/v1/datasets/nyiso_zonal_load_5_min/audit',
    ]) {
      const res = await get(`${path}?${query}`);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ detail: [{ loc: ['query', name], msg, type }] });
      expect(ValidationErrorBody.safeParse(res.json()).success).toBe(true);
    }
  });

  it('validates parameters before looking the dataset up, as FastAPI does', async () => {
    expect((await get('/v1/datasets/unknown?return_format=xml')).statusCode).toBe(422);
  });
});
