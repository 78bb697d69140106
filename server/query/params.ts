import { PUBLISH_OFFSET_TERM as OFFSET_TERM } from '../../shared/index.js';
import type { DatasetQueryParams, DatasetWithTimezone } from '../../shared/index.js';
import { HttpError } from '../errors.js';
import { findColumn, projectColumns, splitList } from './columns.js';
import { decodeCursor } from './cursor.js';
import { parseFilter } from './filter.js';
import { parseFrequency } from './frequency.js';
import type { PublishSelection, QuerySpec, ResampleSpec } from './spec.js';
import { isKnownZone, parseTimestamp } from './timestamps.js';

/** Rows per page when the plan sets no rows-per-response limit. */
export const UNLIMITED_DEFAULT_PAGE_SIZE = 50_000;

/** The plan facts the query needs: rows per response (-1 = no limit), and a check that throws 403 without resampling. */
export interface QueryPlan {
  rowsPerResponse: number;
  requireResampling: () => void;
}

function resolveZone(timezone: string | undefined, dataset: DatasetWithTimezone): string | null {
  if (timezone === undefined) return null;
  const zone = timezone === 'market' ? dataset.data_timezone : timezone;
  if (!isKnownZone(zone)) {
    throw new HttpError(
      400,
      `Unknown timezone '${timezone}'. Use an IANA time zone name such as US/Eastern or America/Chicago, or market for the dataset's own zone.`,
    );
  }
  return zone;
}

const UNIT_SECONDS: Record<string, number> = { minute: 60, hour: 3600, day: 86_400, week: 604_800 };

function parseOffset(text: string, raw: string): number {
  const compact = text.trim();
  const terms = [...compact.matchAll(OFFSET_TERM)];
  if (terms.length === 0 || compact.replace(OFFSET_TERM, '').trim() !== '') {
    throw new HttpError(
      400,
      `Invalid publish_time '${raw}': the offset after latest_before: must look like -1 day, -6 hours or 30 minutes`,
    );
  }
  return terms.reduce((sum, [, n, unit]) => sum + Number(n) * UNIT_SECONDS[unit!.toLowerCase()]!, 0);
}

function parsePublish(text: string, zone: string): PublishSelection {
  if (text === 'latest_report' || text === 'latest') return { kind: text };
  if (text.startsWith('latest_before:')) return { kind: 'latest_before', offsetSeconds: parseOffset(text.slice(14), text) };
  return { kind: 'exact', at: parseTimestamp(text, 'publish_time', zone) };
}

// Values are checked before the entitlement: an invalid resample_frequency or resample_by is a 400 on every plan.
function parseResample(params: DatasetQueryParams, dataset: DatasetWithTimezone, plan: QueryPlan): ResampleSpec | undefined {
  if (params.resample_frequency === undefined) return undefined;
  const frequency = parseFrequency(params.resample_frequency);
  const byNames =
    params.resample_by !== undefined ? splitList(params.resample_by) : [dataset.subseries_index_column].filter((n) => n != null);
  const by = byNames.map((name) => findColumn(dataset, name));
  plan.requireResampling();
  return { frequency, by, fn: params.resample_function };
}

function pageSizeOf(params: DatasetQueryParams, rowsPerResponse: number): number {
  return params.page_size ?? (rowsPerResponse > 0 ? rowsPerResponse : UNLIMITED_DEFAULT_PAGE_SIZE);
}

/** The most rows a response to `params` can carry (as execute.ts `take`), held by the plan hook at admission. Never throws. */
export function maxResponseRows(params: DatasetQueryParams, rowsPerResponse: number): number {
  const pageSize = pageSizeOf(params, rowsPerResponse);
  if (rowsPerResponse >= 0 && pageSize > rowsPerResponse) return 0; // the route answers 400
  if (params.limit === undefined) return pageSize;
  let before = (params.page - 1) * pageSize;
  if (params.cursor !== undefined) {
    try {
      before = params.cursor.trim() === '' ? 0 : decodeCursor(params.cursor.trim()).total_rows_returned_so_far;
    } catch {
      before = 0; // the route answers 400
    }
  }
  return Math.max(0, Math.min(pageSize, params.limit - before));
}

/** Validates `params` against `dataset` and the caller's plan (docs/query.md). @throws HttpError 400, 403 (resampling). */
export function parseQuery(params: DatasetQueryParams, dataset: DatasetWithTimezone, plan: QueryPlan): QuerySpec {
  if (params.time !== undefined && (params.start_time !== undefined || params.end_time !== undefined)) {
    throw new HttpError(400, 'time cannot be combined with start_time or end_time');
  }
  const zone = resolveZone(params.timezone, dataset);
  const inputZone = zone ?? 'UTC';
  const at = (name: 'start_time' | 'end_time' | 'publish_time_start' | 'publish_time_end') => {
    const text = params[name];
    return text === undefined ? undefined : parseTimestamp(text, name, inputZone);
  };
  const usesPublish = [params.publish_time, params.publish_time_start, params.publish_time_end].some((p) => p !== undefined);
  if (usesPublish && !dataset.publish_time_column) {
    throw new HttpError(
      400,
      `Dataset ${dataset.id} has no publish time column: publish_time, publish_time_start and publish_time_end do not apply to it`,
    );
  }
  const limitRows = plan.rowsPerResponse;
  const pageSize = pageSizeOf(params, limitRows);
  if (limitRows >= 0 && pageSize > limitRows) {
    throw new HttpError(400, `page_size ${pageSize} exceeds the ${limitRows} rows per response of your plan`);
  }
  let position: QuerySpec['position'] = { mode: 'offset', offset: (params.page - 1) * pageSize };
  if (params.cursor !== undefined) {
    const token = params.cursor.trim() === '' ? null : decodeCursor(params.cursor.trim());
    position = {
      mode: 'cursor',
      after: token?.values ?? null,
      columns: token?.columns ?? null,
      soFar: token?.total_rows_returned_so_far ?? 0,
    };
  }
  return {
    dataset,
    zone,
    start: at('start_time'),
    end: at('end_time'),
    time:
      params.time === undefined
        ? undefined
        : {
            at: params.time === 'latest' ? 'latest' : parseTimestamp(params.time, 'time', inputZone),
            comparison: params.time_comparison,
          },
    publish: params.publish_time === undefined ? undefined : parsePublish(params.publish_time, inputZone),
    publishStart: at('publish_time_start'),
    publishEnd: at('publish_time_end'),
    filter: parseFilter(params, dataset, inputZone),
    projection: projectColumns(dataset, params.columns),
    order: params.order,
    limit: params.limit ?? null,
    page: params.page,
    pageSize,
    position,
    resample: parseResample(params, dataset, plan),
    format: { returnFormat: params.return_format, jsonSchema: params.json_schema, download: params.download },
  };
}
