import { z } from 'zod';
import * as S from '../shared/index.js';

/**
 * Every documented route of the service for the OpenAPI document (openapi.ts): path, parameters and
 * responses straight from the shared zod schemas. Routes owned by other modules are listed here too;
 * a route the server registers that is missing here still appears (openapi.ts adds it, undocumented).
 */

/** One documented operation (all are GET). */
export interface RouteDoc {
  /** OpenAPI path, e.g. `/v1/constraints/{constraint_id}/location`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** false for routes served without an API key. */
  auth: boolean;
  pathParams?: z.ZodObject;
  query?: z.ZodType;
  /** JSON body of 200, or another media type. */
  response: z.ZodType | { mediaType: string; description: string };
  /** Error statuses besides 401/422 (added for authenticated routes). */
  errors?: number[];
  /** Synthetic fields, also sent in the `x-gridscope-synthetic` header. */
  synthetic?: string;
}

const datasetPath = z.object({ dataset_id: z.string() });
const csvNote = 'With `return_format=csv` the body is `text/csv` (header line, then rows).';
const FORMAT = S.DatasetFormatQuery;

/** Dataset, usage, query, updates and column-values routes (other modules' schemas). */
const DATASET_ROUTES: RouteDoc[] = [
  { path: '/v1/datasets', tag: 'Datasets', summary: 'List datasets (endpoint 11)', description: `Also served at /v1/datasets/ without a redirect. ${csvNote}`, auth: true, query: FORMAT, response: S.DatasetListResponse },
  { path: '/v1/datasets/{dataset_id}', tag: 'Datasets', summary: 'One dataset (endpoint 12)', description: csvNote, auth: true, pathParams: datasetPath, query: FORMAT, response: S.DatasetDetailResponse, errors: [404] },
  { path: '/v1/datasets/{dataset_id}/audit', tag: 'Datasets', summary: 'Audit counts per market date (endpoint 13)', description: csvNote, auth: true, pathParams: datasetPath, query: FORMAT, response: S.AuditResponse, errors: [403, 404] },
  { path: '/v1/datasets/{dataset_id}/query', tag: 'Datasets', summary: 'Query a dataset (endpoint 16)', description: `Pagination by page or cursor; header \`X-Stream: true\` streams JSON. ${csvNote}`, auth: true, pathParams: datasetPath, query: S.DatasetQueryParams, response: S.DatasetQueryResponse, errors: [400, 403, 404, 429] },
  { path: '/v1/datasets/{dataset_id}/columns/{column}/values', tag: 'Datasets', summary: 'Distinct values of a column (ours)', auth: true, pathParams: z.object({ dataset_id: z.string(), column: z.string() }), query: S.ColumnValuesQuery, response: S.ColumnValuesResponse, errors: [404] },
  { path: '/v1/dataset-updates', tag: 'Datasets', summary: 'Update history of all datasets', description: 'Also served at /v1/dataset-updates/.', auth: true, query: S.DatasetUpdatesQuery, response: S.DatasetUpdatesResponse },
  { path: '/v1/dataset-updates/{dataset_id}', tag: 'Datasets', summary: 'Update history of one dataset', auth: true, pathParams: datasetPath, query: S.DatasetUpdatesQuery, response: S.DatasetUpdatesResponse, errors: [404] },
  { path: '/v1/api_usage', tag: 'Usage', summary: 'Usage against the plan limits (endpoint 15)', auth: true, response: S.ApiUsage },
];

const location = z.object({ location_gs_entity_id: z.string() });

/** Constraint, outage and export routes (this module's schemas). */
const MARKET_ROUTES: RouteDoc[] = [
  { path: '/v1/constraints', tag: 'Constraints', summary: 'List constraints (endpoint 1)', description: 'Default ordering without sort_column: with search, shorter constraint_name first; else with include_absolute_costs, rt_absolute_cost desc nulls last; else latest_seen_utc desc, market_id asc, constraint_name asc. sort_order (default desc) applies to sort_column.', auth: true, query: S.ConstraintListQuery, response: S.ConstraintListResponse },
  { path: '/v1/constraints/contingencies', tag: 'Constraints', summary: 'List contingencies (endpoint 2)', description: 'Default ordering: with search, shorter contingency_name first; else latest_seen_utc desc, market_id asc, contingency_name asc.', auth: true, query: S.ContingencyListQuery, response: z.array(S.Contingency) },
  { path: '/v1/constraints/locations/{location_gs_entity_id}/shift-factors', tag: 'Constraints', summary: 'Shift factors of a location, per constraint (endpoint 3)', auth: true, pathParams: location, query: S.ShiftFactorQuery, response: z.array(S.ShiftFactorPerConstraint), errors: [404], synthetic: 'estimated_shift_factor' },
  { path: '/v1/constraints/locations/{location_gs_entity_id}/constraint-costs', tag: 'Constraints', summary: 'Location-adjusted constraint costs (endpoint 4)', auth: true, pathParams: location, query: S.ConstraintCostQuery, response: z.array(S.LocationConstraintCost), errors: [400, 404], synthetic: 'shift_factor,adjusted_cost' },
  { path: '/v1/constraints/{constraint_id}/shift-factors', tag: 'Constraints', summary: 'Shift factors of a constraint, per location (endpoint 5)', auth: true, pathParams: S.ConstraintPath, query: S.ShiftFactorQuery, response: z.array(S.ShiftFactorPerLocation), errors: [404], synthetic: 'estimated_shift_factor' },
  { path: '/v1/constraints/{constraint_id}/location', tag: 'Constraints', summary: 'Start and end substations of a constraint (endpoint 6)', description: '400 for a market without a geometry table; 404 for an unknown id.', auth: true, pathParams: S.ConstraintPath, response: S.ConstraintLocation, errors: [400, 404], synthetic: 'start,end' },
  { path: '/v1/constraints/binding', tag: 'Constraints', summary: 'Binding rows with constraint names (endpoint 7)', auth: true, query: S.BindingQuery, response: z.array(S.BindingRow), errors: [400, 404] },
  { path: '/v1/constraints/binding/locations', tag: 'Constraints', summary: 'Binding constraints with locations (endpoint 8; field names ours)', description: 'Rows collapse to the peak |shadow price| per constraint and interval; the top `limit` constraints by peak come back in that order.', auth: true, query: S.BindingLocationsQuery, response: z.array(S.BindingConstraintWithLocations), errors: [400, 404], synthetic: 'start,end' },
  { path: '/v1/outages/{market_id}/active', tag: 'Outages', summary: 'Scheduled outages overlapping a window (endpoint 14)', description: 'Reconstructed as of start_time. Ticket 724453 is a real PJM eDART ticket; all others are SYNTHETIC (is_synthetic).', auth: true, pathParams: S.MarketPath, query: S.ActiveOutagesQuery, response: S.ActiveOutagesResponse, errors: [404], synthetic: 'tickets with is_synthetic=true, from_substation, to_substation' },
  { path: '/v1/csv-exports/{dataset_id}', tag: 'Exports', summary: 'Per-day export files of a dataset (endpoint 10)', auth: true, pathParams: S.ExportDatasetPath, query: S.ExportListQuery, response: S.ExportListResponse, errors: [404] },
  { path: '/v1/csv-exports/{dataset_id}/{export_date}', tag: 'Exports', summary: 'Presigned download link of one export file (endpoint 9)', auth: true, pathParams: S.ExportFilePath, query: S.PresignedExportQuery, response: S.PresignedExportResponse, errors: [404] },
  { path: '/exports/{bucket}/{object_key}', tag: 'Exports', summary: 'Download an export file through a presigned link (ours)', description: 'No API key: the signature is the credential. Expired or tampered links → 403. Supports `Range` (206, `Content-Range`; 416 for a bad range). `object_key` is `{dataset_id}/year=YYYY/month=MM/YYYY-MM-DD.csv.gz` (slashes unescaped).', auth: false, pathParams: z.object({ bucket: z.string(), object_key: z.string() }), query: S.ExportDownloadQuery, response: { mediaType: 'application/gzip', description: 'the gzipped CSV file (or the requested byte range)' }, errors: [403, 404, 416] },
  { path: '/openapi.json', tag: 'Meta', summary: 'This OpenAPI document', auth: false, response: { mediaType: 'application/json', description: 'OpenAPI 3.1 document' } },
];

/** All documented routes. */
export const ROUTE_DOCS: readonly RouteDoc[] = [...DATASET_ROUTES, ...MARKET_ROUTES];
