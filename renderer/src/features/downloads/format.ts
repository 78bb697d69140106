import { formatDuration } from '../workspace/PullStatus.js';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * A size in bytes for people: `512 B`, `38 KB`, `1.5 MB`, `2.3 GB`. Binary multiples (1 KB = 1,024 bytes), as the speed
 * limit is set in KiB/s, so a limit of 512 and a speed of "512 KB/s" mean the same; one decimal under 10 units.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${Math.round(value)} B`;
  // 1023.7 KB would round to "1024 KB": say 1.0 MB instead.
  if (Math.round(value) >= 1024 && unit < UNITS.length - 1) return `1.0 ${UNITS[unit + 1]}`;
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${UNITS[unit]}`;
}

/** A transfer speed in bytes per second as `1.2 MB/s`; 0 → an em dash. */
export function formatSpeed(bytesPerSecond: number): string {
  return bytesPerSecond > 0 ? `${formatBytes(bytesPerSecond)}/s` : '—';
}

/** Time left as `8 s left`, `3 min left`; null (unknown) → an em dash. */
export function formatEta(seconds: number | null): string {
  return seconds === null || !Number.isFinite(seconds) ? '—' : `${formatDuration(seconds)} left`;
}

/** `2026-03-25 – 2026-03-31`, or one date when both are the same; an em dash when unknown. */
export function formatDateRange(first: string | null, last: string | null): string {
  if (!first || !last) return first ?? last ?? '—';
  return first === last ? first : `${first} – ${last}`;
}

/** `1 file`, `7 files`. */
export function files(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'file' : 'files'}`;
}

/** " · 120 KB/s · 8 s left" for a moving download: each part only when known (a stalled or starting one shows neither). */
export function rateText(bytesPerSecond: number, etaSeconds: number | null): string {
  const parts = [
    ...(bytesPerSecond > 0 ? [formatSpeed(bytesPerSecond)] : []),
    ...(etaSeconds !== null && Number.isFinite(etaSeconds) ? [formatEta(etaSeconds)] : []),
  ];
  return parts.map((p) => ` · ${p}`).join('');
}
