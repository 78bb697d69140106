import { open, stat, truncate } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { createLogger } from '../common/logger.js';
import { PartFileError } from './problems.js';
import type { DownloadRecord } from './records.js';
import type { Throttle } from './throttle.js';

/**
 * The `.part` file of one transfer (docs/downloads.md#transfer): a response body streamed into it through the shared
 * throttle, its size, a restart from byte 0, and the record's byte count kept behind what is fsynced. Every file-system
 * error surfaces as {@link PartFileError}.
 */

const log = createLogger('downloads');
/** The record's byte count follows the part at most this often (after an fsync). */
const CHECKPOINT_MS = 1_000;

/** Opens the part file for writing: `a` appends, `w` truncates. The default is `fs.createWriteStream`. */
export type OpenPartFile = (path: string, flags: 'a' | 'w') => Writable;

/** One file's transfer: its part file and record (mutated: link, validators, sizes), and the item's abort signal. */
export interface TransferJob {
  partFile: string;
  record: DownloadRecord;
  signal: AbortSignal;
}

/** What writing into the part needs from the manager; times in ms. */
export interface PartWriterDeps {
  throttle: Throttle;
  openPartFile: OpenPartFile;
  now(): number;
  /** Bytes of the file so far (part size plus what this response delivered). */
  onBytes(total: number): void;
  /** Persists `job.record` (atomic). @throws the fs error. */
  saveRecord(): Promise<void>;
}

/**
 * Streams `body` into the part, slice by slice through the shared throttle, checkpointing the record every ~1 s.
 * Whatever arrived is flushed to the file even when the body fails or the transfer is paused (the writer is ended, never
 * destroyed with bytes in its buffer), so a resume asks only for what is missing. Answers the bytes written and the
 * body's error, if any. @throws the signal's reason when aborted, or {@link PartFileError} on a write error.
 */
export async function writeBody(
  body: Dispatcher.ResponseData['body'],
  have: number,
  flags: 'a' | 'w',
  job: TransferJob,
  deps: PartWriterDeps,
): Promise<{ bytes: number; error?: unknown }> {
  let bytes = 0;
  let lastCheckpoint = deps.now();
  let writeError: unknown;
  let writer: Writable;
  try {
    writer = deps.openPartFile(job.partFile, flags);
  } catch (err) {
    body.destroy();
    throw new PartFileError(err);
  }
  writer.on('error', (err) => (writeError ??= err));
  let bodyError: unknown;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      for (let at = 0; at < chunk.length; at += SLICE_BYTES) {
        const slice = chunk.subarray(at, at + SLICE_BYTES);
        await deps.throttle.take(slice.length, job.signal);
        if (writeError !== undefined) throw writeError;
        const roomLeft = writer.write(slice);
        bytes += slice.length;
        deps.onBytes(have + bytes);
        if (!roomLeft) await drained(writer);
      }
      if (deps.now() - lastCheckpoint >= CHECKPOINT_MS) {
        lastCheckpoint = deps.now();
        await checkpoint(job, deps).catch((err) => log.debug('checkpoint', err));
      }
    }
  } catch (err) {
    bodyError = err;
    body.destroy();
  }
  await finish(writer);
  if (writeError !== undefined) throw new PartFileError(writeError);
  // What is on disk now is what the record says, also when paused or cut off.
  await checkpoint(job, deps).catch((err) => log.debug('checkpoint', err));
  if (job.signal.aborted) throw job.signal.reason;
  return bodyError === undefined ? { bytes } : { bytes, error: bodyError };
}

/** Slices of a chunk pass the throttle one by one, so one 64 KiB read does not stall a slow limit for seconds. */
const SLICE_BYTES = 16 * 1024;

/** Resolves when `writer` wants more, or it failed or closed (the caller checks the error). */
function drained(writer: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      writer.off('drain', done);
      writer.off('error', done);
      writer.off('close', done);
      resolve();
    };
    writer.once('drain', done);
    writer.once('error', done);
    writer.once('close', done);
  });
}

/** Ends `writer` and waits until its bytes are in the file (or it failed: the `error` listener has it). */
function finish(writer: Writable): Promise<void> {
  return new Promise((resolve) => {
    if (writer.destroyed || writer.writableFinished) return resolve();
    const done = (): void => {
      writer.off('finish', done);
      writer.off('error', done);
      writer.off('close', done);
      resolve();
    };
    writer.once('finish', done);
    writer.once('error', done);
    writer.once('close', done);
    writer.end();
  });
}

/** Records the part's size once it is on disk: stat, then fsync (so the record never claims unsynced bytes), then save. */
async function checkpoint(job: TransferJob, deps: PartWriterDeps): Promise<void> {
  const size = await partSize(job.partFile);
  const handle = await open(job.partFile, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  job.record.bytesWritten = size;
  await deps.saveRecord();
}

/** Saves the record through the manager. @throws {@link PartFileError} wrapping the fs error. */
export async function saveRecord(deps: Pick<PartWriterDeps, 'saveRecord'>): Promise<void> {
  try {
    await deps.saveRecord();
  } catch (err) {
    throw new PartFileError(err);
  }
}

/** Size of the part in bytes; 0 when absent. @throws PartFileError for other errors. */
export async function partSize(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw new PartFileError(err);
  }
}

/** Empties the part (the next request asks for the whole file); answers 0. @throws PartFileError but for a missing part. */
export async function restart(file: string): Promise<number> {
  try {
    await truncate(file, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new PartFileError(err);
  }
  return 0;
}
