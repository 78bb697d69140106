import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { CANCELLED_MESSAGE, fail, ok } from '../../../shared/index.js';
import type {
  DatasetUpdate,
  DatasetWithTimezone,
  GsError,
  PullQuery,
  PullRecord,
  PullRefresh,
  PullState,
  Result,
} from '../../../shared/index.js';
import { createLogger } from '../common/logger.js';
import type { ProxyProgress, V1Proxy } from '../v1/proxy.js';
import { systemClock } from '../v1/retry.js';
import { getPull } from './history.js';
import { readCsv, sameColumns } from './load.js';
import { writePageFile } from './pageFile.js';
import { PullStop, messageOf, openPullStream } from './pullJob.js';
import { mergeRows, type MergeCounts } from './refreshMerge.js';
import { describedRange, planRefresh } from './refreshPlan.js';
import type { PlannedRange, RefreshPlan } from './refreshPlan.js';
import { ProgressReporter } from './progress.js';
import type { PullReport } from './progress.js';
import { pageParams } from './request.js';
import type { PageStart } from './request.js';
import { pullTableName, quoteIdent, rowObjects } from './sql.js';
import { KEPT_RECORDS, notRefreshable, splitRecords, stateTime } from './updateChecks.js';
import type { UpdateChecks } from './updateChecks.js';
import type { Workspace } from './workspace.js';

/**
 * **Refresh** of a dataset pull (docs/workspace.md#refresh-and-provenance): the dataset's update records since the
 * pull's state, a plan (refreshPlan.ts), the planned ranges asked again as CSV pages into a staging table, then one
 * transaction merges them into the pull by primary key (refreshMerge.ts) and records the refresh in its history.
 * A failed or cancelled refresh changes no row of the pull; its rows charged are still recorded.
 */

/** What a refresh needs besides the workspace: the proxy, the update checks, the dataset's entry and the plan's paging. */
export interface RefreshDeps {
  proxy: V1Proxy;
  checks: UpdateChecks;
  dataset: DatasetWithTimezone;
  /** Rows per page and least time between requests in ms (the plan's), as a pull pages. */
  pageSize?: number;
  minRequestIntervalMs?: number;
  /**
   * Told after each page (rows fetched and charged, pages, bytes, speed; an ETA from the update records' row counts)
   * and while a request waits to be retried, like a pull's progress; `state` running, then how the refresh ended.
   */
  onProgress?: (progress: PullReport) => void;
  /** Least time between two progress reports that are not forced, in ms (default 200). */
  progressIntervalMs?: number;
}

const log = createLogger('workspace');
/** The update records a refresh acts on are at most this old (the reopen check's answer, when as recent, is reused). */
const FRESH_RECORDS_MS = 60_000;
const header = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);
const isoSecond = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

/** The pull's query narrowed to `range` (absolute UTC bounds; the query's own where the range is open). */
export function rangeQuery(query: PullQuery, range: PlannedRange): PullQuery {
  return {
    ...query,
    ...(range.startMs !== null ? { startTime: isoSecond(range.startMs) } : {}),
    ...(range.endMs !== null ? { endTime: isoSecond(range.endMs) } : {}),
    ...(range.publishFromMs !== null ? { publishTimeStart: isoSecond(range.publishFromMs) } : {}),
  };
}

/** The largest stored value of `column` in epoch ms, or null (no rows, or not a time column). */
async function lastValue(ws: Workspace, record: PullRecord, column: string | null): Promise<number | null> {
  const stored = record.columns.find((c) => c.name === column);
  if (!stored || (stored.type !== 'TIMESTAMPTZ' && stored.type !== 'TIMESTAMP')) return null;
  const rows = await ws.read((conn) =>
    rowObjects(conn, `SELECT epoch_ms(max(${quoteIdent(stored.name)}))::DOUBLE AS v FROM ${pullTableName(record.id)}`),
  );
  const v = rows[0]?.v;
  return v === null || v === undefined ? null : Number(v);
}

/** One refresh in progress: its ranges' pages into `refresh_<pull id>`, then the merge. */
class RefreshRun {
  private charged = 0;
  private pages = 0;
  private bytes = 0;
  private lastRequestAt = Number.NEGATIVE_INFINITY;
  private readonly progress: ProgressReporter;
  readonly staging: string;

  /** `expectedRows`: the rows the update records say changed (the ETA's total); Infinity when unknown. */
  constructor(
    private readonly ws: Workspace,
    private readonly deps: RefreshDeps,
    private readonly record: PullRecord,
    private readonly signal: AbortSignal,
    expectedRows: number,
  ) {
    this.staging = `refresh_${record.id}`;
    this.progress = new ProgressReporter(record.id, deps.onProgress, expectedRows, deps.progressIntervalMs ?? 200);
  }

  get rowsCharged(): number {
    return this.charged;
  }

  /** Reports the figures so far: always when `force`; `state` running until the refresh has ended. */
  report(force: boolean, state: PullState = 'running', request?: ProxyProgress): void {
    const counts = { rows: this.charged, pages: this.pages, bytes: this.bytes, rowsCharged: this.charged };
    this.progress.report(counts, force, state, request);
  }

  /** Pages of `query` into the staging table, one after another, spaced as the plan asks. */
  async fetch(query: PullQuery): Promise<void> {
    let start: PageStart = { cursor: '' };
    for (let n = 1; ; n++) {
      const wait = this.lastRequestAt + (this.deps.minRequestIntervalMs ?? 0) - performance.now();
      if (wait > 0) await systemClock.sleep(wait, this.signal).catch(() => undefined);
      if (this.signal.aborted) throw new PullStop({ code: 'cancelled', message: CANCELLED_MESSAGE });
      this.lastRequestAt = performance.now();
      const path = `/datasets/${encodeURIComponent(query.datasetId)}/query`;
      const { headers, body } = await openPullStream(
        this.ws,
        this.deps.proxy,
        path,
        pageParams(query, start, this.deps.pageSize),
        {
          signal: this.signal,
          onRequestState: (state, changed) => this.report(changed, 'running', state),
          type: /^text\/(csv|plain)/i,
          what: `refresh page ${n}`,
          expected: 'CSV',
        },
      );
      const file = await writePageFile(body, join(this.ws.pageDir, `${this.staging}_${n}.csv`));
      try {
        if (file.error !== undefined) {
          if (this.signal.aborted) throw new PullStop({ code: 'cancelled', message: CANCELLED_MESSAGE });
          throw new PullStop({
            code: 'network',
            message: `The connection broke during refresh page ${n}: ${messageOf(file.error)}`,
          });
        }
        if (file.header === null || !sameColumns(file.header, this.record.columns)) {
          const had = this.record.columns.map((c) => c.name).join(', ');
          throw new PullStop({
            code: 'internal',
            message: `The /v1 server answered the refresh with the columns ${file.header?.join(', ') ?? '(none)'}; the pull has ${had}.`,
          });
        }
        const sql = `INSERT INTO ${quoteIdent(this.staging)} SELECT * FROM ${readCsv([file.path], this.record.columns)}`;
        this.charged += (await this.ws.write((conn) => conn.run(sql))).rowsChanged;
        this.pages += 1;
        this.bytes += file.bytes;
      } finally {
        await rm(file.path, { force: true });
      }
      this.report(true);
      const cursor = header(headers['x-cursor']);
      if (header(headers['x-has-next-page']) !== 'true') return;
      start = 'cursor' in start && cursor ? { cursor } : { page: n + 1 };
    }
  }

  /** Creates the empty staging table with the pull's columns (a crash may have left one). */
  prepare(): Promise<void> {
    const table = pullTableName(this.record.id);
    return this.ws.write(async (conn) => {
      await conn.run(`DROP TABLE IF EXISTS ${quoteIdent(this.staging)}`);
      await conn.run(`CREATE TABLE ${quoteIdent(this.staging)} AS SELECT * FROM ${table} LIMIT 0`);
    });
  }

  drop(): Promise<void> {
    return this.ws.write((conn) => conn.run(`DROP TABLE IF EXISTS ${quoteIdent(this.staging)}`)).then(() => undefined);
  }
}

/**
 * The rows a refresh should fetch, from its update records (rows inserted and updated); Infinity when they cannot say
 * (the whole query asked again, or records without counts).
 */
function expectedRows(kind: RefreshPlan['kind'], records: readonly DatasetUpdate[]): number {
  if (kind !== 'ranges') return Infinity;
  const rows = records.reduce((sum, r) => sum + r.num_rows_inserted + r.num_rows_updated, 0);
  return rows > 0 ? rows : Infinity;
}

/** Writes a refresh's history row; a refresh that did not merge adds its rows charged to the pull's here. */
async function recordRefresh(ws: Workspace, refresh: Omit<PullRefresh, 'id' | 'endedAt'>): Promise<PullRefresh> {
  const rows = await ws.transaction(async (conn) => {
    if (refresh.state !== 'complete' && refresh.rowsCharged > 0)
      await conn.run('UPDATE pulls SET rows_charged = rows_charged + $2 WHERE id = $1', [refresh.pullId, refresh.rowsCharged]);
    return rowObjects(
      conn,
      `INSERT INTO pull_refreshes (pull_id, started_at, state, rows_added, rows_replaced, rows_charged, ranges, updates, error)
         VALUES ($1, $2::TIMESTAMPTZ, $3, $4, $5, $6, $7, $8, $9) RETURNING id, strftime(ended_at, '%Y-%m-%dT%H:%M:%S.%gZ') AS ended_at`,
      [
        refresh.pullId,
        refresh.startedAt,
        refresh.state,
        refresh.rowsAdded,
        refresh.rowsReplaced,
        refresh.rowsCharged,
        JSON.stringify(refresh.ranges),
        JSON.stringify(refresh.updates),
        refresh.error,
      ],
    );
  });
  return { ...refresh, id: Number(rows[0]?.id), endedAt: String(rows[0]?.ended_at) };
}

/** The plan of `record`'s refresh from the records since its state. */
async function planFor(
  ws: Workspace,
  record: PullRecord,
  dataset: DatasetWithTimezone & { time_index_column: string },
  since: DatasetUpdate[],
  truncated: boolean,
): Promise<RefreshPlan> {
  const stored = {
    columns: record.columns.map((c) => c.name),
    lastIntervalMs: await lastValue(ws, record, dataset.time_index_column),
    lastPublishMs: await lastValue(ws, record, dataset.publish_time_column),
  };
  return planRefresh({
    query: record.params,
    dataset: {
      timeIndexColumn: dataset.time_index_column,
      publishTimeColumn: dataset.publish_time_column,
      primaryKeyColumns: dataset.primary_key_columns ?? [],
      dataTimezone: dataset.data_timezone,
    },
    stored,
    updates: since,
    truncated,
  });
}

/**
 * Refreshes pull `pullId` and answers its history entry once it has ended (`complete`, `failed` or `cancelled`: a
 * refresh is tracked like a pull, so `workspace:cancel` and closing the workspace stop it).
 * @returns `not_found` for no such pull; `validation` for a binding pull, a local review, a running pull or one whose
 *   rows are unknown (no columns); the proxy's error when the update records cannot be read (nothing is recorded then).
 */
export async function refreshPull(ws: Workspace, pullId: number, deps: RefreshDeps): Promise<Result<PullRefresh>> {
  const got = await getPull(ws, pullId);
  if (!got.ok) return got;
  const record = got.value;
  const refused = notRefreshable(record);
  if (refused) return refused;
  if (ws.isRunning(pullId)) return fail('validation', `Pull ${pullId} is still running: refresh it once it has ended.`);
  if (record.columns.length === 0) return fail('validation', `Pull ${pullId} stored no columns: run its query again instead.`);
  const time = deps.dataset.time_index_column;
  if (time === null) return fail('validation', `${record.datasetId} has no time index column, so its pulls cannot be refreshed.`);
  const dataset = { ...deps.dataset, time_index_column: time };
  const startedAt = new Date().toISOString();
  const controller = new AbortController();
  let finished: (() => void) | undefined;
  ws.track(pullId, { abort: () => controller.abort(), done: new Promise<void>((resolve) => (finished = resolve)) });
  try {
    const answer = await deps.checks.records(ws, record.datasetId, {
      since: stateTime(record),
      maxAgeMs: FRESH_RECORDS_MS,
      signal: controller.signal,
    });
    if (!answer.ok) return answer;
    const since = splitRecords(answer.value.records, stateTime(record)).after;
    const truncated = answer.value.truncated && since.length === answer.value.records.length;
    const plan = await planFor(ws, record, dataset, since, truncated);
    const ranges: PlannedRange[] =
      plan.kind === 'ranges'
        ? plan.ranges
        : plan.kind === 'all'
          ? [{ startMs: null, endMs: null, publishFromMs: null, reason: 'all' }]
          : [];
    const base = { pullId, startedAt, ranges: ranges.map(describedRange), updates: since.slice(0, KEPT_RECORDS) };
    const run = new RefreshRun(ws, deps, record, controller.signal, expectedRows(plan.kind, since));
    run.report(true);
    let counts: MergeCounts = { rowsAdded: 0, rowsReplaced: 0 };
    let stop: GsError | undefined;
    try {
      await run.prepare();
      for (const range of ranges) await run.fetch(plan.kind === 'all' ? record.params : rangeQuery(record.params, range));
      if (ranges.length > 0) {
        const key = plan.kind === 'ranges' ? plan.key : null;
        counts = await mergeRows(ws, record, run.staging, key, time, run.rowsCharged);
      }
    } catch (error) {
      stop = error instanceof PullStop ? error.error : { code: 'internal', message: `The refresh stopped: ${messageOf(error)}` };
      if (controller.signal.aborted) stop = { code: 'cancelled', message: CANCELLED_MESSAGE };
    } finally {
      await run.drop().catch((error: unknown) => log.warn(`refresh of pull ${pullId}: staging not dropped`, error));
    }
    const state = stop === undefined ? 'complete' : stop.code === 'cancelled' ? 'cancelled' : 'failed';
    run.report(true, state);
    const refresh = await recordRefresh(ws, {
      ...base,
      ...counts,
      state,
      rowsCharged: run.rowsCharged,
      error: stop?.message ?? null,
    });
    log.info(
      `refresh of pull ${pullId} ${state}: +${counts.rowsAdded} rows, ${counts.rowsReplaced} replaced, ${run.rowsCharged} charged`,
    );
    return ok(refresh);
  } catch (error) {
    return fail('internal', `Could not refresh pull ${pullId}: ${messageOf(error)}`);
  } finally {
    ws.untrack(pullId);
    finished?.();
  }
}
