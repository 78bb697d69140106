import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, ValidationErrorBody } from '../shared/index.js';

declare module 'fastify' {
  interface FastifySchema {
    /** Synthetic fields of the response (also its `x-gridscope-synthetic` header; docs/constraints.md). */
    'x-gridscope-synthetic'?: string;
  }
}

/** Tags of the document, in this order. */
export const API_TAGS = ['Datasets', 'Constraints', 'Outages', 'Exports', 'Usage', 'Meta'] as const;
export type ApiTag = (typeof API_TAGS)[number];

/** `key`: API key and plan limits; `key-unmetered`: key only (`/v1/api_usage`); `public`: no key. */
export type Access = 'key' | 'key-unmetered' | 'public';

/** What a route says about itself in the OpenAPI document. */
export interface RouteDoc {
  tag: ApiTag;
  summary: string;
  description?: string;
  /** The 200 body: a zod schema of its JSON, or another media type (`schema` defaults to binary). */
  ok: z.ZodType | { mediaType: string; description: string; schema?: z.ZodType };
  /** Also `text/csv` with `return_format=csv`. */
  csv?: boolean;
  /** Error statuses besides 401 and 429 (from `access`) and 422 (added for validating routes). */
  errors?: number[];
  /** As the route's `x-gridscope-synthetic` header names them. */
  synthetic?: string;
  access?: Access;
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized (missing or invalid API key)',
  403: 'Forbidden',
  404: 'Not Found',
  416: 'Range Not Satisfiable',
  422: 'Validation error',
  429: 'Too Many Requests (rate and monthly limits; Retry-After on rate limits)',
};

const API_KEY_SECURITY: Record<string, string[]>[] = [{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }];
const BinaryBody = z.string().meta({ format: 'binary' });
const CsvBody = z.string().describe('header line, then one line per row');

const COMPONENTS = { ErrorBody, ValidationErrorBody };
const errorContent = (name: keyof typeof COMPONENTS) => ({
  'application/json': { schema: { $ref: `#/components/schemas/${name}` } },
});

const jsonResponse = (description: string, schema: z.ZodType) => ({ description, content: { 'application/json': { schema } } });

/** The documentation part of a route's `schema` (spread next to `params`/`querystring`): tags, security, responses. */
export function routeDoc(doc: RouteDoc) {
  const access = doc.access ?? 'key';
  const statuses = new Set([...(access === 'public' ? [] : [401]), ...(doc.errors ?? []), ...(access === 'key' ? [429] : [])]);
  let ok;
  if (doc.ok instanceof z.ZodType) {
    ok = {
      description: 'OK',
      content: { 'application/json': { schema: doc.ok }, ...(doc.csv ? { 'text/csv': { schema: CsvBody } } : {}) },
    };
  } else {
    ok = { description: doc.ok.description, content: { [doc.ok.mediaType]: { schema: doc.ok.schema ?? BinaryBody } } };
  }
  const errors = [...statuses]
    .sort((a, b) => a - b)
    .map((status) => [status, jsonResponse(ERROR_TEXT[status] ?? 'Error', ErrorBody)]);
  const synthetic = doc.synthetic ? `\n\nSYNTHETIC fields: ${doc.synthetic} (docs/constraints.md).` : '';
  const description = `${doc.description ?? ''}${synthetic}`.trim();
  return {
    tags: [doc.tag],
    summary: doc.summary,
    ...(description ? { description } : {}),
    security: access === 'public' ? [] : API_KEY_SECURITY,
    response: { 200: ok, ...Object.fromEntries(errors) },
    ...(doc.synthetic ? { 'x-gridscope-synthetic': doc.synthetic } : {}),
  };
}

const WILDCARD = 'object_key';

/** Fastify URL (`/v1/x/:id`, `/exports/:bucket/*`) → OpenAPI path; the one wildcard is the download's `object_key`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, `{${WILDCARD}}`);
}

type Json = Record<string, unknown>;
type ParameterObject = { properties?: Record<string, Json>; required?: string[] };

function outputProperties(schema: unknown): Record<string, Json> {
  if (!(schema instanceof z.ZodType)) return {};
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' }) as ParameterObject;
  return json.properties ?? {};
}

// zod's input-side JSON Schema drops the defaults of transforming parameters (`queryInteger`, `QueryFlag`): ours
// equal what the raw text parses to, so they are copied from the output side (as text for `type: string`).
function addDefaults(parameters: ParameterObject | undefined, schema: unknown): void {
  const output = outputProperties(schema);
  for (const [name, property] of Object.entries(parameters?.properties ?? {})) {
    const fallback = output[name]?.default;
    if (property.default !== undefined || fallback === undefined) continue;
    property.default = property.type === 'string' && typeof fallback !== 'string' ? String(fallback) : fallback;
  }
}

function renameWildcard(parameters: ParameterObject | undefined): void {
  const tail = parameters?.properties?.['*'];
  if (!parameters?.properties || !tail) return;
  const { '*': _tail, ...named } = parameters.properties;
  parameters.properties = { ...named, [WILDCARD]: tail };
  parameters.required = parameters.required?.map((name) => (name === '*' ? WILDCARD : name));
}

// Adds what the zod conversion cannot know: defaults, the 422 of validating routes, the synthetic header, an operationId.
const transform: SwaggerTransform = (document) => {
  const { schema, url } = jsonSchemaTransform(document);
  if (!schema || schema.hide) return { schema, url };
  const route = document.route;
  const source = route.schema ?? {};
  const documented = schema as Json & {
    querystring?: ParameterObject;
    params?: ParameterObject;
    response?: Record<string, Json>;
  };
  addDefaults(documented.querystring, source.querystring);
  addDefaults(documented.params, source.params);
  renameWildcard(documented.params);
  for (const [status, response] of Object.entries(documented.response ?? {})) {
    if (status !== '200') response.content = errorContent('ErrorBody');
  }
  const validates = Boolean(source.querystring || source.params || source.headers) && !route.attachValidation;
  if (validates && documented.response) {
    documented.response['422'] = { description: ERROR_TEXT[422], content: errorContent('ValidationErrorBody') };
  }
  const synthetic = source['x-gridscope-synthetic'];
  const ok = documented.response?.['200'];
  if (synthetic && ok) {
    const header = { type: 'string', example: synthetic, description: 'Synthetic fields of this response (ours)' };
    ok.headers = { 'x-gridscope-synthetic': header };
  }
  const path = openApiPath(url);
  const camel = path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase());
  documented.operationId = `get${camel}`;
  return { schema: documented, url: path.replace(/\{([^}]+)\}/g, ':$1') };
};

const OPENAPI = {
  openapi: '3.1.0',
  info: {
    title: 'Gridscope Energy Data API',
    version: '1.3.0',
    description:
      'The embedded /v1 service of Gridscope. Dataset rows are small real samples (data/SOURCES.md). Shift factors, substation coordinates and all outage tickets except PJM ticket 724453 are SYNTHETIC: seeded, deterministic generator output (docs/constraints.md), never market data. Responses with synthetic values carry the header `x-gridscope-synthetic`.',
  },
  servers: [{ url: '/' }],
  tags: API_TAGS.map((name) => ({ name })),
  components: {
    securitySchemes: {
      ApiKeyHeader: { type: 'apiKey' as const, in: 'header', name: 'x-api-key' },
      ApiKeyQuery: { type: 'apiKey' as const, in: 'query', name: 'api_key' },
    },
  },
};

const PARAMETER_ORDER = ['path', 'query', 'header'];

type OpenApiObject = Json & { paths?: Record<string, Record<string, { parameters?: { in: string }[] }>>; components?: Json };

const finish: SwaggerTransformObject = (documentObject) => {
  if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
  const openapiObject = documentObject.openapiObject as OpenApiObject;
  for (const item of Object.values(openapiObject.paths ?? {})) {
    for (const operation of Object.values(item)) {
      operation.parameters?.sort((a, b) => PARAMETER_ORDER.indexOf(a.in) - PARAMETER_ORDER.indexOf(b.in));
    }
  }
  const schemas = Object.fromEntries(
    Object.entries(COMPONENTS).map(([name, schema]) => {
      const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' });
      return [name, json];
    }),
  );
  const paths = Object.entries(openapiObject.paths ?? {}).sort(([a], [b]) => (a < b ? -1 : 1));
  const components = { ...openapiObject.components, schemas };
  return { ...openapiObject, paths: Object.fromEntries(paths), components } as ReturnType<SwaggerTransformObject>;
};

/** Serves `GET /openapi.json` (docs/api.md#openapi-document); register it first: swagger records only later routes. */
export const openapiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(swagger, { openapi: OPENAPI, transform, transformObject: finish });
  app.get(
    '/openapi.json',
    {
      schema: routeDoc({
        tag: 'Meta',
        summary: 'This OpenAPI document',
        access: 'public',
        ok: { mediaType: 'application/json', description: 'OpenAPI 3.1 document', schema: z.record(z.string(), z.unknown()) },
      }),
    },
    async () => app.swagger(),
  );
};
(openapiRoutes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
