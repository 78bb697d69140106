import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ErrorBody, ValidationErrorBody } from '../shared/index.js';
import { ROUTE_DOCS, type RouteDoc } from './openapi-routes.js';

/**
 * `GET /openapi.json` (spec "Versioning": the description carries version 1.3.0): an OpenAPI 3.1
 * document generated from the shared zod schemas (`z.toJSONSchema`) for every route of the service.
 * Served without an API key. The plugin also watches route registrations (register it before the
 * /v1 routes), so a GET route missing from openapi-routes.ts still appears, marked undocumented.
 */

type Json = Record<string, unknown>;

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized (missing or invalid API key)', 403: 'Forbidden', 404: 'Not Found',
  416: 'Range Not Satisfiable', 422: 'Validation error', 429: 'Too Many Requests',
};

/** JSON Schema (2020-12) of a zod schema, without its `$schema` key. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  return rest;
}

/**
 * OpenAPI parameters of a path or query object schema: name, `in`, `required`, the JSON Schema of the
 * raw value (input side) and its description. A parameter's `default` comes from the output side:
 * zod's input-side JSON Schema drops the default of every parameter that parses through a transform
 * (`queryInteger`, `QueryFlag`, … in shared/schemas/request-params.ts), since that default is an
 * output value. Ours are plain JSON values equal to what the raw text parses to (e.g. `limit` 10000;
 * text for a parameter typed `string`).
 */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): Json[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
  const output = jsonSchema(schema, 'output') as { properties?: Record<string, Json> };
  return Object.entries(object.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    const fallback = output.properties?.[name]?.default;
    // A parameter documented as raw text (`type: string`, e.g. `download`) gets its default as text too.
    if (rest.default === undefined && fallback !== undefined) rest.default = rest.type === 'string' && typeof fallback !== 'string' ? String(fallback) : fallback;
    return { name, in: where, required: where === 'path' || (object.required ?? []).includes(name), schema: rest, ...(description ? { description } : {}) };
  });
}

/** The operation object of one route. */
function operation(doc: RouteDoc): Json {
  const ok =
    doc.response instanceof z.ZodType
      ? { description: 'OK', content: { 'application/json': { schema: jsonSchema(doc.response, 'output') } } }
      : { description: doc.response.description, content: { [doc.response.mediaType]: { schema: { type: 'string', format: 'binary' } } } };
  if (doc.synthetic) Object.assign(ok, { headers: { 'x-gridscope-synthetic': { description: 'Synthetic fields of this response (ours)', schema: { type: 'string', example: doc.synthetic } } } });
  const statuses = [...new Set([...(doc.auth ? [401] : []), ...(doc.errors ?? []), ...(doc.query || doc.pathParams ? [422] : [])])].sort();
  const responses: Json = { 200: ok };
  for (const status of statuses) {
    const schema = status === 422 ? '#/components/schemas/ValidationErrorBody' : '#/components/schemas/ErrorBody';
    responses[status] = { description: ERROR_TEXT[status] ?? 'Error', content: { 'application/json': { schema: { $ref: schema } } } };
  }
  const synthetic = doc.synthetic ? `\n\nSYNTHETIC fields: ${doc.synthetic} (docs/constraints.md).` : '';
  return {
    tags: [doc.tag],
    summary: doc.summary,
    ...(doc.description || synthetic ? { description: `${doc.description ?? ''}${synthetic}`.trim() } : {}),
    operationId: `get${doc.path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    parameters: [...parameters(doc.pathParams, 'path'), ...parameters(doc.query, 'query')],
    responses,
    security: doc.auth ? [{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }] : [],
  };
}

/** Fastify URL (`/v1/x/:id`, `/exports/:bucket/*`) → OpenAPI path. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{object_key}');
}

/**
 * The OpenAPI 3.1 document: every route of {@link ROUTE_DOCS} plus any `registered` GET URL not
 * documented there (trailing-slash aliases of documented paths excepted).
 */
export function buildOpenApiDocument(registered: Iterable<string> = []): Json {
  const paths: Record<string, Json> = {};
  for (const doc of ROUTE_DOCS) paths[doc.path] = { get: operation(doc) };
  for (const url of registered) {
    const path = openApiPath(url);
    if (paths[path] || paths[path.replace(/\/$/, '')]) continue;
    const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    paths[path] = {
      get: {
        summary: 'Undocumented route',
        parameters: names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
        responses: { 200: { description: 'OK' } },
        security: path.startsWith('/v1/') ? [{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }] : [],
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Gridscope Energy Data API',
      version: '1.3.0',
      description:
        'The embedded /v1 service of Gridscope. Dataset rows are small real samples (data/SOURCES.md). Shift factors, substation coordinates and all outage tickets except PJM ticket 724453 are SYNTHETIC: seeded, deterministic generator output (docs/constraints.md), never market data. Responses with synthetic values carry the header `x-gridscope-synthetic`.',
    },
    servers: [{ url: '/' }],
    tags: ['Datasets', 'Constraints', 'Outages', 'Exports', 'Usage', 'Meta'].map((name) => ({ name })),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => (a < b ? -1 : 1))),
    components: {
      schemas: { ErrorBody: jsonSchema(ErrorBody, 'output'), ValidationErrorBody: jsonSchema(ValidationErrorBody, 'output') },
      securitySchemes: {
        ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        ApiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key' },
      },
    },
  };
}

/**
 * Serves `GET /openapi.json` without authentication. Not encapsulated (it watches routes registered
 * after it anywhere in the app); the document is built once, on the first request.
 */
export const openapiRoutes: FastifyPluginAsync = async (app) => {
  const registered = new Set<string>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.includes('GET')) registered.add(route.url);
  });
  let document: Json | undefined;
  app.get('/openapi.json', async () => (document ??= buildOpenApiDocument(registered)));
};
(openapiRoutes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
