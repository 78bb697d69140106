import { LONG_JOB_MS } from '../services/verbs/jobs.js';
import type { FinishedJob, JobEnd } from '../services/verbs/jobs.js';
import { redact } from '../services/common/redact.js';

/**
 * "Your download finished" (issue 5 §5; CONVENTIONS.md §7 end states): a desktop notification
 * when a long job ends while the user looks elsewhere. Short jobs and jobs that end while the
 * window has focus stay silent (the page shows them). No Electron import: main passes the
 * Notification class and window accessors, tests pass fakes.
 */

/** The slice of Electron's Notification used here. */
export interface NotificationLike {
  on(event: 'click', listener: () => void): unknown;
  show(): void;
}

export interface NotifierDeps {
  isSupported(): boolean;
  create(options: { title: string; body: string; silent: boolean }): NotificationLike;
  /** Whether a Gridscope window has focus now. */
  windowFocused(): boolean;
  /** Brings the main window forward (notification click). */
  focusWindow(): void;
  now?: () => number;
  /** Jobs shorter than this stay silent (default {@link LONG_JOB_MS}, 10 000 ms). */
  minDurationMs?: number;
}

const TITLES: Record<JobEnd, string> = { completed: 'Finished', cancelled: 'Cancelled', failed: 'Failed' };

/**
 * Returns `notifyJobFinished(job)`, which shows a notification and returns true when the job was
 * long enough, the window is not focused and the platform supports notifications. Text passes
 * through redact(): a message can never carry a key to the OS notification centre.
 */
export function createJobNotifier(deps: NotifierDeps): (job: FinishedJob) => boolean {
  const now = deps.now ?? Date.now;
  const min = deps.minDurationMs ?? LONG_JOB_MS;
  return (job) => {
    if (now() - job.startedAt < min || deps.windowFocused() || !deps.isSupported()) return false;
    const body = redact(job.detail ? `${job.name}: ${job.detail}` : job.name).slice(0, 200);
    const n = deps.create({ title: `Gridscope — ${TITLES[job.state]}`, body, silent: job.state === 'cancelled' });
    n.on('click', () => deps.focusWindow());
    n.show();
    return true;
  };
}
