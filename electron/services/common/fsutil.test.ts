import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSerialQueue, writeFileAtomic } from './fsutil.js';

/** The one atomic write of main's services (write-file-atomic): modes, folders, failures, a crash, concurrent writes. */

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gs-fsutil-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

const modeOf = async (path: string): Promise<number> => (await stat(path)).mode & 0o777;
const posix = process.platform !== 'win32';

describe('writeFileAtomic', () => {
  it.skipIf(!posix)('writes a private file 0600 in a folder made 0700, whatever mode the old file or folder had', async () => {
    const cfg = join(dir, 'cfg');
    await mkdir(cfg, { mode: 0o755 });
    await chmod(cfg, 0o755);
    const file = join(cfg, 'settings.json');
    await writeFile(file, 'old', { mode: 0o644 });
    await chmod(file, 0o644);
    await writeFileAtomic(file, 'new');
    expect(await readFile(file, 'utf8')).toBe('new');
    expect(await modeOf(file)).toBe(0o600);
    expect(await modeOf(cfg)).toBe(0o700);
    expect(await readdir(cfg)).toEqual(['settings.json']);
  });

  it.skipIf(!posix)("leaves a user's folder as it is and gives the file the mode asked for", async () => {
    const folder = join(dir, 'Downloads');
    await mkdir(folder);
    await chmod(folder, 0o775);
    const file = join(folder, 'ds', 'year=2024', 'dataset.json');
    await writeFileAtomic(file, '{}\n', 0o644, 'user');
    expect(await readFile(file, 'utf8')).toBe('{}\n');
    expect(await modeOf(file)).toBe(0o644);
    expect(await modeOf(folder)).toBe(0o775);
  });

  it('keeps the old file whole and leaves no temp file when the write fails before the rename', async () => {
    const file = join(dir, 'queue.json');
    await writeFileAtomic(file, 'old');
    // The flush fails as a full or failing disk would make it.
    vi.spyOn(fs, 'fsync').mockImplementation(((_fd: number, done: (err: NodeJS.ErrnoException) => void) =>
      done(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }))) as unknown as typeof fs.fsync);
    await expect(writeFileAtomic(file, 'new')).rejects.toMatchObject({ code: 'EIO' });
    expect(await readFile(file, 'utf8')).toBe('old');
    expect(await readdir(dir)).toEqual(['queue.json']);
  });

  it('keeps the old file whole when the process is killed in the middle of a write', { timeout: 30_000 }, async () => {
    const file = join(dir, 'keys.json');
    const old = `${JSON.stringify({ version: 'old' })}\n`;
    await writeFileAtomic(file, old);
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'test-support', 'atomicChild.ts'), file],
      {
        stdio: 'ignore',
      },
    );
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, sig) => resolve(sig)));
    expect(signal).toBe('SIGKILL');
    expect(await readFile(file, 'utf8')).toBe(old);
    // The killed write's temp file may stay beside it, under another name: never at the file's own path.
    const others = (await readdir(dir)).filter((name) => name !== 'keys.json');
    expect(others.every((name) => name.startsWith('keys.json.'))).toBe(true);
  });

  it('runs concurrent writes of one file one at a time, in call order: a reader only ever sees a whole file', async () => {
    const file = join(dir, 'queue.json');
    const texts = Array.from({ length: 20 }, (_, n) => JSON.stringify({ n, pad: 'x'.repeat(20_000 + ((n * 7919) % 30_000)) }));
    let writing = true;
    const seen: number[] = [];
    const reader = (async () => {
      while (writing) {
        const text = await readFile(file, 'utf8').catch(() => undefined);
        if (text !== undefined) seen.push((JSON.parse(text) as { n: number }).n);
      }
    })();
    await Promise.all(texts.map((text) => writeFileAtomic(file, text)));
    writing = false;
    await reader;
    expect((JSON.parse(await readFile(file, 'utf8')) as { n: number }).n).toBe(19);
    // Successive reads never go back to an earlier write.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(await readdir(dir)).toEqual(['queue.json']);
  });
});

describe('createSerialQueue', () => {
  it('runs tasks one at a time in call order, a failure not stopping the next', async () => {
    const serial = createSerialQueue();
    const log: string[] = [];
    const task =
      (name: string, ms: number, fails = false) =>
      () =>
        new Promise<string>((resolve, reject) =>
          setTimeout(() => {
            log.push(name);
            if (fails) reject(new Error(name));
            else resolve(name);
          }, ms),
        );
    const results = await Promise.allSettled([serial(task('a', 20)), serial(task('b', 1, true)), serial(task('c', 5))]);
    expect(log).toEqual(['a', 'b', 'c']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
