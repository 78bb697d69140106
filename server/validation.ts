import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import type { ValidationIssue } from '../shared/index.js';

/** Where a parameter comes from: the first element of `loc`. */
export type ParameterLocation = 'query' | 'path' | 'header';

type ZodIssue = z.ZodError['issues'][number];

/** Thrown for a request whose parameters do not parse; the error handler answers 422 with `issues` as `detail`. */
export class RequestValidationError extends Error {
  readonly statusCode = 422;
  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((issue) => `${issue.loc.join('.')}: ${issue.msg}`).join('; '));
    this.name = 'RequestValidationError';
  }
}

function choices(values: readonly unknown[]): string {
  const quoted = values.map((v) => `'${String(v)}'`);
  return quoted.length < 2 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

// pydantic's type names and wording, so clients matching on `type` and `msg` see what the hosted API sends.
function describe(issue: ZodIssue): { type: string; msg: string } {
  switch (issue.code) {
    case 'invalid_value':
      return { type: 'enum', msg: `Input should be ${choices(issue.values)}` };
    case 'invalid_type':
      if (issue.input === undefined) return { type: 'missing', msg: 'Field required' };
      if (issue.expected === 'int' || issue.expected === 'number')
        return { type: 'int_parsing', msg: 'Input should be a valid integer, unable to parse string as an integer' };
      if (issue.expected === 'boolean')
        return { type: 'bool_parsing', msg: 'Input should be a valid boolean, unable to interpret input' };
      if (issue.expected === 'string') return { type: 'string_type', msg: 'Input should be a valid string' };
      return { type: 'value_error', msg: `Value error, ${issue.message}` };
    case 'custom': {
      const named = (issue.params as { fastapi_type?: unknown } | undefined)?.fastapi_type;
      if (typeof named === 'string') return { type: named, msg: issue.message };
      if (/valid boolean/i.test(issue.message)) return { type: 'bool_parsing', msg: issue.message };
      if (/valid integer/i.test(issue.message)) return { type: 'int_parsing', msg: issue.message };
      return { type: 'value_error', msg: `Value error, ${issue.message}` };
    }
    default:
      return { type: 'value_error', msg: `Value error, ${issue.message}` };
  }
}

/** A ZodError as FastAPI validation items (docs/api.md#errors); parse with `reportInput` so `missing` can be told apart. */
export function toValidationIssues(error: z.ZodError, location: ParameterLocation): ValidationIssue[] {
  return error.issues.map((issue) => {
    const { type, msg } = describe(issue);
    const loc = [location, ...issue.path.map((part) => (typeof part === 'number' ? part : String(part)))];
    return { loc, msg, type };
  });
}

const LOCATIONS: Record<string, ParameterLocation> = { querystring: 'query', params: 'path', headers: 'header' };

/**
 * Fastify's validator compiler for zod route schemas; ours since fastify-type-provider-zod's leaves out the input that
 * tells `missing` apart. @throws at route registration for a non-zod schema or a body schema (no route takes a body).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart, method, url }) => {
  const location = LOCATIONS[httpPart ?? ''];
  if (!(schema instanceof z.ZodType) || location === undefined) {
    throw new Error(`${method} ${url}: the ${httpPart} schema must be a zod schema of the query, path or headers`);
  }
  return (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(toValidationIssues(result.error, location)) };
  };
};
