import type { DownloadItem, DownloadProblem, DownloadState, LibraryFileState } from '../../../../shared/bridge/contract.js';

/** A download's state in words (its badge). */
export const STATE_WORDS: Record<DownloadState, string> = {
  queued: 'Queued',
  running: 'Downloading',
  paused: 'Paused',
  verifying: 'Verifying',
  completed: 'Complete',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** A library file's state in words. */
export const FILE_STATE_WORDS: Record<LibraryFileState, string> = {
  verified: 'Verified',
  corrupt: 'Corrupt',
  missing: 'Missing',
};

/** The badge colour class of a download state (the history page's `state-*` classes). */
export const STATE_TONE: Record<DownloadState, string> = {
  queued: 'state-queued',
  running: 'state-running',
  paused: 'state-partial',
  verifying: 'state-running',
  completed: 'state-complete',
  failed: 'state-failed',
  cancelled: 'state-cancelled',
};

/**
 * What to do about a failed download, by its `problem` (docs: shared/bridge/downloads.ts): whether Retry can help, and
 * the advice shown under the error. Disk and permission problems need the analyst first; a day no longer exported cannot
 * be fetched at all.
 */
export const PROBLEM_ADVICE: Record<DownloadProblem, { advice: string; retry: boolean; changeFolder: boolean }> = {
  'disk-full': {
    advice: 'The disk is full. Free some space, or change the downloads folder to another disk, then Retry.',
    retry: true,
    changeFolder: true,
  },
  permission: {
    advice: 'Gridscope cannot write to the downloads folder. Change the folder to one you can write to, then Retry.',
    retry: true,
    changeFolder: true,
  },
  network: {
    advice: 'The connection failed after several tries. Check the network, then Retry.',
    retry: true,
    changeFolder: false,
  },
  refused: { advice: 'The server refused the download. Retry asks for a fresh link.', retry: true, changeFolder: false },
  corrupt: { advice: 'The file arrived damaged. Retry downloads it again.', retry: true, changeFolder: false },
  'not-found': {
    advice: 'This day is no longer exported by the data service, so it cannot be downloaded.',
    retry: false,
    changeFolder: false,
  },
  other: { advice: 'Retry, and if it fails again, check the downloads folder.', retry: true, changeFolder: false },
};

/** Whether an item can still move on: queued, running, verifying or paused. */
export function isOpen(item: DownloadItem): boolean {
  return item.state === 'queued' || item.state === 'running' || item.state === 'verifying' || item.state === 'paused';
}
