import { createWriteStream } from 'node:fs';
import { Agent } from 'undici';
import type { DatasetWithTimezone, DownloadItem } from '../../../shared/index.js';
import { DEFAULT_RETRY_POLICY, systemClock, type RetryPolicy } from '../v1/retry.js';
import type { CsvHeaderReader } from './csvHeader.js';
import type { TransferDeps } from './fetchFile.js';
import type { Library } from './library.js';
import type { OpenPartFile } from './partFile.js';
import { runDownload, type RunResult } from './runner.js';
import { QueueSpeeds } from './speeds.js';
import { createThrottle } from './throttle.js';
import type { Presign } from './types.js';

/** Failures in a row without a new byte before a transfer gives up (`network`); backoff as the v1 proxy's. */
export const DOWNLOAD_RETRY_POLICY: RetryPolicy = { ...DEFAULT_RETRY_POLICY, maxAttempts: 6 };

/** What every transfer shares; the test seams of `DownloadManagerOptions` pass through. */
export interface TransfersOptions {
  presign: Presign;
  header: CsvHeaderReader;
  now(): number;
  openPartFile?: OpenPartFile;
  retryPolicy?: Partial<RetryPolicy>;
}

/** One item's run: where it goes, the library it joins, its signal, and whom to tell of a change. */
export interface ItemRun {
  item: DownloadItem;
  /** The metadata the day was queued with; undefined fails the item at once (nothing to verify against). */
  dataset: DatasetWithTimezone | undefined;
  folder: string;
  library: Library;
  signal: AbortSignal;
  /** The item changed: `state` (persist now), `progress` (bytes, attempts, waiting line). */
  changed(kind: 'state' | 'progress'): void;
}

/**
 * The transfers of the queue: one connection pool, one speed limit over all of them (throttle.ts), the speed meters,
 * and the run of one item (runner.ts) wired to them. {@link close} ends the pool.
 */
export class Transfers {
  private readonly agent = new Agent({ keepAliveTimeout: 10_000, connect: { timeout: 10_000 } });
  private readonly throttle = createThrottle();
  private readonly openPartFile: OpenPartFile;
  private readonly policy: RetryPolicy;
  readonly speeds: QueueSpeeds;

  constructor(private readonly opts: TransfersOptions) {
    this.openPartFile = opts.openPartFile ?? ((p, flags) => createWriteStream(p, { flags }));
    this.policy = { ...DOWNLOAD_RETRY_POLICY, ...opts.retryPolicy };
    this.speeds = new QueueSpeeds(opts.now);
  }

  /** The speed limit over all transfers in KiB/s; null lifts it. */
  setSpeedLimit(kibPerSecond: number | null): void {
    this.throttle.setRate(kibPerSecond === null ? null : kibPerSecond * 1024);
  }

  /** Downloads, verifies and files one item (runner.ts `runDownload`), counting its attempts, bytes and speed. Never throws. */
  async run(r: ItemRun): Promise<RunResult> {
    const { item } = r;
    if (!r.dataset) {
      return {
        kind: 'failed',
        failure: { problem: 'other', message: 'The dataset of this day is unknown. Queue it again from the Exports page.' },
      };
    }
    const transfer: Omit<TransferDeps, 'saveRecord'> = {
      dispatcher: this.agent,
      presign: this.opts.presign,
      throttle: this.throttle,
      openPartFile: this.openPartFile,
      policy: this.policy,
      now: this.opts.now,
      random: Math.random,
      sleep: (ms, signal) => systemClock.sleep(ms, signal),
      onAttempt: () => {
        item.attempts++;
        r.changed('progress');
      },
      onBytes: (total) => {
        this.speeds.bytes(item, total);
        r.changed('progress');
      },
      onWaiting: (text) => {
        item.waiting = text;
        r.changed('progress');
      },
    };
    this.speeds.begin(item.id);
    try {
      return await runDownload({
        item,
        dataset: r.dataset,
        folder: r.folder,
        signal: r.signal,
        transfer,
        header: this.opts.header,
        library: r.library,
        now: this.opts.now,
        onState: () => r.changed('state'),
      });
    } finally {
      this.speeds.end(item);
    }
  }

  /** Closes the connection pool (runs must have ended). */
  close(): Promise<void> {
    return this.agent.close().catch(() => undefined);
  }
}
