import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './test-support/testing.js';

/** `GET /openapi.json`: OpenAPI 3.1 from the shared schemas, every route, served without a key. */

let app: FastifyInstance;
let close: () => Promise<void>;
let doc: {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, { get: { summary: string; parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[]; responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>; security: unknown[] } }>;
};

beforeAll(async () => {
  ({ app, close } = await startTestServer());
  const res = await app.inject({ method: 'GET', url: '/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => close());

/** OpenAPI path → the Fastify URL it documents. */
const fastifyUrl = (path: string) => path.replace('{object_key}', '*').replace(/\{([^}]+)\}/g, ':$1');

describe('GET /openapi.json', () => {
  it('is OpenAPI 3.1 with version 1.3.0 and says what is synthetic', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Gridscope Energy Data API', version: '1.3.0' });
    expect(doc.info.description).toMatch(/SYNTHETIC/);
  });

  it('documents every registered route, and every documented path is a real route', () => {
    const undocumented = Object.entries(doc.paths).filter(([, item]) => item.get.summary === 'Undocumented route').map(([path]) => path);
    expect(undocumented).toEqual([]);
    for (const path of Object.keys(doc.paths)) expect(app.hasRoute({ method: 'GET', url: fastifyUrl(path) }), path).toBe(true);
    for (const path of ['/v1/constraints', '/v1/constraints/binding/locations', '/v1/outages/{market_id}/active', '/v1/csv-exports/{dataset_id}/{export_date}', '/v1/datasets/{dataset_id}/query', '/v1/api_usage', '/exports/{bucket}/{object_key}']) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });

  it('derives parameters and responses from the shared schemas', () => {
    const constraints = doc.paths['/v1/constraints']!.get;
    expect(constraints.parameters.find((p) => p.name === 'limit')).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', minimum: 0, maximum: 100000 } });
    expect(constraints.parameters.find((p) => p.name === 'sort_column')!.schema).toMatchObject({ enum: ['constraint_name', 'market_id', 'earliest_seen_utc', 'latest_seen_utc'] });
    expect(constraints.security).toEqual([{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }]);
    expect(Object.keys(constraints.responses)).toEqual(expect.arrayContaining(['200', '401', '422']));
    const costs = doc.paths['/v1/constraints/locations/{location_gs_entity_id}/constraint-costs']!.get;
    expect(costs.parameters.filter((p) => p.required).map((p) => p.name)).toEqual(['location_gs_entity_id', 'dataset_id', 'start_time', 'end_time']);
    const binding = doc.paths['/v1/constraints/binding/locations']!.get.responses['200']!.content!['application/json']!.schema as { items: { properties: Record<string, unknown> } };
    expect(Object.keys(binding.items.properties)).toEqual(expect.arrayContaining(['constraint_gs_entity_id', 'peak_abs_shadow_price', 'observations', 'start', 'end']));
    expect(doc.paths['/exports/{bucket}/{object_key}']!.get.security).toEqual([]);
  });

  it('gives parameter defaults, also of parameters parsed through a transform (integers, booleans)', () => {
    const param = (path: string, name: string) => doc.paths[path]!.get.parameters.find((p) => p.name === name)!;
    expect(param('/v1/constraints', 'limit').schema).toEqual({ type: 'integer', minimum: 0, maximum: 100000, default: 10000 });
    expect(param('/v1/constraints', 'include_absolute_costs').schema).toEqual({ type: 'boolean', default: false });
    expect(param('/v1/constraints/contingencies', 'limit').schema).toMatchObject({ default: 10000 });
    expect(param('/v1/constraints/binding', 'limit').schema).toMatchObject({ default: 50000 });
    expect(param('/v1/outages/{market_id}/active', 'limit').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100000, default: 50000 });
    expect(param('/v1/constraints/{constraint_id}/shift-factors', 'exclude_zeros').schema).toMatchObject({ type: 'boolean', default: false });
    expect(param('/v1/constraints/{constraint_id}/shift-factors', 'aggregation_function').schema).toMatchObject({ default: 'mean' });
    expect(param('/v1/constraints/locations/{location_gs_entity_id}/constraint-costs', 'group_by').schema).toMatchObject({ default: 'constraint_contingency' });
    // Raw-text parameters keep a text default; parameters without a default have none.
    expect(param('/v1/datasets', 'download').schema).toMatchObject({ type: 'string', default: 'false' });
    for (const name of ['search', 'active_after']) expect(param('/v1/constraints', name).schema).not.toHaveProperty('default');
    // sort_order documents what it does without sort_column (ours; docs/constraints.md).
    expect((param('/v1/constraints', 'sort_order') as { description?: string }).description).toMatch(/without sort_column/);
  });

  it.each<[string, string, string, Record<string, unknown>, RegExp?, RegExp?]>([
    // Spec endpoint 1: "desc when omitted"; endpoint 2: default desc.
    ['constraints sort_order: default desc', '/v1/constraints', 'sort_order', { type: 'string', enum: ['asc', 'desc'], default: 'desc' }, /rt_absolute_cost/],
    ['contingencies sort_order: default desc, no constraint-only cost ordering', '/v1/constraints/contingencies', 'sort_order', { type: 'string', enum: ['asc', 'desc'], default: 'desc' }, /without sort_column.*latest first/, /rt_absolute_cost|include_absolute_costs/],
    // Spec endpoint 14: start_date "date-time, nullable".
    ['outages start_date: nullable date-time, optional', '/v1/outages/{market_id}/active', 'start_date', { type: ['string', 'null'], format: 'date-time' }, /empty value/],
  ])('%s', (_rule, path, name, schema, describes, omits) => {
    const param = doc.paths[path]!.get.parameters.find((p) => p.name === name) as { required: boolean; schema: unknown; description?: string };
    expect(param.required).toBe(false);
    expect(param.schema).toEqual(schema);
    if (describes) expect(param.description).toMatch(describes);
    if (omits) expect(param.description).not.toMatch(omits);
  });
});
