import { rm } from 'node:fs/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import type { AuditRow, DatasetWithTimezone } from '../../shared/index.js';
import { auditRows } from './audit.js';
import { BUILD_TABLE, ensureDatabase } from './build.js';
import { CATALOGUE, type CatalogueEntry } from './catalogue/index.js';
import { readDatasetMetadata } from './metadata.js';
import { ident } from './sql.js';
import { DuckDbFile } from './duckdbFile.js';

/** Where the store finds its sources and its cache; `catalogue` defaults to {@link CATALOGUE}. */
export interface StoreOptions {
  dataDir: string;
  cacheDir: string;
  catalogue?: readonly CatalogueEntry[];
}

/** Read-only embedded datasets: metadata read once at open, queries on short-lived connections; close once when done. */
export class DatasetStore extends DuckDbFile {

  private constructor(
    instance: DuckDBInstance,
    private readonly entries: ReadonlyMap<string, CatalogueEntry>,
    private readonly metadata: readonly DatasetWithTimezone[],
    readonly path: string,
  ) {
    super(instance, 'DatasetStore');
  }

  /** Builds (when the sources changed) and opens the file read-only; throws when a source or loader fails or it cannot open. */
  static async open(options: StoreOptions): Promise<DatasetStore> {
    const catalogue = options.catalogue ?? CATALOGUE;
    const build = { dataDir: options.dataDir, cacheDir: options.cacheDir, catalogue };
    let built = await ensureDatabase(build);
    let instance: DuckDBInstance;
    try {
      instance = await DuckDBInstance.create(built.path, { access_mode: 'READ_ONLY' });
    } catch (error) {
      // A reused file that DuckDB cannot open (damaged, or written by a newer DuckDB): build afresh once.
      if (built.built) throw error;
      await rm(built.path, { force: true });
      built = await ensureDatabase(build);
      instance = await DuckDBInstance.create(built.path, { access_mode: 'READ_ONLY' });
    }
    try {
      const conn = await instance.connect();
      try {
        const facts = (await conn.runAndReadAll(`SELECT built_at_utc FROM ${ident(BUILD_TABLE)}`)).getRowObjectsJson();
        const builtAt = String(facts[0]?.built_at_utc);
        const metadata: DatasetWithTimezone[] = [];
        for (const entry of catalogue) metadata.push(await readDatasetMetadata(conn, entry, builtAt));
        const entries = new Map(catalogue.map((entry) => [entry.id, entry]));
        return new DatasetStore(instance, entries, metadata, built.path);
      } finally {
        conn.closeSync();
      }
    } catch (error) {
      instance.closeSync();
      throw error;
    }
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
