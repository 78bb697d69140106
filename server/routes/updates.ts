import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DatasetPath, DatasetUpdatesQuery, DatasetUpdatesResponse, type DatasetUpdate } from '../../shared/index.js';
import type { DataChanges } from '../data/changes.js';
import type { DatasetStore } from '../data/store.js';
import { buildUpdateRecords } from '../data/updates.js';
import { HttpError } from '../errors.js';
import { routeDoc } from '../openapi.js';

/** Options of {@link updatesRoutes}; rows per source file in `dataDir` are counted once, on first use. */
export interface UpdatesRoutesOptions {
  store: DatasetStore;
  dataDir: string;
  /** Tests only: the records of data changes, numbered after the build's (docs/api.md#test-only-data-changes). */
  changes?: DataChanges;
}

function select(records: readonly DatasetUpdate[], query: DatasetUpdatesQuery): DatasetUpdatesResponse {
  // By instant, not text: records written as `…Z` and as `…+00:00` sort by when they happened (then by id).
  const ascending = [...records].sort((a, b) => Date.parse(a.time_utc) - Date.parse(b.time_utc) || a.id - b.id);
  const ordered = query.order === 'desc' ? ascending.reverse() : ascending;
  return { data: query.limit === undefined ? ordered : ordered.slice(0, query.limit) };
}

/** Registers both dataset-updates routes under `/v1` (docs/api.md#dataset-updates; records: server/data/updates.ts). */
export const updatesRoutes: FastifyPluginAsync<UpdatesRoutesOptions> = async (plain, { store, dataDir, changes }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // The build's records are computed once per server (only test data changes add records later); a failure is retried.
  let cached: Promise<DatasetUpdate[]> | undefined;
  const built = (): Promise<DatasetUpdate[]> => {
    cached ??= buildUpdateRecords(store, dataDir).catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    return cached;
  };
  const records = async (): Promise<DatasetUpdate[]> => {
    const build = await built();
    const changed = changes?.records() ?? [];
    return changed.length === 0 ? build : [...build, ...changed.map((r, i) => ({ ...r, id: build.length + i + 1 }))];
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
    return select(
      (await records()).filter((record) => record.dataset === id),
      query,
    );
  });
};
