import { rm } from 'node:fs/promises';
import { PULL_KINDS, fail, ok } from '../../../shared/index.js';
import type {
  BindingPull,
  LocalPull,
  LocalSource,
  PullKind,
  PullQuery,
  PullRecord,
  PullState,
  Result,
  SavedQuery,
} from '../../../shared/index.js';
import { partsDir } from './localSource.js';
import { provenanceOf, withRefreshes } from './refreshHistory.js';
import { isoMillis, quoteIdent, rowObjects } from './sql.js';
import { parseColumns, readFailure } from './table.js';
import type { Workspace } from './workspace.js';

const SOURCES: readonly LocalSource[] = ['files', 'parquet', 'table', 'none'];

/**
 * Query history and saved queries. Every pull is in the history (dataset, parameters, profile,
 * times, rows, rows charged, state) until the user deletes it, which drops its rows too. A saved
 * query is a name for a dataset and parameters, run again as a new pull. Both live in the
 * workspace file, so they survive a restart. Records are the bridge's `PullRecord` (times ISO 8601 UTC
 * with milliseconds; no live `progress`: the workspace service adds it; `kind` tells a dataset query from binding
 * rows and from a local review of downloaded files) and `SavedQuery`.
 */

/** Longest name of a saved query. */
export const MAX_QUERY_NAME = 200;

const PULL_COLUMNS = `id, dataset_id, CAST(params AS VARCHAR) AS params, profile, ${isoMillis('started_at')} AS started_at,
  ${isoMillis('ended_at')} AS ended_at, state, CAST(rows AS DOUBLE) AS rows, pages, CAST(rows_charged AS DOUBLE) AS rows_charged,
  error, CAST(columns AS VARCHAR) AS columns, coalesce(kind, 'query') AS kind, CAST(binding AS VARCHAR) AS binding,
  CAST(local AS VARCHAR) AS local, CAST(provenance AS VARCHAR) AS provenance`;
const SAVED_COLUMNS = `id, name, dataset_id, CAST(params AS VARCHAR) AS params, ${isoMillis('created_at')} AS created_at`;

/** A binding pull's `binding` JSON; a binding pull whose JSON is missing or damaged reads as no threshold, not cut. */
function bindingOf(kind: PullKind, json: unknown): BindingPull | null {
  if (kind !== 'binding') return null;
  let parsed: Partial<BindingPull> = {};
  try {
    parsed = typeof json === 'string' ? (JSON.parse(json) as Partial<BindingPull>) : {};
  } catch {
    // Written only by this code; a damaged value must not hide the pull from the history.
  }
  const threshold = parsed?.priceThreshold;
  return {
    priceThreshold: typeof threshold === 'number' && Number.isFinite(threshold) ? threshold : null,
    limitReached: parsed?.limitReached === true,
  };
}

/**
 * A local review's `local` JSON (docs/workspace.md#local-review-pulls); a local pull whose JSON is missing or damaged
 * reads as no days, no files, no folder rather than hiding the pull.
 */
function localOf(kind: PullKind, json: unknown): LocalPull | null {
  if (kind !== 'local') return null;
  let parsed: Partial<LocalPull> = {};
  try {
    parsed = typeof json === 'string' ? ((JSON.parse(json) as Partial<LocalPull> | null) ?? {}) : {};
  } catch {
    // Written only by this code, as for `binding`.
  }
  const count = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) ? n : 0);
  return {
    dates: Array.isArray(parsed.dates) ? parsed.dates.filter((d): d is string => typeof d === 'string') : [],
    files: count(parsed.files),
    bytes: count(parsed.bytes),
    folder: typeof parsed.folder === 'string' ? parsed.folder : '',
    // The paths and parts stay in main; the page needs only where the rows come from.
    source: SOURCES.includes(parsed.source as LocalSource) ? (parsed.source as LocalSource) : 'table',
  };
}

function pullRecord(r: Record<string, unknown>): PullRecord {
  const kind: PullKind = PULL_KINDS.find((k) => k === r.kind) ?? 'query';
  return {
    id: Number(r.id),
    kind,
    datasetId: String(r.dataset_id),
    params: JSON.parse(String(r.params)) as PullQuery,
    binding: bindingOf(kind, r.binding),
    local: localOf(kind, r.local),
    profile: String(r.profile),
    startedAt: String(r.started_at),
    endedAt: r.ended_at === null ? null : String(r.ended_at),
    state: r.state as PullState,
    complete: r.state === 'complete',
    rows: Number(r.rows),
    pages: Number(r.pages),
    rowsCharged: Number(r.rows_charged),
    error: r.error === null ? null : String(r.error),
    columns: parseColumns(r.columns),
    provenance: provenanceOf(kind, r.provenance),
    refreshes: [],
  };
}

function savedQuery(r: Record<string, unknown>): SavedQuery {
  return {
    id: Number(r.id),
    name: String(r.name),
    datasetId: String(r.dataset_id),
    params: JSON.parse(String(r.params)) as PullQuery,
    createdAt: String(r.created_at),
  };
}

const isId = (id: unknown): id is number => Number.isSafeInteger(id) && (id as number) >= 1;

/** Pulls, newest first; `datasetId` narrows to one dataset; `limit` 1–1,000 (default 200). */
export async function listPulls(
  ws: Workspace,
  options: { datasetId?: string; limit?: number; offset?: number } = {},
): Promise<Result<PullRecord[]>> {
  const limit = options.limit ?? 200;
  const offset = options.offset ?? 0;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > 1000)
    return fail('validation', 'limit: a whole number from 1 to 1000');
  if (!Number.isSafeInteger(offset) || offset < 0) return fail('validation', 'offset: a whole number from 0');
  try {
    const where = options.datasetId === undefined ? '' : 'WHERE dataset_id = $1';
    const rows = await ws.read((conn) =>
      rowObjects(
        conn,
        `SELECT ${PULL_COLUMNS} FROM pulls ${where} ORDER BY started_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
        options.datasetId === undefined ? [] : [options.datasetId],
      ),
    );
    return ok(await withRefreshes(ws, rows.map(pullRecord)));
  } catch (error) {
    return readFailure('list the pulls', error);
  }
}

/** One pull. @returns `not_found` when there is none with that id. */
export async function getPull(ws: Workspace, id: number): Promise<Result<PullRecord>> {
  if (!isId(id)) return fail('validation', 'id: a pull id');
  try {
    const rows = await ws.read((conn) => rowObjects(conn, `SELECT ${PULL_COLUMNS} FROM pulls WHERE id = $1`, [id]));
    if (!rows[0]) return fail('not_found', `There is no pull ${id} in this workspace.`);
    const [record] = await withRefreshes(ws, [pullRecord(rows[0])]);
    return ok(record!);
  } catch (error) {
    return readFailure(`read pull ${id}`, error);
  }
}

/**
 * Deletes a pull and its rows. A pull running in this process is cancelled first.
 * @returns `not_found` when there is none with that id.
 */
export async function deletePull(ws: Workspace, id: number): Promise<Result<{ id: number }>> {
  if (!isId(id)) return fail('validation', 'id: a pull id');
  try {
    await ws.cancel(id);
    const deleted = await ws.transaction(async (conn) => {
      const rows = await rowObjects(conn, 'DELETE FROM pulls WHERE id = $1 RETURNING table_name', [id]);
      if (!rows[0]) return false;
      await conn.run('DELETE FROM pull_refreshes WHERE pull_id = $1', [id]);
      await conn.run(`DROP TABLE IF EXISTS ${quoteIdent(String(rows[0].table_name))}`);
      return true;
    });
    // A local review's Parquet copy goes with it (a query pull has no such folder: nothing to remove).
    if (deleted) await rm(partsDir(ws.path, ws.profile, id), { recursive: true, force: true });
    return deleted ? ok({ id }) : fail('not_found', `There is no pull ${id} in this workspace.`);
  } catch (error) {
    return readFailure(`delete pull ${id}`, error);
  }
}

/** A trimmed name of 1–{@link MAX_QUERY_NAME} characters, or null. */
function cleanName(name: unknown): string | null {
  if (typeof name !== 'string') return null;
  const trimmed = name.trim();
  return trimmed.length >= 1 && trimmed.length <= MAX_QUERY_NAME ? trimmed : null;
}

/** Saves `params` of dataset `params.datasetId` under `name` (names need not be unique). */
export async function saveQuery(ws: Workspace, input: { name: string; params: PullQuery }): Promise<Result<SavedQuery>> {
  const name = cleanName(input?.name);
  if (name === null) return fail('validation', `name: 1 to ${MAX_QUERY_NAME} characters`);
  const datasetId = input.params?.datasetId;
  if (typeof datasetId !== 'string' || datasetId === '') return fail('validation', 'params.datasetId: a dataset id');
  try {
    const rows = await ws.write((conn) =>
      rowObjects(conn, `INSERT INTO saved_queries (name, dataset_id, params) VALUES ($1, $2, $3) RETURNING ${SAVED_COLUMNS}`, [
        name,
        datasetId,
        JSON.stringify(input.params),
      ]),
    );
    return ok(savedQuery(rows[0]!));
  } catch (error) {
    return readFailure('save the query', error);
  }
}

/** Renames saved query `id`. @returns `not_found` when there is none. */
export async function renameSavedQuery(ws: Workspace, id: number, name: string): Promise<Result<SavedQuery>> {
  if (!isId(id)) return fail('validation', 'id: a saved query id');
  const clean = cleanName(name);
  if (clean === null) return fail('validation', `name: 1 to ${MAX_QUERY_NAME} characters`);
  try {
    const rows = await ws.write((conn) =>
      rowObjects(conn, `UPDATE saved_queries SET name = $2 WHERE id = $1 RETURNING ${SAVED_COLUMNS}`, [id, clean]),
    );
    return rows[0] ? ok(savedQuery(rows[0])) : fail('not_found', `There is no saved query ${id}.`);
  } catch (error) {
    return readFailure(`rename saved query ${id}`, error);
  }
}

/** Deletes saved query `id` (its pulls stay in the history). @returns `not_found` when there is none. */
export async function deleteSavedQuery(ws: Workspace, id: number): Promise<Result<{ id: number }>> {
  if (!isId(id)) return fail('validation', 'id: a saved query id');
  try {
    const rows = await ws.write((conn) => rowObjects(conn, 'DELETE FROM saved_queries WHERE id = $1 RETURNING id', [id]));
    return rows[0] ? ok({ id }) : fail('not_found', `There is no saved query ${id}.`);
  } catch (error) {
    return readFailure(`delete saved query ${id}`, error);
  }
}

/** Saved queries, by name (then newest first). */
export async function listSavedQueries(ws: Workspace): Promise<Result<SavedQuery[]>> {
  try {
    const rows = await ws.read((conn) =>
      rowObjects(conn, `SELECT ${SAVED_COLUMNS} FROM saved_queries ORDER BY lower(name), created_at DESC, id DESC`),
    );
    return ok(rows.map(savedQuery));
  } catch (error) {
    return readFailure('list the saved queries', error);
  }
}
