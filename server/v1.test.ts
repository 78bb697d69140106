import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiUsage, ErrorBody } from '../shared/index.js';
import { REVOKED_KEY, TEST_KEY, startTestServer } from './test-support/testing.js';

let app: FastifyInstance;
let close: () => Promise<void>;
const OTHER_KEY = 'second-key-abcdef';

beforeAll(async () => {
  ({ app, close } = await startTestServer({ apiKeys: [TEST_KEY, REVOKED_KEY, OTHER_KEY] }));
});
afterAll(async () => close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('authentication', () => {
  const protectedUrls = [
    '/v1/datasets',
    '/v1/datasets/',
    '/v1/datasets/nyiso_zonal_load_5_min',
    '/v1/datasets/nyiso_zonal_load_5_min/audit',
    '/v1/api_usage',
  ];

  it.each(protectedUrls)('%s without a key → 401 "API key is required."', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'API key is required.' });
  });

  it('treats an empty header or query key as missing', async () => {
    expect((await get('/v1/datasets', { 'x-api-key': '' })).json()).toEqual({ detail: 'API key is required.' });
    expect((await get('/v1/datasets?api_key=')).json()).toEqual({ detail: 'API key is required.' });
  });

  it.each([
    ['unknown key in the header', { 'x-api-key': 'not-a-key' }, '/v1/datasets'],
    ['unknown key in the query', {}, '/v1/datasets?api_key=not-a-key'],
    ['revoked key in the header', { 'x-api-key': REVOKED_KEY }, '/v1/datasets'],
    ['revoked key in the query', {}, `/v1/datasets?api_key=${REVOKED_KEY}`],
    ['valid key with a trailing space', { 'x-api-key': `${TEST_KEY} ` }, '/v1/datasets'],
  ])('%s → 401 "Invalid API key."', async (_case, headers, url) => {
    const res = await get(url, headers);
    expect(res.statusCode).toBe(401);
    expect(ErrorBody.parse(res.json())).toEqual({ detail: 'Invalid API key.' });
  });

  it('accepts the key in the header or in the query', async () => {
    expect((await get('/v1/datasets', { 'x-api-key': TEST_KEY })).statusCode).toBe(200);
    expect((await get(`/v1/datasets?api_key=${TEST_KEY}`)).statusCode).toBe(200);
  });

  it('checks the key before the parameters', async () => {
    expect((await get('/v1/datasets?json_schema=nope')).statusCode).toBe(401);
    expect((await get('/v1/datasets?json_schema=nope', { 'x-api-key': TEST_KEY })).statusCode).toBe(422);
  });
});

describe('unknown routes', () => {
  it.each(['/v1/nothing', '/v1/datasets/nyiso_zonal_load_5_min/nothing', '/v2/datasets', '/'])(
    '%s → 404 {"detail":"Not Found"}',
    async (url) => {
      const res = await get(url, { 'x-api-key': TEST_KEY });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not Found' });
    },
  );

  it('answers 404 without asking for a key', async () => {
    expect((await get('/v1/nothing')).json()).toEqual({ detail: 'Not Found' });
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const)(
    '%s on a GET route → 404 {"detail":"Not Found"}',
    async (method) => {
      const res = await app.inject({ method, url: '/v1/datasets', headers: { 'x-api-key': TEST_KEY } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not Found' });
    },
  );
});

describe("Fastify's own errors, before the key is asked for", () => {
  it.each<[string, string, number, RegExp]>([
    ['bad percent-encoding', '/v1/datasets/%ZZ', 400, /not valid percent-encoding/],
    ['a dataset id over 100 characters', `/v1/datasets/${'x'.repeat(101)}/query`, 414, /at most 100 characters/],
  ])('%s → %i {detail}', async (_case, url, status, detail) => {
    for (const headers of [{}, { 'x-api-key': TEST_KEY }] as Record<string, string>[]) {
      const res = await get(url, headers);
      expect(res.statusCode).toBe(status);
      expect(Object.keys(res.json())).toEqual(['detail']);
      expect(ErrorBody.parse(res.json()).detail).toMatch(detail);
    }
  });
});

describe('HEAD', () => {
  const usageOf = async (key: string) =>
    ApiUsage.parse((await get('/v1/api_usage', { 'x-api-key': key })).json()).current_period_usage;

  it.each<[string, Record<string, string>]>([
    ['/v1/datasets/nyiso_zonal_load_5_min/query?page_size=10', { 'x-api-key': OTHER_KEY }],
    ['/v1/datasets/isone_load_hourly/audit', { 'x-api-key': OTHER_KEY }],
    ['/v1/datasets', { 'x-api-key': OTHER_KEY }],
    ['/v1/api_usage', { 'x-api-key': OTHER_KEY }],
    ['/v1/datasets (no key: refused before authentication)', {}],
  ])('%s → 405 Allow: GET, no request or row counted', async (url, headers) => {
    const before = await usageOf(OTHER_KEY);
    const res = await app.inject({ method: 'HEAD', url: url.replace(/ .*$/, ''), headers });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET');
    expect(res.body).toBe('');
    expect(await usageOf(OTHER_KEY)).toEqual(before);
  });

  it('is still served outside /v1 (the OpenAPI document)', async () => {
    expect((await app.inject({ method: 'HEAD', url: '/openapi.json' })).statusCode).toBe(200);
  });
});

describe('GET /v1/api_usage', () => {
  it('reports the unlimited plan for the current UTC month, ignoring client parameters', async () => {
    const res = await get('/v1/api_usage?return_format=json&json_schema=array-of-arrays', {
      'x-api-key': TEST_KEY,
      'x-client': 'gridstatusio-python',
    });
    expect(res.statusCode).toBe(200);
    const usage = ApiUsage.parse(res.json());
    expect(Object.keys(res.json())).toEqual(Object.keys(ApiUsage.shape));
    expect(usage.plan_name).toBe('unlimited');
    expect(Object.values(usage.limits).every((v) => v === -1)).toBe(true);
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().replace('.000Z', '+00:00');
    expect(usage.current_usage_period_start).toBe(monthStart);
  });

  it('counts requests and audit rows per key, not its own calls', async () => {
    const usageOf = async (key: string) =>
      ApiUsage.parse((await get('/v1/api_usage', { 'x-api-key': key })).json()).current_period_usage;
    const before = await usageOf(OTHER_KEY);
    const auditRows = (await get('/v1/datasets/isone_load_hourly/audit', { 'x-api-key': OTHER_KEY })).json().data.length;
    await get('/v1/datasets', { 'x-api-key': OTHER_KEY });
    await get('/v1/datasets/no_such_dataset', { 'x-api-key': OTHER_KEY });
    await get('/v1/api_usage', { 'x-api-key': OTHER_KEY });
    const after = await usageOf(OTHER_KEY);
    expect(auditRows).toBe(2);
    expect(after).toEqual({
      total_requests: before.total_requests + 3,
      total_api_rows_returned: before.total_api_rows_returned + auditRows,
    });
    // Unauthenticated requests count for nobody; another key's usage is separate.
    await get('/v1/datasets', { 'x-api-key': 'not-a-key' });
    expect(await usageOf(OTHER_KEY)).toEqual(after);
  });
});
