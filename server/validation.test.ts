import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { DatasetFormatQuery, ValidationErrorBody } from '../shared/index.js';
import { RequestValidationError, toValidationIssues, validatorCompiler } from './validation.js';

function validate(schema: z.ZodType, value: unknown, httpPart = 'querystring') {
  const check = validatorCompiler({ schema, httpPart, method: 'GET', url: '/test' });
  return check(value) as { value?: unknown; error?: Error };
}

function issuesOf(schema: z.ZodType, value: unknown, httpPart = 'querystring') {
  const { error } = validate(schema, value, httpPart);
  expect(error).toBeInstanceOf(RequestValidationError);
  return (error as RequestValidationError).issues;
}

describe('FastAPI-shaped validation errors', () => {
  it('names a bad enum like pydantic, keys in loc, msg, type order', () => {
    const issues = issuesOf(DatasetFormatQuery, { json_schema: 'rows' });
    expect(issues).toEqual([
      { loc: ['query', 'json_schema'], msg: "Input should be 'array-of-objects' or 'array-of-arrays'", type: 'enum' },
    ]);
    expect(Object.keys(issues[0]!)).toEqual(['loc', 'msg', 'type']);
    expect(ValidationErrorBody.safeParse({ detail: issues }).success).toBe(true);
  });

  it('lists three or more choices with commas and a final "or"', () => {
    const issues = issuesOf(z.object({ order: z.enum(['asc', 'desc', 'none']) }), { order: 'up' });
    expect(issues[0]?.msg).toBe("Input should be 'asc', 'desc' or 'none'");
  });

  it('reports an unreadable boolean as bool_parsing', () => {
    expect(issuesOf(DatasetFormatQuery, { download: 'maybe' })).toEqual([
      { loc: ['query', 'download'], msg: 'Input should be a valid boolean, unable to interpret input', type: 'bool_parsing' },
    ]);
  });

  it('reports every bad parameter at once', () => {
    const issues = issuesOf(DatasetFormatQuery, { return_format: 'xml', download: '2', json_schema: 'x' });
    expect(issues.map((i) => i.loc[1]).sort()).toEqual(['download', 'json_schema', 'return_format']);
  });

  it('reports missing, int_parsing, string_type and value_error', () => {
    const schema = z.object({ dataset_id: z.string(), limit: z.number(), name: z.string(), size: z.string().min(3) });
    const issues = issuesOf(schema, { limit: 'ten', name: ['a', 'b'], size: 'ab' }, 'params');
    expect(issues).toEqual([
      { loc: ['path', 'dataset_id'], msg: 'Field required', type: 'missing' },
      {
        loc: ['path', 'limit'],
        msg: 'Input should be a valid integer, unable to parse string as an integer',
        type: 'int_parsing',
      },
      { loc: ['path', 'name'], msg: 'Input should be a valid string', type: 'string_type' },
      { loc: ['path', 'size'], msg: expect.stringMatching(/^Value error, /), type: 'value_error' },
    ]);
  });

  it('lets a custom issue name its type', () => {
    const schema = z.object({
      page: z.string().refine(() => false, { message: 'Input should be positive', params: { fastapi_type: 'greater_than' } }),
    });
    expect(issuesOf(schema, { page: '0' })).toEqual([
      { loc: ['query', 'page'], msg: 'Input should be positive', type: 'greater_than' },
    ]);
  });

  it('keeps numeric path parts as numbers', () => {
    const result = z.object({ ids: z.array(z.string()) }).safeParse({ ids: ['a', 5] }, { reportInput: true });
    expect(result.success).toBe(false);
    expect(toValidationIssues(result.error!, 'query')[0]?.loc).toEqual(['query', 'ids', 1]);
  });

  it('returns parsed values with defaults and without unknown keys', () => {
    expect(validate(DatasetFormatQuery, { api_key: 'k', download: 'YES' })).toEqual({
      value: { return_format: 'json', download: true, json_schema: 'array-of-objects' },
    });
  });

  it('names headers `header` in loc, as FastAPI does', () => {
    const schema = z.object({ 'x-stream': z.enum(['true', 'false']) });
    expect(issuesOf(schema, { 'x-stream': 'maybe' }, 'headers')).toEqual([
      { loc: ['header', 'x-stream'], msg: "Input should be 'true' or 'false'", type: 'enum' },
    ]);
  });

  it('refuses, when the route is registered, a schema that is not zod or a body schema', () => {
    expect(() =>
      validatorCompiler({ schema: { type: 'object' } as never, httpPart: 'querystring', method: 'GET', url: '/x' }),
    ).toThrow(/GET \/x: the querystring schema must be a zod schema/);
    expect(() => validatorCompiler({ schema: z.object({}), httpPart: 'body', method: 'POST', url: '/x' })).toThrow(
      /POST \/x: the body schema/,
    );
  });
});
