/**
 * Long jobs (CONVENTIONS.md §7): an id, an AbortController, throttled progress and an explicit
 * end state. These types are what a finished job reports to the host (the desktop shows a
 * notification, see electron/main/notify.ts); the downloads service will produce them.
 */

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
