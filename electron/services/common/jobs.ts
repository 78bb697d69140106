import type { Result } from '../../../shared/index.js';
import { createLogger } from './logger.js';

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

/** How a job is named for the host, and what its answer says in a word ("1,204 rows"). */
export interface JobReport<T> {
  name: string;
  detail: (value: T) => string;
}

export interface JobReporterOptions {
  /** Told when a job of at least `longJobMs` (default {@link LONG_JOB_MS}) ends; a throw is logged, never answered. */
  onJobFinished?: (job: FinishedJob) => void;
  longJobMs?: number;
  /** Epoch ms. */
  now?: () => number;
}

/** Reports a job's end: `report(job, startedAt, result)`; `result` undefined (the job threw) counts as failed. */
export type JobReporter = <T>(job: JobReport<T>, startedAt: number, result: Result<T> | undefined) => void;

const log = createLogger('jobs');

/**
 * The end of a long job for the host (the desktop notifies it): `completed` with the answer's detail, `cancelled`, or
 * `failed` with the error's message. Jobs shorter than `longJobMs` are not reported.
 */
export function createJobReporter(opts: JobReporterOptions): JobReporter {
  const now = opts.now ?? Date.now;
  const longJobMs = opts.longJobMs ?? LONG_JOB_MS;
  return (job, startedAt, result) => {
    if (!opts.onJobFinished || now() - startedAt < longJobMs) return;
    const state: JobEnd = result?.ok ? 'completed' : result?.error.code === 'cancelled' ? 'cancelled' : 'failed';
    const detail = result === undefined ? undefined : result.ok ? job.detail(result.value) : result.error.message;
    try {
      opts.onJobFinished({ name: job.name, state, startedAt, ...(detail ? { detail } : {}) });
    } catch (err) {
      log.warn(`reporting the end of "${job.name}" failed`, err);
    }
  };
}
