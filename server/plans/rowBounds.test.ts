import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../query/cursor.js';
import { createServer } from '../app.js';
import { tempDir } from '../test-support/testing.js';
import { resolvePlan } from './index.js';
import { ROUTE_ROW_BOUNDS, rowBound } from './rowBounds.js';

/** The most rows a request can return, as reserved at admission (docs/plans.md "Rows per month"). */

const FREE = resolvePlan('free'); // 50,000 rows per response
const UNLIMITED = resolvePlan('unlimited');
const QUERY = '/v1/datasets/:dataset_id/query';
const cursor = (soFar: number) =>
  encodeCursor({ columns: ['interval_start_utc'], values: ['2024-01-01 00:00:00'], total_rows_returned_so_far: soFar });

const request = (url: string, query: Record<string, string>, plan = FREE) =>
  ({ routeOptions: { url }, query, plan }) as unknown as FastifyRequest;

describe('rowBound', () => {
  it.each<[string, string, Record<string, string>, number | undefined, typeof FREE?]>([
    ['query: the plan rows per response by default', QUERY, {}, 50_000],
    ['query: 50,000 by default without a per-response limit', QUERY, {}, 50_000, UNLIMITED],
    ['query: page_size', QUERY, { page_size: '100' }, 100],
    ['query: page_size at the plan rows per response', QUERY, { page_size: '50000' }, 50_000],
    [
      'query: page_size above the plan rows per response holds nothing (the route answers 400)',
      QUERY,
      { page_size: '1000000' },
      0,
    ],
    [
      'query: page_size above the plan rows per response, even with a small limit (400)',
      QUERY,
      { page_size: '50001', limit: '10' },
      0,
    ],
    ['query: any page_size without a per-response limit', QUERY, { page_size: '1000000' }, 1_000_000, UNLIMITED],
    ['query: limit below page_size', QUERY, { page_size: '100', limit: '30' }, 30],
    ['query: what limit leaves after earlier pages', QUERY, { page_size: '100', limit: '250', page: '3' }, 50],
    ['query: a page past limit returns nothing', QUERY, { page_size: '100', limit: '250', page: '4' }, 0],
    ['query: what limit leaves after the cursor rows', QUERY, { page_size: '100', limit: '250', cursor: cursor(200) }, 50],
    ['query: an empty cursor starts from nothing served', QUERY, { limit: '250', cursor: '' }, 250],
    ['query: an undecodable cursor counts as nothing served (the route answers 400)', QUERY, { limit: '250', cursor: '!!' }, 250],
    ['query: parameters that do not parse (the route answers 422)', QUERY, { page_size: 'x' }, 0],
    ['constraints: limit default 10,000', '/v1/constraints', {}, 10_000],
    ['constraints: limit', '/v1/constraints', { limit: '25' }, 25],
    ['contingencies: limit', '/v1/constraints/contingencies', { limit: '7' }, 7],
    ['binding rows: limit default 50,000', '/v1/constraints/binding', { dataset_id: 'd' }, 50_000],
    ['binding locations: limit', '/v1/constraints/binding/locations', { dataset_id: 'd', limit: '3' }, 3],
    ['outages: limit', '/v1/outages/:market_id/active', { start_time: '2024-01-01', end_time: '2024-01-02', limit: '9' }, 9],
    [
      'outages: limit default 50,000',
      '/v1/outages/:market_id/active',
      { start_time: '2024-01-01', end_time: '2024-01-02' },
      50_000,
    ],
    [
      'outages: start_date sent empty is absent, as the route reads it (default limit)',
      '/v1/outages/:market_id/active',
      { start_time: '2024-01-01', end_time: '2024-01-02', start_date: '' },
      50_000,
    ],
    [
      'outages: start_date sent blank is absent too',
      '/v1/outages/:market_id/active',
      { start_time: '2024-01-01', end_time: '2024-01-02', start_date: ' ', limit: '9' },
      9,
    ],
    [
      'outages: a bad start_date (422)',
      '/v1/outages/:market_id/active',
      { start_time: '2024-01-01', end_time: '2024-01-02', start_date: 'soon' },
      0,
    ],
    ['outages: missing required parameters (422)', '/v1/outages/:market_id/active', {}, 0],
    ['constraint location: one row', '/v1/constraints/:constraint_id/location', {}, 1],
    ['catalogue: no data rows', '/v1/datasets', {}, 0],
    ['audit: unknown before it runs', '/v1/datasets/:dataset_id/audit', {}, undefined],
    ['shift factors: unknown before they run', '/v1/constraints/:constraint_id/shift-factors', {}, undefined],
  ])('%s', (_rule, url, query, expected, plan = FREE) => {
    expect(rowBound(request(url, query, plan))).toBe(expected);
  });
});

describe('ROUTE_ROW_BOUNDS', () => {
  let cacheDir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    cacheDir = await tempDir('row-bounds');
    app = await createServer({ apiKeys: ['k'], cacheDir, usageFile: path.join(cacheDir, 'usage.json') });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(cacheDir, { recursive: true, force: true });
  });

  it('names only routes the /v1 service registers (a renamed route would lose its bound)', () => {
    const missing = Object.keys(ROUTE_ROW_BOUNDS).filter((url) => !app.hasRoute({ method: 'GET', url }));
    expect(missing).toEqual([]);
  });
});
