import { fail, ok } from '../../../shared/index.js';
import type { ColumnValueCounts, Result } from '../../../shared/index.js';
import { quoteIdent, rowObjects } from './sql.js';
import { isNumeric } from './columns.js';
import { WorkspaceInputError, columnNamed, pullTable, readFailure } from './table.js';
import type { Workspace } from './workspace.js';

/** Most values one call answers. */
export const MAX_VALUE_COUNTS = 1000;

/**
 * Distinct values of column `column` of pull `pullId` with their row counts, most frequent first (ties
 * by value, NULL last), at most `limit` (1–{@link MAX_VALUE_COUNTS}, default 100); `truncated` when
 * there are more. With `rankBy` (a number column), ordered by each value's peak |rankBy| instead,
 * largest first (values without a number last), each with its `peak`: the chart's top lines.
 * Values are the column's text (`CAST(… AS VARCHAR)`), the same text the chart's `seriesBy` and
 * `seriesValues` use, so a picked value selects its series. NULL stays `null`.
 * @returns `not_found` for an unknown pull; `validation` for an unknown column, a `rankBy` that is not a number
 * column, or a bad limit; `cancelled` once `signal` aborts.
 */
export async function readValueCounts(
  ws: Workspace,
  pullId: number,
  column: string,
  limit = 100,
  signal?: AbortSignal,
  rankBy?: string,
): Promise<Result<ColumnValueCounts>> {
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_VALUE_COUNTS)
    return fail('validation', `limit: a whole number from 1 to ${MAX_VALUE_COUNTS}`);
  try {
    return ok(
      await ws.read(async (conn) => {
        const { from, columns } = await pullTable(conn, pullId);
        const answer: ColumnValueCounts = { pullId, column, values: [], truncated: false };
        if (columns.length === 0) return answer;
        const c = quoteIdent(columnNamed(columns, column).name);
        let peak = '';
        if (rankBy !== undefined) {
          const ranked = columnNamed(columns, rankBy, 'rankBy column');
          if (!isNumeric(ranked.type)) throw new WorkspaceInputError('validation', `rankBy: ${rankBy} is not a number column.`);
          const r = `CAST(${quoteIdent(ranked.name)} AS DOUBLE)`;
          peak = `, max(abs(CASE WHEN isfinite(${r}) THEN ${r} END)) AS p`;
          answer.rankBy = ranked.name;
        }
        // LIMIT is a checked integer (DuckDB plans a top-N only for constants); one more row tells whether values were left out.
        const rows = await rowObjects(
          conn,
          `SELECT CAST(${c} AS VARCHAR) AS v, CAST(count(*) AS DOUBLE) AS n${peak} FROM ${from}
           GROUP BY 1 ORDER BY ${peak ? 'p DESC NULLS LAST, ' : ''}n DESC, v ASC NULLS LAST LIMIT ${limit + 1}`,
        );
        answer.truncated = rows.length > limit;
        answer.values = rows.slice(0, limit).map((r) => ({
          value: r.v === null ? null : String(r.v),
          count: Number(r.n),
          ...(peak ? { peak: r.p === null ? null : Number(r.p) } : {}),
        }));
        return answer;
      }, signal),
    );
  } catch (error) {
    return readFailure(`count the values of pull ${pullId}`, error);
  }
}
