import { randomBytes } from 'node:crypto';
import { copyFile, rm } from 'node:fs/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import type { AuditRow, DatasetWithTimezone } from '../../shared/index.js';
import { auditRows } from './audit.js';
import { BUILD_TABLE, ensureDatabase } from './build.js';
import { CATALOGUE, type CatalogueEntry } from './catalogue/index.js';
import { readKeyOrder } from './keyOrder.js';
import { readDatasetMetadata } from './metadata.js';
import { ident } from './sql.js';
import { DuckDbFile } from './duckdbFile.js';

/** Where the store finds its sources and its cache; `catalogue` defaults to {@link CATALOGUE}. */
export interface StoreOptions {
  dataDir: string;
  cacheDir: string;
  catalogue?: readonly CatalogueEntry[];
  /** Open a private, writable copy of the built file (test data changes, server/data/changes.ts); deleted on close. */
  writable?: boolean;
}

/**
 * Read-only embedded datasets: metadata read once at open, queries on short-lived connections; close once when done.
 * Only a `writable` store (test data changes) ever sees its data change, and re-reads that dataset's metadata then.
 */
export class DatasetStore extends DuckDbFile {
  private readonly revisions = new Map<string, number>();

  private constructor(
    instance: DuckDBInstance,
    private readonly entries: ReadonlyMap<string, CatalogueEntry>,
    private metadata: readonly DatasetWithTimezone[],
    readonly path: string,
    private readonly copy: string | null,
    private readonly keyOrder: Map<string, { keys: string; ordered: boolean }>,
  ) {
    super(instance, 'DatasetStore');
  }

  /** Re-reads dataset `id`'s metadata after a test data change; `checkedAt` becomes its `last_checked_time_utc`. */
  async reloadMetadata(id: string, checkedAt: string): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry) return;
    // The change may have written rows out of key order: the query checks again (server/query/storage.ts).
    this.keyOrder.delete(id);
    this.revisions.set(id, this.revision(id) + 1);
    const fresh = await this.withConnection((conn) => readDatasetMetadata(conn, entry, checkedAt));
    this.metadata = this.metadata.map((dataset) => (dataset.id === id ? fresh : dataset));
  }

  override close(): void {
    super.close();
    const copy = this.copy;
    if (copy) for (const file of [copy, `${copy}.wal`]) void rm(file, { force: true }).catch(() => undefined);
  }

  /** Builds (when the sources changed) and opens the file read-only; throws when a source or loader fails or it cannot open. */
  static async open(options: StoreOptions): Promise<DatasetStore> {
    const catalogue = options.catalogue ?? CATALOGUE;
    const build = { dataDir: options.dataDir, cacheDir: options.cacheDir, catalogue };
    let built = await ensureDatabase(build);
    let copy: string | null = null;
    const openFile = async (): Promise<DuckDBInstance> => {
      if (!options.writable) return DuckDBInstance.create(built.path, { access_mode: 'READ_ONLY' });
      copy = `${built.path}.changing-${randomBytes(4).toString('hex')}`;
      await copyFile(built.path, copy);
      return DuckDBInstance.create(copy);
    };
    let instance: DuckDBInstance;
    try {
      instance = await openFile();
    } catch (error) {
      // A reused file that DuckDB cannot open (damaged, or written by a newer DuckDB): build afresh once.
      if (built.built) throw error;
      await rm(built.path, { force: true });
      built = await ensureDatabase(build);
      instance = await openFile();
    }
    try {
      const conn = await instance.connect();
      try {
        const facts = (await conn.runAndReadAll(`SELECT built_at_utc FROM ${ident(BUILD_TABLE)}`)).getRowObjectsJson();
        const builtAt = String(facts[0]?.built_at_utc);
        const metadata: DatasetWithTimezone[] = [];
        for (const entry of catalogue) metadata.push(await readDatasetMetadata(conn, entry, builtAt));
        const entries = new Map(catalogue.map((entry) => [entry.id, entry]));
        return new DatasetStore(instance, entries, metadata, built.path, copy, await readKeyOrder(conn));
      } finally {
        conn.closeSync();
      }
    } catch (error) {
      instance.closeSync();
      throw error;
    }
  }

  /** How many times dataset `id`'s data changed since the store opened (test data changes only). */
  revision(id: string): number {
    return this.revisions.get(id) ?? 0;
  }

  /**
   * Whether dataset `id`'s table is stored in `keys` order as the build found it (server/data/keyOrder.ts); undefined
   * when unknown: other keys, a file built before the facts, or data changed since.
   */
  storedInKeyOrder(id: string, keys: readonly string[]): boolean | undefined {
    const fact = this.keyOrder.get(id);
    return fact && fact.keys === keys.join(',') ? fact.ordered : undefined;
  }

  list(): readonly DatasetWithTimezone[] {
    return this.metadata;
  }

  get(id: string): DatasetWithTimezone | undefined {
    return this.metadata.find((dataset) => dataset.id === id);
  }

  /** Audit rows per market date (docs/api.md#dataset-audit), or `undefined` for an unknown id. */
  async audit(id: string): Promise<AuditRow[] | undefined> {
    const entry = this.entries.get(id);
    if (entry === undefined) return undefined;
    return this.withConnection((conn) => auditRows(conn, entry));
  }

  entry(id: string): CatalogueEntry | undefined {
    return this.entries.get(id);
  }
}
