import { chmod, mkdir, readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import writeFileAtomicLib from 'write-file-atomic';

/**
 * Whose folder an atomically written file goes in: `private` (Gridscope's config folders, which hold keys and settings:
 * created 0700 and kept 0700) or `user` (a folder the user chose and may share, such as the downloads folder: created
 * with the default mode, its permissions left alone).
 */
export type FolderAccess = 'private' | 'user';

// The tail of each file's writes in this process: the folder is made before the library queues a write, so the order
// of calls is kept here.
const tails = new Map<string, Promise<void>>();

/**
 * Writes `data` to `file` with `write-file-atomic`: a temp file beside it is written, fsynced, given `mode` and renamed
 * over `file`, so a reader or a crash finds the old file or the new one, never part of one, and the new bytes are on
 * disk once this resolves. Writes to one file from this process run one at a time, in call order. The parent folder is
 * created when missing. @throws the file-system error (ENOSPC, EACCES …), the temp file removed.
 */
export function writeFileAtomic(file: string, data: string, mode = 0o600, folder: FolderAccess = 'private'): Promise<void> {
  const key = resolve(file);
  const run = (tails.get(key) ?? Promise.resolve()).then(() => writeNow(file, data, mode, folder));
  const tail = run.catch(() => undefined);
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return run;
}

async function writeNow(file: string, data: string, mode: number, folder: FolderAccess): Promise<void> {
  const dir = dirname(file);
  if (folder === 'private') {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await chmod(dir, 0o700).catch(() => undefined);
  } else {
    await mkdir(dir, { recursive: true });
  }
  // A fresh options object each time: the library writes defaults into the one it is given.
  await writeFileAtomicLib(file, data, { mode, fsync: true });
}

/** Reads and parses a JSON file; `undefined` when it does not exist. Throws on unreadable or invalid JSON. */
export async function readJsonFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  return JSON.parse(text) as unknown;
}

/** Runs async tasks one at a time, in call order (serialises read-modify-write of one file). */
export function createSerialQueue(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}
