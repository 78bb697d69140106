import { z } from 'zod';
import { FILTER_OPERATORS, RESAMPLE_FUNCTIONS } from '../schemas/query.js';
import type { PeakFilter } from '../time/peak.js';
import { TimeText } from '../time/schema.js';
import { isKnownZone } from '../time/zones.js';
import type { LocalPull } from './downloads.js';
import type { PullProvenance, PullRefresh } from './refresh.js';
import { ColumnName, DatasetId, PublishTime, QueryInput, ResampleBy, ResampleFrequencyText } from './inputs.js';

/**
 * The workspace verbs' inputs and results: a pull copies a /v1 query into the profile's local
 * DuckDB workspace (docs/workspace.md); the results table, the chart and exports read from there.
 */

/** Operators of a results-table filter: the API's (docs/query.md#filter) plus `contains`, `is null`, `not null`. */
export const WORKSPACE_FILTER_OPERATORS = [...FILTER_OPERATORS, 'contains', 'is null', 'not null'] as const;
export type WorkspaceFilterOperator = (typeof WORKSPACE_FILTER_OPERATORS)[number];

/** End states of a pull, and `running` while it fills. `partial`: stopped by an error or a crash, rows kept. */
export const PULL_STATES = ['running', 'complete', 'partial', 'failed', 'cancelled'] as const;
export type PullState = (typeof PULL_STATES)[number];

/**
 * What a pull copied: `query`, a dataset query (`workspace:pull`, docs/query.md); `binding`, the binding rows of
 * a constraint dataset (`workspace:pullBinding`, docs/api.md#binding-rows); or `local`, downloaded export files read
 * from the downloads folder without the network (`workspace:openLocal`, docs/downloads.md#offline-review). All are
 * read, exported and kept alike.
 */
export const PULL_KINDS = ['query', 'binding', 'local'] as const;
export type PullKind = (typeof PULL_KINDS)[number];

/** DuckDB types a pulled column is stored as. */
export const STORABLE_TYPES = ['TIMESTAMPTZ', 'TIMESTAMP', 'DATE', 'DOUBLE', 'BIGINT', 'BOOLEAN', 'VARCHAR'] as const;
export type StorableType = (typeof STORABLE_TYPES)[number];

/** What a pull asks the dataset query for: `datasets:query`'s parameters without paging, plus resampling and vintages. */
export const PullQuery = QueryInput.omit({ pageSize: true, cursor: true, requestId: true })
  .extend({
    limit: z.number().int().min(1).max(10_000_000).optional(),
    resampleFrequency: ResampleFrequencyText.optional(),
    resampleBy: ResampleBy.optional(),
    resampleFunction: z.enum(RESAMPLE_FUNCTIONS).optional(),
    publishTime: PublishTime.optional(),
    publishTimeStart: TimeText.optional(),
    publishTimeEnd: TimeText.optional(),
  })
  .strict();
export type PullQuery = z.output<typeof PullQuery>;

const FilterScalar = z.union([z.string().max(10_000), z.number(), z.boolean()]);

/** One results-table filter: a scalar, a list (for `in`, 1–1,000 values) or nothing (`is null`, `not null`). */
export const ColumnFilter = z
  .object({
    column: ColumnName,
    op: z.enum(WORKSPACE_FILTER_OPERATORS),
    value: z
      .union([FilterScalar, z.array(FilterScalar).min(1).max(1000)])
      .nullable()
      .optional(),
  })
  .strict();
export type ColumnFilter = z.output<typeof ColumnFilter>;

/** One sort key; NULLs sort last either way. */
export const SortKey = z.object({ column: ColumnName, desc: z.boolean().optional() }).strict();
export type SortKey = z.output<typeof SortKey>;

/** Most sort keys a table view holds. */
export const MAX_SORT_KEYS = 8;
/** Most column filters a table view holds. */
export const MAX_COLUMN_FILTERS = 50;

/** The peak filters that keep some rows out (every one but `all`), in the order screens offer them. */
export const PEAK_BUCKET_FILTERS = ['on_peak', 'off_peak', '2x16', '7x8'] as const satisfies readonly Exclude<
  PeakFilter,
  'all'
>[];

/** An IANA zone Intl knows (e.g. `US/Eastern`), at most 64 characters. */
export const ZoneName = z.string().trim().min(1).max(64).refine(isKnownZone, 'zone: an IANA time zone such as US/Eastern');

/**
 * A peak-bucket filter (docs/market-time.md#peak-buckets): keep the rows whose `column` (the time index, an instant)
 * falls in `bucket` read in market time `zone`; `off_peak` is 2x16 and 7x8 together.
 */
export const PeakView = z
  .object({
    column: ColumnName,
    bucket: z.enum(PEAK_BUCKET_FILTERS),
    zone: ZoneName,
  })
  .strict();
export type PeakView = z.output<typeof PeakView>;

/**
 * How a results table shows a pull's rows: its sort keys (first key first), column filters (all must hold) and peak
 * bucket, done in SQL by main, and `hourEnding` (an hourly time index shown as market date and hour ending,
 * docs/market-time.md#hour-ending, a display choice only). The one declaration of a table view: the verbs that read
 * rows take its parts, and the result pages keep it in their address (`view=<JSON>`).
 */
export const TableView = z
  .object({
    sort: z.array(SortKey).max(MAX_SORT_KEYS),
    filters: z.array(ColumnFilter).max(MAX_COLUMN_FILTERS),
    peak: PeakView.optional(),
    hourEnding: z.boolean().optional(),
  })
  .strict();
export type TableView = z.output<typeof TableView>;

const PullId = z.number().int().min(1);
const Filters = TableView.shape.filters.optional();
const Sort = TableView.shape.sort.optional();
const Peak = TableView.shape.peak;

/** Most rows one binding pull asks for: the binding endpoint's largest `limit` (docs/api.md#binding-rows). */
export const MAX_BINDING_ROWS = 100_000;

/** Input schemas of the workspace verbs (merged into the contract's table). */
export const workspaceInputs = {
  'workspace:pull': z.object({ query: PullQuery, expectedRows: z.number().int().min(0).optional() }).strict(),
  'workspace:pulls': z
    .object({
      pullIds: z.array(PullId).max(100).optional(),
      datasetId: DatasetId.optional(),
      limit: z.number().int().min(1).max(1000).optional(),
    })
    .strict(),
  'workspace:cancel': z.object({ pullId: PullId }).strict(),
  'workspace:deletePull': z.object({ pullId: PullId }).strict(),
  'workspace:rows': z
    .object({
      pullId: PullId,
      offset: z.number().int().min(0).optional(),
      // 0: the count alone (no rows), waited for.
      limit: z.number().int().min(0).max(10_000).optional(),
      countLater: z.boolean().optional(),
      sort: Sort,
      filters: Filters,
      peak: Peak,
    })
    .strict(),
  'workspace:series': z
    .object({
      pullId: PullId,
      x: ColumnName,
      y: z.array(ColumnName).min(1).max(16),
      seriesBy: ColumnName.optional(),
      seriesValues: z.array(z.string().max(500)).max(50).optional(),
      pixels: z.number().int().min(1).max(10_000),
      from: z.number().optional(),
      to: z.number().optional(),
      filters: Filters,
      peak: Peak,
      /** A line breaks (a null point) between two of its rows more than this many x units apart (docs/workspace.md#charts). */
      gapSeconds: z.number().positive().finite().optional(),
    })
    .strict(),
  'workspace:values': z
    .object({
      pullId: PullId,
      column: ColumnName,
      limit: z.number().int().min(1).max(1000).optional(),
      /** A number column: values ranked by their rows' peak |value| of it, largest first (the chart's top lines). */
      rankBy: ColumnName.optional(),
    })
    .strict(),
  'workspace:export': z
    .object({
      pullId: PullId,
      format: z.enum(['csv', 'parquet']),
      sort: Sort,
      filters: Filters,
      peak: Peak,
      columns: z.array(ColumnName).max(500).optional(),
    })
    .strict(),
  'workspace:saveQuery': z.object({ name: z.string().trim().min(1).max(200), query: PullQuery }).strict(),
  'workspace:savedQueries': z.object({}).strict(),
  'workspace:renameSaved': z.object({ id: PullId, name: z.string().trim().min(1).max(200) }).strict(),
  'workspace:deleteSaved': z.object({ id: PullId }).strict(),
  /** Binding rows of a constraint dataset (`GET /constraints/binding`, docs/api.md#binding-rows) into a pull. */
  'workspace:pullBinding': z
    .object({
      datasetId: DatasetId,
      startTime: TimeText.optional(),
      endTime: TimeText.optional(),
      /** Keep rows with |shadow price| above it ($/MWh). */
      priceThreshold: z.number().min(0).max(1_000_000).optional(),
      limit: z.number().int().min(1).max(MAX_BINDING_ROWS).optional(),
    })
    .strict(),
} as const;

/** A stored column of a pull's table. */
export interface TableColumn {
  name: string;
  type: StorableType;
}

/** Live figures of a running pull: rows and pages stored so far, speed, and the ETA when the total is known. */
export interface PullProgress {
  rows: number;
  pages: number;
  bytes: number;
  rowsCharged: number;
  elapsedMs: number;
  rowsPerSecond: number;
  etaSeconds: number | null;
  /** The /v1 request's retry state, e.g. "Rate limited, retrying in 2 s"; null while it runs normally. */
  waiting: string | null;
}

/** What a binding pull asked beyond its `params` (dataset, window, `limit`), and whether the answer may be cut. */
export interface BindingPull {
  /** `price_threshold` in $/MWh: only rows with |shadow price| above it; null when none was given. */
  priceThreshold: number | null;
  /**
   * True when the answer had `params.limit` rows (the binding endpoint is not paged): more rows may match, so the pull
   * holds the first ones only. Raise the limit or narrow the window.
   */
  limitReached: boolean;
}

/** One pull as history lists it. Times are ISO 8601 UTC; `rowsCharged` counts the rows the server returned. */
export interface PullRecord {
  id: number;
  /** `binding` pulls are not dataset queries: open them on the binding page, never as a query to save or run again. */
  kind: PullKind;
  datasetId: string;
  /** A binding pull's are its dataset, window and `limit` (always set: the server's default when none was asked). */
  params: PullQuery;
  /** Set for `kind: 'binding'` only. */
  binding: BindingPull | null;
  /** Set for `kind: 'local'` only: the downloaded days it read. */
  local: LocalPull | null;
  profile: string;
  startedAt: string;
  endedAt: string | null;
  state: PullState;
  /** True only for `complete`: every row of the query is in the workspace. */
  complete: boolean;
  rows: number;
  pages: number;
  rowsCharged: number;
  error: string | null;
  columns: TableColumn[];
  /** The dataset's state when the pull ran (dataset pulls; null for the other kinds and older pulls). */
  provenance: PullProvenance | null;
  /** Each Refresh of the pull, oldest first (docs/workspace.md#refresh-and-provenance). */
  refreshes: PullRefresh[];
  /** Present while the pull runs. */
  progress?: PullProgress;
  /** Present while a Refresh of the pull runs (`workspace:refresh`): the rows it fetched so far, like a pull's progress. */
  refreshing?: PullProgress;
}

/** A named query; it opens in the query builder and pulls again when run. */
export interface SavedQuery {
  id: number;
  name: string;
  datasetId: string;
  params: PullQuery;
  createdAt: string;
}

/** A window of a pull's rows after its sort and filters; timestamps as ISO 8601 text, `totalRows` after filters. */
export interface RowsPage {
  pullId: number;
  state: PullState;
  columns: TableColumn[];
  rows: unknown[][];
  offset: number;
  /** Rows after the filters; with `countPending`, the rows known so far (through this page), a lower bound. */
  totalRows: number;
  /**
   * True when the read asked `countLater` and the view's count was not known yet (a local review read from its files,
   * where a count parses every file): ask again with `limit: 0` for the count alone.
   */
  countPending?: boolean;
}

/**
 * One chart line: the first, lowest, highest and last point of each pixel bucket (x in epoch seconds for time); a
 * null y is a break in the line where the rows are more than `gapSeconds` apart.
 */
export interface Series {
  key: string | null;
  column: string;
  x: number[];
  y: (number | null)[];
}

/**
 * What the chart draws: its series, the bucketed x range, the rows of the drawn series in range (`rows`) and of every
 * series (`totalRows`, what the table counts), whether series were left out.
 */
export interface SeriesData {
  pullId: number;
  series: Series[];
  xMin: number | null;
  xMax: number | null;
  rows: number;
  totalRows: number;
  truncatedSeries: boolean;
}

/**
 * Distinct values of a pulled column with their row counts, most frequent first (the chart's series picker), or by
 * `peak` |value| of the `rankBy` column, largest first.
 */
export interface ColumnValueCounts {
  pullId: number;
  column: string;
  values: { value: string | null; count: number; peak?: number | null }[];
  truncated: boolean;
  rankBy?: string;
}

/**
 * Where an export went: `path` of the saved file (desktop: chosen in a save dialog; `null` when the
 * dialog was cancelled), or `downloadUrl`, a one-time same-origin link (web host).
 */
export interface ExportOutcome {
  format: 'csv' | 'parquet';
  rows: number;
  bytes: number;
  path: string | null;
  downloadUrl?: string;
}

/** Result types of the workspace verbs. */
export interface WorkspaceResults {
  'workspace:pull': PullRecord;
  'workspace:pulls': PullRecord[];
  'workspace:cancel': { cancelled: boolean };
  'workspace:deletePull': { deleted: boolean };
  'workspace:rows': RowsPage;
  'workspace:series': SeriesData;
  'workspace:values': ColumnValueCounts;
  'workspace:export': ExportOutcome;
  'workspace:saveQuery': SavedQuery;
  'workspace:savedQueries': SavedQuery[];
  'workspace:renameSaved': SavedQuery;
  'workspace:deleteSaved': { deleted: boolean };
  'workspace:pullBinding': PullRecord;
  'workspace:openLocal': PullRecord;
}
