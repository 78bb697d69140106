/**
 * The workspace service: a DuckDB file per profile in
 * the user's data folder holding pulled query results, their history and saved queries.
 * - workspace.ts: open/close, write serialisation, crash recovery;
 * - pull.ts: page a /v1 query into a table, with progress and cancel;
 * - page.ts, downsample.ts, export.ts: read a pull (results table, chart, file);
 * - history.ts: pulls and saved queries.
 */
export { INTERRUPTED_MESSAGE, PULL_STATES, Workspace, WorkspaceOpenError, openWorkspace } from './workspace.js';
export type { PullState } from './workspace.js';
export { startPull } from './pull.js';
export type { PullHandle, PullOptions, PullOutcome, PullProgress } from './pull.js';
export type { PullRequest } from './request.js';
export { STORABLE_TYPES, columnTypesFor } from './columns.js';
export type { StorableType, TableColumn } from './columns.js';
export { WORKSPACE_FILTER_OPERATORS } from './filters.js';
export type { ColumnFilter, FilterValue, SortKey, WorkspaceFilterOperator } from './filters.js';
export { MAX_PAGE_ROWS, readRows } from './page.js';
export type { ReadRowsOptions, RowsPage } from './page.js';
export { readSeries } from './downsample.js';
export type { Series, SeriesData, SeriesOptions } from './downsample.js';
export { exportPull } from './export.js';
export type { ExportOptions, ExportResult } from './export.js';
export { deletePull, deleteSavedQuery, getPull, listPulls, listSavedQueries, renameSavedQuery, saveQuery } from './history.js';
export type { PullRecord, SavedQuery } from './history.js';
