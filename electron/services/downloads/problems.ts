import type { DownloadProblem } from '../../../shared/index.js';

/**
 * Why a download failed, in the user's words (docs/downloads.md#problems): each failure names what happened and what to
 * do, and carries a {@link DownloadProblem} so the screen can offer the right action.
 */
export interface Failure {
  problem: DownloadProblem;
  message: string;
}

/** A file-system error code seen on `err` or its causes (ENOSPC, EACCES …); undefined for anything else. */
export function fsCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
  }
  return undefined;
}

/** "1.2 MB", "340 kB", "12 bytes" (decimal units, as file managers show sizes). */
export function formatSize(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  if (bytes >= 1e3) return `${Math.round(bytes / 1e3)} kB`;
  return `${bytes} byte${bytes === 1 ? '' : 's'}`;
}

/**
 * Maps a file-system error while writing into `folder` to a failure: ENOSPC → `disk-full`, EACCES/EPERM/EROFS →
 * `permission`, anything else → `other` with the system's message. `keptBytes`: what is already on disk (kept for Retry).
 */
export function fsFailure(err: unknown, folder: string, keptBytes: number): Failure {
  const code = fsCode(err);
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    const kept = keptBytes > 0 ? `the ${formatSize(keptBytes)} already downloaded are kept` : 'nothing was lost';
    return {
      problem: 'disk-full',
      message: `The disk holding ${folder} is full. Free some space or choose another downloads folder, then Retry: ${kept}.`,
    };
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return {
      problem: 'permission',
      message: `Gridscope cannot write to ${folder} (permission denied). Choose another downloads folder or fix its permissions, then Retry.`,
    };
  }
  const message = err instanceof Error ? err.message : String(err);
  return { problem: 'other', message: `Could not write the file in ${folder}: ${message}` };
}

/** Thrown by the transfer for an error of the part file (not of the network), so the caller maps it with {@link fsFailure}. */
export class PartFileError extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'PartFileError';
  }
}
