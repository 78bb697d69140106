import { z } from 'zod';
import { DOWNLOAD_PROBLEMS, DOWNLOAD_STATES, DatasetWithTimezone } from '../../../shared/index.js';
import type { DownloadBatch, DownloadItem } from '../../../shared/index.js';
import { createSerialQueue, readJsonFile, writeFileAtomic } from '../common/fsutil.js';
import { createLogger } from '../common/logger.js';
import { queuePath } from './layout.js';

const log = createLogger('downloads');

/**
 * The persisted queue, `<configDir>/downloads/queue.json` (docs/downloads.md#the-queue-file): every item with its
 * state, batch, times and error, the batches, and the metadata of each queued dataset (verification needs its
 * columns after a restart). Saved atomically on every state change, byte progress at most every ~1 s.
 */
const PersistedItem = z.object({
  id: z.string(),
  datasetId: z.string(),
  datasetName: z.string(),
  date: z.string(),
  state: z.enum(DOWNLOAD_STATES),
  bytesWritten: z.number(),
  expectedBytes: z.number().nullable(),
  attempts: z.number(),
  error: z.string().nullable(),
  problem: z.enum(DOWNLOAD_PROBLEMS).nullable(),
  path: z.string(),
  batchId: z.string(),
  queuedAt: z.string(),
  completedAt: z.string().nullable(),
});
const PersistedBatch = z.object({
  id: z.string(),
  datasetId: z.string(),
  datasetName: z.string(),
  files: z.number(),
  completed: z.number(),
  failed: z.number(),
  cancelled: z.number(),
  state: z.enum(['running', 'completed', 'failed', 'cancelled']),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});
const QueueFile = z.object({
  version: z.literal(1),
  items: z.array(PersistedItem),
  batches: z.array(PersistedBatch),
  datasets: z.record(z.string(), DatasetWithTimezone),
});

/** An item as kept between runs: without its live speed, ETA and waiting line. */
export type PersistedItem = Omit<DownloadItem, 'bytesPerSecond' | 'etaSeconds' | 'waiting'>;
export interface QueueSnapshot {
  items: PersistedItem[];
  batches: DownloadBatch[];
  datasets: Record<string, DatasetWithTimezone>;
}

/**
 * Reads the queue. Items that were `running` or `verifying` when the process stopped (crash, kill) come back `queued`
 * so they resume; an unreadable file is an empty queue (logged), never an error.
 */
export async function loadQueue(configDir: string): Promise<QueueSnapshot> {
  let raw: unknown;
  try {
    raw = await readJsonFile(queuePath(configDir));
  } catch (err) {
    log.warn('queue.json unreadable; starting with an empty queue', err);
    raw = undefined;
  }
  if (raw === undefined) return { items: [], batches: [], datasets: {} };
  const parsed = QueueFile.safeParse(raw);
  if (!parsed.success) {
    log.warn('queue.json not a queue; starting with an empty queue');
    return { items: [], batches: [], datasets: {} };
  }
  const items = parsed.data.items.map((item) =>
    item.state === 'running' || item.state === 'verifying' ? { ...item, state: 'queued' as const } : item,
  );
  return { items, batches: parsed.data.batches, datasets: parsed.data.datasets };
}

/** Saves snapshots one at a time, in order (atomic write per save). */
export function createQueueWriter(configDir: string): (snapshot: QueueSnapshot) => Promise<void> {
  const serial = createSerialQueue();
  return (snapshot) => {
    // Serialised now, written in turn: a later snapshot never loses to an earlier one.
    const text = `${JSON.stringify({ version: 1, ...snapshot })}\n`;
    return serial(() => writeFileAtomic(queuePath(configDir), text));
  };
}
