/**
 * The speed limit shared by every running download (docs/downloads.md#speed-limit): one virtual clock of when the
 * next byte may pass. Each chunk reserves its time on it, so N downloads together stay under the limit instead of
 * each getting it. A short burst (≤ {@link BURST_MS} of the rate) is allowed so small chunks do not each wait.
 */
export interface Throttle {
  /** Bytes per second; null lifts the limit (waiting chunks pass at their next check). */
  setRate(bytesPerSecond: number | null): void;
  /** Resolves when `bytes` may pass; rejects with the signal's reason when it aborts. */
  take(bytes: number, signal: AbortSignal): Promise<void>;
}

const BURST_MS = 250;
export function createThrottle(now: () => number = Date.now): Throttle {
  let rate: number | null = null;
  let nextFree = 0;
  return {
    setRate(bytesPerSecond) {
      rate = bytesPerSecond && bytesPerSecond > 0 ? bytesPerSecond : null;
      nextFree = now();
    },
    async take(bytes, signal) {
      if (rate === null) return;
      const t = now();
      const start = Math.max(nextFree, t - BURST_MS);
      nextFree = start + (bytes / rate) * 1000;
      const wait = start - t;
      if (wait <= 0) return;
      await new Promise<void>((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason);
        const onAbort = (): void => {
          clearTimeout(timer);
          reject(signal.reason);
        };
        const timer = setTimeout(() => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        }, wait);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}

/**
 * Speed of one download smoothed over the last {@link WINDOW_MS}: samples of (time, total bytes); the speed is the
 * slope between the oldest and newest sample, so a stall shows as a falling speed rather than a frozen one.
 */
export interface SpeedMeter {
  /** Records the running total of bytes at `at` (ms). */
  sample(totalBytes: number, at: number): void;
  /** Bytes per second at `at`; 0 until two samples span some time. */
  bytesPerSecond(at: number): number;
  reset(): void;
}

const WINDOW_MS = 5_000;

export function createSpeedMeter(): SpeedMeter {
  let samples: { at: number; bytes: number }[] = [];
  const trim = (at: number): void => {
    while (samples.length > 2 && samples[0]!.at < at - WINDOW_MS) samples.shift();
  };
  return {
    sample(totalBytes, at) {
      const last = samples[samples.length - 1];
      // One sample per 100 ms is plenty; keep the newest byte count.
      if (last && at - last.at < 100 && samples.length > 1) {
        last.at = at;
        last.bytes = totalBytes;
      } else samples.push({ at, bytes: totalBytes });
      trim(at);
    },
    bytesPerSecond(at) {
      trim(at);
      const first = samples[0];
      const last = samples[samples.length - 1];
      if (!first || !last || last === first) return 0;
      const span = Math.max(at, last.at) - first.at;
      return span > 0 ? Math.max(0, ((last.bytes - first.bytes) / span) * 1000) : 0;
    },
    reset() {
      samples = [];
    },
  };
}
