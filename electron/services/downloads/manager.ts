import { randomUUID } from 'node:crypto';
import { fail, ok } from '../../../shared/index.js';
import type { DownloadsState, Result } from '../../../shared/index.js';
import { createLogger } from '../common/logger.js';
import { createCsvHeaderReader } from './csvHeader.js';
import { partPath } from './layout.js';
import { createLibrary, type Library } from './library.js';
import { createLibraryMethods } from './libraryMethods.js';
import { partSize } from './partFile.js';
import { createProgressEmitter, totalsOf } from './progress.js';
import { QueueSaver } from './queueSaver.js';
import { checkEnqueue, DownloadQueue } from './queueState.js';
import { createQueueWriter, loadQueue } from './queueStore.js';
import { writeDatasetJson } from './records.js';
import { discardDownload } from './runner.js';
import { Scheduler } from './scheduler.js';
import { changeSettings, loadSettings, type DownloadSettings } from './settings.js';
import { Transfers } from './transfers.js';
import type { DownloadManager, DownloadManagerOptions } from './types.js';

const log = createLogger('downloads');

/**
 * Creates the download manager (docs/downloads.md): a persisted queue of export files fetched through presigned links
 * into the downloads folder, verified before they count, and the library of the verified files. The queue is loaded on
 * the first call; items that were running when the process stopped resume. Every method answers a `Result`.
 * The parts: queueState.ts (items and batches), scheduler.ts (runs and their end states), transfers.ts (one item's
 * transfer and what all share), queueSaver.ts + queueStore.ts (queue.json), settings.ts, libraryMethods.ts.
 */
export function createDownloadManager(options: DownloadManagerOptions): DownloadManager {
  const now = options.now ?? Date.now;
  const iso = (): string => new Date(now()).toISOString();
  const header = createCsvHeaderReader();
  const transfers = new Transfers({
    presign: options.presign,
    header,
    now,
    openPartFile: options.openPartFile,
    retryPolicy: options.retryPolicy,
  });
  const queue = new DownloadQueue();
  const emitter = createProgressEmitter(options.onProgress, now);
  let settings: DownloadSettings;
  let library: Library;
  let loading: Promise<void> | undefined;
  let disposed = false;
  const saver = new QueueSaver(createQueueWriter(options.configDir), () => queue.snapshot(disposed), now);

  /** After any change: batches re-evaluated, the queue saved (state: now; bytes: at most every ~1 s), taskbar told. */
  function changed(kind: 'state' | 'progress'): void {
    if (kind === 'state') {
      for (const batch of queue.settleBatches(iso())) {
        log.info(`batch ${batch.id} ${batch.state}: ${batch.completed}/${batch.files} completed`);
        try {
          options.onBatchFinished?.(batch);
        } catch (err) {
          log.warn('onBatchFinished threw', err);
        }
      }
    }
    saver.changed(kind);
    emitter.update(queue.taskbar());
  }

  const scheduler = new Scheduler({
    queue,
    settings: () => settings,
    run: (item, folder, signal) => transfers.run({ item, dataset: queue.datasetOf(item), folder, library, signal, changed }),
    changed: () => changed('state'),
    discard: discardDownload,
    now,
  });

  // First call: settings and queue from disk; interrupted items resume.
  const ready = (): Promise<void> => {
    loading ??= (async () => {
      settings = await loadSettings(options.configDir, options.defaultFolder);
      transfers.setSpeedLimit(settings.speedLimitKiBps);
      library = createLibrary(settings.folder, header, now);
      queue.load(await loadQueue(options.configDir));
      changed('state');
      scheduler.pump();
    })();
    return loading;
  };

  /** Runs `body` after loading; any throw becomes `internal` (never an unhandled rejection in main). */
  const guarded = async <T>(what: string, body: () => Promise<Result<T>>): Promise<Result<T>> => {
    if (disposed) return fail('internal', 'The download manager has stopped.');
    try {
      await ready();
      return await body();
    } catch (err) {
      log.error(`${what} failed`, err);
      return fail('internal', `${what} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  const partBytes = (file: string): Promise<number> => partSize(partPath(file)).catch(() => 0);

  const view = (): DownloadsState => {
    const queueSpeed = transfers.speeds.apply(queue.list());
    const { items, batches } = queue.copies();
    return {
      folder: settings.folder,
      concurrency: settings.concurrency,
      speedLimitKiBps: settings.speedLimitKiBps,
      canChooseFolder: options.chooseFolder !== undefined,
      items,
      totals: totalsOf(queue.list(), queueSpeed),
      batches,
    };
  };

  // A state change by the caller: saved, and the queue moves on.
  const afterChange = (): Result<DownloadsState> => {
    changed('state');
    scheduler.pump();
    return ok(view());
  };

  async function configure(change: Parameters<DownloadManager['configure']>[0]): Promise<Result<DownloadsState>> {
    const next = await changeSettings(options.configDir, settings, change, queue.openCount());
    if (!next.ok) return next;
    if (next.value.folder !== settings.folder) library = createLibrary(next.value.folder, header, now);
    if (next.value.speedLimitKiBps !== settings.speedLimitKiBps) transfers.setSpeedLimit(next.value.speedLimitKiBps);
    settings = next.value;
    scheduler.pump();
    return ok(view());
  }

  return {
    state: () => guarded('Reading the downloads', async () => ok(view())),

    enqueue: (request) =>
      guarded('Queuing the downloads', async () => {
        const checked = checkEnqueue(request);
        if (!checked.ok) return checked;
        const { dataset, files } = checked.value;
        await writeDatasetJson(settings.folder, dataset).catch((err) =>
          log.warn(`could not write dataset.json of ${dataset.id}`, err),
        );
        await queue.add(dataset, files, {
          folder: settings.folder,
          batchId: randomUUID(),
          nowIso: iso(),
          isVerified: (id, date) => library.hasVerified(id, date),
          partBytes,
        });
        return afterChange();
      }),

    pause: (ids) =>
      guarded('Pausing', async () => {
        await scheduler.stop(ids, 'pause');
        return ok(view());
      }),

    resume: (ids) =>
      guarded('Resuming', async () => {
        for (const item of queue.select(ids, ['paused'])) Object.assign(item, { state: 'queued', waiting: null });
        return afterChange();
      }),

    cancel: (ids) =>
      guarded('Cancelling', async () => {
        await scheduler.stop(ids, 'cancel');
        return ok(view());
      }),

    retry: (ids) =>
      guarded('Retrying', async () => {
        for (const item of queue.select(ids, ['failed', 'cancelled'])) {
          Object.assign(item, { state: 'queued', error: null, problem: null, waiting: null, completedAt: null });
          item.bytesWritten = await partBytes(item.path);
        }
        return afterChange();
      }),

    clearFinished: () =>
      guarded('Clearing the list', async () => {
        queue.clearFinished();
        changed('state');
        return ok(view());
      }),

    configure: (change) => guarded('Saving the download settings', () => configure(change)),

    chooseFolder: () =>
      guarded('Choosing the folder', async () => {
        if (!options.chooseFolder)
          return fail(
            'validation',
            'This window cannot open a folder dialog: the web host uses the folder GRIDSCOPE_DOWNLOADS_DIR names when it starts.',
          );
        const chosen = await options.chooseFolder(settings.folder);
        if (chosen === null) return ok({ ...view(), changed: false });
        const result = await configure({ folder: chosen });
        return result.ok ? ok({ ...result.value, changed: true }) : result;
      }),

    ...createLibraryMethods({
      library: () => library,
      folder: () => settings.folder,
      items: () => queue.list(),
      guarded,
      ...(options.revealPath ? { revealPath: options.revealPath } : {}),
    }),

    async dispose() {
      if (disposed) return;
      disposed = true;
      try {
        const stopping = scheduler.close(); // nothing starts from now on
        await loading?.catch(() => undefined);
        await stopping;
        if (loading) await saver.save();
      } catch (err) {
        log.warn('dispose', err);
      } finally {
        emitter.stop();
        saver.stop();
        header.close();
        await transfers.close();
      }
    },
  };
}
