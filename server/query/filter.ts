import { FILTER_OPERATORS, type DatasetWithTimezone, type FilterOperator } from '../../shared/index.js';
import { HttpError } from '../errors.js';
import { findColumn } from './columns.js';
import type { FilterSpec } from './spec.js';
import { parseTimestamp } from './timestamps.js';

/** Raw filter parameters. */
export interface FilterParams {
  filter_column?: string;
  filter_value?: string;
  filter_operator?: string;
}

/** 400 detail of an `in` list without a value (`filter_value=`, `filter_value=,`). */
export const IN_WITHOUT_VALUES =
  "filter_value lists no values for filter_operator 'in': give one or more comma-separated values, e.g. WEST,N.Y.C.";

const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

// Checked here so that the SQL cast of the bound text can never fail.
function coerce(value: string, type: string, zone: string): string | { expected: string } {
  const text = value.trim();
  switch (type) {
    case 'INTEGER':
    case 'BIGINT': {
      if (!INTEGER.test(text)) return { expected: 'an integer' };
      const limit = type === 'INTEGER' ? 2 ** 31 : 2 ** 63;
      const n = BigInt(text);
      return n >= -BigInt(limit) && n < BigInt(limit) ? text : { expected: `an integer that fits ${type}` };
    }
    case 'DOUBLE PRECISION':
      return NUMBER.test(text) && Number.isFinite(Number(text)) ? text : { expected: 'a number' };
    case 'TIMESTAMP':
      try {
        return parseTimestamp(text, 'filter_value', zone);
      } catch {
        return { expected: 'a timestamp such as 2024-01-01T00:00:00Z' };
      }
    case 'DATE': {
      const valid = DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));
      return valid && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text) ? text : { expected: 'a date YYYY-MM-DD' };
    }
    default:
      return value; // text columns compare the value as given
  }
}

/** The filter (docs/query.md#filter; naive times in `zone`), or `undefined` without `filter_column`. @throws HttpError 400. */
export function parseFilter(params: FilterParams, dataset: DatasetWithTimezone, zone: string): FilterSpec | undefined {
  if (params.filter_column === undefined) return undefined; // a lone filter_operator: the official client always sends one
  const column = findColumn(dataset, params.filter_column);
  const operator = (params.filter_operator ?? '=') as FilterOperator;
  if (!FILTER_OPERATORS.includes(operator)) {
    throw new HttpError(400, `Invalid filter_operator '${operator}'. Accepted values: ${FILTER_OPERATORS.join(', ')}`);
  }
  if (params.filter_value === undefined) throw new HttpError(400, 'filter_value is required when filter_column is given');
  const raw =
    operator === 'in'
      ? params.filter_value
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item !== '')
      : [params.filter_value];
  if (raw.length === 0) throw new HttpError(400, IN_WITHOUT_VALUES);
  if (raw.length > 1000) throw new HttpError(400, 'filter_value lists more than 1000 values');
  const values = raw.map((value) => {
    const result = coerce(value, column.type, zone);
    if (typeof result === 'string') return result;
    throw new HttpError(
      400,
      `Invalid filter_value '${value}' for column ${column.name} of type ${column.type}: expected ${result.expected}`,
    );
  });
  return { column, operator, values };
}
