/** A job that ran this long, in ms, is "long": its end is reported (the desktop may notify it). */
export const LONG_JOB_MS = 10_000;

export type JobEnd = 'completed' | 'cancelled' | 'failed';

/** A finished long job for the host: `name` like "Query of pjm_lmp", `startedAt` epoch ms, `detail` "1,204 rows" or the error. */
export interface FinishedJob {
  name: string;
  state: JobEnd;
  startedAt: number;
  detail?: string;
}
