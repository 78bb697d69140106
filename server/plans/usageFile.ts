import { mkdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';

/** One key's counters for one UTC month (`period` is `YYYY-MM`). */
export interface UsageCounter {
  period: string;
  requests: number;
  rows: number;
}

const Count = z.number().int().min(0);
const UsageFileSchema = z.object({
  version: z.literal(1),
  keys: z.record(
    z.string().regex(/^[0-9a-f]{64}$/),
    z.object({ period: z.string().regex(/^\d{4}-\d{2}$/), requests: Count, rows: Count }),
  ),
});

/** Reads and validates a usage file: `undefined` when absent, `'invalid'` when unreadable as usage JSON. */
async function readUsage(file: string): Promise<Map<string, UsageCounter> | undefined | 'invalid'> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return new Map(Object.entries(UsageFileSchema.parse(JSON.parse(text)).keys));
  } catch {
    return 'invalid';
  }
}

/**
 * Monthly counters by key id (SHA-256 hex, never the key), in memory, optionally backed by a usage file that survives a
 * restart: format, atomic writes, debounce and sharing between processes in docs/plans.md#where-usage-is-kept.
 */
export class UsageStore {
  private readonly changed = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;

  private constructor(
    private readonly counters: Map<string, UsageCounter>,
    private readonly file: string | undefined,
    private readonly debounceMs: number,
    /** Where an unreadable usage file was moved on open (for a warning), else undefined. */
    readonly setAside: string | undefined = undefined,
  ) {}

  /** A store that is never written (tests, and `UsageTracker` without a file). */
  static memory(): UsageStore {
    return new UsageStore(new Map(), undefined, 0);
  }

  /**
   * Opens the store backed by `file` (created on the first write); an invalid file is moved to `<file>.invalid-<ms>`.
   * @throws when the file exists but cannot be read (permissions) or moved aside.
   */
  static async open(file: string, debounceMs = 500): Promise<UsageStore> {
    const read = await readUsage(file);
    if (read !== 'invalid') return new UsageStore(read ?? new Map(), file, debounceMs);
    const aside = `${file}.invalid-${Date.now()}`;
    await rename(file, aside);
    return new UsageStore(new Map(), file, debounceMs, aside);
  }

  /** The counters of `keyId` (by SHA-256 hex), or undefined when never counted. */
  get(keyId: string): UsageCounter | undefined {
    return this.counters.get(keyId);
  }

  /** Stores `counter` as `keyId`'s and schedules a write (at most one per `debounceMs`). */
  set(keyId: string, counter: UsageCounter): void {
    this.counters.set(keyId, counter);
    this.changed.add(keyId);
    if (this.file === undefined || this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch(() => undefined); // retried with the next change and on close
    }, this.debounceMs);
    this.timer.unref();
  }

  /** Writes the counters now when any changed (after a write in progress). @throws when the file cannot be written. */
  flush(): Promise<void> {
    const next = this.writing.catch(() => undefined).then(() => this.write());
    this.writing = next;
    return next;
  }

  /** Cancels the pending write, writes once more and stops scheduling writes. Idempotent. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.closed) return this.writing;
    this.closed = true;
    return this.flush();
  }

  // Entries this process has not changed since its last write are refreshed from disk, so another process keeps its keys.
  private async write(): Promise<void> {
    const file = this.file;
    if (file === undefined || this.changed.size === 0) return;
    const written = new Set(this.changed);
    this.changed.clear();
    try {
      const onDisk = await readUsage(file);
      if (onDisk instanceof Map) {
        for (const [keyId, counter] of onDisk) {
          if (!written.has(keyId) && !this.changed.has(keyId)) this.counters.set(keyId, counter);
        }
      }
      const text = `${JSON.stringify({ version: 1, keys: Object.fromEntries(this.counters) })}\n`;
      await mkdir(path.dirname(file), { recursive: true });
      await writeFileAtomic(file, text, { mode: 0o600, fsync: true });
    } catch (error) {
      for (const keyId of written) this.changed.add(keyId);
      throw error;
    }
  }
}
