import { wallTimeToEpoch } from '../../query/timestamps.js';

/** Epoch ms of an Eastern wall-clock time (month 1–12) by the query engine's zone rules; the repeated autumn hour reads as EDT. */
export function easternToUtc(year: number, month: number, day: number, hour: number, minute: number): number {
  return wallTimeToEpoch(Date.UTC(year, month - 1, day, hour, minute), 'America/New_York');
}
