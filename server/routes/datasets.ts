import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AuditResponse,
  AuditRow,
  Dataset,
  DatasetDetailResponse,
  DatasetFormatQuery,
  DatasetListResponse,
  DatasetPath,
  RESAMPLE_CONVERSION,
  type DatasetWithTimezone,
  type PageMeta,
} from '../../shared/index.js';
import type { DatasetStore } from '../data/store.js';
import { HttpError } from '../errors.js';
import { routeDoc } from '../openapi.js';
import { requireEntitlement } from '../plans/index.js';
import { sendTable } from '../respond.js';

/** Options of {@link datasetRoutes}. */
export interface DatasetRoutesOptions {
  store: DatasetStore;
}

const LIST_META: PageMeta = { page: 1, limit: null, page_size: null, hasNextPage: null, cursor: null };
const SINGLE_PAGE_META: PageMeta = { page: 1, limit: null, page_size: null, hasNextPage: false, cursor: null };

const LIST_COLUMNS = Object.keys(Dataset.shape).filter((key) => key !== 'popularity_rank');
const DETAIL_COLUMNS = [...LIST_COLUMNS, 'data_timezone'];
const AUDIT_COLUMNS = Object.keys(AuditRow.shape);

// The list leaves out a null `subseries_index_column`; the dataset detail keeps it as null (docs/api.md#dataset-list).
function listItem(dataset: DatasetWithTimezone): Dataset {
  const item: Record<string, unknown> = {};
  for (const key of LIST_COLUMNS) {
    const value = dataset[key as keyof DatasetWithTimezone];
    if (key !== 'subseries_index_column' || value !== null) item[key] = value;
  }
  return item as Dataset;
}

function findDataset(store: DatasetStore, id: string): DatasetWithTimezone {
  const dataset = store.get(id);
  if (dataset === undefined) throw new HttpError(404, `Dataset ${id} not found`);
  return dataset;
}

const CSV_NOTE = 'With `return_format=csv` the body is `text/csv` (header line, then rows).';

const LIST_SCHEMA = {
  ...routeDoc({
    tag: 'Datasets',
    summary: 'List datasets',
    description: `Also served at /v1/datasets/ without a redirect. ${CSV_NOTE}`,
    ok: DatasetListResponse,
    csv: true,
  }),
  querystring: DatasetFormatQuery,
};

/** Registers the dataset list, detail and audit routes under `/v1` (docs/api.md#dataset-list). */
export const datasetRoutes: FastifyPluginAsync<DatasetRoutesOptions> = async (plain, { store }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const list = async (request: FastifyRequest<{ Querystring: DatasetFormatQuery }>, reply: FastifyReply) => {
    return sendTable(reply, {
      columns: LIST_COLUMNS,
      rows: store.list().map(listItem),
      format: request.query,
      filename: 'datasets',
      envelope: (data) => ({
        status_code: 200,
        data,
        meta: LIST_META,
        dataset_metadata: { resample_conversion: RESAMPLE_CONVERSION, data_timezone: 'UTC' },
      }),
    });
  };
  app.get('/datasets', { schema: LIST_SCHEMA }, list);
  app.get('/datasets/', { schema: { ...LIST_SCHEMA, hide: true } }, list);

  const detail = {
    ...routeDoc({
      tag: 'Datasets',
      summary: 'One dataset',
      description: CSV_NOTE,
      ok: DatasetDetailResponse,
      csv: true,
      errors: [404],
    }),
    params: DatasetPath,
    querystring: DatasetFormatQuery,
  };
  app.get('/datasets/:dataset_id', { schema: detail }, async (request, reply) => {
    const dataset = findDataset(store, request.params.dataset_id);
    return sendTable(reply, {
      columns: DETAIL_COLUMNS,
      rows: [dataset],
      format: request.query,
      filename: dataset.id,
      envelope: (data) => ({ ...dataset, status_code: 200, data, meta: SINGLE_PAGE_META, dataset_metadata: dataset }),
    });
  });

  const audit = {
    ...routeDoc({
      tag: 'Datasets',
      summary: 'Audit counts per market date',
      description: CSV_NOTE,
      ok: AuditResponse,
      csv: true,
      errors: [403, 404],
    }),
    params: DatasetPath,
    querystring: DatasetFormatQuery,
  };
  app.get(
    '/datasets/:dataset_id/audit',
    {
      schema: audit,
      // 403 on plans without audit data (docs/plans.md), before the parameters are checked.
      preValidation: async (request) => requireEntitlement(request, 'audit'),
    },
    async (request, reply) => {
      const dataset = findDataset(store, request.params.dataset_id);
      const rows = (await store.audit(dataset.id)) ?? [];
      request.rowsReturned = rows.length;
      return sendTable(reply, {
        columns: AUDIT_COLUMNS,
        rows,
        format: request.query,
        filename: `${dataset.id}_audit`,
        envelope: (data) => ({ status_code: 200, data, meta: SINGLE_PAGE_META, dataset_metadata: dataset }),
      });
    },
  );
};
