import type { ExportOutcome, ParsedInput, ProfileName, PullQuery, PullRecord, Result } from '../../../shared/index.js';
import type { LocalFiles } from '../downloads/types.js';
import type { V1Proxy } from '../v1/proxy.js';
import type { FinishedJob } from '../common/jobs.js';
import type { BindingPullOptions, BindingRequest } from './binding.js';
import type { LocalReviewOptions } from './local.js';
import type { PullOptions } from './pull.js';
import type { PullReport } from './progress.js';
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
  /** Told when a pull of at least `longJobMs` (default `LONG_JOB_MS` of common/jobs.ts) ends; a throw is logged. */
  onJobFinished?: (job: FinishedJob) => void;
  longJobMs?: number;
  now?: () => number;
  /** How long an unfetched download is kept, in ms (default 10 minutes). */
  downloadTtlMs?: number;
  /** Per-request proxy options of pulls (tests: a short retry budget). */
  call?: PullOptions['call'];
  /** Tests only: how local reviews convert (a hook holding each part, files per part); default none, `threads`. */
  conversion?: ConversionOptions;
}

/** Options of every local review's conversion (tests hold it at a known part with `beforePart`). */
export type ConversionOptions = Pick<LocalReviewOptions, 'beforePart' | 'filesPerStatement'>;

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
  /** `record` with its live `progress` while it runs in this process, and `refreshing` while a refresh of it runs. */
  withProgress(record: PullRecord): PullRecord;
  /** Runs a refresh of pull `pullId` with `run`, keeping its reported progress as the record's `refreshing` meanwhile. */
  followRefresh<T>(ws: Workspace, pullId: number, run: (onProgress: (p: PullReport) => void) => Promise<T>): Promise<T>;
  /** Writes pull `input.pullId` to a file where main decides (save dialog or a one-time download). */
  exportPull(ws: Workspace, input: ParsedInput<'workspace:export'>, signal?: AbortSignal): Promise<Result<ExportOutcome>>;
  /** The download `id` without using it up (HEAD). */
  peekDownload(id: string): Download | undefined;
  /** Takes download `id` (a second take finds nothing); `release()` deletes its file once sent. */
  takeDownload(id: string): (Download & { release(): Promise<void> }) | undefined;
  /** Closes the workspace (running pulls end `cancelled`) and deletes waiting downloads. Idempotent. */
  dispose(): Promise<void>;
}
