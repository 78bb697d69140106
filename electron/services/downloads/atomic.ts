import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Atomic writes inside the user's downloads folder. Unlike common/fsutil.ts `writeFileAtomic` (made for the private
 * config dir) this leaves the folder's permissions alone — the user chose that folder and may share it — and fsyncs
 * the temp file before the rename, so a record never names bytes a power cut could take back.
 */

/** Writes `data` to `file` via `<file>.<pid>.<rand>.tmp` + fsync + rename. @throws the fs error (ENOSPC, EACCES …). */
export async function writeFileDurable(file: string, data: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await open(tmp, 'wx', 0o644);
    try {
      await handle.writeFile(data, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw err;
  }
}

/** Best-effort fsync of a directory, so a rename in it survives a power cut (not possible on Windows: ignored). */
export async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some platforms and file systems refuse fsync on a directory; the rename itself is still atomic.
  }
}
