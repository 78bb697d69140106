import { ClientApiUsage, ClientDatasetDetail, ok } from '../../../shared/index.js';
import type { ApiUsage, DatasetWithTimezone, Result } from '../../../shared/index.js';
import type { MetadataScope } from '../v1/metaCache.js';
import type { GetOptions, V1Proxy } from '../v1/proxy.js';

/**
 * `GET /datasets/{id}` through the metadata cache: the cached body unless `fresh`, and every answer is
 * kept for the estimate and the pulls (docs/desktop.md#usage-meter-and-quota-forecast).
 */
export async function datasetOf(
  proxy: V1Proxy,
  meta: MetadataScope | null,
  id: string,
  call: GetOptions,
  fresh = false,
): Promise<Result<DatasetWithTimezone>> {
  const cached = fresh ? undefined : meta?.dataset(id);
  if (cached) return ok(cached);
  const r = await proxy.get(`/datasets/${encodeURIComponent(id)}`, {}, ClientDatasetDetail, call);
  if (r.ok) meta?.putDataset(r.value);
  return r;
}

/** `GET /api_usage`, never from the response cache (usage must be current); the answer is kept in the metadata cache. */
export async function currentUsage(proxy: V1Proxy, meta: MetadataScope | null, call: GetOptions): Promise<Result<ApiUsage>> {
  const r = await proxy.get('/api_usage', {}, ClientApiUsage, { ...call, cache: false });
  if (r.ok) meta?.putUsage(r.value);
  return r;
}
