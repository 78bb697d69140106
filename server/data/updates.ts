import path from 'node:path';
import type { DatasetUpdate } from '../../shared/index.js';
import { BUILD_TABLE } from './build.js';
import type { DatasetStore } from './store.js';
import { ident, sqlString } from './sql.js';

/**
 * Dataset update records of the embedded data (spec "Dataset update record", endpoint 16). The
 * samples never change after the build, so the honest history is the build itself: one record per
 * dataset and source file loaded, `time_utc` the build time, `num_rows_inserted` the rows that file
 * put in the table, `num_rows_updated` 0, and `is_backfill` true (the samples are historical).
 *
 * Rows per file: a dataset with one file (or none, e.g. generated) gets its table's row count. For
 * several files the entry's own loader is run with every file argument pointing at the one file
 * counted, and the count divided by the number of files; those counts are used only when they add up
 * to the table's rows (a loader that deduplicates or joins would break that), else the dataset gets
 * one record with all its rows.
 */

/** A row of `getRowObjectsJson()` (COUNT comes back as text there: cast in SQL). */
type Row = Record<string, unknown>;

/** Rows each declared file contributes to `id`'s table, in declaration order (see module doc). */
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

/**
 * Every update record of the store, ids 1..n by dataset id then file order.
 * @throws when DuckDB fails or a source file is gone.
 */
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
