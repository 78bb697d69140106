import type {
  DatasetColumn,
  DatasetWithTimezone,
  FilterOperator,
  JsonSchemaShape,
  ResampleFunction,
  ReturnFormat,
  TimeComparison,
} from '../../shared/index.js';
import type { z } from 'zod';
import type { Frequency } from './frequency.js';

/** `publish_time`: newest report, newest per interval, newest before interval start + offset, or one vintage. */
export type PublishSelection =
  | { kind: 'latest_report' }
  | { kind: 'latest' }
  | { kind: 'latest_before'; offsetSeconds: number }
  | { kind: 'exact'; at: string };

/** The one filter: column, operator, and values as text (cast to the column's type in SQL). */
export interface FilterSpec {
  column: DatasetColumn;
  operator: FilterOperator;
  values: string[];
}

/** Resampling: bucket frequency, grouping columns (kept) and aggregate (numeric columns). */
export interface ResampleSpec {
  frequency: Frequency;
  by: DatasetColumn[];
  fn: ResampleFunction;
}

/** Where a page starts: an offset (offset pagination) or after a key (cursor pagination). */
export type PagePosition =
  | { mode: 'offset'; offset: number }
  | { mode: 'cursor'; after: (string | null)[] | null; columns: string[] | null; soFar: number };

/** Output format of the response. */
export interface OutputFormat {
  returnFormat: z.infer<typeof ReturnFormat>;
  jsonSchema: z.infer<typeof JsonSchemaShape>;
  download: boolean;
}

/** A dataset query validated against its dataset (params.ts); timestamps are naive UTC text `YYYY-MM-DD HH:MM:SS.ffffff`. */
export interface QuerySpec {
  dataset: DatasetWithTimezone;
  zone: string | null; // IANA zone of `timezone` (`market` resolved): `_local` columns and calendar buckets
  start?: string;
  end?: string;
  time?: { at: string | 'latest'; comparison: TimeComparison };
  publish?: PublishSelection;
  publishStart?: string;
  publishEnd?: string;
  filter?: FilterSpec;
  projection: DatasetColumn[]; // time index columns first, before `_local` columns are added
  order: 'asc' | 'desc';
  limit: number | null;
  page: number;
  pageSize: number;
  position: PagePosition;
  resample?: ResampleSpec;
  format: OutputFormat;
}
