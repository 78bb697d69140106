import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLogSink } from '../common/logger.js';
import { WorkspaceExports } from './exportFiles.js';
import { seedPull, tempWorkspace } from './test-support/helpers.js';
import type { Workspace } from './workspace.js';

/** exportFiles.ts alone: what an earlier run left goes first, and nothing is offered once Gridscope is closing. */

let ws: Workspace;
let dir: string;
let cleanup: () => Promise<void>;
let pullId: number;
beforeAll(async () => {
  setLogSink(() => undefined);
  ({ ws, dir, cleanup } = await tempWorkspace());
  pullId = await seedPull(ws, 'SELECT CAST(range AS BIGINT) AS i FROM range(3)');
});
afterAll(async () => {
  await cleanup();
  setLogSink();
});

describe('WorkspaceExports', () => {
  it('deletes the downloads of an earlier run before its first export, and keeps only its own link', async () => {
    const folder = join(dir, 'downloads');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'left-by-a-crash.csv'), 'x');
    const exporter = new WorkspaceExports({ dir });
    const out = await exporter.exportPull(ws, { pullId, format: 'csv' });
    expect(out).toMatchObject({
      ok: true,
      value: { rows: 3, path: null, downloadUrl: expect.stringMatching(/^\/downloads\/[\w-]{32}$/) },
    });
    const id = out.ok ? out.value.downloadUrl!.slice('/downloads/'.length) : '';
    expect(await readdir(folder)).toEqual([`${id}.csv`]);
    expect(exporter.peek(id)).toMatchObject({ filename: `seeded-${pullId}.csv`, format: 'csv' });
    expect(exporter.peek('not-an-id')).toBeUndefined();
    exporter.stop();
    expect(exporter.peek(id)).toBeUndefined();
    await exporter.clear();
    expect(existsSync(folder)).toBe(false);
  });

  it('answers `cancelled` and deletes the file of an export that ends after stop()', async () => {
    const exporter = new WorkspaceExports({ dir });
    const running = exporter.exportPull(ws, { pullId, format: 'parquet' });
    exporter.stop();
    expect(await running).toMatchObject({ ok: false, error: { code: 'cancelled', message: 'Gridscope is closing.' } });
    expect(await readdir(join(dir, 'downloads'))).toEqual([]);
    await exporter.clear();
  });
});
