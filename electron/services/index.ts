import { join } from 'node:path';
import type { AppInfo, ProfileName } from '../../shared/index.js';
import { createEmbeddedServer } from './embedded/embedded.js';
import type { EmbeddedOptions, EmbeddedServer } from './embedded/embedded.js';
import { ok } from '../../shared/index.js';
import { createHandlers } from './verbs/routes.js';
import type { Handlers } from './verbs/handlers.js';
import type { FinishedJob } from './common/jobs.js';
import type { KeyVault } from './vault/keyVault.js';
import { createLogger } from './common/logger.js';
import { cacheDirFromEnv } from './common/paths.js';
import { createProfiles, keyForOtherOriginMessage, originOf } from './profiles/profiles.js';
import type { Profiles } from './profiles/profiles.js';
import { TargetUnavailableError, createV1Proxy } from './v1/proxy.js';
import type { ProxyTarget } from './v1/proxy.js';
import { createRequestRegistry } from './v1/requests.js';
import type { RequestRegistry } from './v1/requests.js';
import { createResponseCache } from './v1/responseCache.js';
import { createMetadataCache, newIdentitySalt, targetIdentity } from './v1/metaCache.js';
import { systemClock } from './v1/retry.js';
import type { Clock, RetryPolicy } from './v1/retry.js';
import { createRateGate } from './v1/rateGate.js';
import { createWorkspaceService } from './workspace/service.js';
import { createDownloadManager } from './downloads/manager.js';
import type { DownloadManager } from './downloads/types.js';
import { presignExport } from './downloads/presign.js';
import type { DownloadBatch } from '../../shared/index.js';
import type { ConversionOptions, ExportPathChooser, PullsProgress, WorkspaceService } from './workspace/service.js';
import { createWorkspaceOperations } from './workspace/operations.js';
import { createDatasetService } from './datasets/service.js';
import { createDisplayService } from './display/service.js';
import { createExportService } from './exports/service.js';
import { createGridService } from './grid/service.js';
import { createLocationService } from './locations/service.js';
import { createOutageService } from './outages/service.js';
import { createOverlapService } from './overlap/service.js';
import { createMapAnswers } from './map/answers.js';
import { createMapService } from './map/service.js';
import { createBindingWindowService } from './bindingWindow/service.js';
import { BindingWindowStore } from './bindingWindow/store.js';
import { createPathService } from './paths/service.js';
import { createProfileService } from './profiles/service.js';
import { createWatchlistService } from './watchlist/service.js';
import { watchActivity } from './v1/activity.js';
import { createTrafficMonitor } from './v1/traffic.js';

export interface ServicesOptions {
  /** Settings dir: `app.getPath('userData')` on desktop, {@link defaultConfigDir} elsewhere. */
  configDir: string;
  vault: KeyVault;
  host: 'desktop' | 'web';
  versions: Record<string, string>;
  appVersion?: string;
  /** Desktop: a `utilityProcess` launcher; web host: `child_process.fork`; cache dir default: env GRIDSCOPE_CACHE_DIR. */
  embedded?: EmbeddedOptions;
  /** Per-attempt /v1 timeout in ms (default 30 000). */
  timeoutMs?: number;
  /** Retry budget of the /v1 proxy (default: 4 attempts within 60 s). */
  retry?: Partial<RetryPolicy>;
  clock?: Clock;
  /** Folder of cached /v1 responses (default `<configDir>/cache/responses`). */
  responseCacheDir?: string;
  /** Called when a long job (a query, estimate or pull of ≥ 10 s) ends; the desktop shows a notification. */
  onJobFinished?: (job: FinishedJob) => void;
  /** Folder of the workspace files (default `<configDir>/workspace`; docs/workspace.md). */
  workspaceDir?: string;
  /** Desktop: the save dialog of exports. Absent (web host): an export becomes a one-time `/downloads/<id>` link. */
  chooseExportPath?: ExportPathChooser;
  /** Summed progress of running pulls (the desktop's taskbar progress bar); null when none runs. */
  onPullProgress?: (progress: PullsProgress) => void;
  /** Where export files are downloaded until the user picks a folder (default `<configDir>/exports`; docs/downloads.md). */
  downloadsDir?: string;
  /** Desktop: a folder dialog for the downloads folder; null when cancelled. Absent (web host): the page takes a typed path. */
  chooseDownloadsFolder?: (current: string) => Promise<string | null>;
  /** Desktop: shows a downloaded file or folder in the system file manager. */
  revealPath?: (path: string) => void;
  /** Summed progress of the download queue (the taskbar progress bar); null when nothing downloads. */
  onDownloadProgress?: (progress: PullsProgress) => void;
  /** A batch of downloads ended (the desktop notifies). */
  onDownloadBatchFinished?: (batch: DownloadBatch) => void;
  /** Tests only (the web host's `GRIDSCOPE_TEST_CONVERSION_GATE`): how offline reviews convert their files. */
  conversion?: ConversionOptions;
}

export interface Services {
  handlers: Handlers;
  profiles: Profiles;
  embedded: EmbeddedServer;
  requests: RequestRegistry;
  /** The active profile's workspace; the web host serves its downloads. */
  workspace: WorkspaceService;
  /** The export download queue and library (docs/downloads.md). */
  downloads: DownloadManager;
  jobFinished(job: FinishedJob): void;
  /** Closes the workspace (running pulls end cancelled), cancels calls in flight, stops the embedded service (its process too) and closes pooled connections. Idempotent. */
  dispose(): Promise<void>;
}

const log = createLogger('services');

/** Wires the bridge's services (vault + profiles → /v1 proxy with retries and cache → handlers), for desktop and web host. */
export function createServices(opts: ServicesOptions): Services {
  const cacheDir = opts.embedded?.cacheDir ?? cacheDirFromEnv();
  const embedded = createEmbeddedServer({ ...opts.embedded, ...(cacheDir ? { cacheDir } : {}) });
  const profiles = createProfiles({ configDir: opts.configDir, vault: opts.vault, embeddedStatus: () => embedded.status() });

  async function resolveTarget(profile?: ProfileName): Promise<ProxyTarget | null> {
    const settings = await profiles.settings();
    if ((profile ?? settings.active) === 'embedded') {
      try {
        // The embedded port changes per run: cache entries are keyed by a stable name instead.
        const target = await embedded.ensureStarted();
        return { ...target, profile: 'embedded', cacheId: 'embedded', cacheTtlSeconds: settings.embedded.cacheTtlSeconds };
      } catch (err) {
        throw new TargetUnavailableError('network', err instanceof Error ? err.message : String(err));
      }
    }
    const origin = originOf(settings.remote.baseUrl);
    if (!origin) return null; // unreachable: settings only hold URLs RemoteBaseUrl accepts
    const key = await opts.vault.get('remote', origin);
    if (key)
      return { baseUrl: settings.remote.baseUrl, key, profile: 'remote', cacheTtlSeconds: settings.remote.cacheTtlSeconds };
    const status = await opts.vault.status('remote', origin);
    if (status.state === 'other-origin')
      throw new TargetUnavailableError('auth', keyForOtherOriginMessage(status.origin, origin));
    return null;
  }

  const cache = createResponseCache({ dir: opts.responseCacheDir ?? join(opts.configDir, 'cache', 'responses') });
  // Every request, background ones too: the usage meter's traffic and the profile badge's health.
  const traffic = createTrafficMonitor(opts.clock ? () => opts.clock!.now() : Date.now);
  // Background work (the location index) calls `v1` itself and waits for quiet in the `activity` of everything else.
  const v1 = createV1Proxy({
    resolveTarget,
    cache,
    observer: traffic,
    rateGate: createRateGate(opts.clock ?? systemClock),
    ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
    ...(opts.retry ? { retry: opts.retry } : {}),
    ...(opts.clock ? { clock: opts.clock } : {}),
  });
  const { proxy, activity } = watchActivity(v1, opts.clock ? () => opts.clock!.now() : Date.now);
  const identitySalt = newIdentitySalt();
  // The active /v1 server's identity (salted, never its key): what main keeps per server is kept apart.
  const identifyServer = async () => {
    const target = await resolveTarget();
    return target ? targetIdentity(target, identitySalt) : null;
  };
  const metadata = createMetadataCache({ identify: identifyServer });
  const clock = opts.clock;
  const requests = createRequestRegistry(clock ? () => clock.now() : undefined);
  const info = (): AppInfo => ({
    name: 'Gridscope',
    version: opts.appVersion ?? opts.versions.app ?? '0.0.0',
    host: opts.host,
    platform: process.platform,
    versions: { ...opts.versions },
  });
  const now = clock ? () => clock.now() : undefined;
  const workspace = createWorkspaceService({
    dir: opts.workspaceDir ?? join(opts.configDir, 'workspace'),
    activeProfile: async () => (await profiles.settings()).active,
    proxy,
    ...(opts.chooseExportPath ? { chooseExportPath: opts.chooseExportPath } : {}),
    ...(opts.onPullProgress ? { onPullProgress: opts.onPullProgress } : {}),
    ...(opts.onJobFinished ? { onJobFinished: opts.onJobFinished } : {}),
    ...(clock ? { now: () => clock.now() } : {}),
    ...(opts.conversion ? { conversion: opts.conversion } : {}),
  });
  const downloads = createDownloadManager({
    configDir: opts.configDir,
    defaultFolder: opts.downloadsDir ?? join(opts.configDir, 'exports'),
    presign: (datasetId, date, signal) => presignExport(proxy, datasetId, date, signal),
    ...(opts.chooseDownloadsFolder ? { chooseFolder: opts.chooseDownloadsFolder } : {}),
    ...(opts.revealPath ? { revealPath: opts.revealPath } : {}),
    ...(opts.onDownloadProgress ? { onProgress: opts.onDownloadProgress } : {}),
    ...(opts.onDownloadBatchFinished ? { onBatchFinished: opts.onDownloadBatchFinished } : {}),
    ...(clock ? { now: () => clock.now() } : {}),
  });
  const locations = createLocationService({
    proxy: v1,
    activity,
    requests,
    // A stable name per server: the embedded port changes per run, and a key is never part of it.
    identify: async (profile) => {
      const target = await resolveTarget(profile);
      return target ? { profile: target.profile ?? 'remote', id: target.cacheId ?? target.baseUrl } : null;
    },
    dir: join(opts.configDir, 'locations'),
    ...(clock ? { clock } : {}),
  });
  // One binding window store for the constraint screens and the path view: a window is asked once for both.
  const windowOptions = {
    proxy,
    identify: async () => {
      const target = await resolveTarget();
      return target ? { server: target.cacheId ?? target.baseUrl, cacheTtlSeconds: target.cacheTtlSeconds ?? 0 } : null;
    },
    ...(now ? { now } : {}),
  };
  const windowStore = new BindingWindowStore(windowOptions);
  const binding = createBindingWindowService({ ...windowOptions, requests, workspace, store: windowStore });
  const grid = createGridService({ proxy, requests, onConstraints: (list, whole) => locations.noticeConstraints(list, whole) });
  const handlers = createHandlers({
    app: { info: async () => ok(info()) },
    requests,
    traffic,
    datasets: createDatasetService({
      proxy,
      requests,
      metadata,
      ...(opts.onJobFinished ? { onJobFinished: opts.onJobFinished } : {}),
      ...(now ? { now } : {}),
    }),
    profiles: createProfileService({
      profiles,
      vault: opts.vault,
      proxy,
      embedded,
      cache,
      metadata,
      traffic,
      onCacheCleared: (profile) => binding.clear(profile),
      onActiveChanged: (profile) => workspace.useProfile(profile),
      ...(now ? { now } : {}),
    }),
    workspace: createWorkspaceOperations({ workspace, proxy, metadata, downloads }),
    grid,
    locations,
    overlap: createOverlapService({ proxy, requests, workspace }),
    outages: createOutageService({ proxy, requests }),
    map: createMapService({
      answers: createMapAnswers({
        proxy,
        identify: async () => {
          const id = await identifyServer();
          return id ? JSON.stringify(id) : null;
        },
      }),
      requests,
      workspace,
    }),
    binding,
    paths: createPathService({ proxy, requests, workspace, store: windowStore }),
    exports: createExportService({ proxy, requests, downloads }),
    downloads,
    display: createDisplayService({ configDir: opts.configDir }),
    watchlist: createWatchlistService({ workspace, binding, grid, ...(now ? { now } : {}) }),
  });

  let disposed: Promise<void> | undefined;
  return {
    handlers,
    profiles,
    embedded,
    requests,
    workspace,
    downloads,
    jobFinished: (job) => opts.onJobFinished?.(job),
    dispose() {
      requests.cancelAll();
      // The workspace and the downloads first: they end (and record their state) while the embedded service still answers.
      disposed ??= Promise.allSettled([workspace.dispose(), downloads.dispose(), locations.dispose()])
        .then((results) => {
          for (const r of results) if (r.status === 'rejected') log.warn('dispose', r.reason);
        })
        .then(() => Promise.allSettled([embedded.stop(), v1.close()]))
        .then((results) => {
          for (const r of results) if (r.status === 'rejected') log.warn('dispose', r.reason);
        });
      return disposed;
    },
  };
}

export { dispatch } from './verbs/dispatch.js';
export type { CallContext, Handlers } from './verbs/handlers.js';
export { createFileVault, createSafeStorageVault } from './vault/keyVault.js';
export type { KeyVault, SafeStorageLike } from './vault/keyVault.js';
export { createLogger, setLogSink, setLogLevel } from './common/logger.js';
export { defaultConfigDir } from './common/paths.js';
export type { RetryPolicy, Clock } from './v1/retry.js';
export type { FinishedJob, JobEnd } from './common/jobs.js';
export type { ConversionOptions, Download, ExportPathChooser, PullsProgress, WorkspaceService } from './workspace/service.js';
