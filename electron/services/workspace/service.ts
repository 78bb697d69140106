import { fail } from '../../../shared/index.js';
import { createLogger } from '../common/logger.js';
import { ActiveWorkspace } from './activeWorkspace.js';
import { startBindingPull } from './binding.js';
import { WorkspaceExports } from './exportFiles.js';
import { LivePulls } from './livePulls.js';
import { startLocalReview } from './local.js';
import { startPull } from './pull.js';
import type { WorkspaceService, WorkspaceServiceOptions } from './serviceTypes.js';
import type { Workspace } from './workspace.js';

export { DOWNLOAD_PATH } from './exportFiles.js';
export type {
  ConversionOptions,
  Download,
  ExportFormat,
  ExportPathChooser,
  PullStartOptions,
  PullsProgress,
  WorkspaceService,
  WorkspaceServiceOptions,
} from './serviceTypes.js';

const log = createLogger('workspace');

/**
 * Creates the workspace service (serviceTypes.ts says what it does); nothing is opened until the first call. Its parts:
 * activeWorkspace.ts (the open file of the active profile), livePulls.ts (running pulls' progress and ends) and
 * exportFiles.ts (exports and one-time downloads).
 */
export function createWorkspaceService(opts: WorkspaceServiceOptions): WorkspaceService {
  const pulls = new LivePulls({
    now: opts.now ?? Date.now,
    onPullProgress: opts.onPullProgress,
    onJobFinished: opts.onJobFinished,
    longJobMs: opts.longJobMs,
  });
  const active = new ActiveWorkspace(opts.dir, { closing: (profile) => pulls.forget(profile), closed: () => pulls.report() });
  const exporter = new WorkspaceExports(opts);
  let disposed: Promise<void> | undefined;
  const call = opts.call ? { call: opts.call } : {};

  return {
    async use(work) {
      if (disposed) return fail('internal', 'The workspace is closed: Gridscope is shutting down.');
      let ws: Workspace;
      try {
        ws = await active.open(await opts.activeProfile());
      } catch (error) {
        return fail('internal', error instanceof Error ? error.message : String(error));
      }
      return work(ws);
    },

    async useProfile(profile) {
      if (disposed || active.profile === undefined || active.profile === profile) return;
      await active.open(profile).catch((error: unknown) => log.warn(`the ${profile} workspace did not open`, error));
    },

    startPull: (ws, query, options) =>
      pulls.follow(
        ws,
        `Pull of ${query.datasetId}`,
        Math.min(options.expectedRows ?? Infinity, query.limit ?? Infinity),
        (onProgress) => startPull(ws, opts.proxy, query, { ...options, ...call, onProgress }),
      ),

    // Rows are counted only once the one answer is stored: the taskbar shows the pull as indeterminate.
    startBindingPull: (ws, request, options) =>
      pulls.follow(ws, `Binding rows of ${request.datasetId}`, Infinity, (onProgress) =>
        startBindingPull(ws, opts.proxy, request, { ...options, ...call, onProgress }),
      ),

    // A review learns its rows as files are read: the estimate behind its ETA sizes its share of the taskbar.
    startLocalReview: (ws, files) =>
      pulls.follow(
        ws,
        `Review of ${files.dataset.id}`,
        (p) => (p.etaSeconds === null ? Infinity : p.rows + p.etaSeconds * p.rowsPerSecond),
        (onProgress) => startLocalReview(ws, files, { ...opts.conversion, onProgress }),
      ),

    withProgress: (record) => pulls.withProgress(record),
    followRefresh: (ws, pullId, run) => pulls.followRefresh(ws, pullId, run),
    exportPull: (ws, input, signal) => exporter.exportPull(ws, input, signal),
    peekDownload: (id) => exporter.peek(id),
    takeDownload: (id) => exporter.take(id),

    dispose() {
      disposed ??= (async () => {
        exporter.stop();
        await active.close();
        await exporter.clear();
      })();
      return disposed;
    },
  };
}
