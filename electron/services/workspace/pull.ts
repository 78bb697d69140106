import { rm, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { CANCELLED_MESSAGE, fail, ok } from '../../../shared/index.js';
import type { GsError, PullQuery, PullState, Result, TableColumn } from '../../../shared/index.js';
import { createLogger } from '../common/logger.js';
import type { GetOptions, ProxyProgress, V1Proxy } from '../v1/proxy.js';
import { systemClock } from '../v1/retry.js';
import { appendPages, createPullTable, sameColumns } from './load.js';
import { writePageFile } from './pageFile.js';
import type { PageFile } from './pageFile.js';
import { ProgressReporter } from './progress.js';
import type { PullReport } from './progress.js';
import { PullStop, endOf, launchPull, messageOf, openPullStream, recordEnd, recordPull } from './pullJob.js';
import type { PullHandle, PullOutcome } from './pullJob.js';
import { pageParams } from './request.js';
import type { PageStart } from './request.js';
import { pullTableName } from './sql.js';
import type { Workspace } from './workspace.js';

/**
 * A pull: every page of one `GET /datasets/{id}/query` (docs/query.md) into table `pull_<id>` of
 * the workspace. Pages are CSV (`return_format=csv`): the smallest body, and DuckDB's CSV reader
 * loads it fastest; the body goes straight to a file and `read_csv` appends it, so no row ever
 * becomes a JavaScript value. Paging is by cursor (`cursor=` empty first, then `X-Cursor`: keyset,
 * exact at any depth). A server that sends no `X-Cursor` with CSV (the hosted API documents only
 * `X-Has-Next-Page`) is paged by `page=2, 3, …` with the same `page_size`: the same rows for a
 * result that does not change while it is pulled. Page n+1 downloads while page n is loaded.
 * Each page is committed with the pull's counts; cancel and failures keep the rows received,
 * including the whole lines of a page cut short.
 */

/** Options of {@link startPull}. */
export interface PullOptions {
  /** `page_size`: the plan's rows per response when known (`/api_usage`); absent → the server's default. */
  pageSize?: number;
  /**
   * DuckDB types by column name (see `columnTypesFor` in columns.ts); columns not named are typed
   * from the first page (whole numbers as DOUBLE), `<x>_local` columns are VARCHAR.
   */
  columnTypes?: Readonly<Record<string, string>>;
  /** Rows the query is expected to return (the estimate), for the ETA. */
  expectedRows?: number;
  /** Least time between two page requests in ms (a plan's per-second rate limit), default 0. */
  minRequestIntervalMs?: number;
  onProgress?: (progress: PullReport) => void;
  /** Least time between two byte-count progress reports in ms (default 200); every stored page reports. */
  progressIntervalMs?: number;
  signal?: AbortSignal;
  /** Per-request options of the proxy (deadline, retry policy). */
  call?: Pick<GetOptions, 'timeoutMs' | 'retry'>;
}

export type { PullReport } from './progress.js';
export type { PullHandle, PullOutcome } from './pullJob.js';

const log = createLogger('workspace');

const internal = (message: string) => new PullStop({ code: 'internal', message });

/** A downloaded page waiting to be stored: its file and its number (from 1). */
interface WaitingPage {
  file: PageFile;
  n: number;
}

/**
 * Pages downloaded ahead of the store, at most: bounds the disk the page files take (about 4 MB per 50,000 rows of a
 * narrow dataset) and the rows a failed store leaves unloaded.
 */
const MAX_WAITING_PAGES = 8;

const header = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/** One pull in progress. */
class PullRun {
  private rows = 0;
  private pages = 0;
  private bytes = 0;
  private columns: TableColumn[] | null = null;
  private readonly progress: ProgressReporter;
  private lastRequestAt = Number.NEGATIVE_INFINITY;
  private requestState: ProxyProgress | undefined;
  private warnedOffset = false;

  constructor(
    private readonly ws: Workspace,
    private readonly proxy: V1Proxy,
    private readonly request: PullQuery,
    private readonly options: PullOptions,
    readonly id: number,
    readonly table: string,
    private readonly signal: AbortSignal,
  ) {
    const expected = Math.min(options.expectedRows ?? Infinity, request.limit ?? Infinity);
    this.progress = new ProgressReporter(id, options.onProgress, expected, options.progressIntervalMs ?? 200);
  }

  /**
   * Pages through the query; resolves with the outcome once the final state is written. Pages download one after
   * another into files while the store appends those waiting, all of them in one transaction: when DuckDB is slower
   * than the network, batches grow and the fixed cost of a commit is shared (see docs/workspace.md).
   */
  async run(): Promise<PullOutcome> {
    const waiting: WaitingPage[] = [];
    let fetched = false;
    let fetchError: unknown;
    let storeError: unknown;
    let wakeStore = (): void => undefined;
    let wakeFetch = (): void => undefined;
    const fetching = (async () => {
      try {
        let start: PageStart = { cursor: '' };
        for (let n = 1; ; n++) {
          while (waiting.length >= MAX_WAITING_PAGES && storeError === undefined) {
            await new Promise<void>((resolve) => (wakeFetch = resolve));
          }
          if (storeError !== undefined) return;
          const page = await this.fetchPage(start, n);
          waiting.push({ file: page.file, n });
          wakeStore();
          if (page.file.error !== undefined) throw this.bodyFailure(page.file.error, n);
          if (!page.hasNext) return;
          start = this.nextStart(start, page.cursor, n);
        }
      } catch (error) {
        fetchError = error;
      } finally {
        fetched = true;
        wakeStore();
      }
    })();
    while (storeError === undefined) {
      if (waiting.length === 0) {
        if (fetched) break;
        await new Promise<void>((resolve) => (wakeStore = resolve));
        continue;
      }
      const batch = waiting.splice(0);
      wakeFetch();
      await this.store(batch).catch((error: unknown) => {
        storeError = error;
        wakeFetch();
      });
    }
    await fetching;
    // After a failed store, pages fetched meanwhile are not loaded.
    await Promise.all(waiting.splice(0).map((w) => rm(w.file.path, { force: true })));
    const error = storeError ?? fetchError;
    const stop: GsError | undefined =
      error === undefined
        ? undefined
        : error instanceof PullStop
          ? error.error
          : { code: 'internal', message: `The pull stopped: ${messageOf(error)}` };
    return this.finish(stop);
  }

  /** The next page's start: the server's cursor, else (no `X-Cursor` with CSV) the next page number. */
  private nextStart(start: PageStart, cursor: string | undefined, n: number): PageStart {
    if ('cursor' in start && cursor) return { cursor };
    if (!this.warnedOffset) {
      this.warnedOffset = true;
      log.warn(`pull ${this.id}: the server sent no X-Cursor; paging by page number`);
    }
    return { page: n + 1 };
  }

  /** Requests page `n` and writes its body to a file; failures before the body are thrown as {@link PullStop}. */
  private async fetchPage(
    start: PageStart,
    n: number,
  ): Promise<{ file: PageFile; hasNext: boolean; cursor: string | undefined }> {
    const wait = this.lastRequestAt + (this.options.minRequestIntervalMs ?? 0) - performance.now();
    // A cancel during the wait ends it early; the check below turns it into the pull's end.
    if (wait > 0) await systemClock.sleep(wait, this.signal).catch(() => undefined);
    if (this.signal.aborted) throw new PullStop({ code: 'cancelled', message: CANCELLED_MESSAGE });
    this.lastRequestAt = performance.now();
    const path = `/datasets/${encodeURIComponent(this.request.datasetId)}/query`;
    const { headers, body } = await openPullStream(
      this.ws,
      this.proxy,
      path,
      pageParams(this.request, start, this.options.pageSize),
      {
        call: this.options.call,
        signal: this.signal,
        onRequestState: (state, changed) => {
          this.requestState = state;
          if (state) this.report(changed);
        },
        type: /^text\/(csv|plain)/i,
        what: `page ${n}`,
        expected: 'CSV',
      },
    );
    const before = this.bytes;
    const file = await writePageFile(body, join(this.ws.pageDir, `${this.table}_${n}.csv`), (bytes) => {
      this.bytes = before + bytes;
      this.report(false);
    });
    return { file, hasNext: header(headers['x-has-next-page']) === 'true', cursor: header(headers['x-cursor']) };
  }

  /** The error of a body cut short: cancelled when the caller aborted, else a network failure. */
  private bodyFailure(error: unknown, n: number): PullStop {
    if (this.signal.aborted) return new PullStop({ code: 'cancelled', message: CANCELLED_MESSAGE });
    return new PullStop({ code: 'network', message: `The connection broke while page ${n} arrived: ${messageOf(error)}` });
  }

  /**
   * Appends the whole pages of `batch` to the table in one transaction (creating the table from the first page), then
   * the whole lines of a page cut short (only ever last); counts them; deletes the files.
   */
  private async store(batch: readonly WaitingPage[]): Promise<void> {
    try {
      const whole: WaitingPage[] = [];
      let cut: WaitingPage | undefined;
      for (const page of batch) {
        const { file, n } = page;
        if (file.header === null) {
          if (file.error !== undefined) continue;
          throw internal(`The /v1 server answered page ${n} without a CSV header line.`);
        }
        if (this.columns === null) {
          this.columns = await createPullTable(
            this.ws,
            this.id,
            this.table,
            file.header,
            file.path,
            this.options.columnTypes ?? {},
          ).catch((error: unknown) => {
            throw internal(messageOf(error));
          });
        } else if (!sameColumns(file.header, this.columns)) {
          const had = this.columns.map((c) => c.name).join(', ');
          throw internal(`Page ${n} has the columns ${file.header.join(', ')}; page 1 had ${had}.`);
        }
        if (file.error === undefined) whole.push(page);
        else if (file.wholeBytes > file.headerBytes) cut = page;
      }
      if (whole.length > 0) {
        const columns = this.columns!;
        const inserted = await appendPages(
          this.ws,
          this.id,
          this.table,
          columns,
          whole.map((w) => w.file.path),
        ).catch((error: unknown) => {
          const first = whole[0]!.n;
          const last = whole[whole.length - 1]!.n;
          throw internal(
            `${first === last ? `Page ${first}` : `Pages ${first}–${last}`} could not be stored: ${messageOf(error)}`,
          );
        });
        this.rows += inserted;
        this.pages += whole.length;
        this.report(true);
      }
      if (cut) await this.storeCut(cut);
    } finally {
      await Promise.all(batch.map((w) => rm(w.file.path, { force: true })));
    }
  }

  /** Appends the whole lines of a page cut short; when even those fail to load, the pull goes on without them. */
  private async storeCut({ file, n }: WaitingPage): Promise<void> {
    await truncate(file.path, file.wholeBytes);
    try {
      this.rows += await appendPages(this.ws, this.id, this.table, this.columns!, [file.path]);
      this.pages += 1;
      this.report(true);
    } catch (error) {
      log.warn(`pull ${this.id}: the whole lines of cut page ${n} could not be loaded: ${messageOf(error)}`);
    }
  }

  /** Writes the final state; `stop` is the failure that ended the pull, if any. */
  private async finish(stop: GsError | undefined): Promise<PullOutcome> {
    const { state, error } = endOf(stop, this.signal.aborted, this.rows);
    await recordEnd(this.ws, this.id, state, error);
    const outcome: PullOutcome = {
      pullId: this.id,
      state,
      rows: this.rows,
      pages: this.pages,
      rowsCharged: this.rows,
      elapsedMs: this.elapsed(),
    };
    if (error) outcome.error = error;
    this.report(true, state);
    log.info(`pull ${this.id} ${state}: ${this.rows} rows in ${this.pages} pages, ${Math.round(outcome.elapsedMs)} ms`);
    return outcome;
  }

  private elapsed(): number {
    return this.progress.elapsedMs();
  }

  /** Reports progress: always when `force`, else at most every `progressIntervalMs`. */
  private report(force: boolean, state: PullState = 'running'): void {
    this.progress.report({ rows: this.rows, pages: this.pages, bytes: this.bytes }, force, state, this.requestState);
  }
}

/** Checks a request and options; a message for the first problem, or null. */
function invalid(request: PullQuery, options: PullOptions): string | null {
  if (typeof request.datasetId !== 'string' || !/^[A-Za-z0-9_.-]{1,200}$/.test(request.datasetId))
    return 'datasetId: a dataset id';
  const positive = (v: number | undefined) => v === undefined || (Number.isSafeInteger(v) && v >= 1);
  if (!positive(options.pageSize)) return 'pageSize: a whole number of rows, at least 1';
  if (!positive(request.limit)) return 'limit: a whole number of rows, at least 1';
  if (options.minRequestIntervalMs !== undefined && !(options.minRequestIntervalMs >= 0))
    return 'minRequestIntervalMs: 0 or more';
  return null;
}

/**
 * Starts pulling `request` into `ws` through `proxy` (the workspace's profile; never cached).
 * Records the pull (`running`) before the first request and answers its id at once; `done`
 * resolves with the outcome once the final state is written. Cancel with `options.signal` or
 * `ws.cancel(pullId)`; closing the workspace cancels it too.
 * @returns `validation` for a bad request or option, `internal` when the catalogue cannot be written.
 */
export async function startPull(
  ws: Workspace,
  proxy: V1Proxy,
  request: PullQuery,
  options: PullOptions = {},
): Promise<Result<PullHandle>> {
  const problem = invalid(request, options);
  if (problem) return fail('validation', problem);
  const recorded = await recordPull(ws, request);
  if (!recorded.ok) return recorded;
  const id = recorded.value;
  return ok(
    launchPull(ws, id, options.signal, (signal) => new PullRun(ws, proxy, request, options, id, pullTableName(id), signal).run()),
  );
}
