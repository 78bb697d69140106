import {
  CANCELLED_MESSAGE,
  ClientDatasetDetail,
  ExportListResponse,
  PresignedExportResponse,
  codeForStatus,
  fail,
  ok,
} from '../../../../shared/index.js';
import type { DatasetWithTimezone, ExportFile } from '../../../../shared/index.js';
import type { EnqueueRequest, Presign } from '../types.js';

/**
 * Plain /v1 calls of the download tests (not a test file): presigned links, dataset metadata, the export listing and
 * the bytes of an export file as the /v1 server has them. `origin` is `http://127.0.0.1:<port>` (the fault server's
 * or the /v1 server's own), `key` the API key the server accepts (server/test-support/testing.ts `TEST_KEY`).
 */

/** A presign call as made: which file, and the link answered (null when it failed). */
export interface PresignCall {
  datasetId: string;
  date: string;
  url: string | null;
}

const detailOf = async (response: Response): Promise<string> => {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { detail?: unknown };
    return typeof body.detail === 'string' ? body.detail : text;
  } catch {
    return text || `HTTP ${response.status}`;
  }
};

/**
 * A {@link Presign} for the manager: `GET <origin>/v1/csv-exports/{id}/{date}` with `x-api-key` → ok({url,
 * expiresInSeconds}); an HTTP error → fail(code of its status, detail, status); a refused connection → `network`;
 * an abort → `cancelled`. Every call is appended to `calls`.
 */
export function presignVia(origin: string, key: string): Presign & { calls: PresignCall[] } {
  const calls: PresignCall[] = [];
  const presign = async (datasetId: string, date: string, signal: AbortSignal) => {
    const call: PresignCall = { datasetId, date, url: null };
    calls.push(call);
    try {
      const response = await fetch(`${origin}/v1/csv-exports/${encodeURIComponent(datasetId)}/${date}`, {
        headers: { 'x-api-key': key },
        signal,
      });
      if (!response.ok) return fail(codeForStatus(response.status), await detailOf(response), response.status);
      const body = PresignedExportResponse.parse(await response.json());
      call.url = body.presigned_url;
      return ok({ url: body.presigned_url, expiresInSeconds: body.expires_in_seconds });
    } catch (error) {
      if (signal.aborted) return fail('cancelled', CANCELLED_MESSAGE);
      return fail('network', `Presign failed: ${String(error)}`);
    }
  };
  return Object.assign(presign, { calls });
}

async function getJson(url: string, key: string): Promise<unknown> {
  const response = await fetch(url, { headers: { 'x-api-key': key } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await detailOf(response)}`);
  return response.json();
}

/** `GET /v1/datasets/{id}` as the manager wants it. @throws on an HTTP error. */
export async function datasetMeta(origin: string, key: string, datasetId: string): Promise<DatasetWithTimezone> {
  return ClientDatasetDetail.parse(await getJson(`${origin}/v1/datasets/${encodeURIComponent(datasetId)}`, key));
}

/** `GET /v1/csv-exports/{id}` as {@link ExportFile}s in date order. @throws on an HTTP error. */
export async function exportFiles(origin: string, key: string, datasetId: string): Promise<ExportFile[]> {
  const body = ExportListResponse.parse(await getJson(`${origin}/v1/csv-exports/${encodeURIComponent(datasetId)}`, key));
  return body.files.map((f) => ({ date: f.date, sizeBytes: f.size_bytes, lastModified: f.last_modified }));
}

/** The {@link EnqueueRequest} of `dates` of a dataset (metadata and listing fetched from `origin`). @throws for an unlisted date. */
export async function enqueueRequest(
  origin: string,
  key: string,
  datasetId: string,
  dates: readonly string[],
): Promise<EnqueueRequest> {
  const [dataset, listed] = await Promise.all([datasetMeta(origin, key, datasetId), exportFiles(origin, key, datasetId)]);
  const files = dates.map((date) => {
    const file = listed.find((f) => f.date === date);
    if (!file) throw new Error(`${datasetId} has no export for ${date}`);
    return file;
  });
  return { dataset, files };
}

/**
 * The bytes of an export file exactly as the /v1 server stores it (presign + download with `accept-encoding:
 * identity`): what a downloaded file must equal. Call it on the /v1 server's own origin, not through faults.
 */
export async function sourceBytes(origin: string, key: string, datasetId: string, date: string): Promise<Buffer> {
  const presigned = await presignVia(origin, key)(datasetId, date, new AbortController().signal);
  if (!presigned.ok) throw new Error(`presign ${datasetId}/${date}: ${presigned.error.message}`);
  const response = await fetch(presigned.value.url, { headers: { 'accept-encoding': 'identity' } });
  if (response.status !== 200 || response.headers.get('content-encoding')) {
    throw new Error(`download ${datasetId}/${date}: ${response.status} ${response.headers.get('content-encoding') ?? ''}`);
  }
  return Buffer.from(await response.arrayBuffer());
}
