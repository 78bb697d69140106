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
}

/** A finite number as a SQL DOUBLE literal. */
export const literal = (n: number): string => `CAST(${String(n)} AS DOUBLE)`;

/**
 * The statement. Rows: per key and y column (`col`), the points `xs` (ascending) and `ys` (NULL marks a break), and
 * one summary row (`col` NULL) with `n`, the drawn rows. Breaks: with `gap`, per series, bucket and y column the first
 * midpoint between consecutive rows with that y further apart than `gap`. When buckets can be wider than `gap`, a
 * window over the rows finds them (`lag … IGNORE NULLS`, one sort by key and x); zoomed in to narrower buckets, no
 * break can fall inside one, so each bucket's first point and the last point before it tell them, over the buckets.
 */
export function m4Sql(q: M4Query): string {
  const span = q.hi - q.lo;
  const bucket = (t: string) =>
    span > 0
      ? `CAST(least(greatest(floor((${t} - ${literal(q.lo)}) / ${literal(span)} * ${q.pixels}), 0), ${q.pixels - 1}) AS INTEGER)`
      : '0';
  const out = (t: string) => (q.scale === 1 ? `CAST(${t} AS DOUBLE)` : `${t} / ${literal(q.scale)}`);
  const rowGaps = q.gap !== undefined && q.wide;
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
        : '';
      return `${breaks}min(t) ${has} AS tf${i}, arg_min(y${i}, t) ${has} AS vf${i}, max(t) ${has} AS tl${i}, arg_max(y${i}, t) ${has} AS vl${i},
        arg_min(t, y${i}) AS tn${i}, min(y${i}) AS vn${i}, arg_max(t, y${i}) AS tx${i}, max(y${i}) AS vx${i}`;
    })
    .join(',\n');
  const points = q.ys
    .map(
      (_, i) =>
        `SELECT k, ${i} AS col, unnest([tf${i}, tn${i}, tx${i}, tl${i}]) AS t, unnest([vf${i}, vn${i}, vx${i}, vl${i}]) AS v FROM agg`,
    )
    .join(' UNION ALL ');
  const gapOf = (i: number) =>
    rowGaps
      ? `SELECT k, ${i} AS col, min(m) AS t, CAST(NULL AS DOUBLE) AS v
         FROM (SELECT k, unnest(g${i}) AS m FROM agg WHERE len(g${i}) > 0) GROUP BY k, ${bucket('m')}`
      : `SELECT k, ${i} AS col, min(m) AS t, CAST(NULL AS DOUBLE) AS v FROM (
           SELECT k, (p + t) / 2 AS m FROM (
             SELECT k, tf${i} AS t, lag(tl${i}) OVER (PARTITION BY k ORDER BY b) AS p FROM agg WHERE tf${i} IS NOT NULL
           ) WHERE t - p > ${literal(q.gap!)}
         ) GROUP BY k, ${bucket('m')}`;
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
    SELECT k, col, list(${out('t')} ORDER BY t, v) AS xs, list(v ORDER BY t, v) AS ys, NULL AS n
    FROM points GROUP BY k, col
    UNION ALL SELECT NULL, NULL, NULL, NULL, CAST(coalesce(sum(n), 0) AS DOUBLE) FROM agg
    ORDER BY col NULLS FIRST, k NULLS LAST`;
}
