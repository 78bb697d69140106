/**
 * The workspace: a DuckDB file per profile in the user's data folder holding pulled query results,
 * their history and saved queries (docs/workspace.md). Its records and inputs are the bridge
 * contract's (`shared/bridge/workspace.ts`).
 * - workspace.ts: open/close, write serialisation, crash recovery;
 * - pull.ts: page a /v1 query into a table, with progress and cancel;
 * - binding.ts, bindingTable.ts: binding rows of a constraint dataset into a table (one JSON answer);
 * - local.ts: a local review, downloaded export files read by DuckDB into a table, without the network;
 * - pullJob.ts: what every kind of pull shares (record, job, end state);
 * - page.ts, downsample.ts, values.ts, export.ts: read a pull (results table, chart, value counts, file);
 * - history.ts: pulls and saved queries;
 * - service.ts: main's workspace service, made of activeWorkspace.ts (the active profile's file), livePulls.ts
 *   (running pulls' progress and ends) and exportFiles.ts (exports and one-time downloads).
 */
export { INTERRUPTED_MESSAGE, Workspace, WorkspaceOpenError, openWorkspace } from './workspace.js';
export { startPull } from './pull.js';
export type { PullHandle, PullOptions, PullOutcome, PullReport } from './pull.js';
export { DEFAULT_BINDING_LIMIT, startBindingPull } from './binding.js';
export type { BindingPullOptions, BindingRequest } from './binding.js';
export { startLocalReview } from './local.js';
export type { LocalReviewOptions } from './local.js';
export { columnTypesFor } from './columns.js';
export type { FilterValue } from './filters.js';
export { MAX_PAGE_ROWS, readRows } from './page.js';
export type { ReadRowsOptions } from './page.js';
export { readSeries } from './downsample.js';
export type { SeriesOptions } from './downsample.js';
export { readValueCounts } from './values.js';
export { exportPull } from './export.js';
export type { ExportOptions, ExportResult } from './export.js';
export { deletePull, deleteSavedQuery, getPull, listPulls, listSavedQueries, renameSavedQuery, saveQuery } from './history.js';
export { createWorkspaceService } from './service.js';
export type {
  Download,
  ExportPathChooser,
  PullStartOptions,
  PullsProgress,
  WorkspaceService,
  WorkspaceServiceOptions,
} from './service.js';
