// Where electron/main/notify.ts reads the job types; they live with the reporter in common/jobs.ts.
export { LONG_JOB_MS } from '../common/jobs.js';
export type { FinishedJob, JobEnd } from '../common/jobs.js';
