import type { DownloadBatch } from '../../shared/index.js';
import type { PullsProgress } from '../services/index.js';
import type { FinishedJob } from '../services/index.js';

/** The slice of Electron's `dialog.showOpenDialog` the downloads folder chooser uses. */
export interface OpenDialogLike {
  (options: {
    title: string;
    defaultPath: string;
    buttonLabel: string;
    properties: ('openDirectory' | 'createDirectory' | 'promptToCreate')[];
  }): Promise<{ canceled: boolean; filePaths: string[] }>;
}

/**
 * The desktop's downloads folder chooser (docs/downloads.md#the-downloads-folder): a folder dialog opened on the
 * current folder; the chosen folder, or null when the dialog was cancelled.
 */
export function createDownloadsFolderChooser(showOpenDialog: OpenDialogLike): (current: string) => Promise<string | null> {
  return async (current) => {
    const answer = await showOpenDialog({
      title: 'Folder for downloaded export files',
      defaultPath: current,
      buttonLabel: 'Use this folder',
      properties: ['openDirectory', 'createDirectory', 'promptToCreate'],
    });
    return answer.canceled ? null : (answer.filePaths[0] ?? null);
  };
}

/**
 * One taskbar/dock progress from two sources (running pulls and the download queue): a source that runs nothing is
 * left out; both fractions → their mean; either indeterminate → indeterminate; nothing runs → null. `show` is
 * called only when the mixed value changes.
 */
export function createProgressMixer(show: (progress: PullsProgress) => void): {
  pulls: (progress: PullsProgress) => void;
  downloads: (progress: PullsProgress) => void;
} {
  let pulls: PullsProgress = null;
  let downloads: PullsProgress = null;
  let shown: PullsProgress = null;
  const update = (): void => {
    const running = [pulls, downloads].filter((p): p is number | 'indeterminate' => p !== null);
    const next: PullsProgress =
      running.length === 0
        ? null
        : running.includes('indeterminate')
          ? 'indeterminate'
          : (running as number[]).reduce((a, b) => a + b, 0) / running.length;
    if (next === shown) return;
    shown = next;
    show(next);
  };
  return {
    pulls: (p) => {
      pulls = p;
      update();
    },
    downloads: (p) => {
      downloads = p;
      update();
    },
  };
}

/** A finished batch as a job for the desktop notifier: "Download of 7 files of PJM LMP" — "7 downloaded, 1 failed". */
export function batchJob(batch: DownloadBatch): FinishedJob {
  const parts = [`${batch.completed} downloaded`];
  if (batch.failed > 0) parts.push(`${batch.failed} failed`);
  if (batch.cancelled > 0) parts.push(`${batch.cancelled} cancelled`);
  const state = batch.state === 'running' ? 'completed' : batch.state;
  return {
    name: `Download of ${batch.files} ${batch.files === 1 ? 'file' : 'files'} of ${batch.datasetName}`,
    state,
    startedAt: Date.parse(batch.startedAt),
    detail: parts.join(', '),
  };
}
