import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import type { DatasetFormatQuery } from '../shared/index.js';

/**
 * Output of the dataset endpoints in the requested format (spec endpoints 11–13; addendum
 * "Dataset query" for `json_schema` and `download`):
 * - JSON `array-of-objects`: `data` is the rows as objects;
 * - JSON `array-of-arrays`: `data` is `[headerRow, ...valueRows]`, the header present even with no rows;
 * - CSV: a header line and one line per row; arrays and objects JSON-encoded in their cell, null
 *   empty, booleans `true`/`false`; `text/csv; charset=utf-8`; the pagination headers of spec
 *   "Pagination" §4 taken from the JSON envelope's `meta` (`X-Page`, `X-Page-Size`, `X-Limit`,
 *   `X-Has-Next-Page`; a null value is sent as `null`, as the query endpoint does);
 * - `download=true`: `Content-Disposition: attachment; filename="<name>.json|csv"`.
 */

/** One table to send: its columns (header order), rows, the parsed format query and a file name stem. */
export interface TableResponse {
  columns: readonly string[];
  rows: readonly Record<string, unknown>[];
  format: DatasetFormatQuery;
  filename: string;
  /** Builds the JSON body around `data` (already shaped per `json_schema`). Unused for CSV. */
  envelope: (data: unknown[]) => Record<string, unknown>;
}

/** A value as a CSV cell. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The rows as `[header, ...values]` for `json_schema=array-of-arrays`; missing values become null. */
export function toArrayOfArrays(columns: readonly string[], rows: readonly Record<string, unknown>[]): unknown[][] {
  return [[...columns], ...rows.map((row) => columns.map((column) => row[column] ?? null))];
}

/** The table as CSV text: header line then rows (see module doc for cell rules). */
export function toCsv(columns: readonly string[], rows: readonly Record<string, unknown>[]): string {
  return stringify([[...columns], ...rows.map((row) => columns.map((column) => cell(row[column])))]);
}

/** Sends a table as JSON or CSV per `format`; returns the reply for chaining. */
export function sendTable(reply: FastifyReply, table: TableResponse): FastifyReply {
  const { format } = table;
  const extension = format.return_format === 'csv' ? 'csv' : 'json';
  if (format.download) {
    reply.header('content-disposition', `attachment; filename="${table.filename}.${extension}"`);
  }
  if (format.return_format === 'csv') {
    const meta = (table.envelope([]).meta ?? {}) as { page?: unknown; page_size?: unknown; limit?: unknown; hasNextPage?: unknown };
    const text = (value: unknown, fallback: string) => (value === undefined ? fallback : String(value));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('x-page', text(meta.page, '1'))
      .header('x-page-size', text(meta.page_size, 'null'))
      .header('x-limit', text(meta.limit, 'null'))
      .header('x-has-next-page', text(meta.hasNextPage ?? false, 'false'))
      .send(toCsv(table.columns, table.rows));
  }
  const data = format.json_schema === 'array-of-arrays' ? toArrayOfArrays(table.columns, table.rows) : [...table.rows];
  return reply.send(table.envelope(data));
}
