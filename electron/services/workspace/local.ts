import { isAbsolute } from 'node:path';
import { CANCELLED_MESSAGE, fail, ok } from '../../../shared/index.js';
import type { GsError, LocalPull, PullQuery, PullState, Result, TableColumn } from '../../../shared/index.js';
import { createLogger } from '../common/logger.js';
import type { LocalFiles } from '../downloads/types.js';
import { columnTypesFor } from './columns.js';
import { ProgressReporter } from './progress.js';
import type { PullReport } from './progress.js';
import { PullStop, endOf, launchPull, messageOf, recordEnd, recordPull } from './pullJob.js';
import type { PullHandle, PullOutcome } from './pullJob.js';
import { pullTableName, quoteIdent, rowObjects, sqlString } from './sql.js';
import type { Workspace } from './workspace.js';

/**
 * A local review (docs/workspace.md#local-review-pulls): downloaded export files of one dataset (gzipped CSV, one per
 * day, header = the dataset's `all_columns`) read by DuckDB's `read_csv` straight into table `pull_<id>`, recorded,
 * tracked, cancelled and ended like any pull, and never a request: it works with the /v1 server unreachable. The copy
 * into DuckDB's columnar storage is paid once; reopening the pull from history reads the table, not the files.
 */

/** Options of {@link startLocalReview}. */
export interface LocalReviewOptions {
  onProgress?: (progress: PullReport) => void;
  /** Least time between two progress reports that are not forced, in ms (default 200). */
  progressIntervalMs?: number;
  signal?: AbortSignal;
  /**
   * Files one statement reads (default 4 × DuckDB's `threads`: each thread inflates whole files, as gzip cannot be
   * split, and fewer, larger statements cost less CPU per row; bench/README.md#offline-review).
   */
  filesPerStatement?: number;
}

type LocalFile = LocalFiles['files'][number];

const log = createLogger('workspace');
const cancelled = (): PullStop => new PullStop({ code: 'cancelled', message: CANCELLED_MESSAGE });
/** DuckDB's message as one sentence (its messages may span lines and lack the full stop). */
const sentence = (error: unknown): string =>
  messageOf(error)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([^.])$/, '$1.');

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

/** The columns of a local review's table: the dataset's `all_columns` in order, typed as a query pull types them. */
export function localColumns(files: LocalFiles): TableColumn[] {
  const types = columnTypesFor(files.dataset.all_columns);
  return files.dataset.all_columns.map((c) => ({ name: c.name, type: types[c.name]! }));
}

/**
 * `read_csv` of `paths` as the server writes export files: comma, `"` quotes, a header row, gzip, typed columns. No
 * sniffing (dialect and columns are known; a sniff reads each file's start once more) and no hive partitioning: the
 * folder's `year=…/month=…` would otherwise become two more columns.
 */
export function readCsvSql(paths: readonly string[], columns: readonly TableColumn[]): string {
  const typed = columns.map((c) => `${sqlString(c.name)}: '${c.type}'`).join(', ');
  return `read_csv([${paths.map(sqlString).join(', ')}], header = true, auto_detect = false, delim = ',', quote = '"',
    escape = '"', compression = 'gzip', hive_partitioning = false, columns = {${typed}})`;
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

/** One local review in progress. */
class LocalRun {
  private rows = 0;
  private pages = 0;
  private bytes = 0;
  private readonly progress: ProgressReporter;
  private readonly table: string;
  private readonly totalBytes: number;

  constructor(
    private readonly ws: Workspace,
    private readonly files: readonly LocalFile[],
    private readonly columns: readonly TableColumn[],
    private readonly options: LocalReviewOptions,
    private readonly id: number,
    private readonly signal: AbortSignal,
  ) {
    this.table = pullTableName(id);
    this.totalBytes = files.reduce((sum, f) => sum + f.bytes, 0);
    // The rows to come are unknown until the first files are read; then estimated from their bytes.
    this.progress = new ProgressReporter(id, options.onProgress, Infinity, options.progressIntervalMs ?? 200);
  }

  /** Reads every file and ends the pull; resolves once its final state is written. */
  async run(): Promise<PullOutcome> {
    let stop: GsError | undefined;
    try {
      await this.load();
    } catch (error) {
      stop = error instanceof PullStop ? error.error : { code: 'internal', message: `The review stopped: ${messageOf(error)}` };
    }
    if (stop && stop.code !== 'cancelled' && !this.signal.aborted) await this.discard();
    const { state, error } = endOf(stop, this.signal.aborted, this.rows);
    await recordEnd(this.ws, this.id, state, error);
    const elapsedMs = this.progress.elapsedMs();
    this.report(true, state);
    log.info(`local review ${this.id} ${state}: ${this.files.length} files, ${this.rows} rows, ${Math.round(elapsedMs)} ms`);
    const outcome: PullOutcome = { pullId: this.id, state, rows: this.rows, pages: this.pages, rowsCharged: 0, elapsedMs };
    if (error) outcome.error = error;
    return outcome;
  }

  private async load(): Promise<void> {
    const table = quoteIdent(this.table);
    // The table and its columns exist from the start, so the results table can show a running review's rows.
    await this.ws.transaction(async (conn) => {
      await conn.run(`CREATE TABLE ${table} (${this.columns.map((c) => `${quoteIdent(c.name)} ${c.type}`).join(', ')})`);
      await conn.run('UPDATE pulls SET columns = $2 WHERE id = $1', [this.id, JSON.stringify(this.columns)]);
    });
    const batch = this.options.filesPerStatement ?? 4 * (await this.threads());
    // The first file alone, so the table shows its first rows while the others load; then `batch` files a statement.
    for (let i = 0, n = 1; i < this.files.length; i += n, n = batch) {
      if (this.signal.aborted) throw cancelled();
      const files = this.files.slice(i, i + n);
      const rows = await this.insert(files).catch(async (error: unknown) => {
        if (this.signal.aborted) throw cancelled();
        throw new PullStop({ code: 'internal', message: await this.culprit(files, error) });
      });
      this.rows += rows;
      this.pages += files.length;
      this.bytes += files.reduce((sum, f) => sum + f.bytes, 0);
      if (this.bytes > 0) this.progress.expect(Math.round((this.rows * this.totalBytes) / this.bytes));
      this.report(true);
    }
  }

  /** Appends `files` and the new counts in one commit; an abort interrupts the statement. @returns the rows added. */
  private insert(files: readonly LocalFile[]): Promise<number> {
    return this.ws.transaction(async (conn) => {
      const interrupt = (): void => conn.interrupt();
      this.signal.addEventListener('abort', interrupt, { once: true });
      try {
        const names = this.columns.map((c) => quoteIdent(c.name)).join(', ');
        const source = readCsvSql(
          files.map((f) => f.path),
          this.columns,
        );
        const sql = `INSERT INTO ${quoteIdent(this.table)} (${names}) SELECT ${names} FROM ${source}`;
        const rows = (await conn.run(sql)).rowsChanged;
        await conn.run('UPDATE pulls SET rows = rows + $2, pages = pages + $3 WHERE id = $1', [this.id, rows, files.length]);
        return rows;
      } finally {
        this.signal.removeEventListener('abort', interrupt);
      }
    });
  }

  /**
   * The failure of a statement over `files` in plain words: the first file DuckDB cannot read alone (each is read
   * again to find it) with its date and path, else the statement's error.
   */
  private async culprit(files: readonly LocalFile[], error: unknown): Promise<string> {
    for (const file of files) {
      try {
        await this.ws.read((conn) => conn.run(`SELECT count(*) FROM ${readCsvSql([file.path], this.columns)}`), this.signal);
      } catch (probe) {
        if (this.signal.aborted) throw cancelled();
        return `The downloaded file of ${file.date} (${file.path}) cannot be read: ${sentence(probe)} Verify the day in the library or download it again.`;
      }
    }
    return `Reading the downloaded files of ${files.map((f) => f.date).join(', ')} failed: ${sentence(error)}`;
  }

  /** After a failure: drops the rows of the files read before, so a failed review never looks like a shorter one. */
  private async discard(): Promise<void> {
    try {
      await this.ws.transaction(async (conn) => {
        await conn.run(`DELETE FROM ${quoteIdent(this.table)}`);
        await conn.run('UPDATE pulls SET rows = 0, pages = 0 WHERE id = $1', [this.id]);
      });
      this.rows = 0;
      this.pages = 0;
    } catch (error) {
      log.warn(`local review ${this.id}: the rows read before the failure were not deleted`, error);
    }
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
 * in `ws`: records the pull (`running`, kind `local`, `params` from {@link localParams}, `local` = days, file count,
 * bytes on disk and folder) and answers its handle at once; `done` resolves once the final state is written. Files are
 * read in date order, `filesPerStatement` per statement, each statement committed with the pull's counts (`pages` =
 * files read; `rowsCharged` 0: nothing came from /v1). Cancel with `options.signal`, `ws.cancel(pullId)` or by closing
 * the workspace: `cancelled`, the rows of the files read before kept. A file DuckDB cannot read ends the pull `failed`
 * with no rows and a message naming its date and path.
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
  const local: LocalPull = {
    dates,
    files: sorted.length,
    bytes: sorted.reduce((sum, f) => sum + f.bytes, 0),
    folder: files.folder,
  };
  const recorded = await recordPull(ws, localParams(files.dataset.id, dates), 'local', null, local);
  if (!recorded.ok) return recorded;
  const id = recorded.value;
  const columns = localColumns(files);
  return ok(launchPull(ws, id, options.signal, (signal) => new LocalRun(ws, sorted, columns, options, id, signal).run()));
}
