import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CANCELLED_MESSAGE, fail, ok, workspaceInputs } from '../../../shared/index.js';
import type { GsError, ParsedInput, PullQuery, PullState, Result } from '../../../shared/index.js';
import { createLogger } from '../common/logger.js';
import type { GetOptions, ProxyProgress, V1Proxy } from '../v1/proxy.js';
import { answerColumns, emptyAnswerColumns, isEmptyArray, storeAnswer } from './bindingTable.js';
import type { CatalogueColumn } from './bindingTable.js';
import { ProgressReporter } from './progress.js';
import type { PullReport } from './progress.js';
import { PullStop, endOf, launchPull, messageOf, openPullStream, recordEnd, recordPull } from './pullJob.js';
import type { PullHandle, PullOutcome } from './pullJob.js';
import { pullTableName } from './sql.js';
import type { Workspace } from './workspace.js';

/**
 * A binding pull (docs/workspace.md#binding-pulls): the rows of one `GET /constraints/binding`
 * (docs/api.md#binding-rows) into table `pull_<id>`, recorded, tracked, cancelled and ended like a dataset pull.
 * The endpoint is not paged: one request answers up to `limit` rows as a JSON array, which goes from the socket to
 * a file and from there into DuckDB (bindingTable.ts). A body cut short (cancel, network) is not loaded: half a JSON
 * array has no whole rows to keep, so such a pull ends with none.
 */

/** `workspace:pullBinding`'s input: dataset, window, threshold ($/MWh), `limit`. */
export type BindingRequest = ParsedInput<'workspace:pullBinding'>;

/** Rows the binding endpoint answers when no `limit` is sent (docs/api.md#binding-rows); the most: `MAX_BINDING_ROWS`. */
export const DEFAULT_BINDING_LIMIT = 50_000;

/** Options of {@link startBindingPull}. */
export interface BindingPullOptions {
  /** The dataset's catalogue columns (`GET /datasets/{id}`), when known: type hints and the columns of an empty answer. */
  catalogueColumns?: readonly CatalogueColumn[];
  onProgress?: (progress: PullReport) => void;
  /** Least time between two byte-count progress reports in ms (default 200). */
  progressIntervalMs?: number;
  signal?: AbortSignal;
  /** Per-request options of the proxy (deadline, retry policy). */
  call?: Pick<GetOptions, 'timeoutMs' | 'retry'>;
}

const log = createLogger('workspace');
const cancelled = (): PullStop => new PullStop({ code: 'cancelled', message: CANCELLED_MESSAGE });
const internal = (message: string): PullStop => new PullStop({ code: 'internal', message });

/** A binding pull's `params`: a `PullQuery` of its dataset, window and `limit` (the server's default when none was asked). */
export function bindingParams(request: BindingRequest): PullQuery & { limit: number } {
  return {
    datasetId: request.datasetId,
    ...(request.startTime !== undefined ? { startTime: request.startTime } : {}),
    ...(request.endTime !== undefined ? { endTime: request.endTime } : {}),
    limit: request.limit ?? DEFAULT_BINDING_LIMIT,
  };
}

/** Writes `body` to `path` as it arrives (stream `pipeline`), never throwing for the body: a break is returned as `error`. */
async function writeAnswer(
  body: Readable,
  path: string,
  onBytes: (bytes: number) => void,
): Promise<{ bytes: number; error?: unknown }> {
  let bytes = 0;
  body.on('data', (chunk: Buffer) => onBytes((bytes += chunk.length)));
  try {
    await pipeline(body, createWriteStream(path));
    return { bytes };
  } catch (error) {
    return { bytes, error };
  }
}

/** One binding pull in progress. */
class BindingRun {
  private rows = 0;
  private pages = 0;
  private bytes = 0;
  private requestState: ProxyProgress | undefined;
  private readonly progress: ProgressReporter;
  private readonly table: string;

  constructor(
    private readonly ws: Workspace,
    private readonly proxy: V1Proxy,
    private readonly params: PullQuery & { limit: number },
    private readonly priceThreshold: number | null,
    private readonly options: BindingPullOptions,
    private readonly id: number,
    private readonly signal: AbortSignal,
  ) {
    this.table = pullTableName(id);
    // No ETA: the rows arrive in one body and are counted only once it is stored.
    this.progress = new ProgressReporter(id, options.onProgress, Infinity, options.progressIntervalMs ?? 200);
  }

  /** Requests, stores and ends the pull; resolves once its final state is written. */
  async run(): Promise<PullOutcome> {
    const path = join(this.ws.pageDir, `${this.table}.json`);
    let stop: GsError | undefined;
    try {
      await this.fetchAndStore(path);
    } catch (error) {
      stop = error instanceof PullStop ? error.error : { code: 'internal', message: `The pull stopped: ${messageOf(error)}` };
    } finally {
      await rm(path, { force: true });
    }
    const { state, error } = endOf(stop, this.signal.aborted, this.rows);
    await recordEnd(this.ws, this.id, state, error);
    const elapsedMs = this.progress.elapsedMs();
    this.report(true, state);
    log.info(`binding pull ${this.id} ${state}: ${this.rows} rows, ${this.bytes} bytes, ${Math.round(elapsedMs)} ms`);
    const outcome: PullOutcome = {
      pullId: this.id,
      state,
      rows: this.rows,
      pages: this.pages,
      rowsCharged: this.rows,
      elapsedMs,
    };
    if (error) outcome.error = error;
    return outcome;
  }

  private async fetchAndStore(path: string): Promise<void> {
    if (this.signal.aborted) throw cancelled();
    const { datasetId, startTime, endTime, limit } = this.params;
    const query = {
      dataset_id: datasetId,
      start_time: startTime,
      end_time: endTime,
      price_threshold: this.priceThreshold,
      limit,
    };
    const { body } = await openPullStream(this.ws, this.proxy, '/constraints/binding', query, {
      call: this.options.call,
      signal: this.signal,
      onRequestState: (state, changed) => {
        this.requestState = state;
        if (state) this.report(changed);
      },
      type: /^application\/([a-z.+-]*\+)?json/i,
      what: 'the binding rows',
      expected: 'JSON',
    });
    const written = await writeAnswer(body, path, (bytes) => {
      this.bytes = bytes;
      this.report(false);
    });
    if (this.signal.aborted) throw cancelled();
    if (written.error !== undefined) {
      throw new PullStop({
        code: 'network',
        message: `The connection broke while the binding rows arrived: ${messageOf(written.error)}`,
      });
    }
    const catalogue = this.options.catalogueColumns;
    const empty = await isEmptyArray(path, written.bytes);
    const columns = empty
      ? emptyAnswerColumns(catalogue)
      : await answerColumns(this.ws, path, catalogue).catch((error: unknown) => {
          throw internal(messageOf(error));
        });
    const binding = { priceThreshold: this.priceThreshold, limit };
    this.rows = await storeAnswer(this.ws, this.id, this.table, columns, empty ? null : path, binding).catch((error: unknown) => {
      throw internal(`The binding rows could not be stored: ${messageOf(error)}`);
    });
    this.pages = 1;
    this.report(true);
  }

  private report(force: boolean, state: PullState = 'running'): void {
    this.progress.report({ rows: this.rows, pages: this.pages, bytes: this.bytes }, force, state, this.requestState);
  }
}

/** The request checked by the verb's own schema (the one the bridge parses with); a message listing the problems, or null. */
function invalid(request: BindingRequest): string | null {
  const parsed = workspaceInputs['workspace:pullBinding'].safeParse(request);
  if (parsed.success) return null;
  return parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ');
}

/**
 * Starts pulling the binding rows of `request` into `ws` through `proxy` (the workspace's profile; never cached).
 * Records the pull (`running`, kind `binding`, `params` from {@link bindingParams}) before the request and answers
 * its id at once; `done` resolves with the outcome once the final state is written. Cancel with `options.signal` or
 * `ws.cancel(pullId)`. A /v1 error ends the pull `failed` with the proxy's message (the server's `detail` included).
 * @returns `validation` for a bad request, `internal` when the catalogue cannot be written.
 */
export async function startBindingPull(
  ws: Workspace,
  proxy: V1Proxy,
  request: BindingRequest,
  options: BindingPullOptions = {},
): Promise<Result<PullHandle>> {
  const problem = invalid(request);
  if (problem) return fail('validation', problem);
  const params = bindingParams(request);
  const priceThreshold = request.priceThreshold ?? null;
  const recorded = await recordPull(ws, params, 'binding', { priceThreshold, limitReached: false });
  if (!recorded.ok) return recorded;
  const id = recorded.value;
  return ok(
    launchPull(ws, id, options.signal, (signal) => new BindingRun(ws, proxy, params, priceThreshold, options, id, signal).run()),
  );
}
