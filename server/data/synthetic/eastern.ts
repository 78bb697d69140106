import { wallTimeToEpoch } from '../../query/timestamps.js';

/**
 * Eastern prevailing time (PJM's clock in eDART) to UTC. The zone arithmetic is the query engine's
 * (server/query/timestamps.ts, Intl zone rules), so daylight saving time is applied per date the
 * same way everywhere in the service.
 */

/** Epoch ms of an Eastern wall-clock time (month 1–12). The repeated autumn hour reads as daylight time. */
export function easternToUtc(year: number, month: number, day: number, hour: number, minute: number): number {
  return wallTimeToEpoch(Date.UTC(year, month - 1, day, hour, minute), 'America/New_York');
}
