import type { DatasetUpdate } from '../../shared/index.js';
import type { DatasetStore } from './store.js';

/**
 * A change of served data and the update record it makes (docs/api.md#test-only-data-changes): SQL run on the dataset's
 * table, counted as inserted rows (`insertSql`) or updated rows (`updateSql`), and the record's other fields.
 */
export interface DataChange {
  dataset: string;
  insertSql?: string;
  updateSql?: string;
  isBackfill: boolean;
  /** The time index range the change wrote, `[start, end)`, ISO 8601 UTC. */
  startTimeUtc: string;
  endTimeUtc: string;
}

/** The update records of changes, without their `id` (the route numbers them after the build's). */
export type ChangeRecord = Omit<DatasetUpdate, 'id'>;

/**
 * In-process handle through which a **test** changes the data a /v1 server serves: no route, flag or environment
 * variable creates one, so only code that calls `createServer({ dataChanges })` itself (test support, benchmarks) can
 * change data, and the CLI and the app's embedded service never do. With one, the server opens a private copy of its
 * built file writable (the cached build stays as it was).
 */
export class DataChanges {
  private store: DatasetStore | undefined;
  private readonly changes: ChangeRecord[] = [];

  /** Called once by `createServer`; @throws when the handle is already attached to another server. */
  attach(store: DatasetStore): void {
    if (this.store && this.store !== store) throw new Error('This DataChanges handle already belongs to another server');
    this.store = store;
  }

  /** The update records of the changes applied so far, oldest first. */
  records(): readonly ChangeRecord[] {
    return this.changes;
  }

  /**
   * Runs `change`'s SQL in one transaction, refreshes the dataset's metadata (`latest_available_time_utc`,
   * `last_checked_time_utc` = now) and adds its update record. @returns that record. @throws for an unknown dataset, a
   * handle not attached, or what DuckDB throws (nothing is changed then).
   */
  async apply(change: DataChange): Promise<ChangeRecord> {
    const store = this.store;
    if (!store) throw new Error('DataChanges: pass it to createServer first');
    if (!store.get(change.dataset)) throw new Error(`DataChanges: no dataset ${change.dataset}`);
    const counts = await store.withConnection(async (conn) => {
      await conn.run('BEGIN TRANSACTION');
      try {
        const inserted = change.insertSql ? (await conn.run(change.insertSql)).rowsChanged : 0;
        const updated = change.updateSql ? (await conn.run(change.updateSql)).rowsChanged : 0;
        await conn.run('COMMIT');
        return { inserted, updated };
      } catch (error) {
        await conn.run('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
    // Milliseconds: a client compares records with its pulls' start times, which may fall in the same second.
    const now = new Date().toISOString();
    await store.reloadMetadata(change.dataset, now);
    const record: ChangeRecord = {
      dataset: change.dataset,
      time_utc: now,
      num_rows_inserted: counts.inserted,
      num_rows_updated: counts.updated,
      is_backfill: change.isBackfill,
      start_time_utc: change.startTimeUtc,
      end_time_utc: change.endTimeUtc,
    };
    this.changes.push(record);
    return record;
  }
}
