import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Agent } from 'undici';
import { ExportDate, fail, ok, MAX_EXPORT_DATES } from '../../../shared/index.js';
import type { DatasetWithTimezone, DownloadBatch, DownloadItem, DownloadsState, Result } from '../../../shared/index.js';
import { createLogger } from '../common/logger.js';
import { DEFAULT_RETRY_POLICY, systemClock } from '../v1/retry.js';
import { createCsvHeaderReader } from './csvHeader.js';
import type { OpenPartFile, TransferDeps } from './fetchFile.js';
import { DATASET_ID_PATTERN, filePath, itemId, partPath, recordPath } from './layout.js';
import { createLibrary, removeEmptyDirs, type Library } from './library.js';
import { createLibraryMethods } from './libraryMethods.js';
import { createProgressEmitter, taskbarProgress, totalsOf, updateBatch } from './progress.js';
import { createQueueWriter, loadQueue, type PersistedItem, type QueueSnapshot } from './queueStore.js';
import { readRecord, writeDatasetJson } from './records.js';
import { runDownload } from './runner.js';
import { loadSettings, parseSettingsChange, prepareFolder, saveSettings, type DownloadSettings } from './settings.js';
import { createSpeedMeter, createThrottle, type SpeedMeter } from './throttle.js';
import type { DownloadManager, DownloadManagerOptions, EnqueueRequest } from './types.js';

const log = createLogger('downloads');

/** Failures in a row without a new byte before a transfer gives up (`network`); backoff as the v1 proxy's. */
const DOWNLOAD_RETRY_POLICY = { ...DEFAULT_RETRY_POLICY, maxAttempts: 6 };
/** Byte progress reaches queue.json at most this often; state changes are saved at once. */
const PROGRESS_SAVE_MS = 1_000;
/** Ended batches kept in the list (newest first). */
const MAX_BATCHES = 100;
const ACTIVE = new Set(['queued', 'running', 'paused', 'verifying']);

/** Why a run was stopped: the stopper sets the item's state once the run has let go of its files. */
type Stop = 'pause' | 'cancel' | 'dispose';
interface Run {
  ctrl: AbortController;
  done: Promise<void>;
  stop?: Stop;
}

/**
 * Creates the download manager (docs/downloads.md): a persisted queue of export files fetched through presigned links
 * into the downloads folder, verified before they count, and the library of the verified files. The queue is loaded on
 * the first call; items that were running when the process stopped resume. Every method answers a `Result`.
 */
export function createDownloadManager(options: DownloadManagerOptions): DownloadManager {
  const now = options.now ?? Date.now;
  const iso = (): string => new Date(now()).toISOString();
  const agent = new Agent({ keepAliveTimeout: 10_000, connect: { timeout: 10_000 } });
  const header = createCsvHeaderReader();
  const throttle = createThrottle();
  const openPartFile: OpenPartFile = options.openPartFile ?? ((p, flags) => createWriteStream(p, { flags }));
  const policy = { ...DOWNLOAD_RETRY_POLICY, ...options.retryPolicy };
  const writeQueue = createQueueWriter(options.configDir);
  const emitter = createProgressEmitter(options.onProgress, now);

  let settings: DownloadSettings;
  let items: DownloadItem[] = [];
  let batches: DownloadBatch[] = [];
  let datasets: Record<string, DatasetWithTimezone> = {};
  let library: Library;
  const runs = new Map<string, Run>();
  const meters = new Map<string, SpeedMeter>();
  // Every byte any file receives, for the queue's speed (bytes/s over the meter's window).
  const queueMeter = createSpeedMeter();
  let queueBytes = 0;
  let loading: Promise<void> | undefined;
  let disposed = false;
  let lastSave = 0;
  let saveTimer: NodeJS.Timeout | undefined;

  // First call: settings and queue from disk; interrupted items resume.
  const ready = (): Promise<void> => {
    loading ??= (async () => {
      settings = await loadSettings(options.configDir, options.defaultFolder);
      throttle.setRate(settings.speedLimitKiBps === null ? null : settings.speedLimitKiBps * 1024);
      library = createLibrary(settings.folder, header, now);
      const snapshot = await loadQueue(options.configDir);
      items = snapshot.items.map((i) => ({ ...i, bytesPerSecond: 0, etaSeconds: null, waiting: null }));
      batches = snapshot.batches;
      datasets = snapshot.datasets;
      changed('state');
      pump();
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

  const snapshot = (): QueueSnapshot => {
    const persisted: PersistedItem[] = items.map(({ bytesPerSecond: _s, etaSeconds: _e, waiting: _w, ...rest }) =>
      disposed && (rest.state === 'running' || rest.state === 'verifying') ? { ...rest, state: 'queued' } : rest,
    );
    const used = new Set(items.map((i) => i.datasetId));
    return { items: persisted, batches, datasets: Object.fromEntries(Object.entries(datasets).filter(([id]) => used.has(id))) };
  };

  const save = (): Promise<void> => {
    lastSave = now();
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = undefined;
    return writeQueue(snapshot()).catch((err) => log.warn('could not save the download queue', err));
  };

  /** After any change: batches re-evaluated, the queue saved (state: now; bytes: at most every ~1 s), taskbar told. */
  function changed(kind: 'state' | 'progress'): void {
    if (kind === 'state') {
      for (const batch of batches) {
        if (!updateBatch(batch, items, iso())) continue;
        log.info(`batch ${batch.id} ${batch.state}: ${batch.completed}/${batch.files} completed`);
        try {
          options.onBatchFinished?.({ ...batch });
        } catch (err) {
          log.warn('onBatchFinished threw', err);
        }
      }
      void save();
    } else if (now() - lastSave >= PROGRESS_SAVE_MS) {
      void save();
    } else {
      saveTimer ??= setTimeout(() => void save(), PROGRESS_SAVE_MS - (now() - lastSave));
      saveTimer.unref?.();
    }
    emitter.update(taskbarProgress(items, batches));
  }

  // Starts queued items, in queue order, up to the concurrency limit.
  function pump(): void {
    if (disposed) return;
    for (const item of items) {
      if (runs.size >= settings.concurrency) return;
      if (item.state === 'queued' && !runs.has(item.id)) start(item);
    }
  }

  function start(item: DownloadItem): void {
    const dataset = datasets[item.datasetId];
    const ctrl = new AbortController();
    const run: Run = { ctrl, done: Promise.resolve() };
    runs.set(item.id, run);
    Object.assign(item, {
      state: 'running',
      waiting: null,
      error: null,
      problem: null,
      path: filePath(settings.folder, item.datasetId, item.date),
    });
    const meter = createSpeedMeter();
    meters.set(item.id, meter);
    changed('state');
    const transfer: Omit<TransferDeps, 'saveRecord'> = {
      dispatcher: agent,
      presign: options.presign,
      throttle,
      openPartFile,
      policy,
      now,
      random: Math.random,
      sleep: (ms, signal) => systemClock.sleep(ms, signal),
      onAttempt: () => {
        item.attempts++;
        changed('progress');
      },
      onBytes: (total) => {
        // A restart from byte 0 is not negative speed.
        queueBytes += Math.max(0, total - item.bytesWritten);
        queueMeter.sample(queueBytes, now());
        item.bytesWritten = total;
        meter.sample(total, now());
        changed('progress');
      },
      onWaiting: (text) => {
        item.waiting = text;
        changed('progress');
      },
    };
    const folder = settings.folder;
    run.done = (async () => {
      const result = dataset
        ? await runDownload({
            item,
            dataset,
            folder,
            signal: ctrl.signal,
            transfer,
            header,
            library,
            now,
            onState: () => changed('state'),
          })
        : ({
            kind: 'failed',
            failure: { problem: 'other', message: 'The dataset of this day is unknown. Queue it again from the Exports page.' },
          } as const);
      if (run.stop || result.kind === 'stopped') return; // the stopper sets the state
      if (result.kind === 'completed') Object.assign(item, { state: 'completed', completedAt: iso(), waiting: null });
      else {
        Object.assign(item, { state: 'failed', error: result.failure.message, problem: result.failure.problem, waiting: null });
        log.warn(`${item.id} failed (${result.failure.problem}): ${result.failure.message}`);
        // A full disk fails every download the same way: pause the others instead, so one Retry resumes the work.
        if (result.failure.problem === 'disk-full')
          void stopItems(
            items.filter((i) => i.id !== item.id).map((i) => i.id),
            'pause',
          );
      }
    })()
      .catch((err) => log.error(`${item.id}: unexpected`, err))
      .finally(() => {
        runs.delete(item.id);
        meters.delete(item.id);
        item.bytesPerSecond = 0;
        item.etaSeconds = null;
        changed('state');
        pump();
      });
  }

  /** Pauses or cancels `ids` (all when undefined): aborts their runs, waits for them to let go, then sets the state. */
  async function stopItems(ids: readonly string[] | undefined, stop: 'pause' | 'cancel'): Promise<void> {
    const wanted = ids ? new Set(ids) : undefined;
    const from = stop === 'pause' ? ['queued', 'running', 'verifying'] : ['queued', 'running', 'paused', 'verifying', 'failed'];
    const targets = items.filter((i) => (!wanted || wanted.has(i.id)) && from.includes(i.state));
    const waiting: Promise<void>[] = [];
    for (const item of targets) {
      const run = runs.get(item.id);
      if (!run) continue;
      run.stop ??= stop;
      run.ctrl.abort(new Error(stop === 'pause' ? 'Paused.' : 'Cancelled.'));
      waiting.push(run.done);
    }
    await Promise.all(waiting);
    for (const item of targets) {
      // A run that finished (completed or failed) before the stop took effect keeps its end state.
      if (item.state === 'completed' || (item.state === 'failed' && stop === 'pause')) continue;
      if (stop === 'pause') Object.assign(item, { state: 'paused', waiting: null, bytesPerSecond: 0, etaSeconds: null });
      else {
        Object.assign(item, {
          state: 'cancelled',
          waiting: null,
          error: null,
          problem: null,
          bytesWritten: 0,
          bytesPerSecond: 0,
          etaSeconds: null,
        });
        await discardPart(item.path);
      }
    }
    changed('state');
    pump();
  }

  // Cancel deletes the part and its record, never a completed file or its record.
  async function discardPart(file: string): Promise<void> {
    try {
      await rm(partPath(file), { force: true });
      const record = await readRecord(recordPath(file));
      if (record?.state !== 'complete') await rm(recordPath(file), { force: true });
      await removeEmptyDirs(path.dirname(file), path.dirname(path.dirname(path.dirname(file))));
    } catch (err) {
      log.warn(`could not delete the partial file ${partPath(file)}`, err);
    }
  }

  const partBytes = (file: string): Promise<number> =>
    stat(partPath(file)).then(
      (s) => s.size,
      () => 0,
    );

  const view = (): DownloadsState => {
    const at = now();
    for (const item of items) {
      const meter = meters.get(item.id);
      const bps = meter && item.state === 'running' ? meter.bytesPerSecond(at) : 0;
      item.bytesPerSecond = Math.round(bps);
      item.etaSeconds =
        bps > 0 && item.expectedBytes !== null ? Math.max(0, Math.ceil((item.expectedBytes - item.bytesWritten) / bps)) : null;
    }
    return {
      folder: settings.folder,
      concurrency: settings.concurrency,
      speedLimitKiBps: settings.speedLimitKiBps,
      canChooseFolder: options.chooseFolder !== undefined,
      items: items.map((i) => ({ ...i })),
      totals: totalsOf(items, queueMeter.bytesPerSecond(at)),
      batches: batches.map((b) => ({ ...b })),
    };
  };

  const select = (ids: readonly string[] | undefined, states: readonly string[]): DownloadItem[] => {
    const wanted = ids ? new Set(ids) : undefined;
    return items.filter((i) => (!wanted || wanted.has(i.id)) && states.includes(i.state));
  };

  const manager: DownloadManager = {
    state: () => guarded('Reading the downloads', async () => ok(view())),

    enqueue: (request) => guarded('Queuing the downloads', () => enqueue(request)),

    pause: (ids) =>
      guarded('Pausing', async () => {
        await stopItems(ids, 'pause');
        return ok(view());
      }),

    resume: (ids) =>
      guarded('Resuming', async () => {
        for (const item of select(ids, ['paused'])) Object.assign(item, { state: 'queued', waiting: null });
        changed('state');
        pump();
        return ok(view());
      }),

    cancel: (ids) =>
      guarded('Cancelling', async () => {
        await stopItems(ids, 'cancel');
        return ok(view());
      }),

    retry: (ids) =>
      guarded('Retrying', async () => {
        for (const item of select(ids, ['failed', 'cancelled'])) {
          Object.assign(item, { state: 'queued', error: null, problem: null, waiting: null, completedAt: null });
          item.bytesWritten = await partBytes(item.path);
        }
        changed('state');
        pump();
        return ok(view());
      }),

    clearFinished: () =>
      guarded('Clearing the list', async () => {
        items = items.filter((i) => i.state !== 'completed' && i.state !== 'cancelled');
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
      items: () => items,
      guarded,
      ...(options.revealPath ? { revealPath: options.revealPath } : {}),
    }),

    async dispose() {
      if (disposed) return;
      disposed = true;
      try {
        await loading?.catch(() => undefined);
        const stopping = [...runs.values()].map((run) => {
          run.stop ??= 'dispose';
          run.ctrl.abort(new Error('Stopped.'));
          return run.done;
        });
        await Promise.all(stopping);
        if (loading) await save();
      } catch (err) {
        log.warn('dispose', err);
      } finally {
        emitter.stop();
        if (saveTimer) clearTimeout(saveTimer);
        header.close();
        await agent.close().catch(() => undefined);
      }
    },
  };

  async function enqueue(request: EnqueueRequest): Promise<Result<DownloadsState>> {
    const dataset = request?.dataset;
    if (
      !dataset ||
      typeof dataset.id !== 'string' ||
      !DATASET_ID_PATTERN.test(dataset.id) ||
      !Array.isArray(dataset.all_columns)
    ) {
      return fail('validation', 'The dataset to download is not valid.');
    }
    const files = Array.isArray(request.files) ? request.files : [];
    if (files.length === 0) return fail('validation', 'Choose at least one day to download.');
    if (files.length > MAX_EXPORT_DATES) return fail('validation', `Download at most ${MAX_EXPORT_DATES} days at once.`);
    const badDate = files.find((f) => !ExportDate.safeParse(f?.date).success);
    if (badDate) return fail('validation', `Not a date: ${String(badDate?.date)} (a date as YYYY-MM-DD, e.g. 2024-03-01).`);

    datasets[dataset.id] = dataset;
    await writeDatasetJson(settings.folder, dataset).catch((err) =>
      log.warn(`could not write dataset.json of ${dataset.id}`, err),
    );
    const batchId = randomUUID();
    let added = 0;
    for (const f of [...new Map(files.map((x) => [x.date, x])).values()]) {
      const id = itemId(dataset.id, f.date);
      const existing = items.find((i) => i.id === id);
      if (existing && ACTIVE.has(existing.state)) continue;
      if (await library.hasVerified(dataset.id, f.date)) continue;
      if (existing) items = items.filter((i) => i !== existing);
      const file = filePath(settings.folder, dataset.id, f.date);
      const size = Number.isInteger(f.sizeBytes) && f.sizeBytes >= 0 ? f.sizeBytes : null;
      items.push({
        id,
        datasetId: dataset.id,
        datasetName: dataset.name || dataset.id,
        date: f.date,
        state: 'queued',
        bytesWritten: await partBytes(file),
        expectedBytes: size,
        bytesPerSecond: 0,
        etaSeconds: null,
        attempts: existing?.attempts ?? 0,
        waiting: null,
        error: null,
        problem: null,
        path: file,
        batchId,
        queuedAt: iso(),
        completedAt: null,
      });
      added++;
    }
    if (added > 0) {
      batches.unshift({
        id: batchId,
        datasetId: dataset.id,
        datasetName: dataset.name || dataset.id,
        files: added,
        completed: 0,
        failed: 0,
        cancelled: 0,
        state: 'running',
        startedAt: iso(),
        endedAt: null,
      });
      trimBatches();
    }
    changed('state');
    pump();
    return ok(view());
  }

  // Ended batches beyond MAX_BATCHES whose items are all gone from the list are forgotten.
  function trimBatches(): void {
    if (batches.length <= MAX_BATCHES) return;
    const listed = new Set(items.map((i) => i.batchId));
    batches = batches.filter((b, n) => n < MAX_BATCHES || b.state === 'running' || listed.has(b.id));
  }

  async function configure(change: Parameters<DownloadManager['configure']>[0]): Promise<Result<DownloadsState>> {
    const parsed = parseSettingsChange(change);
    if (!parsed.ok) return parsed;
    const next = { ...settings };
    if (parsed.value.folder !== undefined) {
      const candidate = path.resolve(parsed.value.folder.trim());
      if (candidate !== settings.folder) {
        const busy = items.filter(
          (i) => i.state === 'queued' || i.state === 'running' || i.state === 'paused' || i.state === 'verifying',
        ).length;
        if (busy > 0) {
          return fail(
            'validation',
            `Cancel or finish the ${busy} download${busy === 1 ? '' : 's'} in the queue before changing the folder.`,
          );
        }
      }
      const prepared = await prepareFolder(parsed.value.folder);
      if (!prepared.ok) return prepared;
      next.folder = prepared.value;
    }
    if (parsed.value.concurrency !== undefined) next.concurrency = parsed.value.concurrency;
    if (parsed.value.speedLimitKiBps !== undefined) next.speedLimitKiBps = parsed.value.speedLimitKiBps;
    try {
      await saveSettings(options.configDir, next);
    } catch (err) {
      return fail('internal', `Could not save the download settings: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (next.folder !== settings.folder) library = createLibrary(next.folder, header, now);
    if (next.speedLimitKiBps !== settings.speedLimitKiBps)
      throttle.setRate(next.speedLimitKiBps === null ? null : next.speedLimitKiBps * 1024);
    settings = next;
    pump();
    return ok(view());
  }

  return manager;
}
