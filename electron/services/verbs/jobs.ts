/**
 * Long jobs (CONVENTIONS.md §7): an id, an AbortController, throttled progress and an explicit
 * end state. These types are what a finished job reports to the host (the desktop shows a
 * notification, see electron/main/notify.ts): `datasets:query` and `datasets:estimate` calls of
 * at least {@link LONG_JOB_MS} report one (handlers.ts); the downloads service will too.
 */

/** A job that ran this long, in ms, is "long": its end is reported (and may be notified). */
export const LONG_JOB_MS = 10_000;

/** How a job ended. */
export type JobEnd = 'completed' | 'cancelled' | 'failed';

export interface FinishedJob {
  /** What the job was, e.g. "pjm_lmp_day_ahead_hourly, March 2024". */
  name: string;
  state: JobEnd;
  /** Epoch ms when it started. */
  startedAt: number;
  /** A short outcome, e.g. "1,204,113 rows" or the error message. */
  detail?: string;
}
