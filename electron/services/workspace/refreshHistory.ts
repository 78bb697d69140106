import type { DatasetUpdate, PullKind, PullProvenance, PullRecord, PullRefresh, RefreshRange } from '../../../shared/index.js';
import { isoMillis, rowObjects } from './sql.js';
import type { Workspace } from './workspace.js';

/**
 * A pull's provenance and refreshes as stored (docs/workspace.md#refresh-and-provenance): `pulls.provenance` JSON and
 * the `pull_refreshes` rows, read back into the bridge's `PullProvenance` and `PullRefresh`.
 */

const parse = (json: unknown): unknown => {
  if (typeof json !== 'string') return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    // Written only by this code; a damaged value must not hide the pull from the history.
    return null;
  }
};

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const updatesOf = (v: unknown): DatasetUpdate[] => (Array.isArray(v) ? (v as DatasetUpdate[]) : []);

/** A query pull's `provenance` JSON (null for the other kinds, for pulls made before it was kept, or damaged). */
export function provenanceOf(kind: PullKind, json: unknown): PullProvenance | null {
  const p = parse(json) as Partial<PullProvenance> | null;
  if (kind !== 'query' || p === null || typeof p !== 'object') return null;
  return {
    latestAvailableTimeUtc: text(p.latestAvailableTimeUtc),
    lastCheckedTimeUtc: text(p.lastCheckedTimeUtc),
    updates: p.updates === null || p.updates === undefined ? null : updatesOf(p.updates),
  };
}

const REFRESH_COLUMNS = `id, pull_id, ${isoMillis('started_at')} AS started_at, ${isoMillis('ended_at')} AS ended_at, state,
  CAST(rows_added AS DOUBLE) AS rows_added, CAST(rows_replaced AS DOUBLE) AS rows_replaced,
  CAST(rows_charged AS DOUBLE) AS rows_charged, CAST(ranges AS VARCHAR) AS ranges, CAST(updates AS VARCHAR) AS updates, error`;

function refreshOf(r: Record<string, unknown>): PullRefresh {
  const ranges = parse(r.ranges);
  return {
    id: Number(r.id),
    pullId: Number(r.pull_id),
    startedAt: String(r.started_at),
    endedAt: String(r.ended_at),
    state: r.state as PullRefresh['state'],
    rowsAdded: Number(r.rows_added),
    rowsReplaced: Number(r.rows_replaced),
    rowsCharged: Number(r.rows_charged),
    ranges: Array.isArray(ranges) ? (ranges as RefreshRange[]) : [],
    updates: updatesOf(parse(r.updates)),
    error: text(r.error),
  };
}

/** The records with their refreshes filled in, oldest refresh first; one read for all of them. */
export async function withRefreshes(ws: Workspace, records: PullRecord[]): Promise<PullRecord[]> {
  if (records.length === 0) return records;
  const ids = records.map((r) => r.id);
  const rows = await ws.read((conn) =>
    rowObjects(
      conn,
      `SELECT ${REFRESH_COLUMNS} FROM pull_refreshes WHERE list_contains($1::INTEGER[], pull_id) ORDER BY started_at, id`,
      [`[${ids.join(',')}]`],
    ),
  );
  const byPull = new Map<number, PullRefresh[]>();
  for (const row of rows) {
    const refresh = refreshOf(row);
    byPull.set(refresh.pullId, [...(byPull.get(refresh.pullId) ?? []), refresh]);
  }
  return records.map((r) => ({ ...r, refreshes: byPull.get(r.id) ?? [] }));
}
