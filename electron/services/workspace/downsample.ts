import type { DuckDBValue } from '@duckdb/node-api';
import { fail, ok } from '../../../shared/index.js';
import type { ParsedInput, Result, SeriesData, TableColumn } from '../../../shared/index.js';
import { isNumeric, isTemporal } from './columns.js';
import { quoteIdent, rowObjects } from './sql.js';
import { WorkspaceInputError, columnNamed, pullTable, readFailure } from './table.js';
import { viewWhere } from './viewWhere.js';
import type { Workspace } from './workspace.js';

/**
 * Chart data of a pull, downsampled in DuckDB (M4): the x range is cut into `pixels` equal buckets
 * and each bucket keeps, per series and y column, its first, last, minimum and maximum point. A
 * line through those points draws the same pixels as one through every row, so a 1M-row result
 * charts as fast as a small one: the renderer gets at most 4 × `pixels` points per line.
 */

/**
 * What to chart (`workspace:series` without the pull id): `x` a time column (x in epoch seconds) or a number
 * column; 1 to {@link MAX_Y_COLUMNS} numeric `y` columns; `seriesBy` splits rows into series (only
 * `seriesValues`, as text, when given; else the first {@link MAX_SERIES} values in sort order); `pixels`
 * buckets; `from`/`to` an inclusive x range (default the data's); `filters` and `peak` of the results table apply
 * first; `gapSeconds` breaks a line between two of its rows further apart (docs/workspace.md#charts).
 */
export type SeriesOptions = Omit<ParsedInput<'workspace:series'>, 'pullId'>;

export const MAX_Y_COLUMNS = 16;
export const MAX_SERIES = 50;
export const MAX_PIXELS = 10_000;

/** SQL of the x value as a DOUBLE (epoch seconds for time). @throws WorkspaceInputError when the column cannot be an x axis. */
function xSql(column: TableColumn): string {
  const c = quoteIdent(column.name);
  if (column.type === 'DATE') return `epoch(CAST(${c} AS TIMESTAMP))`;
  if (isTemporal(column.type)) return `epoch(${c})`;
  if (isNumeric(column.type)) return `CAST(${c} AS DOUBLE)`;
  throw new WorkspaceInputError('validation', `x: ${column.name} is neither a time nor a number column.`);
}

function checkOptions(o: SeriesOptions): string | null {
  if (typeof o !== 'object' || o === null) return 'options: {x, y, pixels}';
  if (!Array.isArray(o.y) || o.y.length === 0 || o.y.length > MAX_Y_COLUMNS) return `y: 1 to ${MAX_Y_COLUMNS} columns`;
  if (!Number.isSafeInteger(o.pixels) || o.pixels < 1 || o.pixels > MAX_PIXELS)
    return `pixels: a whole number from 1 to ${MAX_PIXELS}`;
  for (const bound of [o.from, o.to]) if (bound !== undefined && !Number.isFinite(bound)) return 'from, to: finite numbers';
  if (o.gapSeconds !== undefined && !(Number.isFinite(o.gapSeconds) && o.gapSeconds > 0)) return 'gapSeconds: a positive number';
  if (o.from !== undefined && o.to !== undefined && o.from > o.to) return 'from must not be after to';
  if (
    o.seriesValues !== undefined &&
    (!Array.isArray(o.seriesValues) || o.seriesValues.length > MAX_SERIES || !o.seriesValues.every((v) => typeof v === 'string'))
  ) {
    return `seriesValues: at most ${MAX_SERIES} texts`;
  }
  return null;
}

/**
 * Downsampled series of pull `pullId` (one DuckDB statement over the rows, plus one for the
 * series values when `seriesBy` is given without `seriesValues`). Null y values and non-finite
 * numbers are left out; rows with a NULL x too. With `gapSeconds`, a null point (x halfway) marks
 * each place where a line's consecutive rows are further apart, at most one per pixel bucket.
 * @returns `not_found` for an unknown pull; `validation` for bad options or columns; `cancelled` once `signal` aborts.
 */
export async function readSeries(
  ws: Workspace,
  pullId: number,
  options: SeriesOptions,
  signal?: AbortSignal,
): Promise<Result<SeriesData>> {
  const problem = checkOptions(options);
  if (problem) return fail('validation', problem);
  try {
    return ok(
      await ws.read(async (conn) => {
        const { from, columns } = await pullTable(conn, pullId);
        const data: SeriesData = { pullId, series: [], xMin: null, xMax: null, rows: 0, totalRows: 0, truncatedSeries: false };
        if (columns.length === 0) return data;
        const x = xSql(columnNamed(columns, options.x, 'x column'));
        const ys = options.y.map((name) => {
          const column = columnNamed(columns, name, 'y column');
          if (!isNumeric(column.type)) throw new WorkspaceInputError('validation', `y: ${name} is not a number column.`);
          const c = quoteIdent(column.name);
          return `CASE WHEN isfinite(CAST(${c} AS DOUBLE)) THEN CAST(${c} AS DOUBLE) END`;
        });
        const key =
          options.seriesBy === undefined
            ? 'CAST(NULL AS VARCHAR)'
            : `CAST(${quoteIdent(columnNamed(columns, options.seriesBy, 'series column').name)} AS VARCHAR)`;

        const params: DuckDBValue[] = [];
        const where = await viewWhere(conn, from, columns, options, params);
        const conditions = [`${x} IS NOT NULL`];
        // from/to are checked finite numbers, written as SQL literals so placeholders stay in text order.
        if (options.from !== undefined) conditions.push(`${x} >= ${literal(options.from)}`);
        if (options.to !== undefined) conditions.push(`${x} <= ${literal(options.to)}`);
        const scope = `FROM ${from} ${where ? `${where} AND` : 'WHERE'} ${conditions.join(' AND ')}`;

        let keys = options.seriesValues;
        if (options.seriesBy !== undefined && keys === undefined) {
          // NULLS LAST: with more than MAX_SERIES values, the NULL series is never among the first ones kept.
          const found = await rowObjects(
            conn,
            `SELECT DISTINCT ${key} AS k ${scope} ORDER BY k NULLS LAST LIMIT ${MAX_SERIES + 1}`,
            params,
          );
          data.truncatedSeries = found.length > MAX_SERIES;
          if (data.truncatedSeries) keys = found.slice(0, MAX_SERIES).map((r) => String(r.k));
        }
        const keyFilter = keys === undefined ? '' : `AND ${key} IN (${keys.map((k) => push(params, k)).join(', ') || 'NULL'})`;
        // With chosen series, the rows of every series in range are counted after the drawn ones: the view's values
        // are bound again. Without, the drawn rows are all of them.
        const whereAgain = keyFilter ? await viewWhere(conn, from, columns, options, params) : null;
        const sql = m4Sql({
          x,
          key,
          ys,
          scope: `${scope} ${keyFilter}`,
          allScope:
            whereAgain === null ? null : `FROM ${from} ${whereAgain ? `${whereAgain} AND` : 'WHERE'} ${conditions.join(' AND ')}`,
          pixels: options.pixels,
          from: options.from,
          to: options.to,
          gap: options.gapSeconds,
          // Zoomed in to buckets no wider than the gap, no break falls inside a bucket.
          wide:
            options.from === undefined ||
            options.to === undefined ||
            options.gapSeconds === undefined ||
            (options.to - options.from) / options.pixels > options.gapSeconds,
        });
        const reader = await conn.runAndReadAll(sql, params);
        for (const row of reader.getRowObjectsJson()) {
          if (row.col === null) {
            data.rows = Number(row.n ?? 0);
            data.totalRows = Number(row.total ?? 0);
            data.xMin = row.lo === null ? null : Number(row.lo);
            data.xMax = row.hi === null ? null : Number(row.hi);
            continue;
          }
          const col = Number(row.col);
          data.series.push({
            key: row.k === null ? null : String(row.k),
            column: options.y[col]!,
            x: row.xs as number[],
            y: row.ys as (number | null)[],
          });
        }
        return data;
      }, signal),
    );
  } catch (error) {
    return readFailure(`read the series of pull ${pullId}`, error);
  }
}

/** A checked finite number as a SQL DOUBLE literal. */
const literal = (n: number): string => `CAST(${String(n)} AS DOUBLE)`;

/** Pushes a bound value and answers its placeholder. */
function push(params: DuckDBValue[], value: DuckDBValue): string {
  params.push(value);
  return '?';
}

/**
 * The M4 statement: per series key and bucket, the first, minimum, maximum and last point of each
 * y column, deduplicated and listed by x; with `gap`, per series, bucket and y column the first
 * midpoint between consecutive rows more than `gap` apart, as a point with a NULL value; plus one
 * summary row (`col` NULL) with the range, the drawn rows and the rows of `allScope`. DuckDB reads the rows once
 * (the CTE `src` is used three times, so it is materialized) and keeps every row's point in one hash aggregate.
 */
function m4Sql(q: {
  x: string;
  key: string;
  ys: string[];
  scope: string;
  /** The rows counted as `total`, or null when they are the drawn ones. */
  allScope: string | null;
  pixels: number;
  from?: number | undefined;
  to?: number | undefined;
  gap?: number | undefined;
  /** Buckets may be wider than `gap` (so a break can fall inside one). */
  wide: boolean;
}): string {
  const lo = q.from === undefined ? 'min(t)' : literal(q.from);
  const hi = q.to === undefined ? 'max(t)' : literal(q.to);
  const yCols = q.ys.map((y, i) => `${y} AS y${i}`).join(', ');
  const bucket = (t: string) =>
    `CAST(least(greatest(coalesce(floor((${t} - lo) / nullif(hi - lo, 0) * ${q.pixels}), 0), 0), ${q.pixels - 1}) AS INTEGER)`;
  const aggregates = q.ys
    .map((_, i) => {
      const has = `FILTER (WHERE y${i} IS NOT NULL)`;
      const xs = q.gap !== undefined && q.wide ? `list(t) ${has} AS ts${i}, ` : '';
      return `${xs}min(t) ${has} AS tf${i}, arg_min(y${i}, t) ${has} AS vf${i}, max(t) ${has} AS tl${i}, arg_max(y${i}, t) ${has} AS vl${i},
        arg_min(t, y${i}) AS tn${i}, min(y${i}) AS vn${i}, arg_max(t, y${i}) AS tx${i}, max(y${i}) AS vx${i}`;
    })
    .join(',\n');
  const points = q.ys
    .map(
      (_, i) =>
        `SELECT k, ${i} AS col, unnest([tf${i}, tn${i}, tx${i}, tl${i}]) AS t, unnest([vf${i}, vn${i}, vx${i}, vl${i}]) AS v FROM agg`,
    )
    .join(' UNION ALL ');
  // A break halfway between two consecutive rows of a line that are more than `gap` apart, one per bucket. Between
  // buckets, each bucket's first point and the last point before it tell it (a window over the buckets, not the rows).
  // Inside a bucket wider than `gap`, its x values, collected by the same aggregate and sorted per bucket: many short
  // sorts instead of one over every row.
  const inside = q.gap !== undefined && q.wide;
  const gapOf = (i: number) => `SELECT k, ${i} AS col, min(m) AS t, CAST(NULL AS DOUBLE) AS v FROM (
      SELECT k, (p + t) / 2 AS m FROM (
        SELECT k, tf${i} AS t, lag(tl${i}) OVER (PARTITION BY k ORDER BY b) AS p FROM agg WHERE tf${i} IS NOT NULL
      ) WHERE t - p > ${literal(q.gap!)}
      ${
        inside
          ? `UNION ALL SELECT k, (s[j] + s[j + 1]) / 2 AS m FROM (
              SELECT k, s, list_filter(range(1, len(s)), i -> s[i + 1] - s[i] > ${literal(q.gap!)})[1] AS j
              FROM (SELECT k, list_sort(ts${i}) AS s FROM agg WHERE len(ts${i}) > 1)
            ) WHERE j IS NOT NULL`
          : ''
      }
    ), span GROUP BY k, ${bucket('m')}`;
  const gaps = q.gap === undefined ? '' : ' UNION ALL ' + q.ys.map((_, i) => gapOf(i)).join(' UNION ALL ');
  // Bucket width in x units; a range of one x value is one bucket.
  return `
    WITH src AS (SELECT ${q.x} AS t, ${q.key} AS k, ${yCols} ${q.scope}),
    span AS (SELECT CAST(${lo} AS DOUBLE) AS lo, CAST(${hi} AS DOUBLE) AS hi, count(*) AS n FROM src),
    everything AS (${q.allScope === null ? 'SELECT n AS total FROM span' : `SELECT count(*) AS total ${q.allScope}`}),
    bucketed AS (SELECT src.*, ${bucket('t')} AS b FROM src, span),
    agg AS (SELECT k, b, ${aggregates} FROM bucketed GROUP BY k, b),
    points AS (
      SELECT DISTINCT k, col, t, v FROM (
        SELECT * FROM (${points}) WHERE t IS NOT NULL AND v IS NOT NULL${gaps}
      )
    )
    SELECT k, col, list(t ORDER BY t, v) AS xs, list(v ORDER BY t, v) AS ys, NULL AS n, NULL AS total, NULL AS lo, NULL AS hi
    FROM points GROUP BY k, col
    UNION ALL SELECT NULL, NULL, NULL, NULL, CAST(n AS DOUBLE), CAST(total AS DOUBLE), lo, hi FROM span, everything
    ORDER BY col NULLS FIRST, k NULLS LAST`;
}
