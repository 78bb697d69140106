import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { Writable } from 'node:stream';

/**
 * A disk that fills up, for the manager's `openPartFile` seam (not a test file). While `full`, the part files it
 * opens accept `freeBytes` more bytes in all (written to the real file, so they are on disk), then every write fails
 * with an `ENOSPC` error as `fs` raises it. Once `full` is false, it opens plain `fs.createWriteStream`s.
 */
export interface FillingDisk {
  /** `openPartFile` for the manager's options. */
  openPartFile(path: string, flags: 'a' | 'w'): Writable;
  /** True: the disk runs out after {@link freeBytes}. False: a healthy disk. */
  full: boolean;
  /** Bytes the disk still takes while {@link full}. */
  freeBytes: number;
  /** ENOSPC errors raised so far. */
  errors: number;
}

/** An error shaped like the one `fs` raises when the disk is full. */
export function enospc(path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOSPC: no space left on device, write '${path}'`), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'write',
    path,
  });
}

/** A disk with `freeBytes` left, full until told otherwise. */
export function fillingDisk(freeBytes: number): FillingDisk {
  const disk: FillingDisk = {
    full: true,
    freeBytes,
    errors: 0,
    openPartFile(path, flags) {
      if (!disk.full) return createWriteStream(path, { flags });
      let handle: FileHandle | undefined;
      return new Writable({
        construct(callback) {
          open(path, flags).then((h) => {
            handle = h;
            callback();
          }, callback);
        },
        write(chunk: Buffer, _encoding, callback) {
          const room = Math.max(0, Math.min(chunk.length, disk.freeBytes));
          disk.freeBytes -= room;
          const written = room > 0 ? handle!.write(chunk, 0, room) : Promise.resolve();
          written.then(() => {
            if (room === chunk.length) return callback();
            disk.errors += 1;
            callback(enospc(path));
          }, callback);
        },
        final(callback) {
          const closing = handle!.close();
          handle = undefined;
          closing.then(() => callback(), callback);
        },
        destroy(error, callback) {
          const closing = handle ? handle.close().catch(() => undefined) : Promise.resolve();
          handle = undefined;
          void closing.then(() => callback(error));
        },
      });
    },
  };
  return disk;
}
