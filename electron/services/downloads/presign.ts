import { ClientPresignedExport, ok } from '../../../shared/index.js';
import type { Result } from '../../../shared/index.js';
import type { V1Proxy } from '../v1/proxy.js';
import type { PresignedLink } from './types.js';

/**
 * A fresh presigned link of one export file (`GET /csv-exports/{id}/{date}`, docs/api.md#export-download-link), never
 * from the cache: a cached link may have expired. The key goes to /v1 only; the link itself is fetched without it.
 * Errors as the proxy's (an unknown day → `not_found`; `signal` aborted → `cancelled`).
 */
export async function presignExport(
  proxy: V1Proxy,
  datasetId: string,
  date: string,
  signal: AbortSignal,
): Promise<Result<PresignedLink>> {
  const path = `/csv-exports/${encodeURIComponent(datasetId)}/${encodeURIComponent(date)}`;
  const r = await proxy.get(path, {}, ClientPresignedExport, { signal, cache: false });
  if (!r.ok) return r;
  return ok({ url: r.value.presigned_url, expiresInSeconds: r.value.expires_in_seconds });
}
