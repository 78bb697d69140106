import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ColumnValuesPath, ColumnValuesQuery, ColumnValuesResponse } from '../../shared/index.js';
import { columnValues } from '../data/columnValues.js';
import type { DatasetStore } from '../data/store.js';
import { HttpError } from '../errors.js';
import { routeDoc } from '../openapi.js';

/** Options of {@link columnValuesRoutes}. */
export interface ColumnValuesRoutesOptions {
  store: DatasetStore;
}

/** Registers the column-values route, mounted under `/v1` (docs/api.md#column-values); values are not counted rows. */
export const columnValuesRoutes: FastifyPluginAsync<ColumnValuesRoutesOptions> = async (plain, { store }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const schema = {
    ...routeDoc({ tag: 'Datasets', summary: 'Distinct values of a column (ours)', ok: ColumnValuesResponse, errors: [404] }),
    params: ColumnValuesPath,
    querystring: ColumnValuesQuery,
  };
  app.get('/datasets/:dataset_id/columns/:column/values', { schema }, async (request): Promise<ColumnValuesResponse> => {
    const query = request.query;
    const { dataset_id: id, column: name } = request.params;
    const dataset = store.get(id);
    if (dataset === undefined) throw new HttpError(404, `Dataset ${id} not found`);
    // The allow-list: only a column the dataset declares reaches SQL, by its catalogue spelling.
    const column = dataset.all_columns.find((c) => c.name === name);
    if (column === undefined) {
      const possible = dataset.all_columns.map((c) => c.name).join(', ');
      throw new HttpError(404, `Column ${name} not found in dataset. Possible columns: ${possible}.`);
    }
    const { values, truncated } = await columnValues(store, dataset.id, column, query);
    return { dataset_id: dataset.id, column: column.name, values, truncated };
  });
};
