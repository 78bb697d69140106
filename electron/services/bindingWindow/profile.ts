import type { DuckDBConnection } from '@duckdb/node-api';
import { addDays, marketDateOf } from '../../../shared/index.js';
import type { ConstraintProfileCell, ConstraintProfileDay, ConstraintProfileSummary } from '../../../shared/index.js';
import { rowObjects } from '../workspace/sql.js';
import { marketZone } from './peakSql.js';
import { filtered } from './queries.js';
import type { WindowScope } from './queries.js';

/**
 * One constraint's profile from a stored binding window (docs/desktop.md#the-binding-window-store), in DuckDB: its
 * figures, its cost per market day and its binding hours per weekday × hour ending of market time. Every figure is of
 * the rows the peak filter keeps.
 */

/** A row at the cap: |shadow price| within this many $/MWh of its penalty factor, half the factor's published 0.1 step. */
export const PENALTY_CAP_TOLERANCE = 0.05;

const iso = (expr: string): string => `strftime(${expr}, '%Y-%m-%dT%H:%M:%SZ')`;
const num = (v: unknown): number => Number(v ?? 0);

// One row per binding interval of the constraint: its largest |shadow price|, hours, and whether a row sat at the cap.
function intervals(scope: WindowScope, constraintId: string) {
  const f = filtered(scope, { constraintId });
  const sql = `${f.sql},
  i AS (SELECT t0, max(a) AS a, any_value(h) AS h, sum(a * h) AS cost,
               bool_or(pf > 0 AND a >= pf - ${PENALTY_CAP_TOLERANCE}) AS at_cap
        FROM f GROUP BY t0)`;
  return { sql, params: f.params };
}

/** The constraint's figures (see {@link ConstraintProfileSummary}). @throws what DuckDB throws. */
export async function profileSummary(
  conn: DuckDBConnection,
  scope: WindowScope,
  constraintId: string,
): Promise<ConstraintProfileSummary> {
  const q = intervals(scope, constraintId);
  const [row] = await rowObjects(
    conn,
    `WITH ${q.sql}
     SELECT count(*)::INTEGER AS n, coalesce(sum(h), 0)::DOUBLE AS hours,
            (sum(a * h) / nullif(sum(h), 0))::DOUBLE AS mean_a, max(a)::DOUBLE AS peak_a,
            CASE WHEN max(a) IS NULL THEN NULL ELSE ${iso('first(t0 ORDER BY a DESC NULLS LAST, t0)')} END AS peak_t,
            coalesce(sum(cost), 0)::DOUBLE AS cost, (count(*) FILTER (WHERE at_cap))::INTEGER AS at_cap,
            (SELECT count(transmission_constraint_penalty_factor) > 0 FROM binding_window_rows WHERE window_id = ?) AS carried
     FROM i`,
    [...q.params, scope.windowId],
  );
  const carried = row?.carried === true;
  return {
    binding_intervals: num(row?.n),
    binding_hours: num(row?.hours),
    mean_abs_shadow_price: row?.mean_a == null ? null : Number(row.mean_a),
    peak_abs_shadow_price: row?.peak_a == null ? null : Number(row.peak_a),
    peak_interval_start_utc: row?.peak_t == null ? null : String(row.peak_t),
    absolute_cost: num(row?.cost),
    penalty_factor_carried: carried,
    intervals_at_penalty_cap: carried ? num(row?.at_cap) : null,
  };
}

/** The market days `[start, end)` touches in `zone`, first to last (`YYYY-MM-DD`). */
export function marketDaysOf(start: string, end: string, zone: string): string[] {
  const last = marketDateOf(Date.parse(end) - 1, zone);
  const days: string[] = [];
  for (let d = marketDateOf(Date.parse(start), zone); d <= last && days.length < 3660; d = addDays(d, 1)) days.push(d);
  return days;
}

/**
 * The constraint's binding per market day of the window (a day it did not bind counts zero) and the running total of
 * its absolute cost, in day order.
 */
export async function profileDays(
  conn: DuckDBConnection,
  scope: WindowScope,
  constraintId: string,
): Promise<ConstraintProfileDay[]> {
  const zone = marketZone(scope.market);
  const q = intervals(scope, constraintId);
  const rows = await rowObjects(
    conn,
    `WITH ${q.sql}
     SELECT strftime(CAST(timezone(CAST(? AS VARCHAR), t0) AS DATE), '%Y-%m-%d') AS day, count(*)::INTEGER AS n,
            sum(h)::DOUBLE AS hours, sum(cost)::DOUBLE AS cost
     FROM i GROUP BY day`,
    [...q.params, zone],
  );
  const byDay = new Map(rows.map((r) => [String(r.day), r]));
  let running = 0;
  return marketDaysOf(scope.start, scope.end, zone).map((day) => {
    const r = byDay.get(day);
    running += num(r?.cost);
    return {
      market_date: day,
      binding_intervals: num(r?.n),
      binding_hours: num(r?.hours),
      absolute_cost: num(r?.cost),
      cumulative_cost: running,
    };
  });
}

/**
 * Binding hours per weekday × hour ending in market time, with the window's own hours in each cell: the window is
 * walked in whole UTC hours from its start, each hour binned by its start read in the market's zone, so the
 * spring-forward day gives HE03 no hour and the fall-back day gives HE02 two. Cells without window hours are left out.
 */
export async function profileCells(
  conn: DuckDBConnection,
  scope: WindowScope,
  constraintId: string,
): Promise<ConstraintProfileCell[]> {
  const zone = marketZone(scope.market);
  const q = intervals(scope, constraintId);
  const bin = (t: string) =>
    `isodow(timezone(CAST(? AS VARCHAR), ${t}))::INTEGER AS wd, (hour(timezone(CAST(? AS VARCHAR), ${t})) + 1)::INTEGER AS he`;
  const rows = await rowObjects(
    conn,
    `WITH ${q.sql},
     b AS (SELECT ${bin('t0')}, sum(h) AS hours FROM i GROUP BY wd, he),
     w AS (SELECT ${bin('ts')}, count(*) AS hours
           FROM generate_series(CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ) - INTERVAL 1 MICROSECOND, INTERVAL 1 HOUR) g(ts)
           GROUP BY wd, he)
     SELECT w.wd, w.he, coalesce(b.hours, 0)::DOUBLE AS bound, w.hours::DOUBLE AS window_hours
     FROM w LEFT JOIN b USING (wd, he) ORDER BY w.wd, w.he`,
    [...q.params, zone, zone, zone, zone, scope.start, scope.end],
  );
  return rows.map((r) => ({
    weekday: num(r.wd),
    hour_ending: num(r.he),
    binding_hours: num(r.bound),
    window_hours: num(r.window_hours),
  }));
}
