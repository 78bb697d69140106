import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import type { ValidationIssue } from '../shared/index.js';

/**
 * Request validation in the FastAPI shape (docs/api.md "Errors": 422 `{"detail":[{loc,msg,type}]}`).
 * The routes declare their parameters as zod schemas (`schema.params`, `schema.querystring`,
 * `schema.headers`); Fastify validates them with {@link validatorCompiler} after the `onRequest`
 * hooks (API key, plan limits) and before the handler, and hands the handler the parsed values.
 * This module renames zod's issues the way pydantic names them, so clients that match on `type`
 * (`enum`, `bool_parsing`, `int_parsing`, `missing`, `string_type`, `value_error`) and read `msg`
 * see what the hosted API would send.
 */

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

/** pydantic's wording for a choice: `'a' or 'b'`, `'a', 'b' or 'c'`. */
function choices(values: readonly unknown[]): string {
  const quoted = values.map((v) => `'${String(v)}'`);
  return quoted.length < 2 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

/** Type and message for one zod issue. Custom issues may name their type in `params.fastapi_type`. */
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

/**
 * Converts a ZodError to FastAPI validation items: `loc` is `[location, ...issue.path]`.
 * Parse with `{ reportInput: true }` so a missing parameter is told from a wrong one.
 */
export function toValidationIssues(error: z.ZodError, location: ParameterLocation): ValidationIssue[] {
  return error.issues.map((issue) => {
    const { type, msg } = describe(issue);
    const loc = [location, ...issue.path.map((part) => (typeof part === 'number' ? part : String(part)))];
    return { loc, msg, type };
  });
}

/** Fastify's name of a request part → the first element of `loc`. */
const LOCATIONS: Record<string, ParameterLocation> = { querystring: 'query', params: 'path', headers: 'header' };

/**
 * Fastify's validator compiler for the zod route schemas (set by errors.ts `installErrorHandlers`):
 * parses the part with `{ reportInput: true }` (fastify-type-provider-zod's own compiler leaves the
 * input out of its issues, and without it a missing parameter cannot be told from a wrong one).
 * Valid → `{ value }`, the parsed value (defaults applied, unknown keys dropped) that Fastify puts
 * on `request.query` / `request.params`; invalid → `{ error }`, a {@link RequestValidationError}.
 * @throws Error at route registration for a schema that is not a zod schema, or for a request body
 * schema (no route takes a body).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart, method, url }) => {
  const location = LOCATIONS[httpPart ?? ''];
  if (!(schema instanceof z.ZodType) || location === undefined) {
    throw new Error(`${method} ${url}: the ${httpPart} schema must be a zod schema of the query, path or headers`);
  }
  return (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    return result.success ? { value: result.data } : { error: new RequestValidationError(toValidationIssues(result.error, location)) };
  };
};
