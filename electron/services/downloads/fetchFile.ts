import { open, stat, truncate } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import { retryCause } from '../../../shared/index.js';
import { RETRYABLE_NETWORK_CODES, RETRYABLE_STATUSES, gaveUpMessage, parseRetryAfter, retryDelay } from '../v1/retry.js';
import type { RetryPolicy } from '../v1/retry.js';
import { createLogger } from '../common/logger.js';
import { PartFileError, type Failure } from './problems.js';
import type { DownloadRecord } from './records.js';
import type { Throttle } from './throttle.js';
import type { Presign } from './types.js';

const log = createLogger('downloads');

/** Opens the part file for writing: `a` appends, `w` truncates. The default is `fs.createWriteStream`. */
export type OpenPartFile = (path: string, flags: 'a' | 'w') => Writable;

/** One file's transfer: its part file and record (mutated: link, validators, sizes), and the item's abort signal. */
export interface TransferJob {
  partFile: string;
  record: DownloadRecord;
  signal: AbortSignal;
}

/** What the transfer needs from the manager; times in ms. */
export interface TransferDeps {
  dispatcher: Dispatcher;
  presign: Presign;
  throttle: Throttle;
  openPartFile: OpenPartFile;
  /** Backoff of `retryDelay` (v1/retry.ts); `maxAttempts` is the budget of failures in a row without new bytes. */
  policy: RetryPolicy;
  now(): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  random(): number;
  /** A request is about to be sent (item.attempts). */
  onAttempt(): void;
  /** Bytes of the file so far (part size plus what this response delivered). */
  onBytes(total: number): void;
  /** Why the transfer waits ("Server error (503), retrying in 4 s"), or null when it goes on. */
  onWaiting(text: string | null): void;
  /** Persists `job.record` (atomic). @throws the fs error. */
  saveRecord(): Promise<void>;
}

/** `complete`: the part holds every byte (verification decides whether they are right); `failed`: give up. */
export type TransferOutcome = { kind: 'complete' } | { kind: 'failed'; failure: Failure };

/** A link this close to its expiry is replaced before the request. */
const EXPIRY_MARGIN_MS = 30_000;
/** The record's byte count follows the part at most this often (after an fsync). */
const CHECKPOINT_MS = 1_000;
const MAX_REFUSALS = 3;
const HEADERS_TIMEOUT_MS = 30_000;
const BODY_IDLE_TIMEOUT_MS = 60_000;
/** A body cut short surfaces as one of these besides the v1 proxy's retryable codes. */
const CUT_SHORT_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH', 'UND_ERR_ABORTED']);

/**
 * Fetches the rest of a file into its part (docs/downloads.md#transfer): `Range: bytes=<part size>-` with `If-Range`
 * (strong ETag, else Last-Modified) when bytes exist; 206 at that offset appends; 200 rewrites from byte 0; 416 means
 * done when the part already has the whole size, else start over; 403 fetches a fresh link (3 in a row without new
 * bytes → `refused`); 404 → `not-found`; 429/5xx, connection errors and bodies cut short back off as the proxy does
 * (`retryDelay`), the budget resetting whenever new bytes arrive. The body is stored as sent (`accept-encoding:
 * identity`, nothing decoded): the file is the `.csv.gz` object itself. Only the presigned URL is requested, with no
 * key and no cookie.
 * @throws the signal's reason when aborted; {@link PartFileError} for a file-system error on the part or the record.
 */
export async function transferFile(job: TransferJob, deps: TransferDeps): Promise<TransferOutcome> {
  const { record, signal, partFile } = job;
  const started = deps.now();
  let failures = 0;
  let refusals = 0;
  let forcePresign = false;

  // Counts one failure in a row and waits; answers the outcome when the budget is spent.
  const backOff = async (reason: string, floorMs?: number): Promise<TransferOutcome | undefined> => {
    failures++;
    if (failures >= deps.policy.maxAttempts) {
      const message = `${gaveUpMessage(failures, deps.now() - started, reason)}. Retry to continue from the bytes already downloaded.`;
      return { kind: 'failed', failure: { problem: 'network', message } };
    }
    const ms = retryDelay(failures, floorMs, deps.policy, deps.random);
    deps.onWaiting(`${reason}, retrying in ${Math.max(1, Math.ceil(ms / 1000))} s`);
    await deps.sleep(ms, signal);
    deps.onWaiting(null);
    return undefined;
  };

  for (;;) {
    signal.throwIfAborted();
    // The part's real size, not the record's: a killed process may have written bytes its record never counted.
    let have = await partSize(partFile);
    if (record.expectedBytes !== null && have > record.expectedBytes) have = await restart(partFile);
    deps.onBytes(have);

    const expiresAt = record.urlExpiresAt ? Date.parse(record.urlExpiresAt) : NaN;
    if (forcePresign || !record.url || !(expiresAt - deps.now() > EXPIRY_MARGIN_MS)) {
      const link = await deps.presign(record.datasetId, record.date, signal);
      if (signal.aborted) throw signal.reason;
      if (!link.ok) {
        const { code, message } = link.error;
        if (code === 'not_found')
          return failed('not-found', `No export of ${record.datasetId} for ${record.date} any more: ${message}`);
        if (code === 'cancelled') throw signal.reason ?? new Error(message);
        // The proxy has already retried /v1 with its rules (Retry-After, no retry past a monthly quota): no second layer.
        if (code === 'network' || code === 'rate_limited')
          return failed(
            'network',
            `No fresh download link from the data service: ${message.replace(/\.?$/, '.')} Retry to continue from the bytes already downloaded.`,
          );
        return failed(code === 'auth' || code === 'forbidden' ? 'refused' : 'other', message);
      }
      record.url = link.value.url;
      record.urlExpiresAt = new Date(deps.now() + link.value.expiresInSeconds * 1000).toISOString();
      forcePresign = false;
      await saveRecord(deps);
    }

    const headers: Record<string, string> = { 'accept-encoding': 'identity', 'user-agent': 'Gridscope' };
    if (have > 0) {
      headers.range = `bytes=${have}-`;
      const validator = record.etag && !record.etag.startsWith('W/') ? record.etag : record.lastModified;
      if (validator) headers['if-range'] = validator;
    }
    deps.onAttempt();
    let res: Dispatcher.ResponseData;
    try {
      res = await request(record.url, {
        method: 'GET',
        dispatcher: deps.dispatcher,
        signal,
        headers,
        headersTimeout: HEADERS_TIMEOUT_MS,
        bodyTimeout: BODY_IDLE_TIMEOUT_MS,
      });
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      if (isRetryable(err)) {
        const out = await backOff(retryCause('network'));
        if (out) return out;
        continue;
      }
      return failed('network', `The download server could not be reached: ${messageOf(err)}. Retry later.`);
    }

    const status = res.statusCode;
    if (status !== 200 && status !== 206) {
      const detail = await readDetail(res.body);
      log.info(`GET export ${record.datasetId} ${record.date} → ${status}${detail ? ` (${detail})` : ''}`);
      if (status === 416) {
        const total = /^bytes \*\/(\d+)$/.exec(header(res.headers['content-range']) ?? '')?.[1];
        const size = record.expectedBytes ?? (total === undefined ? null : Number(total));
        if (size !== null && have === size) return { kind: 'complete' };
        await restart(partFile);
        continue;
      }
      if (status === 403) {
        refusals++;
        if (refusals >= MAX_REFUSALS) {
          return failed(
            'refused',
            `The server refused the download link ${refusals} times in a row (403${detail ? `: ${detail}` : ''}). Retry later.`,
          );
        }
        forcePresign = true;
        continue;
      }
      if (status === 404)
        return failed(
          'not-found',
          `No export of ${record.datasetId} for ${record.date} on the server (404). It may have been removed.`,
        );
      if (RETRYABLE_STATUSES.has(status)) {
        const floor = parseRetryAfter(header(res.headers['retry-after']), deps.now());
        const out = await backOff(retryCause(status === 429 ? 'rate_limited' : 'network', status), floor);
        if (out) return out;
        continue;
      }
      return failed('other', `The download server answered ${status}${detail ? ` (${detail})` : ''}.`);
    }

    // 206 must continue exactly where the part ends; anything else is thrown away and the file starts over.
    let flags: 'a' | 'w' = 'a';
    let announced: number | null = numberOr(header(res.headers['content-length']));
    if (status === 206) {
      const range = parseContentRange(header(res.headers['content-range']));
      if (!range || range.start !== have) {
        res.body.destroy();
        log.warn(`${record.datasetId} ${record.date}: 206 at ${range?.start ?? '?'} for a part of ${have} bytes; starting over`);
        await restart(partFile);
        continue;
      }
      if (range.total !== null) record.expectedBytes = range.total;
      announced = range.end - range.start + 1;
    } else {
      // 200: the whole object (the range was ignored or the object changed): rewrite from byte 0.
      flags = 'w';
      have = 0;
      if (announced !== null) record.expectedBytes = announced;
    }
    const etag = header(res.headers.etag);
    const lastModified = header(res.headers['last-modified']);
    if (status === 200 || etag) record.etag = etag ?? null;
    if (status === 200 || lastModified) record.lastModified = lastModified ?? null;
    await saveRecord(deps);

    const received = await writeBody(res.body, have, flags, job, deps);
    if (received.bytes > 0) {
      failures = 0;
      refusals = 0;
    }
    if (received.error !== undefined) {
      if (signal.aborted) throw signal.reason;
      log.info(`${record.datasetId} ${record.date}: body cut after ${received.bytes} bytes: ${messageOf(received.error)}`);
      const out = await backOff('Connection interrupted');
      if (out) return out;
      continue;
    }
    const total = have + received.bytes;
    if (announced !== null && received.bytes < announced) {
      const out = await backOff('Connection interrupted');
      if (out) return out;
      continue;
    }
    if (record.expectedBytes === null) record.expectedBytes = total;
    if (total >= record.expectedBytes) return { kind: 'complete' };
  }
}

/**
 * Streams `body` into the part, slice by slice through the shared throttle, checkpointing the record every ~1 s.
 * Whatever arrived is flushed to the file even when the body fails or the transfer is paused (the writer is ended, never
 * destroyed with bytes in its buffer), so a resume asks only for what is missing. Answers the bytes written and the
 * body's error, if any. @throws the signal's reason when aborted, or {@link PartFileError} on a write error.
 */
async function writeBody(
  body: Dispatcher.ResponseData['body'],
  have: number,
  flags: 'a' | 'w',
  job: TransferJob,
  deps: TransferDeps,
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
async function checkpoint(job: TransferJob, deps: TransferDeps): Promise<void> {
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

async function saveRecord(deps: TransferDeps): Promise<void> {
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

/** Empties the part (the next request asks for the whole file); answers 0. */
async function restart(file: string): Promise<number> {
  try {
    await truncate(file, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new PartFileError(err);
  }
  return 0;
}

function failed(problem: Failure['problem'], message: string): TransferOutcome {
  return { kind: 'failed', failure: { problem, message } };
}

/** `bytes <start>-<end>/<total|*>` → numbers; undefined when malformed. */
export function parseContentRange(value: string | undefined): { start: number; end: number; total: number | null } | undefined {
  const m = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(value?.trim() ?? '');
  if (!m) return undefined;
  const start = Number(m[1]);
  const end = Number(m[2]);
  if (end < start) return undefined;
  return { start, end, total: m[3] === '*' ? null : Number(m[3]) };
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function numberOr(value: string | undefined): number | null {
  return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value) : null;
}

/** Transport errors worth another attempt: the proxy's list plus a body that ended early. */
function isRetryable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (RETRYABLE_NETWORK_CODES.has(code) || CUT_SHORT_CODES.has(code))) return true;
  }
  return false;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The `detail` of a small JSON error body (`{"detail":"Request has expired"}`), or its first 200 characters. */
async function readDetail(body: Dispatcher.ResponseData['body']): Promise<string> {
  try {
    const text = (await body.text()).slice(0, 4096);
    try {
      const detail = (JSON.parse(text) as { detail?: unknown }).detail;
      if (typeof detail === 'string') return detail;
    } catch {
      // Not JSON: the text itself.
    }
    return text.trim().slice(0, 200);
  } catch {
    return '';
  }
}
