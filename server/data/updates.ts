import path from 'node:path';
import type { DatasetUpdate } from '../../shared/index.js';
import { BUILD_TABLE } from './build.js';
import type { DatasetStore } from './store.js';
import { ident, sqlString } from './sql.js';

// getRowObjectsJson() returns COUNT as text, hence the casts in SQL.
type Row = Record<string, unknown>;

/**
 * Rows each declared file gives `id`'s table: the loader run with every file argument set to that file, divided by the
 * file count; used only when they sum to the table's rows (a deduplicating or joining loader breaks that), else one total.
 */
async function rowsPerFile(store: DatasetStore, id: string, dataDir: string): Promise<number[]> {
  const entry = store.entry(id);
  if (!entry) return [];
  return store.withConnection(async (conn) => {
    const count = async (sql: string) => Number(((await conn.runAndReadAll(sql)).getRowObjectsJson()[0] as Row).n);
    const total = await count(`SELECT count(*)::DOUBLE AS n FROM ${ident(entry.id)}`);
    if (entry.files.length <= 1) return [total];
    const perFile: number[] = [];
    for (const file of entry.files) {
      const literal = sqlString(path.join(dataDir, file));
      const repeated = await count(`SELECT count(*)::DOUBLE AS n FROM (${entry.load(() => literal)})`);
      perFile.push(repeated / entry.files.length);
    }
    const exact = perFile.every(Number.isInteger) && perFile.reduce((a, b) => a + b, 0) === total;
    return exact ? perFile : [total];
  });
}

/** Update records (docs/api.md#dataset-updates): one per dataset and source file, ids 1..n by dataset id then file order. */
export async function buildUpdateRecords(store: DatasetStore, dataDir: string): Promise<DatasetUpdate[]> {
  const builtAt = await store.withConnection(async (conn) => {
    const rows = (await conn.runAndReadAll(`SELECT built_at_utc FROM ${ident(BUILD_TABLE)}`)).getRowObjectsJson();
    return String((rows[0] as Row).built_at_utc);
  });
  const records: DatasetUpdate[] = [];
  for (const dataset of store.list()) {
    for (const rows of await rowsPerFile(store, dataset.id, dataDir)) {
      records.push({
        id: records.length + 1,
        dataset: dataset.id,
        time_utc: builtAt,
        num_rows_inserted: rows,
        num_rows_updated: 0,
        is_backfill: true,
      });
    }
  }
  return records;
}
