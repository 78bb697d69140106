import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { DatasetWithTimezone } from '../../../../shared/index.js';
import { dataset } from '../../../../shared/test-support/fixtures.js';
import type { LocalFiles } from '../../downloads/types.js';
import { sqlString } from '../sql.js';

/**
 * SYNTHETIC export files for local reviews (tests and `bench offline-review`): per-day gzipped CSV written by DuckDB
 * the way the server writes export files (header = `all_columns`, timestamps `2024-03-01T00:00:00+00:00`, gzip), laid
 * out as the downloads folder holds them: `<folder>/<dataset_id>/year=YYYY/month=MM/YYYY-MM-DD.csv.gz`. Values come
 * from DuckDB's `hash()` of (day, interval, location) with a fixed seed: the same on every run and machine.
 */

const column = (name: string, type: string) => ({
  name,
  type,
  is_numeric: type === 'DOUBLE PRECISION',
  is_date: false,
  is_datetime: type === 'TIMESTAMP',
});

/** A 5-minute real-time LMP dataset with the columns the files hold. */
export function lmpDataset(id = 'synthetic_lmp_5_min'): DatasetWithTimezone {
  return {
    ...dataset(id, {
      data_frequency: '5_MINUTES',
      all_columns: [
        column('interval_start_utc', 'TIMESTAMP'),
        column('interval_end_utc', 'TIMESTAMP'),
        column('market', 'VARCHAR'),
        column('location', 'VARCHAR'),
        column('location_type', 'VARCHAR'),
        column('lmp', 'DOUBLE PRECISION'),
        column('energy', 'DOUBLE PRECISION'),
        column('congestion', 'DOUBLE PRECISION'),
        column('loss', 'DOUBLE PRECISION'),
      ],
    }),
    data_timezone: 'US/Eastern',
  };
}

/** Where the downloads folder keeps `datasetId`'s file of `date`. */
export const dayFilePath = (folder: string, datasetId: string, date: string): string =>
  join(folder, datasetId, `year=${date.slice(0, 4)}`, `month=${date.slice(5, 7)}`, `${date}.csv.gz`);

/** The SQL of one day's rows: 288 intervals × `locations`, in key order (time, location), as the server exports them. */
function daySql(date: string, locations: number, seed: number): string {
  const start = `TIMESTAMP '${date}' + to_minutes(CAST(t * 5 AS INTEGER))`;
  const iso = (ts: string) => `strftime(${ts}, '%Y-%m-%dT%H:%M:%S+00:00')`;
  const day = `${Date.parse(date) / 86_400_000}`;
  return `SELECT ${iso(start)} AS interval_start_utc, ${iso(`${start} + INTERVAL 5 MINUTE`)} AS interval_end_utc,
      'RTM' AS market, 'PNODE_' || lpad(CAST(l AS VARCHAR), 5, '0') AS location,
      CASE WHEN l % 10 = 0 THEN 'ZONE' ELSE 'BUS' END AS location_type,
      round(25 + 20 * sin(t / 45.8) + (hash(${seed}, ${day}, t, l) % 2000) / 100.0, 2) AS lmp,
      round(24 + 18 * sin(t / 45.8), 2) AS energy,
      round((hash(${seed} + 1, ${day}, t, l) % 1000) / 100.0 - 3, 2) AS congestion,
      round((hash(${seed} + 2, ${day}, t, l) % 200) / 100.0 - 1, 2) AS loss
    FROM range(288) a(t), range(${locations}) b(l) ORDER BY t, l`;
}

/**
 * Writes the files of `dates` (`YYYY-MM-DD`) for `locations` locations (288 × `locations` rows a day) into `folder`,
 * `concurrency` days at a time. @returns what `DownloadManager.localFiles` would answer for them.
 */
export async function writeDayFiles(
  folder: string,
  dates: readonly string[],
  options: { locations?: number; seed?: number; concurrency?: number; datasetId?: string } = {},
): Promise<LocalFiles> {
  const ds = lmpDataset(options.datasetId);
  const instance = await DuckDBInstance.create(':memory:');
  try {
    const queue = [...dates];
    const files: LocalFiles['files'] = [];
    const worker = async (): Promise<void> => {
      const conn = await instance.connect();
      try {
        for (let date = queue.shift(); date !== undefined; date = queue.shift()) {
          const path = dayFilePath(folder, ds.id, date);
          await mkdir(join(path, '..'), { recursive: true });
          const sql = daySql(date, options.locations ?? 3, options.seed ?? 42);
          await conn.run(`COPY (${sql}) TO ${sqlString(path)} (FORMAT csv, HEADER true, COMPRESSION gzip)`);
          files.push({ date, path, bytes: (await stat(path)).size });
        }
      } finally {
        conn.closeSync();
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
    files.sort((a, b) => a.date.localeCompare(b.date));
    return { dataset: ds, folder, files };
  } finally {
    instance.closeSync();
  }
}

/** `count` consecutive dates from `first` (`YYYY-MM-DD`). */
export function consecutiveDates(first: string, count: number): string[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}
