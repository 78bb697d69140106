import { ok } from '../../../shared/index.js';
import type { ProfileName, PullProgress, PullRecord, Result } from '../../../shared/index.js';
import { createLogger } from '../common/logger.js';
import { LONG_JOB_MS } from '../common/jobs.js';
import type { FinishedJob, JobEnd } from '../common/jobs.js';
import { getPull } from './history.js';
import type { PullHandle, PullOutcome, PullReport } from './pull.js';
import type { PullsProgress } from './serviceTypes.js';
import type { Workspace } from './workspace.js';

const log = createLogger('workspace');
const count = (n: number): string => n.toLocaleString('en-US');

const JOB_ENDS: Record<PullOutcome['state'], JobEnd> = {
  complete: 'completed',
  cancelled: 'cancelled',
  partial: 'failed',
  failed: 'failed',
};

/** What a finished pull's notification says: its rows, and why it stopped when it did not complete. */
export function jobDetail(o: PullOutcome): string {
  const rows = `${count(o.rows)} ${o.rows === 1 ? 'row' : 'rows'}`;
  if (o.state === 'complete') return rows;
  if (o.state === 'cancelled') return `${rows} kept`;
  return o.rows > 0 ? `${o.error?.message ?? 'Stopped'} (${rows} kept)` : (o.error?.message ?? 'Failed');
}

/** Whom the live pulls tell: the summed progress (taskbar) and a long pull's end (a notification); times in ms. */
export interface LivePullsOptions {
  now(): number;
  onPullProgress?: (progress: PullsProgress) => void;
  onJobFinished?: (job: FinishedJob) => void;
  /** A pull at least this long has its end reported (default `LONG_JOB_MS`). */
  longJobMs?: number;
}

interface LivePull {
  progress: PullProgress;
  /** Rows the pull should end with (estimate or limit); Infinity when unknown. */
  expected: number;
}

/**
 * The pulls running in this process (docs/workspace.md): their live figures for `workspace:pulls`, summed as one
 * fraction for the taskbar (told only when it changes), and a long pull's end reported like a long query's.
 * Listeners that throw are logged, never passed on.
 */
export class LivePulls {
  // Keyed `<profile>:<pull id>`: pull ids are per workspace file.
  private readonly live = new Map<string, LivePull>();
  private readonly refreshing = new Map<string, PullProgress>();
  private last: PullsProgress = null;

  constructor(private readonly opts: LivePullsOptions) {}

  /**
   * Starts a pull with `start`, keeping its live progress (`expected` rows, or their estimate from a report: Infinity
   * when unknown) and reporting its end as job `name`. @returns its record with its progress, or `start`'s failure.
   */
  async follow(
    ws: Workspace,
    name: string,
    expected: number | ((p: PullReport) => number),
    start: (onProgress: (p: PullReport) => void) => Promise<Result<PullHandle>>,
  ): Promise<Result<PullRecord>> {
    const startedAt = this.opts.now();
    const started = await start((p) => {
      const key = `${ws.profile}:${p.pullId}`;
      if (p.state === 'running') {
        const { pullId: _id, state: _state, request: _request, ...progress } = p;
        this.live.set(key, { progress, expected: typeof expected === 'number' ? expected : expected(p) });
      } else this.live.delete(key);
      this.report();
    });
    if (!started.ok) return started;
    const { pullId, done } = started.value;
    void done.then((outcome) => {
      this.live.delete(`${ws.profile}:${pullId}`);
      this.report();
      this.reportJob(name, startedAt, outcome);
    });
    const record = await getPull(ws, pullId);
    return record.ok ? ok(this.withProgress(record.value)) : record;
  }

  /**
   * Runs a refresh of `ws`'s pull `pullId` with `run`, keeping its live figures for {@link withProgress} until it ends.
   * @returns `run`'s answer.
   */
  async followRefresh<T>(ws: Workspace, pullId: number, run: (onProgress: (p: PullReport) => void) => Promise<T>): Promise<T> {
    const key = `${ws.profile}:${pullId}`;
    try {
      return await run((p) => {
        const { pullId: _id, state, request: _request, ...progress } = p;
        if (state === 'running') this.refreshing.set(key, progress);
        else this.refreshing.delete(key);
      });
    } finally {
      this.refreshing.delete(key);
    }
  }

  /** `record` with its live `progress` while it runs in this process, and `refreshing` while a refresh of it runs. */
  withProgress(record: PullRecord): PullRecord {
    const key = `${record.profile}:${record.id}`;
    const pull = record.state === 'running' ? this.live.get(key) : undefined;
    const refresh = this.refreshing.get(key);
    if (!pull && !refresh) return record;
    return {
      ...record,
      ...(pull ? { progress: { ...pull.progress } } : {}),
      ...(refresh ? { refreshing: { ...refresh } } : {}),
    };
  }

  /** Drops the figures of `profile`'s pulls (its workspace is closing). */
  forget(profile: ProfileName): void {
    for (const map of [this.live, this.refreshing])
      for (const key of map.keys()) if (key.startsWith(`${profile}:`)) map.delete(key);
  }

  /** Tells the summed progress when it changed: the fraction of expected rows of pulls that know them, else indeterminate. */
  report(): void {
    if (!this.opts.onPullProgress) return;
    let rows = 0;
    let expected = 0;
    for (const pull of this.live.values()) {
      if (!Number.isFinite(pull.expected) || pull.expected <= 0) continue;
      rows += Math.min(pull.progress.rows, pull.expected);
      expected += pull.expected;
    }
    const next: PullsProgress =
      this.live.size === 0 ? null : expected === 0 ? 'indeterminate' : Math.round((rows / expected) * 1000) / 1000;
    if (next === this.last) return;
    this.last = next;
    try {
      this.opts.onPullProgress(next);
    } catch (error) {
      log.warn('a pull progress listener threw', error);
    }
  }

  private reportJob(name: string, startedAt: number, outcome: PullOutcome): void {
    if (!this.opts.onJobFinished || this.opts.now() - startedAt < (this.opts.longJobMs ?? LONG_JOB_MS)) return;
    try {
      this.opts.onJobFinished({ name, state: JOB_ENDS[outcome.state], startedAt, detail: jobDetail(outcome) });
    } catch (error) {
      log.warn(`reporting the end of pull ${outcome.pullId} failed`, error);
    }
  }
}
