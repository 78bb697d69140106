import { mkdir, rename, rm } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CANCELLED_MESSAGE, fail, ok } from '../../../shared/index.js';
import type { GsError, PullQuery, PullState, Result, TableColumn } from '../../../shared/index.js';
import { createLogger } from '../common/logger.js';
import type { LocalFiles } from '../downloads/types.js';
import { localColumns, partPath, partsDir, readCsvSql } from './localSource.js';
import type { StoredLocal } from './localSource.js';
import { ProgressReporter } from './progress.js';
import type { PullReport } from './progress.js';
import { PullStop, endOf, launchPull, messageOf, recordEnd, recordPull } from './pullJob.js';
import type { PullHandle, PullOutcome } from './pullJob.js';
import { rowObjects, sqlString } from './sql.js';
import type { Workspace } from './workspace.js';

/**
 * A local review (docs/workspace.md#local-review-pulls): downloaded export files of one dataset (gzipped CSV, one per
 * day, header = the dataset's `all_columns`) reviewed at once by reading them with DuckDB's `read_csv` (typed from the
 * dataset's metadata, no sniffing) while a background conversion writes them as Parquet parts in the workspace's
 * folder; readers switch to the parts when it is done. The conversion is tracked, cancelled and ended like a pull, and
 * never a request: it works with the /v1 server unreachable. A conversion that is cancelled or fails leaves the review
 * reading the files.
 */

/** Options of {@link startLocalReview}. */
export interface LocalReviewOptions {
  onProgress?: (progress: PullReport) => void;
  /** Least time between two progress reports that are not forced, in ms (default 200). */
  progressIntervalMs?: number;
  signal?: AbortSignal;
  /**
   * Files one conversion statement reads into one Parquet part (default DuckDB's `threads`: each thread inflates whole
   * files, as gzip cannot be split; short statements let the reads a person waits for go first between them;
   * bench/README.md#offline-review-a-local-review-of-30-days-of-export-files-against-zcat).
   */
  filesPerStatement?: number;
  /**
   * Awaited before part `part` (from 1) is written: tests hold the conversion at a known point with it (the web host's
   * `GRIDSCOPE_TEST_CONVERSION_GATE`). It should reject once `signal` aborts; any other rejection fails the conversion.
   */
  beforePart?: (part: number, signal: AbortSignal) => Promise<void>;
  /**
   * A part is started only once no read of the workspace ran for this long, in ms, nor since the review opened (default
   * {@link QUIET_MS}): the first page, its count and the next answers a person asks read the files alone.
   */
  quietMs?: number;
}

/**
 * Default {@link LocalReviewOptions.quietMs}: the page asks its next read (a page, the chart, value counts) within it
 * of the last; a part started between them would share the cores with the read for its whole length.
 */
export const QUIET_MS = 400;

type LocalFile = LocalFiles['files'][number];

const log = createLogger('workspace');
const cancelled = (): PullStop => new PullStop({ code: 'cancelled', message: CANCELLED_MESSAGE });
/** DuckDB's message as one sentence (its messages may span lines and lack the full stop). */
const sentence = (error: unknown): string =>
  messageOf(error)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([^.])$/, '$1.');

/** The message of a conversion that failed while the files stay readable. */
const stopped = (error: unknown): string =>
  `The conversion stopped: ${sentence(error)} The review keeps reading the downloaded files directly.`;

/**
 * The message of a part that could not be written while every file reads: the folder and the system's reason (DuckDB
 * names the file: `IO Error: Cannot open file "…": Not a directory`, the reason is after the last quote).
 */
const unwritable = (dir: string, error: unknown): string => {
  const reason = (/"[^"]*":\s*([^"]+)$/.exec(sentence(error))?.[1] ?? sentence(error)).replace(/\.$/, '');
  return `The conversion stopped: its copy could not be written in ${dir} (${reason}). The review keeps reading the downloaded files directly.`;
};

/** A day after `date` (`YYYY-MM-DD`), as `YYYY-MM-DD`. */
const nextDay = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * A local review's `params`: its dataset and the window its days span (`startTime` the first day, `endTime` the day
 * after the last; export files are per UTC day, docs/api.md#export-file-list). The days themselves are in `local`.
 */
export function localParams(datasetId: string, dates: readonly string[]): PullQuery {
  const sorted = [...dates].sort();
  const first = sorted[0];
  const last = sorted.at(-1);
  return first && last ? { datasetId, startTime: first, endTime: nextDay(last) } : { datasetId };
}

/** A message listing what is wrong with `files`, or null. */
function invalid(files: LocalFiles): string | null {
  if (files.files.length === 0) return 'No downloaded files to open.';
  const names = files.dataset.all_columns.map((c) => c.name);
  if (names.length === 0) return `Dataset ${files.dataset.id} lists no columns: its files cannot be read.`;
  if (names.some((n) => n === '') || new Set(names).size !== names.length)
    return `Dataset ${files.dataset.id} lists an empty or repeated column name.`;
  const bad = files.files.find((f) => !isAbsolute(f.path) || !/^\d{4}-\d{2}-\d{2}$/.test(f.date));
  return bad ? `Not a downloaded file: ${bad.date} at ${bad.path}` : null;
}

/** One local review's conversion in progress. */
class LocalRun {
  private rows = 0;
  private pages = 0;
  private bytes = 0;
  private readonly progress: ProgressReporter;
  private readonly totalBytes: number;
  private readonly dir: string;
  /** Set when a file cannot be read: then the review cannot read it either. */
  private unreadable = false;

  constructor(
    private readonly ws: Workspace,
    private readonly files: readonly LocalFile[],
    private readonly columns: readonly TableColumn[],
    private readonly stored: StoredLocal,
    private readonly options: LocalReviewOptions,
    private readonly id: number,
    private readonly signal: AbortSignal,
  ) {
    this.totalBytes = files.reduce((sum, f) => sum + f.bytes, 0);
    this.dir = partsDir(ws.path, ws.profile, id);
    // The rows to come are unknown until the first files are read; then estimated from their bytes.
    this.progress = new ProgressReporter(id, options.onProgress, Infinity, options.progressIntervalMs ?? 200);
  }

  /** Converts every file and ends the pull; resolves once its final state is written. */
  async run(): Promise<PullOutcome> {
    let stop: GsError | undefined;
    try {
      await this.convert();
    } catch (error) {
      stop = error instanceof PullStop ? error.error : { code: 'internal', message: stopped(error) };
    }
    if (stop) await this.keepFiles();
    // Only a finished conversion counts its rows: the review reads every row from the files in the other ends.
    const { state, error } = endOf(stop, this.signal.aborted, 0);
    await recordEnd(this.ws, this.id, state, error);
    const elapsedMs = this.progress.elapsedMs();
    this.report(true, state);
    log.info(
      `local review ${this.id} ${state}: ${this.files.length} files, ${this.rows} rows converted, ${Math.round(elapsedMs)} ms`,
    );
    const rows = state === 'complete' ? this.rows : 0;
    const pages = state === 'complete' ? this.pages : 0;
    const outcome: PullOutcome = { pullId: this.id, state, rows, pages, rowsCharged: 0, elapsedMs };
    if (error) outcome.error = error;
    return outcome;
  }

  /** Writes a Parquet part per `filesPerStatement` files, in date order; then points the readers at the parts. */
  private async convert(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const batch = this.options.filesPerStatement ?? (await this.threads());
    const quietMs = this.options.quietMs ?? QUIET_MS;
    // Opening counts as a read: the page's first read comes just after it.
    await sleep(Math.max(0, quietMs - this.progress.elapsedMs()), undefined, { signal: this.signal }).catch(() => undefined);
    const parts: string[] = [];
    for (let i = 0; i < this.files.length; i += batch) {
      await this.ws.readsIdle(quietMs);
      await this.options.beforePart?.(parts.length + 1, this.signal).catch((error: unknown) => {
        throw this.signal.aborted ? cancelled() : error;
      });
      if (this.signal.aborted) throw cancelled();
      const files = this.files.slice(i, i + batch);
      const part = partPath(this.dir, parts.length + 1);
      const rows = await this.writePart(files, part).catch(async (error: unknown) => {
        if (this.signal.aborted) throw cancelled();
        throw await this.culprit(files, error);
      });
      parts.push(part);
      this.rows += rows;
      this.pages += files.length;
      this.bytes += files.reduce((sum, f) => sum + f.bytes, 0);
      if (this.bytes > 0) this.progress.expect(Math.round((this.rows * this.totalBytes) / this.bytes));
      this.report(true);
    }
    if (this.signal.aborted) throw cancelled();
    const local: StoredLocal = { ...this.stored, source: 'parquet', parts };
    await this.ws.write((conn) =>
      conn.run('UPDATE pulls SET rows = $2, pages = $3, local = $4 WHERE id = $1', [
        this.id,
        this.rows,
        this.pages,
        JSON.stringify(local),
      ]),
    );
  }

  /** `COPY` of `files` to the Parquet file `part` (written as `.tmp`, then renamed); an abort interrupts it. */
  private async writePart(files: readonly LocalFile[], part: string): Promise<number> {
    const tmp = `${part}.tmp`;
    const source = readCsvSql(
      files.map((f) => f.path),
      this.columns,
    );
    const rows = await this.ws.write(async (conn) => {
      const interrupt = (): void => conn.interrupt();
      this.signal.addEventListener('abort', interrupt, { once: true });
      try {
        return (await conn.run(`COPY (SELECT * FROM ${source}) TO ${sqlString(tmp)} (FORMAT parquet)`)).rowsChanged;
      } finally {
        this.signal.removeEventListener('abort', interrupt);
      }
    });
    await rename(tmp, part);
    return rows;
  }

  /**
   * The failure of a statement over `files` in plain words: the first file DuckDB cannot read alone (each is read
   * again to find it) with its date and path — the review cannot read it either —, else the part could not be written.
   */
  private async culprit(files: readonly LocalFile[], error: unknown): Promise<PullStop> {
    for (const file of files) {
      try {
        await this.ws.read((conn) => conn.run(`SELECT count(*) FROM ${readCsvSql([file.path], this.columns)}`), this.signal);
      } catch (probe) {
        if (this.signal.aborted) return cancelled();
        const message = `The downloaded file of ${file.date} (${file.path}) cannot be read: ${sentence(probe)} Verify the day in the library or download it again.`;
        this.unreadable = true;
        return new PullStop({ code: 'internal', message });
      }
    }
    return new PullStop({ code: 'internal', message: unwritable(this.dir, error) });
  }

  /** After a cancel or failure: removes the parts, and records `none` as the source when a file cannot be read. */
  private async keepFiles(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true }).catch(() => undefined);
    if (!this.unreadable) return;
    const local: StoredLocal = { ...this.stored, source: 'none' };
    await this.ws
      .write((conn) => conn.run('UPDATE pulls SET local = $2 WHERE id = $1', [this.id, JSON.stringify(local)]))
      .catch((e: unknown) => log.warn(`local review ${this.id}: its source was not updated`, e));
  }

  private async threads(): Promise<number> {
    const rows = await this.ws.read((conn) => rowObjects(conn, "SELECT CAST(current_setting('threads') AS INTEGER) AS n"));
    return Math.max(1, Number(rows[0]?.n) || 1);
  }

  private report(force: boolean, state: PullState = 'running'): void {
    this.progress.report({ rows: this.rows, pages: this.pages, bytes: this.bytes, rowsCharged: 0 }, force, state);
  }
}

/**
 * Starts a local review of `files` (the download manager's verified files of one dataset, `DownloadManager.localFiles`)
 * in `ws`: records the pull (`running`, kind `local`, `params` from {@link localParams}, its columns, `local` = days,
 * file count, bytes on disk, folder, `source: 'files'` and the paths) and answers its handle at once: from then on the
 * readers answer from the files. `done` resolves once the conversion's final state is written: `complete` with the rows
 * converted (`pages` = files; `rowsCharged` 0: nothing came from /v1) and `source: 'parquet'`; `cancelled`
 * (`options.signal`, `ws.cancel(pullId)`, closing the workspace) or `failed` with the review still reading the files;
 * `failed` with `source: 'none'` and a message naming the day and path when a file cannot be read.
 * @returns `validation` when `files` holds no file, a relative path or the dataset lists no columns; `internal` when
 *   the catalogue cannot be written.
 */
export async function startLocalReview(
  ws: Workspace,
  files: LocalFiles,
  options: LocalReviewOptions = {},
): Promise<Result<PullHandle>> {
  const problem = invalid(files);
  if (problem) return fail('validation', problem);
  const sorted = [...files.files].sort((a, b) => a.date.localeCompare(b.date));
  const dates = sorted.map((f) => f.date);
  const local: StoredLocal = {
    dates,
    files: sorted.length,
    bytes: sorted.reduce((sum, f) => sum + f.bytes, 0),
    folder: files.folder,
    source: 'files',
    paths: sorted.map((f) => f.path),
  };
  const recorded = await recordPull(ws, localParams(files.dataset.id, dates), 'local', null, local);
  if (!recorded.ok) return recorded;
  const id = recorded.value;
  const columns = localColumns(files);
  try {
    await ws.write((conn) => conn.run('UPDATE pulls SET columns = $2 WHERE id = $1', [id, JSON.stringify(columns)]));
  } catch (error) {
    await recordEnd(ws, id, 'failed', { code: 'internal', message: `The review could not be recorded: ${messageOf(error)}` });
    return fail('internal', `The review could not be recorded: ${messageOf(error)}`);
  }
  return ok(launchPull(ws, id, options.signal, (signal) => new LocalRun(ws, sorted, columns, local, options, id, signal).run()));
}
