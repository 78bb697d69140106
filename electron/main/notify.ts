import { LONG_JOB_MS } from '../services/common/jobs.js';
import type { FinishedJob, JobEnd } from '../services/common/jobs.js';
import { redact } from '../services/common/redact.js';

/** The slice of Electron's Notification used here. */
export interface NotificationLike {
  on(event: 'click', listener: () => void): unknown;
  show(): void;
}

/** What the notifier needs from Electron (tests pass fakes); jobs under `minDurationMs` ({@link LONG_JOB_MS}) stay silent. */
export interface NotifierDeps {
  isSupported(): boolean;
  create(options: { title: string; body: string; silent: boolean }): NotificationLike;
  windowFocused(): boolean;
  focusWindow(): void;
  now?: () => number;
  minDurationMs?: number;
}

const TITLES: Record<JobEnd, string> = { completed: 'Finished', cancelled: 'Cancelled', failed: 'Failed' };

/** Returns `notifyJobFinished(job)`: true when it notified (a long job, no focused window); the text is redacted of keys. */
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
