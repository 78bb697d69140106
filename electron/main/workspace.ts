import { join } from 'node:path';
import type { ExportPathChooser, PullsProgress } from '../services/index.js';

/** The slice of Electron's `SaveDialogOptions` used here. */
export interface SaveDialogOptionsLike {
  title: string;
  defaultPath: string;
  buttonLabel: string;
  filters: { name: string; extensions: string[] }[];
  properties: ('createDirectory' | 'showOverwriteConfirmation')[];
}

/** What the export chooser needs: Electron's `dialog.showSaveDialog` (on the focused window) and the default folder. */
export interface ExportDialogDeps {
  showSaveDialog(options: SaveDialogOptionsLike): Promise<{ canceled: boolean; filePath?: string }>;
  /** Folder the dialog opens in (the user's Downloads). */
  defaultDir(): string;
}

const FILTERS: Record<Parameters<ExportPathChooser>[1], { name: string; extensions: string[] }> = {
  csv: { name: 'CSV', extensions: ['csv'] },
  parquet: { name: 'Parquet', extensions: ['parquet'] },
};

/**
 * The desktop's export destination (docs/workspace.md#export): a save dialog opened in the Downloads folder
 * on `<dataset>-<pull>.<format>`; the path the user picked, or null when the dialog was cancelled. The
 * page never names the file: only this dialog does.
 */
export function createExportPathChooser(deps: ExportDialogDeps): ExportPathChooser {
  return async (defaultName, format) => {
    const answer = await deps.showSaveDialog({
      title: 'Export the pulled rows',
      defaultPath: join(deps.defaultDir(), defaultName),
      buttonLabel: 'Export',
      filters: [FILTERS[format]],
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    });
    return answer.canceled || !answer.filePath ? null : answer.filePath;
  };
}

/** The slice of a `BrowserWindow` the taskbar progress uses. */
export interface ProgressWindowLike {
  isDestroyed(): boolean;
  setProgressBar(progress: number, options?: { mode: 'normal' | 'indeterminate' }): void;
}

/**
 * Shows the running pulls' progress on the window's taskbar (Windows) / dock (macOS) / launcher entry:
 * the fraction, an indeterminate bar when no pull knows its total, nothing when none runs
 * (Electron: a value below 0 removes the bar, above 1 is indeterminate).
 */
export function createTaskbarProgress(window: () => ProgressWindowLike | undefined): (progress: PullsProgress) => void {
  return (progress) => {
    const win = window();
    if (!win || win.isDestroyed()) return;
    if (progress === null) win.setProgressBar(-1);
    else if (progress === 'indeterminate') win.setProgressBar(2, { mode: 'indeterminate' });
    else win.setProgressBar(Math.min(1, Math.max(0, progress)), { mode: 'normal' });
  };
}
