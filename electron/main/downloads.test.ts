import { describe, expect, it } from 'vitest';
import type { DownloadBatch } from '../../shared/index.js';
import type { PullsProgress } from '../services/index.js';
import { batchJob, createDownloadsFolderChooser, createProgressMixer } from './downloads.js';

describe('createProgressMixer', () => {
  it('shows one source alone, the mean of two, indeterminate over a fraction, and clears when both stop', () => {
    const shown: PullsProgress[] = [];
    const mix = createProgressMixer((p) => shown.push(p));
    mix.downloads(0.2);
    mix.pulls(0.6);
    mix.pulls('indeterminate');
    mix.pulls(null);
    mix.downloads(null);
    expect(shown).toEqual([0.2, 0.4, 'indeterminate', 0.2, null]);
  });

  it('does not repeat an unchanged value', () => {
    const shown: PullsProgress[] = [];
    const mix = createProgressMixer((p) => shown.push(p));
    mix.pulls(null);
    mix.downloads(0.5);
    mix.downloads(0.5);
    expect(shown).toEqual([0.5]);
  });
});

describe('createDownloadsFolderChooser', () => {
  it('opens a folder dialog on the current folder and answers the choice, or null when cancelled', async () => {
    const asked: unknown[] = [];
    const choose = createDownloadsFolderChooser(async (options) => {
      asked.push(options);
      return asked.length === 1 ? { canceled: false, filePaths: ['/data/exports'] } : { canceled: true, filePaths: [] };
    });
    expect(await choose('/home/a/Downloads/Gridscope')).toBe('/data/exports');
    expect(await choose('/data/exports')).toBeNull();
    expect(asked[0]).toMatchObject({
      defaultPath: '/home/a/Downloads/Gridscope',
      properties: expect.arrayContaining(['openDirectory']),
    });
  });
});

describe('batchJob', () => {
  const batch: DownloadBatch = {
    id: 'b1',
    datasetId: 'pjm_lmp',
    datasetName: 'PJM LMP',
    files: 7,
    completed: 6,
    failed: 1,
    cancelled: 0,
    state: 'failed',
    startedAt: '2026-11-24T10:00:00.000Z',
    endedAt: '2026-11-24T10:05:00.000Z',
  };
  it('names the batch and counts its ends', () => {
    expect(batchJob(batch)).toEqual({
      name: 'Download of 7 files of PJM LMP',
      state: 'failed',
      startedAt: Date.parse('2026-11-24T10:00:00.000Z'),
      detail: '6 downloaded, 1 failed',
    });
    expect(batchJob({ ...batch, files: 1, completed: 1, failed: 0, state: 'completed' }).name).toBe(
      'Download of 1 file of PJM LMP',
    );
  });
});
