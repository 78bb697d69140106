import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createExportPathChooser, createTaskbarProgress } from './workspace.js';
import type { ProgressWindowLike, SaveDialogOptionsLike } from './workspace.js';

describe('the export save dialog', () => {
  it('opens in the Downloads folder on <dataset>-<pull>.<format> with that format only; cancel → null', async () => {
    const shown: SaveDialogOptionsLike[] = [];
    let answer: { canceled: boolean; filePath?: string } = { canceled: false, filePath: '/home/ana/prices.csv' };
    const choose = createExportPathChooser({
      showSaveDialog: async (options) => {
        shown.push(options);
        return answer;
      },
      defaultDir: () => '/home/ana/Downloads',
    });
    expect(await choose('pjm_lmp_day_ahead_hourly-3.csv', 'csv')).toBe('/home/ana/prices.csv');
    expect(shown[0]).toMatchObject({
      defaultPath: join('/home/ana/Downloads', 'pjm_lmp_day_ahead_hourly-3.csv'),
      filters: [{ name: 'CSV', extensions: ['csv'] }],
      properties: expect.arrayContaining(['showOverwriteConfirmation']),
    });
    answer = { canceled: true, filePath: '' };
    expect(await choose('x-1.parquet', 'parquet')).toBeNull();
    expect(shown[1]!.filters).toEqual([{ name: 'Parquet', extensions: ['parquet'] }]);
    answer = { canceled: false };
    expect(await choose('x-1.csv', 'csv')).toBeNull();
  });
});

describe('pull progress on the taskbar', () => {
  it('shows the fraction, an indeterminate bar, or removes it; a closed window is left alone', () => {
    const calls: unknown[][] = [];
    let destroyed = false;
    const win: ProgressWindowLike = {
      isDestroyed: () => destroyed,
      setProgressBar: (...args: unknown[]) => void calls.push(args),
    };
    let current: ProgressWindowLike | undefined = win;
    const show = createTaskbarProgress(() => current);
    show(0.25);
    show('indeterminate');
    show(null);
    show(1.2);
    expect(calls).toEqual([[0.25, { mode: 'normal' }], [2, { mode: 'indeterminate' }], [-1], [1, { mode: 'normal' }]]);
    destroyed = true;
    show(0.5);
    current = undefined;
    show(0.5);
    expect(calls).toHaveLength(4);
  });
});
