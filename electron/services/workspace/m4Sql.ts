/**
 * The chart's downsample statement (M4, docs/workspace.md#charts): per series key and pixel bucket, the first, lowest,
 * highest and last point of each y column, listed by x, plus the breaks of a line. One pass over the rows in one hash
 * aggregate: the x range is known before (a literal, read from the column's statistics when nothing filters the rows),
 * so no row is materialized, and time is bucketed as whole microseconds (`epoch_us`), cheaper than epoch seconds.
 */

/** Inputs of {@link m4Sql}; SQL fragments are already quoted, values bound by the caller in text order. */
export interface M4Query {
  /** The x value per row: BIGINT microseconds for time, DOUBLE for a number column. */
  t: string;
  /** The series key per row (VARCHAR, NULL without a series column). */
  key: string;
  /** One SQL expression per y column: a finite DOUBLE or NULL. */
  ys: string[];
  /** `FROM … WHERE …` of the drawn rows. */
  scope: string;
  pixels: number;
  /** The bucketed range in x units (microseconds for time); `lo` = `hi` is one bucket. */
  lo: number;
  hi: number;
  /** Break a line between consecutive rows more than this many x units apart. */
  gap?: number | undefined;
  /** Buckets may be wider than `gap`, so a break can fall between two rows of one bucket. */
  wide: boolean;
  /** x units per answered unit (1e6 for time: the answer is in epoch seconds). */
  scale: number;
  /**
   * Find breaks inside wide buckets on a grid of this many x units (a whole number) instead of a window over the rows:
   * see {@link m4Sql}. The summary row's `ok` says whether every bucket's rows were on the grid.
   */
  gridStep?: number | undefined;
}

/** Grid positions one bucket's bitmap may hold: past this, breaks are found by the window over the rows. */
export const MAX_GRID_BITS = 50_000_000;

/** Bits of one bucket's grid bitmap: its width in steps, plus two steps' margin each side for rounding at its edges. */
export const gridBits = (q: Pick<M4Query, 'lo' | 'hi' | 'pixels'>, step: number): number =>
  Math.ceil((q.hi - q.lo) / q.pixels / step) + 4;

/** A finite number as a SQL DOUBLE literal. */
export const literal = (n: number): string => `CAST(${String(n)} AS DOUBLE)`;

/**
 * The statement. Rows: per key and y column (`col`), the points `xs` (ascending) and `ys` (NULL marks a break), and
 * one summary row (`col` NULL) with `n`, the drawn rows, and `ok`. Breaks: with `gap`, per series, bucket and y column
 * the first midpoint between consecutive rows with that y further apart than `gap`. Between buckets, each bucket's
 * first point and the last point before it tell them (a window over the buckets). Inside a bucket wider than `gap`:
 * - with `gridStep` s, each bucket sets one bit per row at its x // s. When every row of the bucket has the same
 *   x % s and no two share a bit, consecutive rows are consecutive set bits, and a run of at least ⌊gap / s⌋ zeros
 *   between two of them is a break (a regular expression over the bits): no sort. Otherwise `ok` is false and the
 *   caller asks again without `gridStep`;
 * - without, a window over the rows (`lag … IGNORE NULLS`, one sort by key and x) finds them.
 */
export function m4Sql(q: M4Query): string {
  const span = q.hi - q.lo;
  const bucket = (t: string) =>
    span > 0
      ? `CAST(least(greatest(floor((${t} - ${literal(q.lo)}) / ${literal(span)} * ${q.pixels}), 0), ${q.pixels - 1}) AS INTEGER)`
      : '0';
  const out = (t: string) => (q.scale === 1 ? `CAST(${t} AS DOUBLE)` : `${t} / ${literal(q.scale)}`);
  const rowGaps = q.gap !== undefined && q.wide && q.gridStep === undefined;
  const grid = q.gap !== undefined && q.wide && q.gridStep !== undefined ? q.gridStep : null;
  const width = span / q.pixels;
  // Grid positions count from an origin below every row (a whole number of steps below lo), so that DuckDB's `//` and
  // `%`, which round toward zero, never see a negative x. `base`: the position a bucket's bit 0 stands for, less the margin.
  const origin = grid === null ? 0 : (Math.floor(q.lo / grid) - 4) * grid;
  const u = `(t - ${origin})`;
  const base = `CAST(floor((${literal(q.lo - origin)} + b * ${literal(width)}) / ${grid}) AS BIGINT) - 2`;
  const yCols = q.ys.map((y, i) => `${y} AS y${i}`).join(', ');
  const lags = rowGaps
    ? ', ' +
      q.ys
        .map((_, i) => `t - lag(CASE WHEN y${i} IS NOT NULL THEN t END IGNORE NULLS) OVER (PARTITION BY k ORDER BY t) AS d${i}`)
        .join(', ')
    : '';
  const aggregates = q.ys
    .map((_, i) => {
      const has = `FILTER (WHERE y${i} IS NOT NULL)`;
      const breaks = rowGaps
        ? `list(t - d${i} / 2) FILTER (WHERE y${i} IS NOT NULL AND d${i} > ${literal(q.gap!)}) AS g${i}, `
        : grid !== null
          ? `count(y${i}) AS ny${i}, min(${u} % ${grid}) ${has} AS r${i}, max(${u} % ${grid}) ${has} AS rx${i},
             bitstring_agg(CAST(${u} // ${grid} - (${base}) AS INTEGER), 0, ${gridBits(q, grid) - 1}) ${has} AS bits${i}, `
          : '';
      return `${breaks}min(t) ${has} AS tf${i}, arg_min(y${i}, t) ${has} AS vf${i}, max(t) ${has} AS tl${i}, arg_max(y${i}, t) ${has} AS vl${i},
        arg_min(t, y${i}) AS tn${i}, min(y${i}) AS vn${i}, arg_max(t, y${i}) AS tx${i}, max(y${i}) AS vx${i}`;
    })
    .join(',\n');
  const ok =
    grid === null ? 'true' : q.ys.map((_, i) => `coalesce(ny${i} = bit_count(bits${i}) AND r${i} = rx${i}, true)`).join(' AND ');
  const points = q.ys
    .map(
      (_, i) =>
        `SELECT k, ${i} AS col, unnest([tf${i}, tn${i}, tx${i}, tl${i}]) AS t, unnest([vf${i}, vn${i}, vx${i}, vl${i}]) AS v FROM agg`,
    )
    .join(' UNION ALL ');
  const between = (i: number) => `
    SELECT k, (p + t) / 2 AS m FROM (
      SELECT k, tf${i} AS t, lag(tl${i}) OVER (PARTITION BY k ORDER BY b) AS p FROM agg WHERE tf${i} IS NOT NULL
    ) WHERE t - p > ${literal(q.gap!)}`;
  // Bit a of the first row before a run of zeros long enough, bit c of the row after it: t = origin + (bit + base) · s + r.
  const zeros = grid === null ? 0 : Math.floor(q.gap! / grid);
  const inside = (i: number) => `
    SELECT k, ${origin} + ((base + len(a) - 1) * ${grid} + r + (base + len(c)) * ${grid} + r) / 2 AS m FROM (
      SELECT k, r${i} AS r, ${base} AS base, CAST(bits${i} AS VARCHAR) AS s,
        regexp_extract(s, '^(.*?1)0{${zeros},}1', 1) AS a, regexp_extract(s, '^(.*?10{${zeros},})1', 1) AS c
      FROM agg WHERE ny${i} > 1
    ) WHERE a <> ''`;
  const gapOf = (i: number) =>
    rowGaps
      ? `SELECT k, ${i} AS col, min(m) AS t, CAST(NULL AS DOUBLE) AS v
         FROM (SELECT k, unnest(g${i}) AS m FROM agg WHERE len(g${i}) > 0) GROUP BY k, ${bucket('m')}`
      : `SELECT k, ${i} AS col, min(m) AS t, CAST(NULL AS DOUBLE) AS v
         FROM (${between(i)}${grid === null ? '' : ` UNION ALL ${inside(i)}`}) GROUP BY k, ${bucket('m')}`;
  const gaps = q.gap === undefined ? '' : ' UNION ALL ' + q.ys.map((_, i) => gapOf(i)).join(' UNION ALL ');
  return `
    WITH agg AS (
      SELECT k, b, count(*) AS n, ${aggregates}
      FROM (SELECT *, ${bucket('t')} AS b${lags} FROM (SELECT ${q.t} AS t, ${q.key} AS k, ${yCols} ${q.scope}))
      GROUP BY k, b
    ),
    points AS (
      SELECT DISTINCT k, col, t, v FROM (
        SELECT * FROM (${points}) WHERE t IS NOT NULL AND v IS NOT NULL${gaps}
      )
    )
    SELECT k, col, list(${out('t')} ORDER BY t, v) AS xs, list(v ORDER BY t, v) AS ys, NULL AS n, NULL AS ok
    FROM points GROUP BY k, col
    UNION ALL SELECT NULL, NULL, NULL, NULL, CAST(coalesce(sum(n), 0) AS DOUBLE), coalesce(bool_and(${ok}), true) FROM agg
    ORDER BY col NULLS FIRST, k NULLS LAST`;
}
