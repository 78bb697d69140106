import type { z } from 'zod';
import type { ValidationIssue } from '../shared/index.js';

/**
 * Request validation in the FastAPI shape (spec "Errors": 422 `{"detail":[{loc,msg,type}]}`).
 * Zod parses; this module renames zod's issues the way pydantic names them so clients that match on
 * `type` (`enum`, `bool_parsing`, `int_parsing`, `missing`, `string_type`, `value_error`) and read
 * `msg` see what the hosted API would send.
 */

/** Where a parameter comes from: the first element of `loc`. */
export type ParameterLocation = 'query' | 'path';

type ZodIssue = z.ZodError['issues'][number];

/** Thrown by {@link parseRequest}; the error handler turns it into a 422 with `issues` as `detail`. */
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

/**
 * Parses request parameters with a shared zod schema.
 * @returns the parsed value (defaults applied, unknown keys dropped).
 * @throws RequestValidationError (→ 422) when the value does not match.
 */
export function parseRequest<S extends z.ZodType>(schema: S, value: unknown, location: ParameterLocation): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw new RequestValidationError(toValidationIssues(result.error, location));
  return result.data;
}
