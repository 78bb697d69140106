import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { fail, ok } from '../../../shared/index.js';
import type {
  ExportOutcome,
  ParsedInput,
  ProfileName,
  PullProgress,
  PullQuery,
  PullRecord,
  Result,
} from '../../../shared/index.js';
import { createLogger } from '../common/logger.js';
import type { LocalFiles } from '../downloads/types.js';
import type { V1Proxy } from '../v1/proxy.js';
import { LONG_JOB_MS } from '../common/jobs.js';
import type { FinishedJob, JobEnd } from '../common/jobs.js';
import { startBindingPull } from './binding.js';
import type { BindingPullOptions, BindingRequest } from './binding.js';
import { exportPull } from './export.js';
import { getPull } from './history.js';
import { startLocalReview } from './local.js';
import { startPull } from './pull.js';
import type { PullHandle, PullOptions, PullOutcome, PullReport } from './pull.js';
import { openWorkspace } from './workspace.js';
import type { Workspace } from './workspace.js';

/**
 * Main's workspace (docs/workspace.md): the active profile's file in `<configDir>/workspace/`, opened on
 * first use and swapped on a profile switch (the old one is closed, its running pulls cancelled).
 * Pulls run in the background; their live figures are kept here for `workspace:pulls`, summed for the
 * taskbar, and a long pull's end is reported like a long query's. Exports go where main says: a path
 * from the desktop's save dialog, or (web host) a file under `<dir>/downloads/` behind a one-time link.
 */

/** Format of an export. */
export type ExportFormat = ParsedInput<'workspace:export'>['format'];

/** Desktop: asks where to save an export (`defaultName` like `pjm_lmp-3.csv`); null when the user cancelled. */
export type ExportPathChooser = (defaultName: string, format: ExportFormat) => Promise<string | null>;

/** Progress of all running pulls: a fraction 0–1 of their expected rows, `indeterminate` when none knows its total, null when none runs. */
export type PullsProgress = number | 'indeterminate' | null;

export interface WorkspaceServiceOptions {
  /** `<configDir>/workspace`: `<profile>.duckdb` per profile, `downloads/` for the web host's exports. */
  dir: string;
  /** The active profile (settings). */
  activeProfile: () => Promise<ProfileName>;
  proxy: V1Proxy;
  /** Desktop: the save dialog. Absent (web host): exports become one-time downloads. */
  chooseExportPath?: ExportPathChooser;
  /** Told whenever the summed progress of running pulls changes (the desktop sets the taskbar progress bar). */
  onPullProgress?: (progress: PullsProgress) => void;
  /** Told when a pull of at least `longJobMs` (default {@link LONG_JOB_MS}) ends; a throw is logged. */
  onJobFinished?: (job: FinishedJob) => void;
  longJobMs?: number;
  now?: () => number;
  /** How long an unfetched download is kept, in ms (default 10 minutes). */
  downloadTtlMs?: number;
  /** Per-request proxy options of pulls (tests: a short retry budget). */
  call?: PullOptions['call'];
}

/** A web-host export waiting for its one download: `filename` for `Content-Disposition`. */
export interface Download {
  path: string;
  filename: string;
  format: ExportFormat;
  bytes: number;
}

/** Options of a pull that the caller decides (the plan's paging, type hints, the estimate). */
export type PullStartOptions = Pick<PullOptions, 'pageSize' | 'minRequestIntervalMs' | 'columnTypes' | 'expectedRows'>;

export interface WorkspaceService {
  /**
   * Runs `work` on the active profile's workspace, opening it (or switching to it) first.
   * @returns `internal` when the workspace cannot be opened (locked by another Gridscope, unreadable) or main is closing.
   */
  use<T>(work: (ws: Workspace) => Promise<Result<T>>): Promise<Result<T>>;
  /** Switches to `profile`'s workspace now: the other one closes and its running pulls end `cancelled`. */
  useProfile(profile: ProfileName): Promise<void>;
  /** Records and starts a pull of `query` in `ws`; answers its record (`running`) at once, the pull goes on in the background. */
  startPull(ws: Workspace, query: PullQuery, options: PullStartOptions): Promise<Result<PullRecord>>;
  /**
   * Records and starts a binding pull (`workspace:pullBinding`, docs/workspace.md#binding-pulls) in `ws`; answers its
   * record (`running`, kind `binding`) at once, like {@link startPull}.
   */
  startBindingPull(
    ws: Workspace,
    request: BindingRequest,
    options: Pick<BindingPullOptions, 'catalogueColumns'>,
  ): Promise<Result<PullRecord>>;
  /**
   * Records and starts a local review of downloaded `files` (`workspace:openLocal`, docs/workspace.md#local-review-pulls)
   * in `ws`; answers its record (`running`, kind `local`) at once, like {@link startPull}. Makes no request.
   */
  startLocalReview(ws: Workspace, files: LocalFiles): Promise<Result<PullRecord>>;
  /** `record` with its live `progress` while it runs in this process. */
  withProgress(record: PullRecord): PullRecord;
  /** Writes pull `input.pullId` to a file where main decides (save dialog or a one-time download). */
  exportPull(ws: Workspace, input: ParsedInput<'workspace:export'>, signal?: AbortSignal): Promise<Result<ExportOutcome>>;
  /** The download `id` without using it up (HEAD). */
  peekDownload(id: string): Download | undefined;
  /** Takes download `id` (a second take finds nothing); `release()` deletes its file once sent. */
  takeDownload(id: string): (Download & { release(): Promise<void> }) | undefined;
  /** Closes the workspace (running pulls end `cancelled`) and deletes waiting downloads. Idempotent. */
  dispose(): Promise<void>;
}

/** The path part of a download link: `/downloads/<id>`. */
export const DOWNLOAD_PATH = '/downloads';
const DOWNLOAD_ID = /^[A-Za-z0-9_-]{32}$/;
const DOWNLOAD_TTL_MS = 10 * 60_000;

const log = createLogger('workspace');
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const count = (n: number): string => n.toLocaleString('en-US');

const JOB_ENDS: Record<PullOutcome['state'], JobEnd> = {
  complete: 'completed',
  cancelled: 'cancelled',
  partial: 'failed',
  failed: 'failed',
};

/** What a finished pull's notification says. */
function jobDetail(o: PullOutcome): string {
  const rows = `${count(o.rows)} ${o.rows === 1 ? 'row' : 'rows'}`;
  if (o.state === 'complete') return rows;
  if (o.state === 'cancelled') return `${rows} kept`;
  return o.rows > 0 ? `${o.error?.message ?? 'Stopped'} (${rows} kept)` : (o.error?.message ?? 'Failed');
}

interface LivePull {
  progress: PullProgress;
  /** Rows the pull should end with (estimate or limit); Infinity when unknown. */
  expected: number;
}

/** Creates the workspace service; nothing is opened until the first call. */
export function createWorkspaceService(opts: WorkspaceServiceOptions): WorkspaceService {
  const now = opts.now ?? Date.now;
  const downloadDir = join(opts.dir, 'downloads');
  const ttlMs = opts.downloadTtlMs ?? DOWNLOAD_TTL_MS;
  let current: { profile: ProfileName; ready: Promise<Workspace> } | undefined;
  let disposed: Promise<void> | undefined;
  // Keyed `<profile>:<pull id>`: pull ids are per workspace file.
  const live = new Map<string, LivePull>();
  const downloads = new Map<string, Download & { timer: NodeJS.Timeout }>();
  // Files of an earlier run (a crash, or links never used) go before the first export.
  const downloadsCleared = rm(downloadDir, { recursive: true, force: true }).catch(() => undefined);
  let lastProgress: PullsProgress = null;

  async function closeQuietly(previous: Promise<Workspace>): Promise<void> {
    const ws = await previous.catch(() => undefined);
    if (!ws) return;
    for (const key of live.keys()) if (key.startsWith(`${ws.profile}:`)) live.delete(key);
    await ws.close().catch((error: unknown) => log.warn(`closing the ${ws.profile} workspace failed`, error));
    reportProgress();
  }

  // Synchronous bookkeeping: a second call for the same profile shares the open; another profile's waits for the close.
  function workspaceFor(profile: ProfileName): Promise<Workspace> {
    if (current?.profile === profile) return current.ready;
    const previous = current?.ready;
    const ready = (async () => {
      if (previous) await closeQuietly(previous);
      return openWorkspace(opts.dir, profile);
    })();
    const entry = { profile, ready };
    current = entry;
    // A failed open is tried again on the next call.
    ready.catch(() => {
      if (current === entry) current = undefined;
    });
    return ready;
  }

  function reportProgress(): void {
    if (!opts.onPullProgress) return;
    let rows = 0;
    let expected = 0;
    for (const pull of live.values()) {
      if (!Number.isFinite(pull.expected) || pull.expected <= 0) continue;
      rows += Math.min(pull.progress.rows, pull.expected);
      expected += pull.expected;
    }
    const next: PullsProgress =
      live.size === 0 ? null : expected === 0 ? 'indeterminate' : Math.round((rows / expected) * 1000) / 1000;
    if (next === lastProgress) return;
    lastProgress = next;
    try {
      opts.onPullProgress(next);
    } catch (error) {
      log.warn('a pull progress listener threw', error);
    }
  }

  function reportJob(name: string, startedAt: number, outcome: PullOutcome): void {
    if (!opts.onJobFinished || now() - startedAt < (opts.longJobMs ?? LONG_JOB_MS)) return;
    try {
      opts.onJobFinished({ name, state: JOB_ENDS[outcome.state], startedAt, detail: jobDetail(outcome) });
    } catch (error) {
      log.warn(`reporting the end of pull ${outcome.pullId} failed`, error);
    }
  }

  function withProgress(record: PullRecord): PullRecord {
    const pull = record.state === 'running' ? live.get(`${record.profile}:${record.id}`) : undefined;
    return pull ? { ...record, progress: { ...pull.progress } } : record;
  }

  function forget(id: string): Download | undefined {
    const download = downloads.get(id);
    if (!download) return undefined;
    clearTimeout(download.timer);
    downloads.delete(id);
    const { timer: _timer, ...rest } = download;
    return rest;
  }

  async function exportToDownload(
    ws: Workspace,
    input: ParsedInput<'workspace:export'>,
    filename: string,
    signal?: AbortSignal,
  ): Promise<Result<ExportOutcome>> {
    await downloadsCleared;
    try {
      await mkdir(downloadDir, { recursive: true });
    } catch (error) {
      return fail('internal', `Could not create the downloads folder ${downloadDir}: ${messageOf(error)}`);
    }
    const id = randomBytes(24).toString('base64url');
    const path = join(downloadDir, `${id}.${input.format}`);
    const written = await exportPull(ws, input.pullId, { ...exportOptions(input), path, ...(signal ? { signal } : {}) });
    if (!written.ok) return written;
    if (disposed) {
      await rm(path, { force: true });
      return fail('cancelled', 'Gridscope is closing.');
    }
    const timer = setTimeout(() => {
      if (forget(id)) void rm(path, { force: true }).catch(() => undefined);
    }, ttlMs);
    timer.unref();
    downloads.set(id, { path, filename, format: input.format, bytes: written.value.bytes, timer });
    const { rows, bytes } = written.value;
    return ok({ format: input.format, rows, bytes, path: null, downloadUrl: `${DOWNLOAD_PATH}/${id}` });
  }

  /**
   * Starts a pull with `start`, keeping its live progress (`expected` rows, or their estimate from a report: Infinity
   * when unknown) for
   * `workspace:pulls` and the taskbar, and reporting its end as job `name`. @returns its record.
   */
  async function follow(
    ws: Workspace,
    name: string,
    expected: number | ((p: PullReport) => number),
    start: (onProgress: (p: PullReport) => void) => Promise<Result<PullHandle>>,
  ): Promise<Result<PullRecord>> {
    const startedAt = now();
    const started = await start((p) => {
      const key = `${ws.profile}:${p.pullId}`;
      if (p.state === 'running') {
        const { pullId: _id, state: _state, request: _request, ...progress } = p;
        live.set(key, { progress, expected: typeof expected === 'number' ? expected : expected(p) });
      } else live.delete(key);
      reportProgress();
    });
    if (!started.ok) return started;
    const { pullId, done } = started.value;
    void done.then((outcome) => {
      live.delete(`${ws.profile}:${pullId}`);
      reportProgress();
      reportJob(name, startedAt, outcome);
    });
    const record = await getPull(ws, pullId);
    return record.ok ? ok(withProgress(record.value)) : record;
  }

  const call = opts.call ? { call: opts.call } : {};

  return {
    async use(work) {
      if (disposed) return fail('internal', 'The workspace is closed: Gridscope is shutting down.');
      let ws: Workspace;
      try {
        ws = await workspaceFor(await opts.activeProfile());
      } catch (error) {
        return fail('internal', messageOf(error));
      }
      return work(ws);
    },

    async useProfile(profile) {
      if (disposed || current === undefined || current.profile === profile) return;
      await workspaceFor(profile).catch((error: unknown) => log.warn(`the ${profile} workspace did not open`, error));
    },

    startPull: (ws, query, options) =>
      follow(
        ws,
        `Pull of ${query.datasetId}`,
        Math.min(options.expectedRows ?? Infinity, query.limit ?? Infinity),
        (onProgress) => startPull(ws, opts.proxy, query, { ...options, ...call, onProgress }),
      ),

    // Rows are counted only once the one answer is stored: the taskbar shows the pull as indeterminate.
    startBindingPull: (ws, request, options) =>
      follow(ws, `Binding rows of ${request.datasetId}`, Infinity, (onProgress) =>
        startBindingPull(ws, opts.proxy, request, { ...options, ...call, onProgress }),
      ),

    // A review learns its rows as files are read: the estimate behind its ETA sizes its share of the taskbar.
    startLocalReview: (ws, files) =>
      follow(
        ws,
        `Review of ${files.dataset.id}`,
        (p) => (p.etaSeconds === null ? Infinity : p.rows + p.etaSeconds * p.rowsPerSecond),
        (onProgress) => startLocalReview(ws, files, { onProgress }),
      ),

    withProgress,

    async exportPull(ws, input, signal) {
      const record = await getPull(ws, input.pullId);
      if (!record.ok) return record;
      const filename = `${record.value.datasetId}-${record.value.id}.${input.format}`;
      if (!opts.chooseExportPath) return exportToDownload(ws, input, filename, signal);
      let path: string | null;
      try {
        path = await opts.chooseExportPath(filename, input.format);
      } catch (error) {
        return fail('internal', `The save dialog failed: ${messageOf(error)}`);
      }
      if (path === null) return ok({ format: input.format, rows: 0, bytes: 0, path: null });
      if (resolve(path).startsWith(resolve(opts.dir) + sep))
        return fail('validation', `Save the export outside Gridscope's workspace folder (${opts.dir}).`);
      const written = await exportPull(ws, input.pullId, { ...exportOptions(input), path, ...(signal ? { signal } : {}) });
      if (!written.ok) return written;
      return ok({ format: input.format, rows: written.value.rows, bytes: written.value.bytes, path: written.value.path });
    },

    peekDownload(id) {
      if (!DOWNLOAD_ID.test(id)) return undefined;
      const download = downloads.get(id);
      return download && { path: download.path, filename: download.filename, format: download.format, bytes: download.bytes };
    },

    takeDownload(id) {
      const download = DOWNLOAD_ID.test(id) ? forget(id) : undefined;
      if (!download) return undefined;
      return {
        ...download,
        release: () =>
          rm(download.path, { force: true }).catch((error: unknown) => log.warn('a download was not deleted', error)),
      };
    },

    dispose() {
      disposed ??= (async () => {
        for (const id of [...downloads.keys()]) forget(id);
        if (current) await closeQuietly(current.ready);
        current = undefined;
        await downloadsCleared;
        await rm(downloadDir, { recursive: true, force: true }).catch(() => undefined);
      })();
      return disposed;
    },
  };
}

/** The export options of `workspace:export` (its filters, sort and columns). */
function exportOptions(input: ParsedInput<'workspace:export'>) {
  return {
    format: input.format,
    ...(input.filters ? { filters: input.filters } : {}),
    ...(input.sort ? { sort: input.sort } : {}),
    ...(input.columns ? { columns: input.columns } : {}),
  };
}
