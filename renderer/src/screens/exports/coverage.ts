import { formatInstantRange } from '../../../../shared/time/format.js';

/**
 * Which hours an export file covers (docs/api.md#export-file-list): a file is one UTC date of the dataset's time index
 * (of its publish time when it has one), so in market time it starts and ends in the evening before: PJM's file of
 * 2024-09-04 holds 2024-09-03 20:00 → 2024-09-04 20:00 EDT.
 */

const DAY_MS = 86_400_000;

/** The UTC day an export date names, `[00:00Z, next 00:00Z)` in epoch ms. */
export function fileDay(date: string): { start: number; end: number } {
  const start = Date.parse(`${date}T00:00:00Z`);
  return { start, end: start + DAY_MS };
}

/** The hours of the file of `date` in `zone`: `2024-09-03 20:00 → 2024-09-04 20:00 EDT` (the end exclusive). */
export function coverageText(date: string, zone: string): string {
  const { start, end } = fileDay(date);
  return formatInstantRange(start, end, zone);
}

/**
 * Selected days in a few lines: each day with its hours when there are at most `max`, else one stretch per run of
 * consecutive days (`2024-03-01 – 2024-03-05: 2024-02-29 19:00 EST → 2024-03-05 19:00 EST`).
 */
export function selectionCoverage(dates: readonly string[], zone: string, max = 4): string[] {
  const sorted = [...dates].sort();
  if (sorted.length <= max) return sorted.map((d) => `${d}: ${coverageText(d, zone)}`);
  const runs: [string, string][] = [];
  for (const d of sorted) {
    const last = runs.at(-1);
    if (last && fileDay(last[1]).end === fileDay(d).start) last[1] = d;
    else runs.push([d, d]);
  }
  return runs.map(([a, b]) =>
    a === b ? `${a}: ${coverageText(a, zone)}` : `${a} – ${b}: ${formatInstantRange(fileDay(a).start, fileDay(b).end, zone)}`,
  );
}
