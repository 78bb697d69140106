import type { DuckDBValue } from '@duckdb/node-api';
import { fail, ok } from '../../../shared/index.js';
import type { ParsedInput, Result, SeriesData, TableColumn } from '../../../shared/index.js';
import { isNumeric, isTemporal } from './columns.js';
import { quoteIdent, rowObjects } from './sql.js';
import { WorkspaceInputError, columnNamed, pullTable, readFailure } from './table.js';
import { MAX_GRID_BITS, gridBits, literal, m4Sql } from './m4Sql.js';
import type { M4Query } from './m4Sql.js';
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

/**
 * How a column is an x axis: `t` the SQL of a row's x in x units (BIGINT microseconds for time, DOUBLE for a number)
 * and `of` the same of any expression of the column's type, `scale` x units per answered unit (epoch seconds for
 * time), `bound` the SQL comparing the column itself with an answered x (so DuckDB skips row groups outside a zoomed
 * range by their min and max).
 */
interface XAxis {
  t: string;
  of: (expr: string) => string;
  scale: number;
  bound: (op: '>=' | '<=', x: number) => string;
}

/** The {@link XAxis} of `column`. @throws WorkspaceInputError when the column cannot be an x axis. */
function xAxis(column: TableColumn): XAxis {
  const c = quoteIdent(column.name);
  const axis = (of: (e: string) => string, scale: number, bound: XAxis['bound']): XAxis => ({ t: of(c), of, scale, bound });
  if (column.type === 'TIMESTAMPTZ')
    return axis(
      (e) => `epoch_us(${e})`,
      1e6,
      (op, x) => `${c} ${op} to_timestamp(${literal(x)})`,
    );
  if (column.type === 'TIMESTAMP')
    return axis(
      (e) => `epoch_us(${e})`,
      1e6,
      (op, x) => `${c} ${op} make_timestamp(CAST(${literal(x * 1e6)} AS BIGINT))`,
    );
  if (isTemporal(column.type)) {
    const of = (e: string) => `epoch_us(CAST(${e} AS TIMESTAMP))`;
    return axis(of, 1e6, (op, x) => `${of(c)} ${op} ${literal(x * 1e6)}`);
  }
  if (isNumeric(column.type)) {
    const of = (e: string) => `CAST(${e} AS DOUBLE)`;
    return axis(of, 1, (op, x) => `${of(c)} ${op} ${literal(x)}`);
  }
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
        const xColumn = columnNamed(columns, options.x, 'x column');
        const axis = xAxis(xColumn);
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

        // The rows in view and range; each statement binds the view's values again, in its own text order.
        const conditions = [`${quoteIdent(xColumn.name)} IS NOT NULL`];
        // from/to are checked finite numbers, written as SQL literals so placeholders stay in text order.
        if (options.from !== undefined) conditions.push(axis.bound('>=', options.from));
        if (options.to !== undefined) conditions.push(axis.bound('<=', options.to));
        const inView = async (params: DuckDBValue[]) => {
          const where = await viewWhere(conn, from, columns, options, params);
          return `FROM ${from} ${where ? `${where} AND` : 'WHERE'} ${conditions.join(' AND ')}`;
        };

        const params: DuckDBValue[] = [];
        const scope = await inView(params);
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

        // The bucketed range is the chosen series' (a line picked alone fills the plot), and with chosen series the
        // rows of every series are counted: both in one statement before the downsample. Unfiltered, DuckDB answers it
        // from the column's statistics without reading the rows.
        let lo = options.from === undefined ? null : options.from * axis.scale;
        let hi = options.to === undefined ? null : options.to * axis.scale;
        let total: number | null = null;
        if (lo === null || hi === null || keyFilter) {
          const spanParams: DuckDBValue[] = [];
          const c = quoteIdent(xColumn.name);
          // With chosen series, each row says whether it is one of theirs: the range is theirs, the count everyone's.
          const sql =
            keys === undefined
              ? `SELECT ${axis.of(`min(${c})`)} AS lo, ${axis.of(`max(${c})`)} AS hi, CAST(count(*) AS DOUBLE) AS n ${await inView(spanParams)}`
              : `SELECT ${axis.of(`min(${c}) FILTER (WHERE __chosen)`)} AS lo, ${axis.of(`max(${c}) FILTER (WHERE __chosen)`)} AS hi,
                   CAST(count(*) AS DOUBLE) AS n
                 FROM (SELECT ${c}, ${key} IN (${keys.map((k) => push(spanParams, k)).join(', ') || 'NULL'}) AS __chosen
                       ${await inView(spanParams)})`;
          const [span] = await rowObjects(conn, sql, spanParams);
          total = Number(span?.n ?? 0);
          if (total === 0 || span?.lo === null || span?.hi === null)
            return { ...data, totalRows: total, xMin: options.from ?? null, xMax: options.to ?? null };
          lo ??= Number(span!.lo);
          hi ??= Number(span!.hi);
        }
        const gap = options.gapSeconds === undefined ? undefined : options.gapSeconds * axis.scale;
        // Buckets no wider than the gap (zoomed in) hold no break between two of their own rows.
        const wide = gap !== undefined && (hi - lo) / options.pixels > gap;
        const query: M4Query = {
          t: axis.t,
          key,
          ys,
          scope: `${scope} ${keyFilter}`,
          pixels: options.pixels,
          lo,
          hi,
          gap,
          wide,
          scale: axis.scale,
        };
        query.gridStep =
          wide && axis.scale !== 1 ? gridStepFor(query, keys?.length ?? (options.seriesBy ? MAX_SERIES : 1)) : undefined;
        let reader = await conn.runAndReadAll(m4Sql(query), params);
        const summary = reader.getRowObjectsJson().find((row) => row.col === null);
        // Rows off the grid (or two on one step): the window over the rows finds the breaks instead.
        if (query.gridStep !== undefined && summary?.ok === false) {
          reader = await conn.runAndReadAll(m4Sql({ ...query, gridStep: undefined }), params);
        }
        for (const row of reader.getRowObjectsJson()) {
          if (row.col === null) {
            data.rows = Number(row.n ?? 0);
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
        data.totalRows = keyFilter ? (total ?? 0) : data.rows;
        data.xMin = lo / axis.scale;
        data.xMax = hi / axis.scale;
        return data;
      }, signal),
    );
  } catch (error) {
    return readFailure(`read the series of pull ${pullId}`, error);
  }
}

/**
 * The grid step (x units) to look for breaks on without sorting (m4Sql.ts), or undefined when the bitmaps of `series`
 * lines would pass {@link MAX_GRID_BITS}. The chart asks for breaks at 1.5 × the data's step, so gap / 1.5 is most often
 * that step; any step gives the same answer, a wrong one only costs the statement again with the window.
 */
function gridStepFor(q: M4Query, series: number): number | undefined {
  const step = Math.floor(q.gap! / 1.5);
  if (step < 1 || series * q.pixels * gridBits(q, step) > MAX_GRID_BITS) return undefined;
  return step;
}

/** Pushes a bound value and answers its placeholder. */
function push(params: DuckDBValue[], value: DuckDBValue): string {
  params.push(value);
  return '?';
}
