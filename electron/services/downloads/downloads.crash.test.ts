import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_KEY } from '../../../server/test-support/testing.js';
import { setLogSink } from '../common/logger.js';
import { createDownloadManager } from './manager.js';
import { presignVia, sourceBytes } from './test-support/exportsApi.js';
import { rangeStart } from './test-support/faultServer.js';
import { finalPath, libraryFileOf, settle, sizeOf, startExportStack, tempFolders, until } from './test-support/harness.js';
import type { ExportStack } from './test-support/harness.js';
import type { DownloadManager } from './types.js';

/**
 * A download in a process killed mid-file (SIGKILL, as a crash or a force quit would): at the next start on the same
 * config and downloads folders, the manager resumes the persisted queue by itself (no enqueue) from the bytes on disk
 * (`Range` start > 0), and the file ends byte-identical to the object and verified (docs/downloads.md).
 */

const ID = 'nyiso_interface_limits_and_flows_5_min';
const DATE = '2017-11-22';
const CHILD = join(import.meta.dirname, 'test-support', 'managerChild.ts');
/** Slow enough that the ~28 KB file takes ~14 s in the child: it is killed long before the end. */
const THROTTLE_BYTES_PER_SECOND = 2048;
const KILL_AT_BYTES = 4096;

let stack: ExportStack;
let manager: DownloadManager | undefined;
const folders = tempFolders();

beforeAll(async () => {
  setLogSink(() => undefined);
  stack = await startExportStack();
});
afterAll(async () => {
  await manager?.dispose();
  await stack?.close();
  await folders.cleanup();
});

/** `bytesWritten` of the day's download record (0 while absent or unreadable): bytes the manager knows are on disk. */
async function recordedBytes(file: string): Promise<number> {
  try {
    const record = JSON.parse(await readFile(`${file}.download.json`, 'utf8')) as { bytesWritten?: unknown };
    return typeof record.bytesWritten === 'number' ? record.bytesWritten : 0;
  } catch {
    return 0;
  }
}

describe('a download in a killed process', () => {
  it('resumes at the next start from the bytes on disk and completes byte-identical', { timeout: 60_000 }, async () => {
    const source = await sourceBytes(stack.api, TEST_KEY, ID, DATE);
    const configDir = await folders.make('config');
    const folder = await folders.make('folder');
    const file = finalPath(folder, ID, DATE);
    stack.fault.throttle(THROTTLE_BYTES_PER_SECOND);

    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, configDir, folder, stack.fault.origin, ID, DATE], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, GRIDSCOPE_TEST_KEY: TEST_KEY },
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const lines: string[] = [];
    void (async () => {
      for await (const line of createInterface({ input: child.stdout })) lines.push(line);
    })();
    try {
      // Kill once the part holds a few KB and the record has caught up (it is written at most every ~1 s).
      let firstBytesAt = 0;
      const partAtKill = await until(
        async () => {
          if (child.exitCode !== null) throw new Error(`the child exited (${child.exitCode}): ${stderr}`);
          const error = lines.find((l) => l.includes('"error"'));
          if (error) throw new Error(`the child could not queue the day: ${error}`);
          const size = (await sizeOf(`${file}.part`)) ?? 0;
          if (size === 0) return undefined;
          firstBytesAt ||= Date.now();
          const settled = (await recordedBytes(file)) > 0 || Date.now() - firstBytesAt > 2500;
          return size >= KILL_AT_BYTES && settled ? size : undefined;
        },
        30_000,
        () => `no bytes in ${file}.part; child said ${lines.join(' | ')}; stderr ${stderr}`,
      );
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      expect(partAtKill).toBeLessThan(source.length);
      expect(await sizeOf(file)).toBeNull();
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    }

    stack.fault.throttle(null);
    const before = stack.fault.downloads.length;
    // The next start: no enqueue, the persisted queue carries on by itself.
    const restarted = createDownloadManager({
      configDir,
      defaultFolder: folder,
      presign: presignVia(stack.fault.origin, TEST_KEY),
    });
    manager = restarted;
    const { item } = await settle(restarted, `${ID}/${DATE}`, 30_000);
    expect(item.state, item.error ?? '').toBe('completed');

    const resumed = stack.fault.downloads.slice(before).filter((r) => r.method === 'GET');
    expect(resumed.length).toBeGreaterThan(0);
    expect(rangeStart(resumed[0]!.range), `range ${resumed[0]!.range}`).toBeGreaterThan(0);
    expect(resumed[0]!.status).toBe(206);
    const bytes = await readFile(file);
    expect(bytes.equals(source), `${file}: ${bytes.length} bytes, the object ${source.length}`).toBe(true);
    expect(await libraryFileOf(restarted, ID, DATE)).toMatchObject({ state: 'verified', bytes: source.length });
    expect(await sizeOf(`${file}.part`)).toBeNull();
  });
});
