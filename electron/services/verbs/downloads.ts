import { ClientExportList, ClientPresignedExport, fail, ok } from '../../../shared/index.js';
import type { ExportFile, ExportListing, Result, Verb } from '../../../shared/index.js';
import type { PresignedLink } from '../downloads/types.js';
import type { GetOptions, V1Proxy } from '../v1/proxy.js';
import { runTracked } from '../v1/requests.js';
import { datasetOf } from './fetchMetadata.js';
import type { CallContext, Handlers, HandlerDeps } from './handlers.js';

/** The verbs of the export files, the download queue and the library (docs/desktop.md#export-and-download-verbs). */
export type DownloadVerb = Extract<Verb, `exports:${string}` | `downloads:${string}` | `library:${string}`>;

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

/**
 * A fresh presigned link of one export file (`GET /csv-exports/{id}/{date}`, docs/api.md#export-download-link), never
 * from the cache: a cached link may have expired. The key goes to /v1 only; the link itself is fetched without it.
 */
export async function presignExport(
  proxy: V1Proxy,
  datasetId: string,
  date: string,
  signal: AbortSignal,
): Promise<Result<PresignedLink>> {
  const r = await proxy.get(`/csv-exports/${seg(datasetId)}/${seg(date)}`, {}, ClientPresignedExport, { signal, cache: false });
  if (!r.ok) return r;
  return ok({ url: r.value.presigned_url, expiresInSeconds: r.value.expires_in_seconds });
}

/**
 * The handlers of the export, download and library verbs. `exports:list` and `downloads:start` ask /v1 (the file
 * list with sizes, the dataset's metadata, kept with the files for verification and offline review); every other
 * verb is answered by the download manager in main from its queue and folder, without the network.
 * Errors: no download manager → `internal`; `downloads:start` with days the listing does not have → `not_found`
 * naming them.
 */
export function createDownloadHandlers(deps: HandlerDeps): Pick<Handlers, DownloadVerb> {
  const { proxy, requests } = deps;
  const track = <T>(
    verb: DownloadVerb,
    requestId: string | undefined,
    ctx: CallContext | undefined,
    run: (call: GetOptions) => Promise<Result<T>>,
  ): Promise<Result<T>> => runTracked(requests, verb, requestId, ctx?.signal, run);

  const manager = <T>(work: (m: NonNullable<HandlerDeps['downloads']>) => Promise<Result<T>>): Promise<Result<T>> =>
    deps.downloads ? work(deps.downloads) : Promise.resolve(fail('internal', 'Downloads are not available in this window.'));

  return {
    'exports:list': ({ datasetId, year, month, requestId }, ctx) =>
      track('exports:list', requestId, ctx, async (call): Promise<Result<ExportListing>> => {
        const files = await listExports(proxy, datasetId, { year, month }, call);
        return files.ok ? ok({ datasetId, files: files.value }) : files;
      }),

    'downloads:start': ({ datasetId, dates }, ctx) =>
      manager((m) =>
        track('downloads:start', undefined, ctx, async (call) => {
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
          return m.enqueue({ dataset: dataset.value, files });
        }),
      ),
    'downloads:list': () => manager((m) => m.state()),
    'downloads:pause': ({ ids }) => manager((m) => m.pause(ids)),
    'downloads:resume': ({ ids }) => manager((m) => m.resume(ids)),
    'downloads:cancel': ({ ids }) => manager((m) => m.cancel(ids)),
    'downloads:retry': ({ ids }) => manager((m) => m.retry(ids)),
    'downloads:clearFinished': () => manager((m) => m.clearFinished()),
    'downloads:configure': (settings) => manager((m) => m.configure(settings)),
    'downloads:chooseFolder': () => manager((m) => m.chooseFolder()),
    'downloads:reveal': ({ datasetId, date }) => manager((m) => m.reveal(datasetId, date)),
    'library:list': () => manager((m) => m.library()),
    'library:delete': ({ datasetId, dates }) => manager((m) => m.deleteFiles(datasetId, dates)),
    'library:verify': ({ datasetId, dates }) => manager((m) => m.verify(datasetId, dates)),
    'library:rescan': () => manager((m) => m.rescan()),
  };
}
