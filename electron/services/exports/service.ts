import { ClientExportList, fail, ok } from '../../../shared/index.js';
import type { DownloadsState, ExportFile, ExportListing, ParsedInput, Result } from '../../../shared/index.js';
import type { CallContext } from '../common/call.js';
import { datasetOf } from '../datasets/metadata.js';
import type { DownloadManager } from '../downloads/types.js';
import type { GetOptions, V1Proxy } from '../v1/proxy.js';
import { runTracked } from '../v1/requests.js';
import type { RequestRegistry } from '../v1/requests.js';

const seg = encodeURIComponent;

/**
 * `GET /csv-exports/{dataset_id}` (docs/api.md#export-file-list) as {@link ExportFile}s in date order; `year`/`month`
 * narrow it. Errors as the proxy's (404 → `not_found` with the service's `detail`).
 */
export async function listExports(
  proxy: V1Proxy,
  datasetId: string,
  period: { year?: number | undefined; month?: number | undefined },
  call: GetOptions,
): Promise<Result<ExportFile[]>> {
  // Never cached: a daily refresh rewrites a partition, so sizes change (docs/api.md#export-file-list).
  const r = await proxy.get(`/csv-exports/${seg(datasetId)}`, { year: period.year, month: period.month }, ClientExportList, {
    ...call,
    cache: false,
  });
  if (!r.ok) return r;
  const files = r.value.files
    .map((f) => ({ date: f.date, sizeBytes: f.size_bytes, lastModified: f.last_modified ?? '' }))
    .sort((a, b) => a.date.localeCompare(b.date));
  return ok(files);
}

/** The export files of /v1 and the start of their download (docs/desktop.md#export-and-download-verbs). */
export interface ExportService {
  /** `exports:list`: the files of a dataset, with sizes, in date order. */
  list(input: ParsedInput<'exports:list'>, ctx?: CallContext): Promise<Result<ExportListing>>;
  /** `downloads:start`: queues the days in the download manager with their listed sizes and the dataset's metadata. */
  startDownloads(input: ParsedInput<'downloads:start'>, ctx?: CallContext): Promise<Result<DownloadsState>>;
}

export interface ExportServiceOptions {
  proxy: V1Proxy;
  requests: RequestRegistry;
  /** Absent: `startDownloads` answers `internal`. */
  downloads?: Pick<DownloadManager, 'enqueue'>;
}

/**
 * `exports:list` and `downloads:start` ask /v1 (the file list with sizes; the dataset's metadata, kept with the files
 * for verification and offline review), each a tracked request. Errors: no download manager → `internal`;
 * `downloads:start` with days the listing does not have → `not_found` naming them; /v1's pass through.
 */
export function createExportService(opts: ExportServiceOptions): ExportService {
  const { proxy, requests } = opts;

  return {
    list: ({ datasetId, year, month, requestId }, ctx) =>
      runTracked(requests, 'exports:list', requestId, ctx?.signal, async (call): Promise<Result<ExportListing>> => {
        const files = await listExports(proxy, datasetId, { year, month }, call);
        return files.ok ? ok({ datasetId, files: files.value }) : files;
      }),

    startDownloads: async ({ datasetId, dates }, ctx) => {
      const downloads = opts.downloads;
      if (!downloads) return fail('internal', 'Downloads are not available in this window.');
      return runTracked(requests, 'downloads:start', undefined, ctx?.signal, async (call) => {
        const dataset = await datasetOf(proxy, null, datasetId, call, true);
        if (!dataset.ok) return dataset;
        // One listing call for the dates asked: it carries each file's size, which verification needs.
        const years = [...new Set(dates.map((d) => Number(d.slice(0, 4))))];
        const listed: ExportFile[] = [];
        for (const year of years.length === 1 ? years : [undefined]) {
          const files = await listExports(proxy, datasetId, { year }, call);
          if (!files.ok) return files;
          listed.push(...files.value);
        }
        const byDate = new Map(listed.map((f) => [f.date, f]));
        const missing = dates.filter((d) => !byDate.has(d));
        if (missing.length > 0)
          return fail(
            'not_found',
            `${datasetId} has no export file for ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ` and ${missing.length - 10} more days` : ''}.`,
          );
        const files = [...new Set(dates)].sort().map((d) => byDate.get(d)!);
        return downloads.enqueue({ dataset: dataset.value, files });
      });
    },
  };
}
