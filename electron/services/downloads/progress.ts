import type { DownloadBatch, DownloadItem, DownloadTotals } from '../../../shared/index.js';

/**
 * Totals over the items that are not cancelled (docs/downloads.md#queue): counts by state, bytes, the speed (the queue's
 * meter over the last seconds, bytes/s; else the items' speeds summed),
 * ETA of the remaining known bytes at that speed, and the fraction of the known sizes written.
 */
export function totalsOf(items: readonly DownloadItem[], queueBytesPerSecond?: number): DownloadTotals {
  const live = items.filter((i) => i.state !== 'cancelled');
  const sized = live.filter((i) => i.expectedBytes !== null);
  const bytesWritten = live.reduce((s, i) => s + i.bytesWritten, 0);
  const expectedBytes = sized.reduce((s, i) => s + (i.expectedBytes ?? 0), 0);
  const moving = live.some((i) => i.state === 'queued' || i.state === 'running' || i.state === 'verifying');
  // The queue's own meter, when given, also counts the gaps between files (a file verifying, the next one starting).
  const bytesPerSecond =
    queueBytesPerSecond !== undefined ? (moving ? queueBytesPerSecond : 0) : live.reduce((s, i) => s + i.bytesPerSecond, 0);
  const remaining = sized
    .filter((i) => i.state === 'queued' || i.state === 'running')
    .reduce((s, i) => s + Math.max(0, (i.expectedBytes ?? 0) - i.bytesWritten), 0);
  const written = sized.reduce((s, i) => s + Math.min(i.bytesWritten, i.expectedBytes ?? 0), 0);
  return {
    files: live.length,
    completed: live.filter((i) => i.state === 'completed').length,
    failed: live.filter((i) => i.state === 'failed').length,
    active: live.filter((i) => i.state === 'queued' || i.state === 'running' || i.state === 'verifying').length,
    paused: live.filter((i) => i.state === 'paused').length,
    bytesWritten,
    expectedBytes,
    bytesPerSecond: Math.round(bytesPerSecond),
    etaSeconds: bytesPerSecond > 0 && remaining > 0 ? Math.ceil(remaining / bytesPerSecond) : null,
    fraction: expectedBytes > 0 ? Math.min(1, written / expectedBytes) : null,
  };
}

/**
 * The taskbar's value: null when nothing is queued, running or verifying; else the fraction written of the known sizes
 * of the running batches' items (so old completed batches do not fill the bar), `indeterminate` when none is known.
 */
export function taskbarProgress(
  items: readonly DownloadItem[],
  batches: readonly DownloadBatch[],
): number | 'indeterminate' | null {
  const busy = items.some((i) => i.state === 'queued' || i.state === 'running' || i.state === 'verifying');
  if (!busy) return null;
  const running = new Set(batches.filter((b) => b.state === 'running').map((b) => b.id));
  const mine = items.filter((i) => running.has(i.batchId) && i.state !== 'cancelled' && i.expectedBytes !== null);
  const expected = mine.reduce((s, i) => s + (i.expectedBytes ?? 0), 0);
  if (expected <= 0) return 'indeterminate';
  const written = mine.reduce((s, i) => s + Math.min(i.bytesWritten, i.expectedBytes ?? 0), 0);
  return Math.min(1, written / expected);
}

/**
 * Calls `emit` at most every `intervalMs` with the latest value, at once when it turns null or non-null, and once more
 * after a quiet spell so the last value is never lost. `stop` cancels the pending call.
 */
export function createProgressEmitter(
  emit: ((value: number | 'indeterminate' | null) => void) | undefined,
  now: () => number,
  intervalMs = 250,
): { update(value: number | 'indeterminate' | null): void; stop(): void } {
  let last: number | 'indeterminate' | null | undefined;
  let lastAt = -Infinity;
  let pending: number | 'indeterminate' | null | undefined;
  let timer: NodeJS.Timeout | undefined;
  const send = (value: number | 'indeterminate' | null): void => {
    last = value;
    lastAt = now();
    pending = undefined;
    try {
      emit?.(value);
    } catch {
      // The desktop's taskbar call must never break a download.
    }
  };
  return {
    update(value) {
      if (!emit || value === last) return;
      if ((value === null) !== (last === null || last === undefined) || now() - lastAt >= intervalMs) {
        if (timer) clearTimeout(timer);
        timer = undefined;
        return send(value);
      }
      pending = value;
      timer ??= setTimeout(
        () => {
          timer = undefined;
          if (pending !== undefined) send(pending);
        },
        Math.max(0, intervalMs - (now() - lastAt)),
      );
      timer.unref?.();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/**
 * Re-evaluates a batch from its items (docs/downloads.md#batches). It ends when none of its items is queued, running,
 * paused or verifying: `completed` when all completed, `cancelled` when all cancelled, else `failed` if any failed,
 * else `completed`. Answers true when this call ended it (the caller notifies once). A batch with an item queued
 * again (retry) runs again.
 */
export function updateBatch(batch: DownloadBatch, items: readonly DownloadItem[], nowIso: string): boolean {
  const mine = items.filter((i) => i.batchId === batch.id);
  if (mine.length === 0) return false; // cleared from the list: keep how it ended
  const open = mine.some((i) => i.state === 'queued' || i.state === 'running' || i.state === 'paused' || i.state === 'verifying');
  // An ended batch keeps its counts (clearing finished items must not rewrite how it ended) unless it runs again.
  if (!open && batch.state !== 'running') return false;
  batch.files = mine.length;
  batch.completed = mine.filter((i) => i.state === 'completed').length;
  batch.failed = mine.filter((i) => i.state === 'failed').length;
  batch.cancelled = mine.filter((i) => i.state === 'cancelled').length;
  if (open) {
    batch.state = 'running';
    batch.endedAt = null;
    return false;
  }
  batch.state =
    batch.completed === mine.length
      ? 'completed'
      : batch.cancelled === mine.length
        ? 'cancelled'
        : batch.failed > 0
          ? 'failed'
          : 'completed';
  batch.endedAt = nowIso;
  return true;
}
