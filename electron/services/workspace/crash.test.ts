import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Upstream } from '../../test-support/upstream.js';
import { setLogSink } from '../common/logger.js';
import { readRows } from './page.js';
import { rowObjects } from './sql.js';
import { csvUpstream } from './test-support/helpers.js';
import { INTERRUPTED_MESSAGE, WorkspaceOpenError, openWorkspace } from './workspace.js';

/**
 * A pull killed with its process (SIGKILL mid-pull, as a crash or a force quit would): the
 * workspace opens afterwards, the rows of the committed pages are there, the pull is `partial`.
 */

const ID = 'nyiso_zonal_load_5_min';
const LINES = Array.from(
  { length: 50 },
  (_, i) => `${new Date(Date.UTC(2024, 0, 1) + i * 300_000).toISOString()},${['WEST', 'N.Y.C.'][i % 2]},${1000 + i}`,
);
const CHILD = join(import.meta.dirname, 'test-support', 'pullChild.ts');

let up: Upstream | undefined;
let dir: string | undefined;
beforeAll(() => setLogSink(() => undefined));
afterEach(async () => {
  await up?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a pull in a killed process', () => {
  it('leaves a readable workspace with the pull marked partial and its stored rows', async () => {
    dir = await mkdtemp(join(tmpdir(), 'gs-crash-'));
    // Pages 1 and 2 come at once; page 3 never does, so the child is mid-pull when it is killed.
    up = await csvUpstream(ID, {
      header: ['interval_start_utc', 'zone', 'load'],
      lines: LINES,
      beforePage: (i) => (i >= 2 ? new Promise<void>(() => undefined) : undefined),
    });
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dir, up.origin, ID], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      let pullId = 0;
      for await (const text of createInterface({ input: child.stdout })) {
        const line = JSON.parse(text) as { pullId?: number; pages?: number; error?: unknown };
        if (line.error) throw new Error(`the child could not start the pull: ${JSON.stringify(line.error)}`);
        if (line.pages === 2) {
          pullId = line.pullId!;
          break;
        }
      }
      expect(pullId, stderr).toBeGreaterThan(0);
      const locked = await openWorkspace(dir, 'embedded').catch((e: unknown) => e);
      expect(locked).toBeInstanceOf(WorkspaceOpenError);
      expect((locked as WorkspaceOpenError).reason).toBe('locked');

      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');

      const ws = await openWorkspace(dir, 'embedded');
      try {
        const [pull] = await ws.read((c) =>
          rowObjects(c, 'SELECT state, CAST(rows AS INTEGER) AS rows, pages, error FROM pulls WHERE id = $1', [pullId]),
        );
        expect(pull).toEqual({ state: 'partial', rows: 20, pages: 2, error: INTERRUPTED_MESSAGE });
        const page = await readRows(ws, pullId, { limit: 100 });
        if (!page.ok) throw new Error(page.error.message);
        expect(page.value.state).toBe('partial');
        expect(page.value.rows.map((r) => r[2])).toEqual(Array.from({ length: 20 }, (_, i) => 1000 + i));
      } finally {
        await ws.close();
      }
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    }
  });
});
