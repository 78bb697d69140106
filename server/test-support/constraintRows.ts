import { csvRecords } from './testing.js';

// The PJM constraint rows read with plain JavaScript, so tests compute figures independently of DuckDB.

/** Feeds of data/gridstatus-pjm-constraints and their dataset ids. */
export const FEEDS = {
  pjm_marginal_value_day_ahead_hourly: 'da',
  pjm_marginal_value_real_time_5_min: 'rt',
  pjm_transmission_constraints_day_ahead_hourly: null,
} as const;

/** One source row: times as written in the CSV (`2023-11-05T04:00:00`, UTC), shadow price or null. */
export interface SourceRow {
  dataset: keyof typeof FEEDS;
  start: string;
  end: string;
  facility: string;
  contingency: string;
  shadowPrice: number | null;
}

/** Every row of the three PJM constraint feeds (both windows). */
export async function sourceRows(): Promise<SourceRow[]> {
  const rows: SourceRow[] = [];
  for (const dataset of Object.keys(FEEDS) as (keyof typeof FEEDS)[]) {
    for (const window of ['2023-11-05_2023-11-07', '2024-09-02_2024-09-04']) {
      for (const cells of await csvRecords(`gridstatus-pjm-constraints/${dataset}_${window}.csv`)) {
        const [start, end] = cells as [string, string];
        if (dataset === 'pjm_transmission_constraints_day_ahead_hourly') {
          rows.push({ dataset, start, end, facility: cells[4]!, contingency: cells[5]!, shadowPrice: null });
        } else {
          rows.push({ dataset, start, end, facility: cells[2]!, contingency: cells[3]!, shadowPrice: Number(cells.at(-1)) });
        }
      }
    }
  }
  return rows;
}

/** Hours between two CSV times. */
export const hours = (row: SourceRow): number => (Date.parse(`${row.end}Z`) - Date.parse(`${row.start}Z`)) / 3_600_000;

/** `2023-11-05T04:00:00` → `2023-11-05T04:00:00+00:00` (the API's form). */
export const apiTime = (csvTime: string): string => `${csvTime}+00:00`;

/** Σ |shadow price| × hours per key of the rows kept by `keep`. */
export function absoluteCosts(
  rows: readonly SourceRow[],
  key: (row: SourceRow) => string,
  keep: (row: SourceRow) => boolean,
): Map<string, number> {
  const costs = new Map<string, number>();
  for (const row of rows) {
    if (row.shadowPrice === null || !keep(row)) continue;
    costs.set(key(row), (costs.get(key(row)) ?? 0) + Math.abs(row.shadowPrice) * hours(row));
  }
  return costs;
}
