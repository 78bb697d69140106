import { ClientAudit, ClientColumnValues, ClientDatasetList, DatasetUpdatesResponse, ok } from '../../../shared/index.js';
import type { ContractResults, ParsedInput, Result, Verb } from '../../../shared/index.js';
import type { CallContext } from '../common/call.js';
import { createJobReporter } from '../common/jobs.js';
import type { JobReport, JobReporterOptions } from '../common/jobs.js';
import type { MetadataCache, MetadataScope } from '../v1/metaCache.js';
import type { GetOptions, V1Proxy } from '../v1/proxy.js';
import { runTracked } from '../v1/requests.js';
import type { RequestRegistry } from '../v1/requests.js';
import { forecastQuery } from './forecast.js';
import { currentUsage, datasetOf } from './metadata.js';
import { queryDataset } from './query.js';

/** The catalogue verbs: datasets, their audit, updates and column values, queries, estimates and usage. */
export type DatasetVerb = Extract<Verb, `datasets:${string}` | 'usage:get'>;

type Method<V extends DatasetVerb> = (input: ParsedInput<V>, ctx?: CallContext) => Promise<Result<ContractResults[V]>>;

/** One method per catalogue verb, each a tracked request (`requests:status`, `requests:cancel`, `ctx.signal`). */
export interface DatasetService {
  list: Method<'datasets:list'>;
  get: Method<'datasets:get'>;
  audit: Method<'datasets:audit'>;
  estimate: Method<'datasets:estimate'>;
  usage: Method<'usage:get'>;
  query: Method<'datasets:query'>;
  columnValues: Method<'datasets:columnValues'>;
  updates: Method<'datasets:updates'>;
}

export interface DatasetServiceOptions extends JobReporterOptions {
  proxy: V1Proxy;
  requests: RequestRegistry;
  /** Filled by the verbs that fetch metadata, read by `datasets:estimate`; absent = nothing is kept. */
  metadata?: MetadataCache;
}

const count = (n: number): string => n.toLocaleString('en-US');

function map<A, B>(r: Result<A>, f: (a: A) => B): Result<B> {
  return r.ok ? ok(f(r.value)) : r;
}

// Dataset ids are already restricted to `[a-z0-9_]` by the contract; encoded anyway.
const seg = (id: string): string => encodeURIComponent(id);

/**
 * The catalogue verbs on the active profile's /v1 (docs/api.md#dataset-list … #api-usage), bodies read leniently
 * (docs/desktop.md#reading-v1-bodies-from-any-server). The answers they fetch are kept as the estimate's metadata
 * (docs/desktop.md#usage-meter-and-quota-forecast); a query or estimate of at least `longJobMs` reports its end.
 * Errors: the proxy's (docs/desktop.md#bridge-error-codes); a `requestId` already in flight → `validation`.
 */
export function createDatasetService(opts: DatasetServiceOptions): DatasetService {
  const { proxy, requests } = opts;
  const now = opts.now ?? Date.now;
  const report = createJobReporter(opts);
  const metadata = async (): Promise<MetadataScope | null> => (opts.metadata ? opts.metadata.scope() : null);

  // A data verb as a request `requests:status` lists and `requests:cancel` or `ctx.signal` aborts; `job` reports long ones.
  async function tracked<T>(
    verb: DatasetVerb,
    requestId: string | undefined,
    ctx: CallContext | undefined,
    run: (call: GetOptions) => Promise<Result<T>>,
    job?: JobReport<T>,
  ): Promise<Result<T>> {
    const startedAt = now();
    let result: Result<T> | undefined;
    try {
      result = await runTracked(requests, verb, requestId, ctx?.signal, run);
      return result;
    } finally {
      if (job) report(job, startedAt, result);
    }
  }

  return {
    list: ({ requestId }, ctx) =>
      tracked('datasets:list', requestId, ctx, async (call) =>
        map(await proxy.get('/datasets', {}, ClientDatasetList, call), (body) => body.data),
      ),

    // Each answer is kept as the estimate's metadata, as are audit, column values and usage answers.
    get: ({ datasetId, requestId }, ctx) =>
      tracked('datasets:get', requestId, ctx, async (call) => datasetOf(proxy, await metadata(), datasetId, call, true)),

    // A refusal (`forbidden`: the plan has no audit) is kept too: the estimate then says why it has no counts.
    audit: ({ datasetId, requestId }, ctx) =>
      tracked('datasets:audit', requestId, ctx, async (call) => {
        const meta = await metadata();
        const r = await proxy.get(`/datasets/${seg(datasetId)}/audit`, {}, ClientAudit, call);
        if (r.ok) meta?.putAudit(datasetId, { rows: r.value.data });
        else if (r.error.code === 'forbidden') meta?.putAudit(datasetId, { refused: r.error.code });
        return map(r, (body) => body.data);
      }),

    estimate: ({ requestId, ...input }, ctx) =>
      tracked('datasets:estimate', requestId, ctx, async (call) => forecastQuery(proxy, input, call, await metadata()), {
        name: `Estimate of ${input.datasetId}`,
        detail: (e) => `≈ ${count(e.estimatedRows)} rows`,
      }),

    // Usage must be current: never from the cache.
    usage: ({ requestId }, ctx) =>
      tracked('usage:get', requestId, ctx, async (call) => currentUsage(proxy, await metadata(), call)),

    // An answer whose dataset_metadata differs from the cached body drops that dataset's metadata.
    query: ({ requestId, ...input }, ctx) =>
      tracked(
        'datasets:query',
        requestId,
        ctx,
        async (call) => {
          const meta = await metadata();
          return queryDataset(proxy, input, call, (m) => meta?.checkQueryMetadata(input.datasetId, m));
        },
        {
          name: `Query of ${input.datasetId}`,
          detail: (page) =>
            `${count(page.rows.length)} ${page.rows.length === 1 ? 'row' : 'rows'}${page.hasNextPage ? ', more available' : ''}`,
        },
      ),

    // Our route (a server without it answers 404, which the page ignores); not data rows, so no row quota.
    columnValues: ({ datasetId, column, search, limit, requestId }, ctx) =>
      tracked('datasets:columnValues', requestId, ctx, async (call) => {
        const meta = await metadata();
        const r = await proxy.get(
          `/datasets/${seg(datasetId)}/columns/${encodeURIComponent(column)}/values`,
          { search, limit },
          ClientColumnValues,
          call,
        );
        if (r.ok)
          meta?.putValues(datasetId, column, { search: search ?? '', values: r.value.values, truncated: r.value.truncated });
        return map(r, (body) => ({
          datasetId: body.dataset_id ?? datasetId,
          column: body.column ?? column,
          values: body.values,
          truncated: body.truncated,
        }));
      }),

    // Newest first, for the dataset page's update history; not data rows.
    updates: ({ datasetId, limit, requestId }, ctx) =>
      tracked('datasets:updates', requestId, ctx, async (call) =>
        map(
          await proxy.get(
            `/dataset-updates/${seg(datasetId)}`,
            { order: 'desc', limit: limit ?? 100 },
            DatasetUpdatesResponse,
            call,
          ),
          (body) => body.data,
        ),
      ),
  };
}
