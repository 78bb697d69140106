import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import type { BindingPoint, BindingSummary, BoundConstraint, BoundContingency, PeakFilter } from '../../../shared/index.js';
import { rowObjects } from '../workspace/sql.js';
import { bucketSql, keptBuckets } from './peakSql.js';

/**
 * What a stored binding window adds up to (docs/desktop.md#the-binding-window-store), in DuckDB on a workspace read
 * connection: per constraint, per contingency, and one constraint's shadow price per interval. Every query keeps the
 * rows of the peak filter's buckets first, so every figure — intervals, hours, peak, cost — is of the filtered rows.
 */

/** A window's rows and how to read them: its id, market (zone of the peak buckets), `[start, end)` and the filter. */
export interface WindowScope {
  windowId: number;
  market: string;
  start: string;
  end: string;
  peak: PeakFilter;
}

/** Which rows a query keeps besides the filter: those of one constraint or of one contingency (by `gs_entity_id`). */
export interface EntityFilter {
  constraintId?: string;
  contingencyId?: string;
}

const iso = (expr: string): string => `strftime(${expr}, '%Y-%m-%dT%H:%M:%SZ')`;

/**
 * The window's rows with their bucket and hours, kept by the peak filter and the entity (CTEs `r` and `f`), and the
 * query's parameters in the order of their `?` (the bucket's, the window id, the kept buckets, the entity's id).
 */
export function filtered(scope: WindowScope, entity: EntityFilter): { sql: string; params: DuckDBValue[] } {
  const bucket = bucketSql('interval_start_utc', scope.market, scope);
  const id = entity.constraintId ?? entity.contingencyId;
  const where = entity.constraintId ? 'AND cid = ?' : entity.contingencyId ? 'AND kid = ?' : '';
  const sql = `
  r AS (
    SELECT interval_start_utc AS t0, interval_end_utc AS t1, shadow_price AS sp, abs(shadow_price) AS a,
           coalesce(greatest(epoch(interval_end_utc) - epoch(interval_start_utc), 0), 0) / 3600.0 AS h,
           constraint_gs_entity_id AS cid, constraint_name AS cname, contingency_gs_entity_id AS kid,
           contingency_name AS kname, transmission_constraint_penalty_factor AS pf, ${bucket.sql} AS bucket
    FROM binding_window_rows WHERE window_id = ?),
  f AS (SELECT * FROM r WHERE list_contains(CAST(CAST(? AS JSON) AS VARCHAR[]), bucket) ${where})`;
  return { sql, params: [...bucket.params, scope.windowId, keptBuckets(scope.peak), ...(id ? [id] : [])] };
}

// One group's figures (BindingSummary); `firstInGroup` marks one row per interval of the group, for the hours.
const SUMMARY = `
  ${iso('min(t0)')} AS first_binding_utc, ${iso('max(t0)')} AS last_binding_utc,
  count(DISTINCT t0)::INTEGER AS binding_intervals,
  coalesce(sum(h) FILTER (WHERE first_in_group), 0)::DOUBLE AS binding_hours,
  max(a)::DOUBLE AS peak_abs_shadow_price,
  CASE WHEN max(a) IS NULL THEN NULL ELSE ${iso('first(t0 ORDER BY a DESC NULLS LAST, t0)')} END AS peak_interval_start_utc,
  coalesce(sum(a * h), 0)::DOUBLE AS absolute_cost,
  coalesce(sum(a * h) FILTER (WHERE bucket = 'on_peak'), 0)::DOUBLE AS cost_on_peak,
  coalesce(sum(a * h) FILTER (WHERE bucket = '2x16'), 0)::DOUBLE AS cost_2x16,
  coalesce(sum(a * h) FILTER (WHERE bucket = '7x8'), 0)::DOUBLE AS cost_7x8`;

function summary(row: Record<string, unknown>): BindingSummary {
  return {
    first_binding_utc: String(row.first_binding_utc),
    last_binding_utc: String(row.last_binding_utc),
    binding_intervals: Number(row.binding_intervals),
    binding_hours: Number(row.binding_hours),
    peak_abs_shadow_price: row.peak_abs_shadow_price === null ? null : Number(row.peak_abs_shadow_price),
    peak_interval_start_utc: row.peak_interval_start_utc === null ? null : String(row.peak_interval_start_utc),
    absolute_cost: Number(row.absolute_cost),
    bucket_costs: { on_peak: Number(row.cost_on_peak), '2x16': Number(row.cost_2x16), '7x8': Number(row.cost_7x8) },
  };
}

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * The constraints with rows in the window (after the filters), each summed; largest absolute cost first, then name.
 * @throws what DuckDB throws (an interrupted read).
 */
export async function boundConstraints(
  conn: DuckDBConnection,
  scope: WindowScope,
  entity: EntityFilter = {},
): Promise<BoundConstraint[]> {
  const f = filtered(scope, entity);
  const rows = await rowObjects(
    conn,
    `WITH ${f.sql},
     g AS (SELECT *, row_number() OVER (PARTITION BY cid, cname, t0) = 1 AS first_in_group FROM f)
     SELECT cid, cname, ${SUMMARY} FROM g GROUP BY cid, cname ORDER BY absolute_cost DESC, cname, cid`,
    f.params,
  );
  return rows.map((r) => ({ constraint_gs_entity_id: text(r.cid), constraint_name: String(r.cname ?? ''), ...summary(r) }));
}

/**
 * The contingencies named on rows in the window (after the filters; rows naming none form one group of null id and
 * name), each summed with the constraints it bound; with `constraintId`, also the intervals where its row held that
 * constraint's largest |shadow price| (ties: contingency name, as docs/api.md#binding-constraints-with-locations).
 */
export async function boundContingencies(
  conn: DuckDBConnection,
  scope: WindowScope,
  entity: EntityFilter = {},
): Promise<BoundContingency[]> {
  const f = filtered(scope, entity);
  const rows = await rowObjects(
    conn,
    `WITH ${f.sql},
     g AS (SELECT *, row_number() OVER (PARTITION BY kid, kname, t0) = 1 AS first_in_group,
                  row_number() OVER (PARTITION BY cid, cname, t0 ORDER BY a DESC NULLS LAST, kname NULLS LAST) = 1 AS top
           FROM f)
     SELECT kid, kname, ${SUMMARY}, count(DISTINCT (cid, cname))::INTEGER AS constraints,
            count(*) FILTER (WHERE top)::INTEGER AS peak_intervals
     FROM g GROUP BY kid, kname ORDER BY absolute_cost DESC, kname NULLS LAST, kid`,
    f.params,
  );
  return rows.map((r) => ({
    contingency_gs_entity_id: text(r.kid),
    contingency_name: text(r.kname),
    ...summary(r),
    constraints: Number(r.constraints),
    peak_intervals: entity.constraintId ? Number(r.peak_intervals) : null,
  }));
}

/**
 * One constraint's shadow price per binding interval, in time order: each interval's row with the largest |shadow price|
 * (ties: contingency name), signed, with its contingency — the rule of docs/api.md#binding-constraints-with-locations.
 */
export async function bindingSeries(conn: DuckDBConnection, scope: WindowScope, constraintId: string): Promise<BindingPoint[]> {
  const f = filtered(scope, { constraintId });
  const rows = await rowObjects(
    conn,
    `WITH ${f.sql}
     SELECT ${iso('t0')} AS start_text, ${iso('t1')} AS end_text, sp, kid, kname FROM f
     WHERE sp IS NOT NULL
     QUALIFY row_number() OVER (PARTITION BY t0 ORDER BY a DESC, kname NULLS LAST) = 1
     ORDER BY t0`,
    f.params,
  );
  return rows.map((r) => ({
    interval_start_utc: String(r.start_text),
    interval_end_utc: String(r.end_text),
    shadow_price: Number(r.sp),
    contingency_gs_entity_id: text(r.kid),
    contingency_name: text(r.kname),
  }));
}

/** What the rows of one (constraint, contingency) pair cost in the window, after the peak filter ($/MW). */
export interface PairCost {
  constraint_gs_entity_id: string | null;
  contingency_gs_entity_id: string | null;
  absolute_cost: number;
}

/** The absolute cost of every (constraint, contingency) pair with rows in the window (after the filters). */
export async function pairCosts(conn: DuckDBConnection, scope: WindowScope): Promise<PairCost[]> {
  const f = filtered(scope, {});
  const rows = await rowObjects(
    conn,
    `WITH ${f.sql} SELECT cid, kid, coalesce(sum(a * h), 0)::DOUBLE AS cost FROM f GROUP BY cid, kid`,
    f.params,
  );
  return rows.map((r) => ({
    constraint_gs_entity_id: text(r.cid),
    contingency_gs_entity_id: text(r.kid),
    absolute_cost: Number(r.cost),
  }));
}

/**
 * The distinct binding intervals (their starts, ISO `Z`, ascending) of the window after the peak filter where any of
 * `constraintIds` has a row; every constraint's when `constraintIds` is null.
 */
export async function bindingIntervals(
  conn: DuckDBConnection,
  scope: WindowScope,
  constraintIds: readonly string[] | null,
): Promise<string[]> {
  const f = filtered(scope, {});
  const only = constraintIds === null ? '' : 'WHERE list_contains(CAST(CAST(? AS JSON) AS VARCHAR[]), cid)';
  const rows = await rowObjects(
    conn,
    `WITH ${f.sql} SELECT DISTINCT ${iso('t0')} AS start_text FROM f ${only} ORDER BY start_text`,
    constraintIds === null ? f.params : [...f.params, JSON.stringify(constraintIds)],
  );
  return rows.map((r) => String(r.start_text));
}
