import { fail, ok } from '../../../shared/index.js';
import type { ContractResults, ParsedInput, PullRecord, Result, Verb } from '../../../shared/index.js';
import type { CallContext } from '../common/call.js';
import { createLogger } from '../common/logger.js';
import { currentUsage, datasetOf } from '../datasets/metadata.js';
import type { DownloadManager } from '../downloads/types.js';
import type { GetOptions, V1Proxy } from '../v1/proxy.js';
import type { MetadataCache, MetadataScope } from '../v1/metaCache.js';
import { columnTypesFor } from './columns.js';
import { readSeries } from './downsample.js';
import { deletePull, deleteSavedQuery, getPull, listPulls, listSavedQueries, renameSavedQuery, saveQuery } from './history.js';
import { readRows } from './page.js';
import { refreshPull } from './refresh.js';
import { UpdateChecks, changesOf, stateTime, keepRecordsUpTo, notRefreshable, recordProvenance } from './updateChecks.js';
import type { PullStartOptions, WorkspaceService } from './service.js';
import { readValueCounts } from './values.js';
import type { Workspace } from './workspace.js';

/** The workspace verbs (`workspace:pull` … `workspace:deleteSaved`, `workspace:pullBinding`, `workspace:openLocal`). */
export type WorkspaceVerb = Extract<Verb, `workspace:${string}`>;

type Method<V extends WorkspaceVerb> = (input: ParsedInput<V>, ctx?: CallContext) => Promise<Result<ContractResults[V]>>;

/** One method per {@link WorkspaceVerb}, named after its action. */
export interface WorkspaceOperations {
  pull: Method<'workspace:pull'>;
  pulls: Method<'workspace:pulls'>;
  cancel: Method<'workspace:cancel'>;
  deletePull: Method<'workspace:deletePull'>;
  rows: Method<'workspace:rows'>;
  series: Method<'workspace:series'>;
  values: Method<'workspace:values'>;
  export: Method<'workspace:export'>;
  saveQuery: Method<'workspace:saveQuery'>;
  savedQueries: Method<'workspace:savedQueries'>;
  renameSaved: Method<'workspace:renameSaved'>;
  deleteSaved: Method<'workspace:deleteSaved'>;
  pullBinding: Method<'workspace:pullBinding'>;
  openLocal: Method<'workspace:openLocal'>;
  changes: Method<'workspace:changes'>;
  refresh: Method<'workspace:refresh'>;
}

export interface WorkspaceOperationsOptions {
  /** Absent (a host without a workspace): every workspace verb answers `internal`. */
  workspace?: WorkspaceService;
  proxy: V1Proxy;
  /** Where the dataset's columns and the plan's limits are read first, so a pull costs no extra request. */
  metadata?: MetadataCache;
  /** The downloaded files `workspace:openLocal` reads. Absent: that verb answers `internal`. */
  downloads?: DownloadManager;
}

const NO_WORKSPACE = 'This Gridscope host has no local workspace.';
const log = createLogger('workspace');
const NO_DOWNLOADS = 'Downloads are not available in this Gridscope host, so there are no downloaded files to open.';

/** The plan's paging of a pull: rows per response and the least time between requests (none when the plan sets no limit). */
async function planPaging(
  proxy: V1Proxy,
  meta: MetadataScope | null,
  call: GetOptions,
): Promise<Pick<PullStartOptions, 'pageSize' | 'minRequestIntervalMs'>> {
  let usage = meta?.usage()?.usage;
  if (!usage) {
    const r = await currentUsage(proxy, meta, call);
    if (!r.ok) return {};
    usage = r.value;
  }
  const rows = usage.limits.api_rows_per_response_limit;
  const perSecond = usage.limits.per_second_api_rate_limit;
  return {
    ...(rows > 0 ? { pageSize: rows } : {}),
    ...(perSecond > 0 ? { minRequestIntervalMs: Math.ceil(1000 / perSecond) } : {}),
  };
}

/**
 * The workspace verbs on the active profile's workspace (docs/workspace.md). No input names a file: exports go where
 * main decides. Errors: no workspace (or, for `openLocal`, no download manager) → `internal`; a workspace that cannot
 * be opened → `internal`; the pull's and the reader's own errors pass through.
 */
export function createWorkspaceOperations(deps: WorkspaceOperationsOptions): WorkspaceOperations {
  const { proxy } = deps;
  const use = <T>(work: (ws: Workspace) => Promise<Result<T>>): Promise<Result<T>> =>
    deps.workspace ? deps.workspace.use(work) : Promise.resolve(fail('internal', NO_WORKSPACE));
  const scope = async (): Promise<MetadataScope | null> => (deps.metadata ? deps.metadata.scope() : null);
  const callOf = (ctx?: CallContext): GetOptions => (ctx?.signal ? { signal: ctx.signal } : {});
  const live = (record: PullRecord): PullRecord => deps.workspace?.withProgress(record) ?? record;
  const checks = new UpdateChecks(proxy);

  return {
    // Page size and request pacing from the plan, column types from the catalogue; the pull itself is not tied to the call.
    pull: ({ query, expectedRows }, ctx) =>
      use(async (ws) => {
        const meta = await scope();
        const dataset = await datasetOf(proxy, meta, query.datasetId, callOf(ctx));
        if (!dataset.ok) return dataset;
        const paging = await planPaging(proxy, meta, callOf(ctx));
        const started = await deps.workspace!.startPull(ws, query, {
          ...paging,
          columnTypes: columnTypesFor(dataset.value.all_columns, query),
          ...(expectedRows !== undefined ? { expectedRows } : {}),
        });
        // The dataset's state as read for this pull; no extra request (docs/workspace.md#refresh-and-provenance).
        if (started.ok)
          void recordProvenance(ws, started.value.id, dataset.value).catch((e: unknown) =>
            log.warn(`pull ${started.value.id}: provenance not recorded`, e),
          );
        return started;
      }),

    pulls: ({ pullIds, datasetId, limit }) =>
      use(async (ws) => {
        if (pullIds === undefined) {
          const r = await listPulls(ws, { ...(datasetId ? { datasetId } : {}), ...(limit ? { limit } : {}) });
          return r.ok ? ok(r.value.map(live)) : r;
        }
        const records: PullRecord[] = [];
        for (const id of new Set(pullIds)) {
          const r = await getPull(ws, id);
          if (r.ok) {
            if (datasetId === undefined || r.value.datasetId === datasetId) records.push(live(r.value));
          } else if (r.error.code !== 'not_found') return r;
        }
        return ok(records.slice(0, limit ?? records.length));
      }),

    cancel: ({ pullId }) => use(async (ws) => ok({ cancelled: await ws.cancel(pullId) })),

    deletePull: ({ pullId }) =>
      use(async (ws) => {
        const r = await deletePull(ws, pullId);
        return r.ok || r.error.code === 'not_found' ? ok({ deleted: r.ok }) : r;
      }),

    // A reader that left (a block scrolled away, a closed chart) frees its place in the read queue.
    rows: ({ pullId, ...options }, ctx) => use((ws) => readRows(ws, pullId, options, ctx?.signal)),

    series: ({ pullId, ...options }, ctx) => use((ws) => readSeries(ws, pullId, options, ctx?.signal)),

    values: ({ pullId, column, limit, rankBy }, ctx) =>
      use((ws) => readValueCounts(ws, pullId, column, limit, ctx?.signal, rankBy)),

    export: (input, ctx) => use((ws) => deps.workspace!.exportPull(ws, input, ctx?.signal)),

    saveQuery: ({ name, query }) => use((ws) => saveQuery(ws, { name, params: query })),

    savedQueries: () => use((ws) => listSavedQueries(ws)),

    renameSaved: ({ id, name }) => use((ws) => renameSavedQuery(ws, id, name)),

    deleteSaved: ({ id }) =>
      use(async (ws) => {
        const r = await deleteSavedQuery(ws, id);
        return r.ok || r.error.code === 'not_found' ? ok({ deleted: r.ok }) : r;
      }),

    // The catalogue's columns are only hints (types, the columns of an empty answer): a dataset it does not know is
    // still asked, so the server's own error (404, "not a constraint dataset") ends the recorded pull.
    pullBinding: (input, ctx) =>
      use(async (ws) => {
        const dataset = await datasetOf(proxy, await scope(), input.datasetId, callOf(ctx));
        return deps.workspace!.startBindingPull(ws, input, dataset.ok ? { catalogueColumns: dataset.value.all_columns } : {});
      }),

    // Offline by design: the files and the dataset's columns come from the library, so no proxy call is made and the
    // review works with the profile's /v1 server unreachable. `not_found` (days not downloaded) passes through.
    openLocal: ({ datasetId, dates }) =>
      use(async (ws) => {
        if (!deps.downloads) return fail('internal', NO_DOWNLOADS);
        const files = await deps.downloads.localFiles(datasetId, dates);
        if (!files.ok) return files;
        return deps.workspace!.startLocalReview(ws, files.value);
      }),

    // One request per dataset and profile per 10 minutes at most, shared by every pull of the dataset.
    changes: ({ pullId }, ctx) =>
      use(async (ws) => {
        const got = await getPull(ws, pullId);
        if (!got.ok) return got;
        const refused = notRefreshable(got.value);
        if (refused) return refused;
        const answer = await checks.records(ws, got.value.datasetId, {
          since: stateTime(got.value),
          ...(ctx?.signal ? { signal: ctx.signal } : {}),
        });
        if (!answer.ok) return answer;
        await keepRecordsUpTo(ws, got.value, answer.value.records);
        return ok(changesOf(got.value, answer.value));
      }),

    refresh: ({ pullId }, ctx) =>
      use(async (ws) => {
        const got = await getPull(ws, pullId);
        if (!got.ok) return got;
        const meta = await scope();
        const dataset = await datasetOf(proxy, meta, got.value.datasetId, callOf(ctx));
        if (!dataset.ok) return dataset;
        const paging = await planPaging(proxy, meta, callOf(ctx));
        // Its pages' progress shows on the pull's record (`refreshing`) until it ends.
        return deps.workspace!.followRefresh(ws, pullId, (onProgress) =>
          refreshPull(ws, pullId, { proxy, checks, dataset: dataset.value, ...paging, onProgress }),
        );
      }),
  };
}
