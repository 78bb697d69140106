import { ExportDate, fail, MAX_EXPORT_DATES, ok } from '../../../shared/index.js';
import type {
  DatasetWithTimezone,
  DownloadBatch,
  DownloadItem,
  DownloadState,
  ExportFile,
  Result,
} from '../../../shared/index.js';
import { DATASET_ID_PATTERN, filePath, itemId } from './layout.js';
import { taskbarProgress, updateBatch } from './progress.js';
import type { PersistedItem, QueueSnapshot } from './queueStore.js';
import type { EnqueueRequest } from './types.js';

/** States of an item whose download is not over: its day is taken (not queued twice, not deleted, no folder change). */
export const OPEN_STATES: ReadonlySet<DownloadState> = new Set(['queued', 'running', 'paused', 'verifying']);
/** Ended batches kept in the list (newest first). */
export const MAX_BATCHES = 100;

/**
 * Checks what `downloads:enqueue` asks for: a dataset whose id can be a folder name and has columns, and 1 to
 * MAX_EXPORT_DATES files with valid dates. `validation` in plain words otherwise.
 */
export function checkEnqueue(request: EnqueueRequest): Result<EnqueueRequest> {
  const dataset = request?.dataset;
  if (!dataset || typeof dataset.id !== 'string' || !DATASET_ID_PATTERN.test(dataset.id) || !Array.isArray(dataset.all_columns)) {
    return fail('validation', 'The dataset to download is not valid.');
  }
  const files = Array.isArray(request.files) ? request.files : [];
  if (files.length === 0) return fail('validation', 'Choose at least one day to download.');
  if (files.length > MAX_EXPORT_DATES) return fail('validation', `Download at most ${MAX_EXPORT_DATES} days at once.`);
  const badDate = files.find((f) => !ExportDate.safeParse(f?.date).success);
  if (badDate) return fail('validation', `Not a date: ${String(badDate?.date)} (a date as YYYY-MM-DD, e.g. 2024-03-01).`);
  return ok({ dataset, files });
}

/** What adding a dataset's days needs to know of the disk; `partBytes` of a path, 0 when there is no part. */
export interface AddContext {
  folder: string;
  batchId: string;
  nowIso: string;
  isVerified(datasetId: string, date: string): Promise<boolean>;
  partBytes(file: string): Promise<number>;
}

/**
 * The download queue's state (docs/downloads.md#queue): the items in queue order, the batches newest first, and the
 * metadata of each queued dataset. Items are live objects: the scheduler and the runner change their state and bytes
 * in place; this class owns which items and batches exist and what is saved of them.
 */
export class DownloadQueue {
  private items: DownloadItem[] = [];
  private batches: DownloadBatch[] = [];
  private datasets: Record<string, DatasetWithTimezone> = {};

  /** Replaces the state with a saved queue; items get no speed, ETA or waiting line until they run. */
  load(snapshot: QueueSnapshot): void {
    this.items = snapshot.items.map((i) => ({ ...i, bytesPerSecond: 0, etaSeconds: null, waiting: null }));
    this.batches = snapshot.batches;
    this.datasets = { ...snapshot.datasets };
  }

  /** The items in queue order (live objects). */
  list(): readonly DownloadItem[] {
    return this.items;
  }

  /** The items of `ids` (all when undefined) whose state is one of `states`, in queue order. */
  select(ids: readonly string[] | undefined, states: readonly DownloadState[]): DownloadItem[] {
    const wanted = ids ? new Set(ids) : undefined;
    return this.items.filter((i) => (!wanted || wanted.has(i.id)) && states.includes(i.state));
  }

  /** How many items have a download that is not over. */
  openCount(): number {
    return this.items.filter((i) => OPEN_STATES.has(i.state)).length;
  }

  /** The metadata `item`'s dataset was queued with; undefined when lost (a hand-edited queue file). */
  datasetOf(item: DownloadItem): DatasetWithTimezone | undefined {
    return this.datasets[item.datasetId];
  }

  /**
   * Queues the days of `files` (duplicates dropped) as one new batch: a day already open in the queue or verified in the
   * library is skipped, an ended item of the same day is replaced (keeping its attempts). Bytes start at the part's size.
   * Answers how many items were added; no batch is made when none was.
   */
  async add(dataset: DatasetWithTimezone, files: readonly ExportFile[], ctx: AddContext): Promise<number> {
    this.datasets[dataset.id] = dataset;
    const name = dataset.name || dataset.id;
    let added = 0;
    for (const f of [...new Map(files.map((x) => [x.date, x])).values()]) {
      const id = itemId(dataset.id, f.date);
      const existing = this.items.find((i) => i.id === id);
      if (existing && OPEN_STATES.has(existing.state)) continue;
      if (await ctx.isVerified(dataset.id, f.date)) continue;
      if (existing) this.items = this.items.filter((i) => i !== existing);
      const file = filePath(ctx.folder, dataset.id, f.date);
      this.items.push({
        id,
        datasetId: dataset.id,
        datasetName: name,
        date: f.date,
        state: 'queued',
        bytesWritten: await ctx.partBytes(file),
        expectedBytes: Number.isInteger(f.sizeBytes) && f.sizeBytes >= 0 ? f.sizeBytes : null,
        bytesPerSecond: 0,
        etaSeconds: null,
        attempts: existing?.attempts ?? 0,
        waiting: null,
        error: null,
        problem: null,
        path: file,
        batchId: ctx.batchId,
        queuedAt: ctx.nowIso,
        completedAt: null,
      });
      added++;
    }
    if (added === 0) return 0;
    this.batches.unshift({
      id: ctx.batchId,
      datasetId: dataset.id,
      datasetName: name,
      files: added,
      completed: 0,
      failed: 0,
      cancelled: 0,
      state: 'running',
      startedAt: ctx.nowIso,
      endedAt: null,
    });
    this.trimBatches();
    return added;
  }

  /** Drops completed and cancelled items from the list (their batches keep how they ended). */
  clearFinished(): void {
    this.items = this.items.filter((i) => i.state !== 'completed' && i.state !== 'cancelled');
  }

  /** Re-evaluates every batch from its items; answers copies of those that ended with this call (to notify once). */
  settleBatches(nowIso: string): DownloadBatch[] {
    return this.batches.filter((batch) => updateBatch(batch, this.items, nowIso)).map((b) => ({ ...b }));
  }

  /** The taskbar's value of the queue (progress.ts `taskbarProgress`). */
  taskbar(): number | 'indeterminate' | null {
    return taskbarProgress(this.items, this.batches);
  }

  /** Copies of the items and batches, for an answer. */
  copies(): { items: DownloadItem[]; batches: DownloadBatch[] } {
    return { items: this.items.map((i) => ({ ...i })), batches: this.batches.map((b) => ({ ...b })) };
  }

  /**
   * What queue.json keeps: items without their live fields, batches, and the datasets still used. `stopping` (the
   * process is closing) saves running and verifying items as `queued`, so they resume at the next start.
   */
  snapshot(stopping: boolean): QueueSnapshot {
    const items: PersistedItem[] = this.items.map(({ bytesPerSecond: _s, etaSeconds: _e, waiting: _w, ...rest }) =>
      stopping && (rest.state === 'running' || rest.state === 'verifying') ? { ...rest, state: 'queued' } : rest,
    );
    const used = new Set(this.items.map((i) => i.datasetId));
    const datasets = Object.fromEntries(Object.entries(this.datasets).filter(([id]) => used.has(id)));
    return { items, batches: this.batches, datasets };
  }

  // Ended batches beyond MAX_BATCHES whose items are all gone from the list are forgotten.
  private trimBatches(): void {
    if (this.batches.length <= MAX_BATCHES) return;
    const listed = new Set(this.items.map((i) => i.batchId));
    this.batches = this.batches.filter((b, n) => n < MAX_BATCHES || b.state === 'running' || listed.has(b.id));
  }
}
