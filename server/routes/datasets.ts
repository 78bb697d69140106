import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  AuditRow,
  Dataset,
  DatasetFormatQuery,
  RESAMPLE_CONVERSION,
  type DatasetWithTimezone,
  type PageMeta,
} from '../../shared/index.js';
import type { DatasetStore } from '../data/store.js';
import { HttpError } from '../errors.js';
import { requireEntitlement } from '../plans/index.js';
import { sendTable } from '../respond.js';
import { parseRequest } from '../validation.js';

/**
 * Dataset catalogue routes (spec endpoints 11–13; addendum "Clients the /v1 service must satisfy"):
 * `GET /datasets` (and `/datasets/`, served without a redirect), `GET /datasets/{dataset_id}`,
 * `GET /datasets/{dataset_id}/audit`. All accept `return_format`, `json_schema` and `download`
 * (shared `DatasetFormatQuery`); bad values → 422, unknown dataset → 404 `Dataset <id> not found`.
 */

/** Options of {@link datasetRoutes}. */
export interface DatasetRoutesOptions {
  store: DatasetStore;
}

/** `meta` of the catalogue list (addendum: all null but `page`). */
const LIST_META: PageMeta = { page: 1, limit: null, page_size: null, hasNextPage: null, cursor: null };
/** `meta` of the single-dataset and audit responses: everything is on this one page. */
const SINGLE_PAGE_META: PageMeta = { page: 1, limit: null, page_size: null, hasNextPage: false, cursor: null };

/** Table columns of the list: the Dataset fields in schema order (optional `popularity_rank` left out). */
const LIST_COLUMNS = Object.keys(Dataset.shape).filter((key) => key !== 'popularity_rank');
const DETAIL_COLUMNS = [...LIST_COLUMNS, 'data_timezone'];
const AUDIT_COLUMNS = Object.keys(AuditRow.shape);

/**
 * A list item: the Dataset without `data_timezone`; `subseries_index_column` absent when the dataset
 * has none (spec "Resources → Dataset"; the single-dataset endpoint keeps it as null, endpoint 12).
 */
function listItem(dataset: DatasetWithTimezone): Dataset {
  const item: Record<string, unknown> = {};
  for (const key of LIST_COLUMNS) {
    const value = dataset[key as keyof DatasetWithTimezone];
    if (key !== 'subseries_index_column' || value !== null) item[key] = value;
  }
  return item as Dataset;
}

/** The dataset named by the path, or HttpError 404. */
function findDataset(store: DatasetStore, request: FastifyRequest): DatasetWithTimezone {
  const { dataset_id: id } = request.params as { dataset_id: string };
  const dataset = store.get(id);
  if (dataset === undefined) throw new HttpError(404, `Dataset ${id} not found`);
  return dataset;
}

/** Registers the dataset catalogue routes (mount under `/v1`). */
export const datasetRoutes: FastifyPluginAsync<DatasetRoutesOptions> = async (app, { store }) => {
  const list = async (request: FastifyRequest, reply: FastifyReply) => {
    const format = parseRequest(DatasetFormatQuery, request.query, 'query');
    return sendTable(reply, {
      columns: LIST_COLUMNS,
      rows: store.list().map(listItem),
      format,
      filename: 'datasets',
      envelope: (data) => ({
        status_code: 200,
        data,
        meta: LIST_META,
        dataset_metadata: { resample_conversion: RESAMPLE_CONVERSION, data_timezone: 'UTC' },
      }),
    });
  };
  app.get('/datasets', list);
  app.get('/datasets/', list);

  app.get('/datasets/:dataset_id', async (request, reply) => {
    const format = parseRequest(DatasetFormatQuery, request.query, 'query');
    const dataset = findDataset(store, request);
    return sendTable(reply, {
      columns: DETAIL_COLUMNS,
      rows: [dataset],
      format,
      filename: dataset.id,
      envelope: (data) => ({ ...dataset, status_code: 200, data, meta: SINGLE_PAGE_META, dataset_metadata: dataset }),
    });
  });

  app.get('/datasets/:dataset_id/audit', async (request, reply) => {
    requireEntitlement(request, 'audit'); // 403 on plans without audit data (spec "Authentication" §3)
    const format = parseRequest(DatasetFormatQuery, request.query, 'query');
    const dataset = findDataset(store, request);
    const rows = (await store.audit(dataset.id)) ?? [];
    request.rowsReturned = rows.length;
    return sendTable(reply, {
      columns: AUDIT_COLUMNS,
      rows,
      format,
      filename: `${dataset.id}_audit`,
      envelope: (data) => ({ status_code: 200, data, meta: SINGLE_PAGE_META, dataset_metadata: dataset }),
    });
  });
};
