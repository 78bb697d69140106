import { DatasetUpdatesResponse, fail, ok } from '../../../shared/index.js';
import type { DatasetUpdate, DatasetWithTimezone, PullChanges, PullRecord, Result } from '../../../shared/index.js';
import type { V1Proxy } from '../v1/proxy.js';
import { rowObjects } from './sql.js';
import type { Workspace } from './workspace.js';

/**
 * Whether a pull's dataset changed since (docs/workspace.md#refresh-and-provenance), from `GET /dataset-updates/{id}`:
 * one request per dataset and profile at most every {@link CHECK_TTL_MS} (every pull of the dataset shares it), so
 * reopening pulls never adds a request storm. Records are compared by `time_utc` with the pull's start (or its last
 * refresh's): the pull itself sends no extra request, and its records "up to then" are kept on the first check.
 */

/** How long one dataset's update records answer checks before /v1 is asked again (10 minutes). */
export const CHECK_TTL_MS = 10 * 60_000;
/** Records read per check, newest first; more than that means `truncated`. */
export const CHECK_RECORDS = 100;
/** Records kept with a pull's provenance and with each refresh, newest first. */
export const KEPT_RECORDS = 20;

/** One dataset's records as /v1 answered them, newest first, and when. */
export interface UpdateRecords {
  records: DatasetUpdate[];
  truncated: boolean;
  checkedAt: number;
}

/** The update records per profile and dataset, cached; `now` is the clock of the cache (tests). */
export class UpdateChecks {
  private readonly cache = new Map<string, UpdateRecords>();

  constructor(
    private readonly proxy: V1Proxy,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The records of `datasetId` on `ws`'s profile: from the cache when younger than `maxAgeMs` and read after `since`
   * (ISO; an answer older than the pull's state cannot tell what came after it), else one request.
   * @returns the proxy's error (e.g. `rate_limited`, `network`) when /v1 could not answer.
   */
  async records(
    ws: Workspace,
    datasetId: string,
    options: { since?: string; maxAgeMs?: number; signal?: AbortSignal } = {},
  ): Promise<Result<UpdateRecords>> {
    const { since, maxAgeMs = CHECK_TTL_MS, signal } = options;
    const key = `${ws.profile}\n${datasetId}`;
    const cached = this.cache.get(key);
    const after = since === undefined ? Number.NEGATIVE_INFINITY : Date.parse(since);
    if (cached && this.now() - cached.checkedAt < maxAgeMs && cached.checkedAt > after) return ok(cached);
    const r = await this.proxy.get(
      `/dataset-updates/${encodeURIComponent(datasetId)}`,
      { order: 'desc', limit: CHECK_RECORDS },
      DatasetUpdatesResponse,
      { profile: ws.profile, cache: false, ...(signal ? { signal } : {}) },
    );
    if (!r.ok) return r;
    const answer = { records: r.value.data, truncated: r.value.data.length >= CHECK_RECORDS, checkedAt: this.now() };
    this.cache.set(key, answer);
    return ok(answer);
  }
}

/** The time a pull's dataset state is from: its last complete refresh's start, else the pull's own start. */
export function stateTime(record: PullRecord): string {
  const refreshed = record.refreshes.filter((r) => r.state === 'complete').at(-1);
  return refreshed?.startedAt ?? record.startedAt;
}

/** The records after `since` (newest first, as given) and those up to it. */
export function splitRecords(
  records: readonly DatasetUpdate[],
  since: string,
): { after: DatasetUpdate[]; upTo: DatasetUpdate[] } {
  const at = Date.parse(since);
  const after = records.filter((r) => Date.parse(r.time_utc) > at);
  return { after, upTo: records.filter((r) => !after.includes(r)) };
}

/** What changed since `record`'s state, from `answer`; `truncated` only when every record read is newer. */
export function changesOf(record: PullRecord, answer: UpdateRecords): PullChanges {
  const since = stateTime(record);
  const { after } = splitRecords(answer.records, since);
  return {
    pullId: record.id,
    datasetId: record.datasetId,
    since,
    checkedAt: new Date(answer.checkedAt).toISOString(),
    updates: after,
    newRows: after.filter((u) => !u.is_backfill).reduce((n, u) => n + u.num_rows_inserted, 0),
    backfills: after.filter((u) => u.is_backfill).length,
    truncated: answer.truncated && after.length === answer.records.length,
  };
}

/**
 * Writes a dataset pull's provenance as the pull starts: the catalogue entry's `latest_available_time_utc` and
 * `last_checked_time_utc` as the app read them, update records not yet read (null).
 */
export async function recordProvenance(ws: Workspace, pullId: number, dataset: DatasetWithTimezone): Promise<void> {
  const provenance = {
    latestAvailableTimeUtc: dataset.latest_available_time_utc ?? null,
    lastCheckedTimeUtc: dataset.last_checked_time_utc ?? null,
    updates: null,
  };
  await ws.write((conn) => conn.run('UPDATE pulls SET provenance = $2 WHERE id = $1', [pullId, JSON.stringify(provenance)]));
}

/** Keeps the records up to the pull's start in its provenance, once (the first check after the pull). */
export async function keepRecordsUpTo(ws: Workspace, record: PullRecord, records: readonly DatasetUpdate[]): Promise<void> {
  if (record.provenance === null || record.provenance.updates !== null) return;
  const upTo = splitRecords(records, record.startedAt).upTo.slice(0, KEPT_RECORDS);
  const provenance = { ...record.provenance, updates: upTo };
  await ws.write((conn) =>
    rowObjects(conn, 'UPDATE pulls SET provenance = $2 WHERE id = $1 RETURNING id', [record.id, JSON.stringify(provenance)]),
  );
}

/** The refusal of a check or refresh of a pull that is not a dataset query. */
export function notRefreshable(record: PullRecord): Result<never> | null {
  if (record.kind === 'binding')
    return fail('validation', `Pull ${record.id} holds binding rows, not a dataset query: run it again on the Binding page.`);
  if (record.kind === 'local')
    return fail('validation', `Pull ${record.id} is a review of downloaded files: it has no /v1 query to refresh.`);
  return null;
}
