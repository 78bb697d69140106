import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DatasetPath, DatasetUpdatesQuery, DatasetUpdatesResponse, type DatasetUpdate } from '../../shared/index.js';
import type { DatasetStore } from '../data/store.js';
import { buildUpdateRecords } from '../data/updates.js';
import { HttpError } from '../errors.js';
import { routeDoc } from '../openapi.js';

/**
 * Dataset updates (spec "Dataset update record", endpoint 16; addendum "Other endpoints"):
 * `GET /dataset-updates` (all datasets; `/dataset-updates/` too) and
 * `GET /dataset-updates/{dataset_id}` → `{"data":[{id, dataset, time_utc, num_rows_inserted,
 * num_rows_updated, is_backfill}]}`, ordered by `time_utc` then `id` (`order` asc by default),
 * at most `limit` records. Bad parameters → 422; unknown dataset → 404 `Dataset <id> not found`.
 * What the records of the embedded data say: server/data/updates.ts.
 */

/** Options of {@link updatesRoutes}. */
export interface UpdatesRoutesOptions {
  store: DatasetStore;
  /** Folder of the source files (rows per file are counted from them once, on first use). */
  dataDir: string;
}

/** The records in the requested order, trimmed to `limit`. */
function select(records: readonly DatasetUpdate[], query: DatasetUpdatesQuery): DatasetUpdatesResponse {
  const ascending = [...records].sort((a, b) => a.time_utc.localeCompare(b.time_utc) || a.id - b.id);
  const ordered = query.order === 'desc' ? ascending.reverse() : ascending;
  return { data: query.limit === undefined ? ordered : ordered.slice(0, query.limit) };
}

/** Registers the dataset-updates routes (mount under `/v1`). */
export const updatesRoutes: FastifyPluginAsync<UpdatesRoutesOptions> = async (plain, { store, dataDir }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // Computed once per server (the data cannot change while it runs); a failure is retried next time.
  let cached: Promise<DatasetUpdate[]> | undefined;
  const records = (): Promise<DatasetUpdate[]> => {
    cached ??= buildUpdateRecords(store, dataDir).catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    return cached;
  };

  const allSchema = {
    ...routeDoc({
      tag: 'Datasets',
      summary: 'Update history of all datasets',
      description: 'Also served at /v1/dataset-updates/.',
      ok: DatasetUpdatesResponse,
    }),
    querystring: DatasetUpdatesQuery,
  };
  const all = async (request: { query: DatasetUpdatesQuery }) => select(await records(), request.query);
  app.get('/dataset-updates', { schema: allSchema }, all);
  app.get('/dataset-updates/', { schema: { ...allSchema, hide: true } }, all);

  const oneSchema = {
    ...routeDoc({ tag: 'Datasets', summary: 'Update history of one dataset', ok: DatasetUpdatesResponse, errors: [404] }),
    params: DatasetPath,
    querystring: DatasetUpdatesQuery,
  };
  app.get('/dataset-updates/:dataset_id', { schema: oneSchema }, async (request) => {
    const query = request.query;
    const { dataset_id: id } = request.params;
    if (store.get(id) === undefined) throw new HttpError(404, `Dataset ${id} not found`);
    return select((await records()).filter((record) => record.dataset === id), query);
  });
};
