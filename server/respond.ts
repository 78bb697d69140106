import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import type { DatasetFormatQuery } from '../shared/index.js';

/** One table to send: its columns (header order), rows, the parsed format query and a file name stem. */
export interface TableResponse {
  columns: readonly string[];
  rows: readonly Record<string, unknown>[];
  format: DatasetFormatQuery;
  filename: string;
  /** Builds the JSON body around `data` (already shaped per `json_schema`). Unused for CSV. */
  envelope: (data: unknown[]) => Record<string, unknown>;
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The rows as `[header, ...values]` for `json_schema=array-of-arrays`; missing values become null. */
export function toArrayOfArrays(columns: readonly string[], rows: readonly Record<string, unknown>[]): unknown[][] {
  return [[...columns], ...rows.map((row) => columns.map((column) => row[column] ?? null))];
}

/** The table as CSV text: header line then rows; arrays and objects JSON-encoded, null an empty cell. */
export function toCsv(columns: readonly string[], rows: readonly Record<string, unknown>[]): string {
  return stringify([[...columns], ...rows.map((row) => columns.map((column) => cell(row[column])))]);
}

/** Sends a table per `format` (docs/api.md#return-formats); CSV carries the envelope's `meta` as `X-Page…` headers. */
export function sendTable(reply: FastifyReply, table: TableResponse): FastifyReply {
  const { format } = table;
  const extension = format.return_format === 'csv' ? 'csv' : 'json';
  if (format.download) {
    reply.header('content-disposition', `attachment; filename="${table.filename}.${extension}"`);
  }
  if (format.return_format === 'csv') {
    const meta = (table.envelope([]).meta ?? {}) as {
      page?: unknown;
      page_size?: unknown;
      limit?: unknown;
      hasNextPage?: unknown;
    };
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
